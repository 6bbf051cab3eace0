/** The sandbox's reading of a call's form fields, refused as the supplier refuses them. */
import { countNights, isIsoDate } from "../../../shared/dates.ts";
import { SandboxError } from "./sandbox-xml.ts";

export interface StayRequest {
  checkIn: string;
  checkOut: string;
  nights: number;
  rooms: number;
  adults: number;
  children: number;
}

export function stayFrom(form: URLSearchParams, names: { rooms: string; adults: string; children: string }): StayRequest {
  const checkIn = form.get("checkInDate") ?? "";
  const checkOut = form.get("checkOutDate") ?? "";
  if (!isIsoDate(checkIn) || !isIsoDate(checkOut)) throw new SandboxError("InvalidParameter", "Dates must be yyyy-MM-dd");
  const nights = countNights(checkIn, checkOut);
  if (nights < 1 || nights > 30) throw new SandboxError("InvalidParameter", "checkOutDate must be 1 to 30 days after checkInDate");
  const rooms = whole(form, names.rooms, 1, 9);
  const adults = whole(form, names.adults, 1, 36);
  const children = form.get(names.children) ? whole(form, names.children, 0, 9) : 0;
  return { checkIn, checkOut, nights, rooms, adults, children };
}

export function whole(form: URLSearchParams, name: string, min: number, max: number): number {
  const value = Number(form.get(name));
  if (!Number.isInteger(value) || value < min || value > max)
    throw new SandboxError("InvalidParameter", `${name} must be a whole number from ${min} to ${max}`);
  return value;
}

export function ids(list: string): number[] {
  return list
    .split(",")
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
}
