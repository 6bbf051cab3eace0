import type { Stay } from "../../shared/search.ts";

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

export function hotelPath(hotelId: string, stay: Stay): string {
  const params = new URLSearchParams();
  writeStay(params, stay);
  return `/hotel/${encodeURIComponent(hotelId)}?${params.toString()}`;
}
