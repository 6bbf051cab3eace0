import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { listMyBookings } from "../../api/bookings.ts";

export type BookingFilters = { checkInFrom: string; checkOutTo: string };

export const MY_BOOKINGS_KEY = ["bookings", "mine"] as const;

/** The signed-in user's bookings, newest first; check-in on or after `checkInFrom`, check-out on or before `checkOutTo`. */
export function useMyBookings(filters: BookingFilters) {
  const params = new URLSearchParams();
  if (filters.checkInFrom) params.set("checkInFrom", filters.checkInFrom);
  if (filters.checkOutTo) params.set("checkOutTo", filters.checkOutTo);
  const query = params.toString();
  return useQuery({
    queryKey: [...MY_BOOKINGS_KEY, query],
    queryFn: () => listMyBookings(Object.fromEntries(params)),
    // Changing a date filter keeps the current list on screen instead of flashing skeletons.
    placeholderData: keepPreviousData,
  });
}
