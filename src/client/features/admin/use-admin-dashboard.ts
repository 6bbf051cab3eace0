import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { dashboardQueryOptions, hotelOptionsQueryOptions, occupancyQueryOptions } from "../../api/admin-bookings.ts";

export function useAdminDashboard() {
  return useQuery(dashboardQueryOptions());
}

export function useOccupancy(days: number, hotelId: number | null) {
  return useQuery({
    ...occupancyQueryOptions(days, hotelId),
    // The previous figure stays while another window or hotel loads, instead of a flashing skeleton.
    placeholderData: keepPreviousData,
  });
}

/** Hotels matching what the admin typed (three characters at least, as the server requires). */
export function useHotelOptions(search: string) {
  return useQuery(hotelOptionsQueryOptions(search));
}
