import { useQuery } from "@tanstack/react-query";
import { preload } from "react-dom";
import type { Stay } from "../../../shared/search.ts";
import { hotelQueryOptions } from "../../api/hotels.ts";
import { hotelApiQuery } from "../../../shared/search-address.ts";

/** The hotel priced for the stay; changing the stay keeps the current page on screen while rooms re-price. */
export function useHotelDetails(hotelId: string, stay: Stay) {
  return useQuery({
    ...hotelQueryOptions(hotelId, hotelApiQuery(stay)),
    placeholderData: (previous) => (previous?.id === hotelId ? previous : undefined),
  });
}

/**
 * Asks for the hotel and, once it is in, its first photo (the page's largest paint) while the hotel
 * page's code is still downloading: the router calls this beside the lazily loaded page, whose own
 * useHotelDetails then finds the answer already asked for.
 */
export function usePreloadHotel(hotelId: string, stay: Stay): void {
  const { data } = useHotelDetails(hotelId, stay);
  const firstPhoto = data ? (data.images[0] ?? data.image) : undefined;
  if (firstPhoto) preload(firstPhoto, { as: "image", fetchPriority: "high" });
}
