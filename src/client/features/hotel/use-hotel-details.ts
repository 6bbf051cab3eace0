import { useQuery } from "@tanstack/react-query";
import type { Stay } from "../../../shared/search.ts";
import { hotelQueryOptions } from "../../api/hotels.ts";
import { stayApiParams } from "../../lib/stay.ts";

/** The hotel priced for the stay; changing the stay keeps the current page on screen while rooms re-price. */
export function useHotelDetails(hotelId: string, stay: Stay) {
  const params = new URLSearchParams({ checkIn: stay.checkIn, checkOut: stay.checkOut });
  stayApiParams(stay, params);
  const query = params.toString();
  return useQuery({
    ...hotelQueryOptions(hotelId, query),
    placeholderData: (previous) => (previous?.id === hotelId ? previous : undefined),
  });
}
