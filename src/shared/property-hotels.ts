/**
 * What staff send to create or edit a hotel or a room type (issue 14): one set of rules, checked by
 * the server and by the back-office forms alike.
 */
import { z } from "zod";
import { AMENITIES } from "./amenities.ts";
import { MAX_CHILD_AGE, MAX_CHILD_RATE_CENTS } from "./children.ts";
import { HOTEL_CURRENCY } from "./fx.ts";
import { isTimeZone } from "./time-zones.ts";

export const AMENITY_LABELS: readonly string[] = AMENITIES.map((a) => a.label);
const AMENITY_SET: ReadonlySet<string> = new Set(AMENITY_LABELS);

/** Most photos a hotel or a room type keeps. */
export const MAX_PROPERTY_PHOTOS = 20;
/** Most photos sent in one upload. */
export const MAX_PHOTOS_PER_UPLOAD = 5;
export const MAX_ROOM_PRICE_CENTS = 10_000_000;
export const MAX_ROOMS_PER_TYPE = 1000;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * Characters that show nothing: white space, format characters (zero-width spaces and joiners) and
 * the blank "letters" and symbols (Hangul fillers, the blank braille pattern). Text made only of them says nothing.
 */
const BLANK = /[\s\p{Cf}\u115F\u1160\u2800\u3164\uFFA0]/gu;
/** Characters that reorder the text around them (bidirectional overrides and isolates): they can make a name read as another. */
const REORDERING = /[\u202A-\u202E\u2066-\u2069]/u;

const text = (label: string, max: number) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine((value) => value.replace(BLANK, "") !== "", `${label} is required`)
    .refine((value) => !REORDERING.test(value), `${label} contains characters that reverse the text's direction: remove them`);

const amenities = z
  .array(z.string(), { message: "amenities must be a list" })
  .max(AMENITY_LABELS.length)
  .superRefine((list, ctx) => {
    const unknown = list.filter((a) => !AMENITY_SET.has(a));
    if (unknown.length > 0) ctx.addIssue({ code: "custom", message: `Unknown amenity: ${unknown.join(", ")}. Choose from the list.` });
    if (new Set(list).size !== list.length) ctx.addIssue({ code: "custom", message: "Each amenity may be chosen once" });
  });

export const HotelInput = z.object({
  name: text("Name", 120),
  address: text("Address", 200),
  city: text("City", 100),
  country: text("Country", 100),
  lat: z
    .number({ message: "Latitude must be a number" })
    .min(-90, "Latitude must be between -90 and 90")
    .max(90, "Latitude must be between -90 and 90"),
  lng: z
    .number({ message: "Longitude must be a number" })
    .min(-180, "Longitude must be between -180 and 180")
    .max(180, "Longitude must be between -180 and 180"),
  starRating: z
    .number({ message: "Star rating must be 1 to 5" })
    .int("Star rating must be 1 to 5")
    .min(1, "Star rating must be 1 to 5")
    .max(5, "Star rating must be 1 to 5"),
  description: z.string().trim().max(4000, "Description must be at most 4000 characters").default(""),
  amenities: amenities.default([]),
  cancellationPolicy: text("Cancellation policy", 500),
  freeCancellationDays: z
    .number({ message: "Free cancellation days must be a whole number" })
    .int("Free cancellation days must be a whole number")
    .min(0, "Free cancellation days cannot be negative")
    .max(365, "Free cancellation days must be at most 365"),
  /** The rule for children (decision 027); left out (a CSV import), the hotel keeps its current rule. */
  childrenFreeUnderAge: z
    .number({ message: "Free for children under must be an age" })
    .int("Free for children under must be a whole age")
    .min(0, "Free for children under must be 0 to 18")
    .max(MAX_CHILD_AGE + 1, "Free for children under must be 0 to 18")
    .optional(),
  childRateCents: z
    .number({ message: "Child rate must be a number" })
    .int("Child rate must be in whole cents")
    .min(0, "Child rate cannot be negative")
    .max(MAX_CHILD_RATE_CENTS, `Child rate must be at most ${MAX_CHILD_RATE_CENTS / 100}`)
    .optional(),
  checkInTime: z.string().regex(TIME, "Check-in time must look like 15:00"),
  checkOutTime: z.string().regex(TIME, "Check-out time must look like 11:00"),
  hidden: z.boolean({ message: "hidden must be true or false" }),
  /**
   * The hotel's IANA time zone: cancellation deadlines end at 23:59 there (decision 049). Left out
   * (a CSV import), an existing hotel keeps its zone and a new one gets the zone of its coordinates.
   */
  timeZone: z
    .string({ message: "Choose the hotel's time zone from the list" })
    .trim()
    .refine(isTimeZone, "Choose the hotel's time zone from the list (a name such as Europe/Paris)")
    .optional(),
  /** Only USD is accepted (decision 028, addendum); left out, as the forms do, it is USD all the same. */
  currency: z
    .literal(HOTEL_CURRENCY, {
      message: `Hotels are priced and charged in ${HOTEL_CURRENCY}: reports and loyalty points add every hotel's amounts in one currency`,
    })
    .optional(),
});
export type HotelInput = z.infer<typeof HotelInput>;

