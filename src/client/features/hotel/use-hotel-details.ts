import { useQuery } from "@tanstack/react-query";
import type { HotelDetail, Stay } from "../../../shared/search.ts";
import { apiGet } from "../../lib/api.ts";

/** The hotel priced for the stay; changing the stay keeps the current page on screen while rooms re-price. */
export function useHotelDetails(hotelId: string, stay: Stay) {
  const params = new URLSearchParams({
    checkIn: stay.checkIn,
    checkOut: stay.checkOut,
    guests: String(stay.guests),
    rooms: String(stay.rooms),
  });
  if (stay.children > 0) params.set("children", String(stay.children));
  const query = params.toString();
  return useQuery({
    queryKey: ["hotel", hotelId, query],
    queryFn: () => apiGet<HotelDetail>(`/api/hotels/${encodeURIComponent(hotelId)}?${query}`),
    placeholderData: (previous) => (previous?.id === hotelId ? previous : undefined),
  });
}
