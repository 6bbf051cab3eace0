/**
 * A search as the address carries it (the home, results and hotel pages' query string) and the API
 * queries for it: read by the client to search, and by the server to start the page's request
 * before the page's script runs (a preload link, http/static.ts).
 */
import { addDays, isIsoDate, todayLocal } from "./dates.ts";
import type { Stay } from "./search.ts";

/** Spec section 5, address defaults: check-in today, check-out tomorrow, 2 guests (adults), 1 room. */
export const DEFAULT_GUESTS = 2;
export const DEFAULT_ROOMS = 1;

function positiveInt(value: string | null, fallback: number, min: number): number {
  if (value === null || !/^\d+$/.test(value)) return fallback;
  const n = Number(value);
  return n >= min ? n : fallback;
}

/**
 * Reads the stay from an address's query string, filling the address defaults. Dates that are
 * well-formed but break a rule (in the past, check-out first) are kept so the server can say why.
 */
export function readStay(params: URLSearchParams, today: string = todayLocal()): Stay {
  const rawIn = params.get("checkIn");
  const rawOut = params.get("checkOut");
  const checkIn = rawIn !== null && isIsoDate(rawIn) ? rawIn : today;
  const checkOut = rawOut !== null && isIsoDate(rawOut) ? rawOut : addDays(checkIn, 1);
  const children = positiveInt(params.get("children"), 0, 0);
  return {
    checkIn,
    checkOut,
    // Links from before children were asked say `guests`: they were adults.
    guests: positiveInt(params.get("adults") ?? params.get("guests"), DEFAULT_GUESTS, 1),
    children,
    // Ages that are missing or not numbers are left out, so the server can say which are needed.
    childAges: children > 0 ? readAges(params.get("ages")) : [],
    rooms: positiveInt(params.get("rooms"), DEFAULT_ROOMS, 1),
  };
}

function readAges(value: string | null): number[] {
  if (!value) return [];
  return value
    .split(",")
    .map((part) => part.trim())
    .filter((part) => /^\d{1,2}$/.test(part))
    .map(Number);
}

/** The stay as the API's query fields: `guests` are the adults there; ages only with children. */
export function stayApiParams(stay: Stay, query: URLSearchParams, { skipDefaults = false } = {}): void {
  if (!skipDefaults || stay.guests !== DEFAULT_GUESTS) query.set("guests", String(stay.guests));
  if (stay.children > 0) {
    query.set("children", String(stay.children));
    query.set("ages", stay.childAges.join(","));
  }
  if (!skipDefaults || stay.rooms !== DEFAULT_ROOMS) query.set("rooms", String(stay.rooms));
}

/** The address carries a search once the user has searched: `destination` is present, even when empty. */
export function hasSearch(params: URLSearchParams): boolean {
  return params.has("destination");
}

export function readDestination(params: URLSearchParams): string {
  return params.get("destination")?.trim() ?? "";
}

// The results view writes only non-default filter values into the address, so they pass through as they are.
const FILTER_KEYS = [
  "minPrice",
  "maxPrice",
  "minDistance",
  "maxDistance",
  "stars",
  "amenities",
  "freeCancellation",
  "breakfast",
  "guestRating",
  "propertyTypes",
  "sort",
  "page",
] as const;

/**
 * The search API's query string for the address: the popular-destinations search (today to tomorrow,
 * 2 guests, 1 room) before the user searches, their search afterwards. Defaults are left out so equal
 * searches share one cache entry.
 */
export function searchApiQuery(params: URLSearchParams, today: string = todayLocal()): string {
  const searching = hasSearch(params);
  const stay = searching ? readStay(params, today) : readStay(new URLSearchParams(), today);
  const query = new URLSearchParams();
  const destination = readDestination(params);
  if (searching && destination) query.set("destination", destination);
  query.set("checkIn", stay.checkIn);
  query.set("checkOut", stay.checkOut);
  stayApiParams(stay, query, { skipDefaults: true });
  if (searching) {
    for (const key of FILTER_KEYS) {
      const value = params.get(key);
      if (value) query.set(key, value);
    }
  }
  return query.toString();
}

/** The hotel API's query string for a stay: both dates and the whole party, as the hotel page asks. */
export function hotelApiQuery(stay: Stay): string {
  const query = new URLSearchParams({ checkIn: stay.checkIn, checkOut: stay.checkOut });
  stayApiParams(stay, query);
  return query.toString();
}
