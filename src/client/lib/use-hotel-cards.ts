import { useQuery } from "@tanstack/react-query";
import { hotelCardsQueryOptions } from "../api/saved-hotels.ts";

/** Card data for hotels kept by id in the browser (recently viewed, a visitor's saves): one request for all. */
export function useHotelCards(hotelIds: readonly string[]) {
  return useQuery({
    ...hotelCardsQueryOptions(hotelIds),
    enabled: hotelIds.length > 0,
  });
}
