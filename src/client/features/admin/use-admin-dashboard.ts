import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { DashboardStats, HotelOption, Occupancy } from "../../../server/services/admin-dashboard.ts";
import { apiGet } from "../../lib/api.ts";

/** Every dashboard query starts with this key, so one invalidation refreshes the figures and the occupancy. */
export const DASHBOARD_QUERY_KEY = ["admin", "dashboard"] as const;

export function useAdminDashboard() {
  return useQuery({
    queryKey: DASHBOARD_QUERY_KEY,
    queryFn: () => apiGet<DashboardStats>("/api/admin/dashboard"),
  });
}

export function useOccupancy(days: number, hotelId: number | null) {
  return useQuery({
    queryKey: [...DASHBOARD_QUERY_KEY, "occupancy", { days, hotelId }],
    queryFn: () => {
      const params = new URLSearchParams({ days: String(days) });
      if (hotelId !== null) params.set("hotelId", String(hotelId));
      return apiGet<Occupancy>(`/api/admin/occupancy?${params}`);
    },
    // The previous figure stays while another window or hotel loads, instead of a flashing skeleton.
    placeholderData: keepPreviousData,
  });
}

/** Hotels matching what the admin typed (three characters at least, as the server requires). */
export function useHotelOptions(search: string) {
  return useQuery({
    queryKey: ["admin", "hotel-options", search],
    queryFn: () => apiGet<{ hotels: HotelOption[] }>(`/api/admin/hotels?${new URLSearchParams({ search })}`),
    enabled: search.length >= 3,
    staleTime: 60_000,
  });
}
