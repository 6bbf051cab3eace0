import { isDatabaseId } from "./ids.ts";

/**
 * Saved hotels and recently viewed hotels: the bounds both sides keep (decision 025). Only our own
 * hotels (whole-number ids) can be saved or listed as cards; a partner's `wh-…` ids are not.
 */

/** How many hotels one account may save. */
export const SAVED_HOTELS_LIMIT = 200;
/** How many browser-kept saves a visitor's browser keeps, and so the most one merge accepts. */
export const VISITOR_SAVES_LIMIT = 50;
/** How many distinct hotels the browser remembers as recently viewed. */
export const RECENTLY_VIEWED_LIMIT = 8;
/** How many hotels one card request may ask for. */
export const HOTEL_CARDS_LIMIT = 50;

/** True for an id of our own inventory (a positive whole number that fits a database integer). */
export function isOwnHotelId(id: string): boolean {
  return !id.startsWith("0") && isDatabaseId(id);
}
