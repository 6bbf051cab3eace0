import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import type { ApiErrorBody } from "../../../shared/auth.ts";
import type { AdminBookingQuery, AdminBookingView } from "../../../server/services/admin-bookings.ts";
import { apiGet, apiSend, ApiError } from "../../lib/api.ts";
import { saveBlob } from "../../lib/save-file.ts";
import { DASHBOARD_QUERY_KEY } from "./use-admin-dashboard.ts";

export type BookingStatusFilter = AdminBookingQuery["status"];
export type BookingSort = AdminBookingQuery["sort"];
export type AdminBookingFilters = Omit<AdminBookingQuery, "pageSize">;
export type SettableStatus = "confirmed" | "pending" | "cancelled";

export const BOOKINGS_PAGE_SIZE = 20;
export const BOOKINGS_QUERY_KEY = ["admin", "bookings"] as const;

function filterParams(filters: Pick<AdminBookingFilters, "search" | "status">): URLSearchParams {
  return new URLSearchParams({ search: filters.search, status: filters.status });
}

export function useAdminBookings(filters: AdminBookingFilters) {
  return useQuery({
    queryKey: [...BOOKINGS_QUERY_KEY, filters],
    queryFn: () => {
      const params = filterParams(filters);
      params.set("sort", filters.sort);
      params.set("page", String(filters.page));
      params.set("pageSize", String(BOOKINGS_PAGE_SIZE));
      return apiGet<{ bookings: AdminBookingView[]; total: number }>(`/api/admin/bookings?${params}`);
    },
    // Keeps the current rows on screen while the next page or filter loads instead of flashing a skeleton.
    placeholderData: keepPreviousData,
  });
}

/** After a booking changes, both the table and the dashboard's revenue and occupancy are stale. */
function useInvalidateBookings() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: BOOKINGS_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: DASHBOARD_QUERY_KEY }),
    ]);
}

export function useSetBookingStatus() {
  const invalidate = useInvalidateBookings();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: SettableStatus }) =>
      apiSend<{ booking: AdminBookingView }>("PATCH", `/api/admin/bookings/${encodeURIComponent(id)}/status`, { status }),
    // Feedback lives here, not in mutate()'s callbacks: those are skipped when the row that asked re-renders away.
    onSuccess: () => toast.success("Booking status updated"),
    onError: (error) => toast.error("Error", { description: error.message }),
    onSettled: invalidate,
  });
}

export function useRefundBooking() {
  const invalidate = useInvalidateBookings();
  return useMutation({
    mutationFn: (id: string) =>
      apiSend<{ booking: AdminBookingView; amountCents: number }>("POST", `/api/admin/bookings/${encodeURIComponent(id)}/refund`),
    // The refunded row turns cancelled and its dialog unmounts before mutate()'s own callbacks could run.
    onSuccess: () => toast.success("Refund Processed", { description: "Booking cancelled and refund issued" }),
    onError: (error) => toast.error("Refund Failed", { description: error.message }),
    onSettled: invalidate,
  });
}

function filenameFrom(response: Response): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") ?? "");
  return match?.[1] ?? "bookings.csv";
}

/** Downloads the CSV of the bookings matching the filters; fetched (not linked) so a failure can be reported. */
export async function downloadBookingsCsv(filters: Pick<AdminBookingFilters, "search" | "status">): Promise<void> {
  let response: Response;
  try {
    response = await fetch(`/api/admin/bookings/export?${filterParams(filters)}`, { credentials: "same-origin" });
  } catch {
    throw new ApiError(0, { code: "NETWORK_ERROR", message: "Could not reach the server. Check your connection and try again." });
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as Partial<ApiErrorBody> | null;
    throw new ApiError(response.status, {
      code: typeof body?.code === "string" ? body.code : `HTTP_${response.status}`,
      message: typeof body?.message === "string" ? body.message : `Request failed (${response.status})`,
    });
  }
  saveBlob(await response.blob(), filenameFrom(response));
}
