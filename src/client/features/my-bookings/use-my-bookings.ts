import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { myBookingsQueryOptions } from "../../api/bookings.ts";

export type BookingFilters = { checkInFrom: string; checkOutTo: string };

/** The signed-in user's bookings, newest first; check-in on or after `checkInFrom`, check-out on or before `checkOutTo`. */
export function useMyBookings(filters: BookingFilters) {
  return useQuery({
    ...myBookingsQueryOptions({
      ...(filters.checkInFrom ? { checkInFrom: filters.checkInFrom } : {}),
      ...(filters.checkOutTo ? { checkOutTo: filters.checkOutTo } : {}),
    }),
    // Changing a date filter keeps the current list on screen instead of flashing skeletons.
    placeholderData: keepPreviousData,
  });
}
