import type { Stay } from "../../shared/search.ts";
import { addDays, isIsoDate, todayLocal } from "../../shared/dates.ts";

/** Spec section 5, address defaults: check-in today, check-out tomorrow, 2 guests, 1 room. */
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
  return {
    checkIn,
    checkOut,
    guests: positiveInt(params.get("guests"), DEFAULT_GUESTS, 1),
    children: positiveInt(params.get("children"), 0, 0),
    rooms: positiveInt(params.get("rooms"), DEFAULT_ROOMS, 1),
  };
}

/** Writes the whole stay (dates always, so a shared link keeps them; children only when there are any). */
export function writeStay(params: URLSearchParams, stay: Stay): void {
  params.set("checkIn", stay.checkIn);
  params.set("checkOut", stay.checkOut);
  params.set("guests", String(stay.guests));
  params.set("rooms", String(stay.rooms));
  if (stay.children > 0) params.set("children", String(stay.children));
  else params.delete("children");
}

export function hotelPath(hotelId: string, stay: Stay): string {
  const params = new URLSearchParams();
  writeStay(params, stay);
  return `/hotel/${encodeURIComponent(hotelId)}?${params.toString()}`;
}
