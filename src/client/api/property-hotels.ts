import { queryOptions } from "@tanstack/react-query";
import type { HotelInput, RoomTypeInput } from "../../shared/property-hotels.ts";
import { api, body } from "./client.ts";

const properties = api.properties;
const hotelPath = properties.hotels[":hotelId"];
const roomTypePath = hotelPath["room-types"][":roomTypeId"];

export function listPropertyHotels(query: { search: string; page: number; pageSize: number }) {
  return body(properties.hotels.$get({ query: { search: query.search, page: String(query.page), pageSize: String(query.pageSize) } }));
}

export type PropertyHotelList = Awaited<ReturnType<typeof listPropertyHotels>>;

export function getPropertyHotel(hotelId: number) {
  return body(hotelPath.$get({ param: { hotelId: String(hotelId) } }));
}

export type PropertyHotel = Awaited<ReturnType<typeof getPropertyHotel>>["hotel"];
export type PropertyRoomType = PropertyHotel["roomTypes"][number];

export function createPropertyHotel(input: HotelInput) {
  return body(properties.hotels.$post({ json: input }));
}

export function updatePropertyHotel(hotelId: number, input: HotelInput) {
  return body(hotelPath.$put({ param: { hotelId: String(hotelId) }, json: input }));
}

export function searchDestinationChoices(q: string) {
  return body(properties["destination-choices"].$get({ query: { q } }));
}

export type DestinationChoice = Awaited<ReturnType<typeof searchDestinationChoices>>["destinations"][number];

export function createRoomType(hotelId: number, input: RoomTypeInput) {
  return body(hotelPath["room-types"].$post({ param: { hotelId: String(hotelId) }, json: input }));
}

export function updateRoomType(hotelId: number, roomTypeId: number, input: RoomTypeInput) {
  return body(roomTypePath.$put({ param: { hotelId: String(hotelId), roomTypeId: String(roomTypeId) }, json: input }));
}

export function deleteRoomType(hotelId: number, roomTypeId: number) {
  return body(roomTypePath.$delete({ param: { hotelId: String(hotelId), roomTypeId: String(roomTypeId) } }));
}

/** Whose photos: the hotel, or one of its room types. */
export type PhotoOwner = { hotelId: number; roomTypeId?: number };

/** Uploads photos as one multipart request; the server checks and re-encodes each. */
export async function uploadPhotos(owner: PhotoOwner, files: File[]) {
  const form = new FormData();
  for (const file of files) form.append("photos", file);
  // No Content-Type header: the browser writes the multipart boundary itself.
  const init = { init: { body: form } };
  if (owner.roomTypeId === undefined) {
    return (await body(hotelPath.photos.$post({ param: { hotelId: String(owner.hotelId) } }, init))).photos;
  }
  return (await body(roomTypePath.photos.$post({ param: { hotelId: String(owner.hotelId), roomTypeId: String(owner.roomTypeId) } }, init)))
    .photos;
}

/** Saves the photo order (the first is the cover); photos left out are deleted. */
export async function setPhotoOrder(owner: PhotoOwner, photos: string[]) {
  if (owner.roomTypeId === undefined) {
    return (await body(hotelPath.photos.$put({ param: { hotelId: String(owner.hotelId) }, json: { photos } }))).photos;
  }
  return (
    await body(
      roomTypePath.photos.$put({ param: { hotelId: String(owner.hotelId), roomTypeId: String(owner.roomTypeId) }, json: { photos } }),
    )
  ).photos;
}

type PropertyHotelQuery = Parameters<typeof listPropertyHotels>[0];

export const propertyHotelKeys = {
  /** The hotel list and every hotel's page: what adding, editing or importing hotels refreshes. */
  all: ["properties", "hotels"] as const,
  list: (query: PropertyHotelQuery) => [...propertyHotelKeys.all, "list", query] as const,
  hotel: (hotelId: number) => [...propertyHotelKeys.all, hotelId] as const,
};

export function propertyHotelsQueryOptions(query: PropertyHotelQuery) {
  return queryOptions({ queryKey: propertyHotelKeys.list(query), queryFn: () => listPropertyHotels(query) });
}

export function propertyHotelQueryOptions(hotelId: number) {
  return queryOptions({ queryKey: propertyHotelKeys.hotel(hotelId), queryFn: async () => (await getPropertyHotel(hotelId)).hotel });
}

export function destinationChoicesQueryOptions(q: string) {
  return queryOptions({
    queryKey: ["properties", "destination-choices", q],
    queryFn: async () => (await searchDestinationChoices(q)).destinations,
    staleTime: 5 * 60_000,
  });
}
