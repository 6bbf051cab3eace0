import { z } from "zod";
import { addDays, countNights, daysBetween, isIsoDate } from "./dates.ts";

/** Spec section 9: the filter controls and their limits. */
export const PRICE_SLIDER = { min: 0, max: 1000, step: 10 } as const;
export const DISTANCE_SLIDER = { min: 0, max: 10, step: 0.5 } as const;
export const STAR_OPTIONS = [5, 4, 3, 2, 1] as const;
export const AMENITY_OPTIONS = ["WiFi", "Parking", "Restaurant", "Pool", "Gym", "Spa"] as const;
export const SORT_OPTIONS = ["popularity", "price", "rating", "distance"] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];
export const SORT_LABELS: Record<SortOption, string> = {
  popularity: "Most popular",
  price: "Price (lowest first)",
  rating: "Rating (highest first)",
  distance: "Distance from centre",
};
/** Guests & Rooms presets of the search form, as [guests, rooms]. */
export const GUEST_ROOM_PRESETS = [
  [1, 1],
  [2, 1],
  [3, 1],
  [4, 1],
  [4, 2],
  [6, 2],
] as const;
/** The search that fills the home page before the user searches (spec section 4). */
export const POPULAR_DESTINATIONS = ["Dubai", "Paris", "London", "New York", "Tokyo", "Barcelona"] as const;

export const MAX_NIGHTS = 30;
export const MAX_MONTHS_AHEAD = 18;
export const MAX_GUESTS = 16;
export const MAX_CHILDREN = 8;
export const MAX_ROOMS = 8;
export const PAGE_SIZE = 12;

function list<T extends z.ZodType>(item: T, label: string) {
  return z
    .string()
    .max(200)
    .transform((value, ctx) => {
      const parts = value.split(",").map((p) => p.trim()).filter(Boolean);
      const out: z.infer<T>[] = [];
      for (const part of parts) {
        const parsed = item.safeParse(part);
        if (!parsed.success) {
          ctx.addIssue({ code: "custom", message: `Unknown ${label}: ${part}` });
          return z.NEVER;
        }
        out.push(parsed.data);
      }
      return [...new Set(out)];
    });
}

