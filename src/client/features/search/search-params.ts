import { todayLocal } from "../../../shared/dates.ts";
import type { TFunction } from "../../lib/i18n.ts";
import { readStay, stayApiParams } from "../../lib/stay.ts";

/** The address carries a search once the user has searched: `destination` is present, even when empty. */
export function hasSearch(params: URLSearchParams): boolean {
  return params.has("destination");
}

export function readDestination(params: URLSearchParams): string {
  return params.get("destination")?.trim() ?? "";
}

/**
 * The results' title. A search without a destination covers the popular destinations' hotels, and
 * says so: it must not look like the page before the search.
 */
export function searchTitle(params: URLSearchParams, t: TFunction): string {
  const destination = readDestination(params);
  if (destination) return destination;
  return hasSearch(params) ? t("Hotels in all popular destinations") : t("Popular destinations");
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
