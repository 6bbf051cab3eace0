import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import {
  type BookingSort,
  type BookingSourceFilter,
  type BookingStatusFilter,
  type SettableStatus,
  adminBookingKeys,
  adminBookingsQueryOptions,
  dashboardKeys,
  fetchBookingsCsv,
  refundBooking,
  setBookingStatus,
} from "../../api/admin-bookings.ts";
import { errorText } from "../../lib/error-text.ts";
import { i18next } from "../../lib/i18n.ts";
import { saveBlob } from "../../lib/save-file.ts";

export type { BookingSort, BookingSourceFilter, BookingStatusFilter, SettableStatus };
export type AdminBookingFilters = {
  search: string;
  status: BookingStatusFilter;
  source: BookingSourceFilter;
  sort: BookingSort;
  page: number;
};

export const BOOKINGS_PAGE_SIZE = 20;

export function useAdminBookings(filters: AdminBookingFilters) {
  return useQuery({
    ...adminBookingsQueryOptions({ ...filters, pageSize: BOOKINGS_PAGE_SIZE }),
    // Keeps the current rows on screen while the next page or filter loads instead of flashing a skeleton.
    placeholderData: keepPreviousData,
  });
}

/** After a booking changes, both the table and the dashboard's revenue and occupancy are stale. */
function useInvalidateBookings() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminBookingKeys.all }),
      queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
    ]);
}

export function useSetBookingStatus() {
  const invalidate = useInvalidateBookings();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: SettableStatus }) => setBookingStatus(id, status),
    // Feedback lives here, not in mutate()'s callbacks: those are skipped when the row that asked re-renders away.
    onSuccess: () => toast.success(i18next.t("Booking status updated")),
    onError: (error) => toast.error(i18next.t("Error"), { description: errorText(error, i18next.t("Something went wrong")) }),
    onSettled: invalidate,
  });
}

export function useRefundBooking() {
  const invalidate = useInvalidateBookings();
  return useMutation({
    mutationFn: (id: string) => refundBooking(id),
    // The refunded row turns cancelled and its dialog unmounts before mutate()'s own callbacks could run.
    onSuccess: () => toast.success(i18next.t("Refund Processed"), { description: i18next.t("Booking cancelled and refund issued") }),
    onError: (error) => toast.error(i18next.t("Refund Failed"), { description: errorText(error, i18next.t("Something went wrong")) }),
    onSettled: invalidate,
  });
}

/** Downloads the CSV of the bookings matching the filters; fetched (not linked) so a failure can be reported. */
export async function downloadBookingsCsv(filters: Pick<AdminBookingFilters, "search" | "status" | "source">): Promise<void> {
  const { blob, filename } = await fetchBookingsCsv({ search: filters.search, status: filters.status, source: filters.source });
  saveBlob(blob, filename);
}
