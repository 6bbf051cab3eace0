import { queryOptions } from "@tanstack/react-query";
import { api, body } from "./client.ts";

const hotel = api.properties.hotels[":hotelId"];

export function listCalendarLinks(hotelId: number) {
  return body(hotel.ical.$get({ param: { hotelId: String(hotelId) } }));
}

export type RoomTypeCalendarLink = Awaited<ReturnType<typeof listCalendarLinks>>["roomTypes"][number];

/** A new secret link for the room type; its address is in this answer only. */
export function createCalendarLink(hotelId: number, roomTypeId: number) {
  return body(hotel["room-types"][":roomTypeId"].ical.$post({ param: { hotelId: String(hotelId), roomTypeId: String(roomTypeId) } }));
}

export function revokeCalendarLink(hotelId: number, roomTypeId: number) {
  return body(hotel["room-types"][":roomTypeId"].ical.$delete({ param: { hotelId: String(hotelId), roomTypeId: String(roomTypeId) } }));
}

export const calendarLinkKeys = {
  ofHotel: (hotelId: number) => ["properties", "calendar-links", hotelId] as const,
};

export function calendarLinksQueryOptions(hotelId: number) {
  return queryOptions({ queryKey: calendarLinkKeys.ofHotel(hotelId), queryFn: () => listCalendarLinks(hotelId) });
}
