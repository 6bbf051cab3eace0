import { api, body } from "./client.ts";

/** Hotel search with the page's API query string (destination, stay, filters, sort, page). */
export function searchHotels(apiQuery: string) {
  return body(api.hotels.search.$get({ query: Object.fromEntries(new URLSearchParams(apiQuery)) }));
}

/** The hotel priced for a stay given as the API query string (checkIn, checkOut, guests, rooms, children). */
export function getHotel(hotelId: string, stayQuery: string) {
  return body(
    api.hotels[":id"].$get({ param: { id: encodeURIComponent(hotelId) }, query: Object.fromEntries(new URLSearchParams(stayQuery)) }),
  );
}

export function suggestDestinations(text: string) {
  return body(api.destinations.$get({ query: { q: text } }));
}
