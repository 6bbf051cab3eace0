import { queryOptions } from "@tanstack/react-query";
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

export const hotelKeys = {
  /** One hotel's page for every stay: what a booking made there refreshes (its rooms' availability). */
  hotel: (hotelId: string) => ["hotel", hotelId] as const,
  priced: (hotelId: string, stayQuery: string) => [...hotelKeys.hotel(hotelId), stayQuery] as const,
  search: (apiQuery: string) => ["hotel-search", apiQuery] as const,
  destinations: (text: string) => ["destinations", text] as const,
};

export function hotelQueryOptions(hotelId: string, stayQuery: string) {
  return queryOptions({ queryKey: hotelKeys.priced(hotelId, stayQuery), queryFn: () => getHotel(hotelId, stayQuery) });
}

export function hotelSearchQueryOptions(apiQuery: string) {
  return queryOptions({ queryKey: hotelKeys.search(apiQuery), queryFn: () => searchHotels(apiQuery) });
}

export function destinationSuggestionsQueryOptions(text: string) {
  // Cities and their hotel counts barely change during a visit.
  return queryOptions({ queryKey: hotelKeys.destinations(text), queryFn: () => suggestDestinations(text), staleTime: 5 * 60_000 });
}