const whole = (name: string, min: number, max: number) =>
  z.coerce
    .number({ message: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(min, `${name} must be at least ${min}`)
    .max(max, `${name} must be at most ${max}`);

const isoDate = (name: string) => z.string().refine(isIsoDate, `${name} must be a date like 2026-05-31`);

/** The stay part shared by search, hotel detail and booking. */
export const StayFields = {
  checkIn: isoDate("Check-in").optional(),
  checkOut: isoDate("Check-out").optional(),
  guests: whole("Guests", 1, MAX_GUESTS).default(2),
  children: whole("Children", 0, MAX_CHILDREN).default(0),
  rooms: whole("Rooms", 1, MAX_ROOMS).default(1),
};

export interface Stay {
  checkIn: string;
  checkOut: string;
  guests: number;
  children: number;
  rooms: number;
}

/**
 * Fills in the default dates (tomorrow and the day after) and checks the stay rules against
 * `today`; returns the message for the first rule broken, or the complete stay.
 */
export function resolveStay(
  input: { checkIn?: string | undefined; checkOut?: string | undefined; guests: number; children: number; rooms: number },
  today: string,
): { ok: true; stay: Stay } | { ok: false; message: string } {
  const checkIn = input.checkIn ?? (input.checkOut ? addDays(input.checkOut, -1) : addDays(today, 1));
  const checkOut = input.checkOut ?? addDays(checkIn, 1);
  // One day of slack: a traveller west of UTC may still be on yesterday's date.
  if (daysBetween(today, checkIn) < -1) return { ok: false, message: "Check-in cannot be in the past" };
  if (daysBetween(checkIn, checkOut) <= 0) return { ok: false, message: "Check-out must be after check-in" };
  if (countNights(checkIn, checkOut) > MAX_NIGHTS) return { ok: false, message: `Stays can be at most ${MAX_NIGHTS} nights` };
  if (daysBetween(today, checkIn) > MAX_MONTHS_AHEAD * 31) {
    return { ok: false, message: `Check-in can be at most ${MAX_MONTHS_AHEAD} months ahead` };
  }
  if (input.rooms > input.guests) return { ok: false, message: "Each room needs at least one guest" };
  return { ok: true, stay: { checkIn, checkOut, guests: input.guests, children: input.children, rooms: input.rooms } };
}

export const SearchQuery = z
  .object({
    destination: z.string().trim().max(100, "Destination must be at most 100 characters").default(""),
    ...StayFields,
    minPrice: whole("Minimum price", PRICE_SLIDER.min, PRICE_SLIDER.max).default(PRICE_SLIDER.min),
    maxPrice: whole("Maximum price", PRICE_SLIDER.min, PRICE_SLIDER.max).default(PRICE_SLIDER.max),
    minDistance: z.coerce.number({ message: "Minimum distance must be a number" }).min(0).max(DISTANCE_SLIDER.max).default(0),
    maxDistance: z.coerce
      .number({ message: "Maximum distance must be a number" })
      .min(0, "Maximum distance must be at least 0")
      .max(DISTANCE_SLIDER.max, `Maximum distance must be at most ${DISTANCE_SLIDER.max}`)
      .default(DISTANCE_SLIDER.max),
    stars: list(z.coerce.number().int().min(1).max(5), "star rating").default([]),
    amenities: list(
      z.string().transform((v, ctx) => {
        const match = AMENITY_OPTIONS.find((a) => a.toLowerCase() === v.toLowerCase());
        if (!match) {
          ctx.addIssue({ code: "custom", message: "unknown" });
          return z.NEVER;
        }
        return match;
      }),
      "amenity",
    ).default([]),
    sort: z.enum(SORT_OPTIONS, { message: `Sort must be one of ${SORT_OPTIONS.join(", ")}` }).default("popularity"),
    page: whole("Page", 1, 1000).default(1),
    pageSize: whole("Page size", 1, 50).default(PAGE_SIZE),
  })
  .refine((q) => q.minPrice <= q.maxPrice, { message: "Minimum price cannot be above maximum price", path: ["minPrice"] })
  .refine((q) => q.minDistance <= q.maxDistance, { message: "Minimum distance cannot be above maximum distance", path: ["minDistance"] });
export type SearchQuery = z.infer<typeof SearchQuery>;

export const HotelStayQuery = z.object(StayFields);
export type HotelStayQuery = z.infer<typeof HotelStayQuery>;

/** Whole percent off, from the original and the current price; 0 when there is no discount. */
export function discountPercent(priceCents: number, originalPriceCents: number | null | undefined): number {
  if (!originalPriceCents || originalPriceCents <= priceCents) return 0;
  return Math.round(((originalPriceCents - priceCents) / originalPriceCents) * 100);
}

export interface HotelSummary {
  /** Our inventory uses the numeric id; other suppliers prefix theirs. */
  id: string;
  supplier: string;
  name: string;
  location: string;
  city: string;
  country: string;
  lat: number;
  lng: number;
  rating: number;
  reviewCount: number;
  starRating: number;
  /** Lowest nightly price (cents) of a room that fits the party and is free for the stay. */
  priceCents: number;
  originalPriceCents: number | null;
  discountPercent: number;
  currency: string;
  image: string;
  amenities: string[];
  distanceFromCenterKm: number;
  cancellationPolicy: string;
  /** Rooms still free for the stay across room types that fit the party. */
  roomsAvailable: number;
  flags: { breakfast: boolean; wifi: boolean; parking: boolean; pool: boolean; gym: boolean; spa: boolean };
}

export interface SearchResponse {
  hotels: HotelSummary[];
  total: number;
  page: number;
  pageSize: number;
  stay: Stay;
  nights: number;
  /** Messages about suppliers that could not answer; results from the others are still shown. */
  notices: string[];
}

export interface RoomOffer {
  id: string;
  name: string;
  description: string;
  images: string[];
  maxGuests: number;
  sizeM2: number;
  bedType: string;
  amenities: string[];
  priceCents: number;
  originalPriceCents: number | null;
  discountPercent: number;
  currency: string;
  totalRooms: number;
  /** Rooms of this type free on every night of the stay. */
  roomsAvailable: number;
  /** maxGuests × rooms covers the party. */
  fitsParty: boolean;
  bookable: boolean;
  /** Why it cannot be booked, for the guest. */
  unavailableReason: string | null;
}

export interface HotelDetail extends HotelSummary {
  description: string | null;
  images: string[];
  freeCancellationDays: number;
  rooms: RoomOffer[];
  stay: Stay;
  nights: number;
}

export interface DestinationSuggestion {
  city: string;
  country: string;
  hotelCount: number;
}
