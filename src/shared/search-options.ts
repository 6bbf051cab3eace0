/**
 * Search constants and pure rules without zod, so the home page can use them without loading the
 * validation schemas (src/shared/search.ts) in its first download.
 */
import { addDays, countNights, daysBetween } from "./dates.ts";
import { fieldError } from "./field-messages.ts";

/** Spec section 9: the filter controls and their limits. */
export const PRICE_SLIDER = { min: 0, max: 1000, step: 10 } as const;
export const DISTANCE_SLIDER = { min: 0, max: 10, step: 0.5 } as const;
export const STAR_OPTIONS = [5, 4, 3, 2, 1] as const;
export const SORT_OPTIONS = ["popularity", "price", "rating", "distance"] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];
/**
 * Guest rating filter, on a 10-point scale: our rating is the 1–5 average of approved reviews, and
 * the 10-point score is that × 2, so "8+" is an average of 4.0 or more. A hotel without approved
 * reviews has rating 0 and matches neither option (decision 026).
 */
export const GUEST_RATING_OPTIONS = [{ value: 9 }, { value: 8 }] as const;
export type GuestRatingOption = (typeof GUEST_RATING_OPTIONS)[number]["value"];
/** The lowest 1–5 rating a hotel needs for a 10-point guest rating filter value. */
export function minRatingFor(guestRating: GuestRatingOption): number {
  return guestRating / 2;
}
/** The spec's Guests & Rooms presets as [adults, rooms]: the party mix of the search benchmark. */
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

export interface Stay {
  checkIn: string;
  checkOut: string;
  /** Adults (the API's and old links' name). */
  guests: number;
  children: number;
  /** Each child's age (0–17), as many as `children`. */
  childAges: number[];
  rooms: number;
}

/**
 * Fills in the default dates (tomorrow and the day after) and checks the stay rules against
 * `today`; returns the message for the first rule broken, or the complete stay.
 */
export function resolveStay(
  input: {
    checkIn?: string | undefined;
    checkOut?: string | undefined;
    guests: number;
    children: number;
    ages?: number[] | undefined;
    rooms: number;
  },
  today: string,
): { ok: true; stay: Stay } | { ok: false; message: string } {
  const checkIn = input.checkIn ?? (input.checkOut ? addDays(input.checkOut, -1) : addDays(today, 1));
  const checkOut = input.checkOut ?? addDays(checkIn, 1);
  // One day of slack: a traveller west of UTC may still be on yesterday's date.
  if (daysBetween(today, checkIn) < -1) return { ok: false, message: "Check-in cannot be in the past" };
  if (daysBetween(checkIn, checkOut) <= 0) return { ok: false, message: fieldError("checkOutAfterCheckIn") };
  if (countNights(checkIn, checkOut) > MAX_NIGHTS) return { ok: false, message: `Stays can be at most ${MAX_NIGHTS} nights` };
  if (daysBetween(today, checkIn) > MAX_MONTHS_AHEAD * 31) {
    return { ok: false, message: `Check-in can be at most ${MAX_MONTHS_AHEAD} months ahead` };
  }
  if (input.rooms > input.guests) return { ok: false, message: "Each room needs at least one guest" };
  const childAges = input.ages ?? [];
  if (childAges.length !== input.children) {
    return {
      ok: false,
      message: `Give the age of each child: ${input.children} ${input.children === 1 ? "child" : "children"}, ${childAges.length} ${childAges.length === 1 ? "age" : "ages"} given`,
    };
  }
  if (input.guests + input.children > MAX_GUESTS) return { ok: false, message: `A booking can be for at most ${MAX_GUESTS} people` };
  return { ok: true, stay: { checkIn, checkOut, guests: input.guests, children: input.children, childAges, rooms: input.rooms } };
}

/** Whole percent off, from the original and the current price; 0 when there is no discount. */
export function discountPercent(priceCents: number, originalPriceCents: number | null | undefined): number {
  if (!originalPriceCents || originalPriceCents <= priceCents) return 0;
  return Math.round(((originalPriceCents - priceCents) / originalPriceCents) * 100);
}
