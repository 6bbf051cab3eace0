import { queryOptions } from "@tanstack/react-query";
import type { HotelStaffInput } from "../../shared/front-desk.ts";
import { api, body } from "./client.ts";

const staff = api.properties.hotels[":hotelId"].staff;

/** A hotel's managers and front-desk staff (decision 064). */
export function listHotelStaff(hotelId: number) {
  return body(staff.$get({ param: { hotelId: String(hotelId) } }));
}

export type HotelStaffMember = Awaited<ReturnType<typeof listHotelStaff>>["staff"][number];

export function addHotelStaff(hotelId: number, input: HotelStaffInput) {
  return body(staff.$post({ param: { hotelId: String(hotelId) }, json: input }));
}

export function removeHotelStaff(hotelId: number, userId: string) {
  return body(staff[":userId"].$delete({ param: { hotelId: String(hotelId), userId: encodeURIComponent(userId) } }));
}

export const hotelStaffKeys = {
  all: ["hotel-staff"] as const,
  hotel: (hotelId: number) => [...hotelStaffKeys.all, hotelId] as const,
};

export function hotelStaffQueryOptions(hotelId: number) {
  return queryOptions({ queryKey: hotelStaffKeys.hotel(hotelId), queryFn: () => listHotelStaff(hotelId) });
}
