import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import {
  calendarImportKeys,
  calendarImportRunsQueryOptions,
  calendarImportsQueryOptions,
  createCalendarImport,
  deleteCalendarImport,
  syncCalendarImport,
  updateCalendarImport,
} from "../../api/calendar-imports.ts";
import type { CreateCalendarImportInput, UpdateCalendarImportInput } from "../../../shared/calendar-imports.ts";
import { i18next } from "../../lib/i18n.ts";

export function useCalendarImports(hotelId: number) {
  return useQuery(calendarImportsQueryOptions(hotelId));
}

export function useCalendarImportRuns(hotelId: number, importId: number) {
  return useQuery(calendarImportRunsQueryOptions(hotelId, importId));
}

export function useCreateCalendarImport(hotelId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateCalendarImportInput) => createCalendarImport(hotelId, input),
    onSuccess: () => toast.success(i18next.t("Calendar added. It is fetched within a minute, or press Sync now.")),
    onSettled: () => queryClient.invalidateQueries({ queryKey: calendarImportKeys.ofHotel(hotelId) }),
  });
}

export function useUpdateCalendarImport(hotelId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ importId, input }: { importId: number; input: UpdateCalendarImportInput }) =>
      updateCalendarImport(hotelId, importId, input),
    onError: (error) => toast.error(i18next.t("Failed to update the calendar: {{message}}", { message: error.message })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: calendarImportKeys.ofHotel(hotelId) }),
  });
}

export function useDeleteCalendarImport(hotelId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (importId: number) => deleteCalendarImport(hotelId, importId),
    onSuccess: () => toast.success(i18next.t("Calendar removed. Its blocked nights sell here again.")),
    onError: (error) => toast.error(i18next.t("Failed to remove the calendar: {{message}}", { message: error.message })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: calendarImportKeys.ofHotel(hotelId) }),
  });
}

export function useSyncCalendarImport(hotelId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (importId: number) => syncCalendarImport(hotelId, importId),
    onSuccess: ({ run }) =>
      run.status === "error"
        ? toast.error(i18next.t("The calendar could not be synced: {{message}}", { message: run.error ?? "" }))
        : toast.success(i18next.t("Calendar synced.")),
    onError: (error) => toast.error(i18next.t("The calendar could not be synced: {{message}}", { message: error.message })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: calendarImportKeys.ofHotel(hotelId) }),
  });
}
