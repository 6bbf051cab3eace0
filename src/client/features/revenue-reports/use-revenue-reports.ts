import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { calendarLinkKeys, calendarLinksQueryOptions, createCalendarLink, revokeCalendarLink } from "../../api/calendar-links.ts";
import { type ReportRequest, revenueReportQueryOptions } from "../../api/revenue-reports.ts";
import { i18next } from "../../lib/i18n.ts";

/** The report for a valid range; null while the range on screen is not one. */
export function useRevenueReport(request: ReportRequest | null) {
  return useQuery({
    ...revenueReportQueryOptions(request),
    placeholderData: keepPreviousData,
  });
}

export function useCalendarLinks(hotelId: number) {
  return useQuery(calendarLinksQueryOptions(hotelId));
}

export function useCreateCalendarLink(hotelId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (roomTypeId: number) => createCalendarLink(hotelId, roomTypeId),
    // Feedback here rather than in mutate()'s callbacks, which are skipped once the dialog has unmounted.
    onSuccess: () => toast.success(i18next.t("Calendar link created. Copy it now: it is shown only once.")),
    onError: (error) => toast.error(i18next.t("Failed to create the calendar link: {{message}}", { message: error.message })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: calendarLinkKeys.ofHotel(hotelId) }),
  });
}

export function useRevokeCalendarLink(hotelId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (roomTypeId: number) => revokeCalendarLink(hotelId, roomTypeId),
    onSuccess: () => toast.success(i18next.t("Calendar link revoked. Calendars using it stop updating.")),
    onError: (error) => toast.error(i18next.t("Failed to revoke the calendar link: {{message}}", { message: error.message })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: calendarLinkKeys.ofHotel(hotelId) }),
  });
}
