import { useQuery } from "@tanstack/react-query";
import { getHotelCards } from "../api/saved-hotels.ts";

/** Card data for hotels kept by id in the browser (recently viewed, a visitor's saves): one request for all. */
export function useHotelCards(hotelIds: readonly string[]) {
  return useQuery({
    queryKey: ["hotel-cards", hotelIds.join(",")],
    queryFn: () => getHotelCards(hotelIds),
    enabled: hotelIds.length > 0,
  });
}
