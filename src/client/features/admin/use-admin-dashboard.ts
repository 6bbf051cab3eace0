import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { fetchDashboard, fetchOccupancy, findHotels } from "../../api/admin-bookings.ts";

/** Every dashboard query starts with this key, so one invalidation refreshes the figures and the occupancy. */
export const DASHBOARD_QUERY_KEY = ["admin", "dashboard"] as const;

export function useAdminDashboard() {
  return useQuery({
    queryKey: DASHBOARD_QUERY_KEY,
    queryFn: fetchDashboard,
  });
}

export function useOccupancy(days: number, hotelId: number | null) {
  return useQuery({
    queryKey: [...DASHBOARD_QUERY_KEY, "occupancy", { days, hotelId }],
    queryFn: () => fetchOccupancy(days, hotelId),
    // The previous figure stays while another window or hotel loads, instead of a flashing skeleton.
    placeholderData: keepPreviousData,
  });
}

/** Hotels matching what the admin typed (three characters at least, as the server requires). */
export function useHotelOptions(search: string) {
  return useQuery({
    queryKey: ["admin", "hotel-options", search],
    queryFn: () => findHotels(search),
    enabled: search.length >= 3,
    staleTime: 60_000,
  });
}