const priceCents = (label: string) =>
  z
    .number({ message: `${label} must be a number` })
    .int(`${label} must be in whole cents`)
    .positive(`${label} must be more than 0`)
    .max(MAX_ROOM_PRICE_CENTS, `${label} must be at most $${(MAX_ROOM_PRICE_CENTS / 100).toLocaleString("en-US")}`);

export const RoomTypeInput = z
  .object({
    name: text("Name", 120),
    description: text("Description", 2000),
    bedType: text("Bed type", 100),
    sizeM2: z
      .number({ message: "Size must be a number" })
      .int("Size must be a whole number")
      .min(1, "Size must be at least 1 m²")
      .max(10_000, "Size must be at most 10000 m²"),
    maxGuests: z
      .number({ message: "Max guests must be a number" })
      .int("Max guests must be a whole number")
      .min(1, "Max guests must be at least 1")
      .max(30, "Max guests must be at most 30"),
    amenities: amenities.default([]),
    totalRooms: z
      .number({ message: "Number of rooms must be a number" })
      .int("Number of rooms must be a whole number")
      .min(1, "Number of rooms must be at least 1")
      .max(MAX_ROOMS_PER_TYPE, `Number of rooms must be at most ${MAX_ROOMS_PER_TYPE}`),
    priceCents: priceCents("Price"),
    originalPriceCents: priceCents("Original price").nullable().default(null),
    closed: z.boolean({ message: "closed must be true or false" }).default(false),
  })
  .refine((r) => r.originalPriceCents === null || r.originalPriceCents > r.priceCents, {
    message: "Original price must be higher than the price (or left empty)",
    path: ["originalPriceCents"],
  });
export type RoomTypeInput = z.infer<typeof RoomTypeInput>;

/** The photo list after a reorder, a new cover (the first) or a deletion: only photos the hotel or room already has. */
export const PhotoOrderInput = z.object({
  photos: z.array(z.string().min(1).max(500)).max(MAX_PROPERTY_PHOTOS, `At most ${MAX_PROPERTY_PHOTOS} photos`),
});
export type PhotoOrderInput = z.infer<typeof PhotoOrderInput>;

/**
 * Whether a cell starts like a spreadsheet formula (CSV injection): = + - @ tab or carriage return.
 * A plain number (a negative latitude such as -33.87) is not a formula.
 */
export function looksLikeFormula(cell: string): boolean {
  // Leading white space does not make a formula harmless: the import trims it before storing the text.
  const text = cell.trim();
  if (/^-\d+(\.\d+)?$/.test(text)) return false;
  return /^[\t\r]/.test(cell) || /^[=+\-@]/.test(text);
}
