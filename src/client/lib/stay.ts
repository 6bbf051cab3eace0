import type { Stay } from "../../shared/search.ts";
import { addDays, isIsoDate, todayLocal } from "../../shared/dates.ts";

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

/** Writes the whole stay (dates always, so a shared link keeps them; children and their ages only when there are any). */
export function writeStay(params: URLSearchParams, stay: Stay): void {
  params.set("checkIn", stay.checkIn);
  params.set("checkOut", stay.checkOut);
  params.delete("guests");
  params.set("adults", String(stay.guests));
  params.set("rooms", String(stay.rooms));
  if (stay.children > 0) {
    params.set("children", String(stay.children));
    params.set("ages", stay.childAges.join(","));
  } else {
    params.delete("children");
    params.delete("ages");
  }
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

export function hotelPath(hotelId: string, stay: Stay): string {
  const params = new URLSearchParams();
  writeStay(params, stay);
  return `/hotel/${encodeURIComponent(hotelId)}?${params.toString()}`;
}
