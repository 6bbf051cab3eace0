import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { createCalendarLink, listCalendarLinks, revokeCalendarLink } from "../../api/calendar-links.ts";
import { type ReportRequest, fetchRevenueReport } from "../../api/revenue-reports.ts";
import { i18next } from "../../lib/i18n.ts";

const REPORT_KEY = ["properties", "revenue-report"] as const;
const LINKS_KEY = ["properties", "calendar-links"] as const;

/** The report for a valid range; null while the range on screen is not one. */
export function useRevenueReport(request: ReportRequest | null) {
  return useQuery({
    queryKey: [...REPORT_KEY, request],
    queryFn: () => fetchRevenueReport(request!),
    enabled: request !== null,
    placeholderData: keepPreviousData,
  });
}

export function useCalendarLinks(hotelId: number) {
  return useQuery({ queryKey: [...LINKS_KEY, hotelId], queryFn: () => listCalendarLinks(hotelId) });
}

export function useCreateCalendarLink(hotelId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (roomTypeId: number) => createCalendarLink(hotelId, roomTypeId),
    // Feedback here rather than in mutate()'s callbacks, which are skipped once the dialog has unmounted.
    onSuccess: () => toast.success(i18next.t("Calendar link created. Copy it now: it is shown only once.")),
    onError: (error) => toast.error(i18next.t("Failed to create the calendar link: {{message}}", { message: error.message })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...LINKS_KEY, hotelId] }),
  });
}

export function useRevokeCalendarLink(hotelId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (roomTypeId: number) => revokeCalendarLink(hotelId, roomTypeId),
    onSuccess: () => toast.success(i18next.t("Calendar link revoked. Calendars using it stop updating.")),
    onError: (error) => toast.error(i18next.t("Failed to revoke the calendar link: {{message}}", { message: error.message })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...LINKS_KEY, hotelId] }),
  });
}
