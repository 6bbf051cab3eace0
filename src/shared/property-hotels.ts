/**
 * What staff send to create or edit a hotel or a room type (issue 14): one set of rules, checked by
 * the server and by the back-office forms alike.
 */
import { z } from "zod";
import { fieldError, type FieldName } from "./field-messages.ts";
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

const text = (field: FieldName, max: number) =>
  z
    .string({ message: fieldError("fieldRequired", { field }) })
    .trim()
    .min(1, fieldError("fieldRequired", { field }))
    .max(max, fieldError("fieldTooLong", { field, max }))
    .refine((value) => value.replace(BLANK, "") !== "", fieldError("fieldRequired", { field }))
    .refine((value) => !REORDERING.test(value), fieldError("fieldReversing", { field }));

const amenities = z
  .array(z.string(), { message: fieldError("amenitiesList") })
  .max(AMENITY_LABELS.length)
  .superRefine((list, ctx) => {
    const unknown = list.filter((a) => !AMENITY_SET.has(a));
    if (unknown.length > 0) ctx.addIssue({ code: "custom", message: fieldError("unknownAmenity", { list: unknown.join(", ") }) });
    if (new Set(list).size !== list.length) ctx.addIssue({ code: "custom", message: fieldError("amenityOnce") });
  });

export const HotelInput = z.object({
  name: text("name", 120),
  address: text("address", 200),
  city: text("city", 100),
  country: text("country", 100),
  lat: z
    .number({ message: fieldError("fieldNumber", { field: "latitude" }) })
    .min(-90, fieldError("fieldBetween", { field: "latitude", min: -90, max: 90 }))
    .max(90, fieldError("fieldBetween", { field: "latitude", min: -90, max: 90 })),
  lng: z
    .number({ message: fieldError("fieldNumber", { field: "longitude" }) })
    .min(-180, fieldError("fieldBetween", { field: "longitude", min: -180, max: 180 }))
    .max(180, fieldError("fieldBetween", { field: "longitude", min: -180, max: 180 })),
  starRating: z
    .number({ message: fieldError("starRating") })
    .int(fieldError("starRating"))
    .min(1, fieldError("starRating"))
    .max(5, fieldError("starRating")),
  description: z
    .string()
    .trim()
    .max(4000, fieldError("fieldTooLong", { field: "description", max: 4000 }))
    .default(""),
  amenities: amenities.default([]),
  cancellationPolicy: text("cancellationPolicy", 500),
  freeCancellationDays: z
    .number({ message: fieldError("fieldWhole", { field: "freeCancellationDays" }) })
    .int(fieldError("fieldWhole", { field: "freeCancellationDays" }))
    .min(0, fieldError("fieldNegative", { field: "freeCancellationDays" }))
    .max(365, fieldError("fieldAtMost", { field: "freeCancellationDays", max: 365 })),
  /** The rule for children (decision 027); left out (a CSV import), the hotel keeps its current rule. */
  childrenFreeUnderAge: z
    .number({ message: fieldError("childAgeNumber") })
    .int(fieldError("childAgeWhole"))
    .min(0, fieldError("childAgeRange"))
    .max(MAX_CHILD_AGE + 1, fieldError("childAgeRange"))
    .optional(),
  childRateCents: z
    .number({ message: fieldError("fieldNumber", { field: "childRate" }) })
    .int(fieldError("fieldInWholeCents", { field: "childRate" }))
    .min(0, fieldError("fieldNegative", { field: "childRate" }))
    .max(MAX_CHILD_RATE_CENTS, fieldError("fieldAtMost", { field: "childRate", max: MAX_CHILD_RATE_CENTS / 100 }))
    .optional(),
  checkInTime: z.string().regex(TIME, fieldError("checkInTime")),
  checkOutTime: z.string().regex(TIME, fieldError("checkOutTime")),
  hidden: z.boolean({ message: fieldError("hiddenBoolean") }),
  /**
   * The hotel's IANA time zone: cancellation deadlines end at 23:59 there (decision 049). Left out
   * (a CSV import), an existing hotel keeps its zone and a new one gets the zone of its coordinates.
   */
  timeZone: z
    .string({ message: fieldError("timeZoneRequired") })
    .trim()
    .refine(isTimeZone, fieldError("timeZoneUnknown"))
    .optional(),
  /** Only USD is accepted (decision 028, addendum); left out, as the forms do, it is USD all the same. */
  currency: z
    .literal(HOTEL_CURRENCY, {
      message: fieldError("hotelCurrency", { currency: HOTEL_CURRENCY }),
    })
    .optional(),
});
export type HotelInput = z.infer<typeof HotelInput>;

const priceCents = (field: FieldName) =>
  z
    .number({ message: fieldError("fieldNumber", { field }) })
    .int(fieldError("fieldInWholeCents", { field }))
    .positive(fieldError("fieldMoreThanZero", { field }))
    .max(MAX_ROOM_PRICE_CENTS, fieldError("fieldAtMost", { field, max: `$${(MAX_ROOM_PRICE_CENTS / 100).toLocaleString("en-US")}` }));

export const RoomTypeInput = z
  .object({
    name: text("name", 120),
    description: text("description", 2000),
    bedType: text("bedType", 100),
    sizeM2: z
      .number({ message: fieldError("fieldNumber", { field: "size" }) })
      .int(fieldError("fieldWhole", { field: "size" }))
      .min(1, fieldError("sizeAtLeast"))
      .max(10_000, fieldError("sizeAtMost")),
    maxGuests: z
      .number({ message: fieldError("fieldNumber", { field: "maxGuests" }) })
      .int(fieldError("fieldWhole", { field: "maxGuests" }))
      .min(1, fieldError("fieldAtLeast", { field: "maxGuests", min: 1 }))
      .max(30, fieldError("fieldAtMost", { field: "maxGuests", max: 30 })),
    amenities: amenities.default([]),
    totalRooms: z
      .number({ message: fieldError("fieldNumber", { field: "numberOfRooms" }) })
      .int(fieldError("fieldWhole", { field: "numberOfRooms" }))
      .min(1, fieldError("fieldAtLeast", { field: "numberOfRooms", min: 1 }))
      .max(MAX_ROOMS_PER_TYPE, fieldError("fieldAtMost", { field: "numberOfRooms", max: MAX_ROOMS_PER_TYPE })),
    priceCents: priceCents("price"),
    originalPriceCents: priceCents("originalPrice").nullable().default(null),
    closed: z.boolean({ message: fieldError("closedBoolean") }).default(false),
  })
  .refine((r) => r.originalPriceCents === null || r.originalPriceCents > r.priceCents, {
    message: fieldError("originalPriceHigher"),
    path: ["originalPriceCents"],
  });
export type RoomTypeInput = z.infer<typeof RoomTypeInput>;

/** The photo list after a reorder, a new cover (the first) or a deletion: only photos the hotel or room already has. */
export const PhotoOrderInput = z.object({
  photos: z.array(z.string().min(1).max(500)).max(MAX_PROPERTY_PHOTOS, fieldError("tooManyPhotos", { max: MAX_PROPERTY_PHOTOS })),
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
