import { queryOptions } from "@tanstack/react-query";
import { api, body } from "./client.ts";

const saved = api.me["saved-hotels"];

/** The signed-in traveller's saved hotels with their card data, newest first. */
export function listSavedHotels() {
  return body(saved.$get());
}

/** Just the ids of the signed-in traveller's saved hotels (for the hearts). */
export function listSavedHotelIds() {
  return body(saved.ids.$get());
}

export function saveHotel(hotelId: string) {
  return body(saved[":hotelId"].$put({ param: { hotelId: encodeURIComponent(hotelId) } }));
}

export function unsaveHotel(hotelId: string) {
  return body(saved[":hotelId"].$delete({ param: { hotelId: encodeURIComponent(hotelId) } }));
}

/** Adds a visitor's browser-kept saves (newest first) to the account; answers the account's ids afterwards. */
export function mergeSavedHotels(hotelIds: string[]) {
  return body(saved.merge.$post({ json: { hotelIds } }));
}

/** Card data of our hotels, in the order asked (unknown ones left out); one request for them all. */
export function getHotelCards(hotelIds: readonly string[]) {
  return body(api["hotel-cards"].$get({ query: { ids: hotelIds.join(",") } }));
}

export type HotelCard = Awaited<ReturnType<typeof getHotelCards>>["hotels"][number];
export type SavedHotelIds = Awaited<ReturnType<typeof listSavedHotelIds>>;
export type SavedHotels = Awaited<ReturnType<typeof listSavedHotels>>;

export const savedHotelKeys = {
  /** The saved list and the saved ids: what saving, unsaving or merging refreshes. */
  all: ["saved-hotels"] as const,
  ids: ["saved-hotels", "ids"] as const,
  list: ["saved-hotels", "list"] as const,
  cards: (hotelIds: readonly string[]) => ["hotel-cards", hotelIds.join(",")] as const,
};

export function savedHotelsQueryOptions() {
  return queryOptions({ queryKey: savedHotelKeys.list, queryFn: listSavedHotels });
}

export function savedHotelIdsQueryOptions() {
  return queryOptions({ queryKey: savedHotelKeys.ids, queryFn: listSavedHotelIds });
}

export function hotelCardsQueryOptions(hotelIds: readonly string[]) {
  return queryOptions({ queryKey: savedHotelKeys.cards(hotelIds), queryFn: () => getHotelCards(hotelIds) });
}
