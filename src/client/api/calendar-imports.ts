import { queryOptions } from "@tanstack/react-query";
import type { CreateCalendarImportInput, UpdateCalendarImportInput } from "../../shared/calendar-imports.ts";
import { api, body } from "./client.ts";

const hotel = api.properties.hotels[":hotelId"];

export function listCalendarImports(hotelId: number) {
  return body(hotel["calendar-imports"].$get({ param: { hotelId: String(hotelId) } }));
}
export type CalendarImports = Awaited<ReturnType<typeof listCalendarImports>>;
export type CalendarImport = CalendarImports["imports"][number];
export type CalendarConflict = CalendarImports["conflicts"][number];

export function listCalendarConflicts(hotelId: number) {
  return body(hotel["calendar-conflicts"].$get({ param: { hotelId: String(hotelId) } }));
}

export function createCalendarImport(hotelId: number, input: CreateCalendarImportInput) {
  return body(hotel["calendar-imports"].$post({ param: { hotelId: String(hotelId) }, json: input }));
}

export function updateCalendarImport(hotelId: number, importId: number, input: UpdateCalendarImportInput) {
  return body(
    hotel["calendar-imports"][":importId"].$patch({ param: { hotelId: String(hotelId), importId: String(importId) }, json: input }),
  );
}

export function deleteCalendarImport(hotelId: number, importId: number) {
  return body(hotel["calendar-imports"][":importId"].$delete({ param: { hotelId: String(hotelId), importId: String(importId) } }));
}

export function syncCalendarImport(hotelId: number, importId: number) {
  return body(hotel["calendar-imports"][":importId"].sync.$post({ param: { hotelId: String(hotelId), importId: String(importId) } }));
}

export function listCalendarImportRuns(hotelId: number, importId: number) {
  return body(hotel["calendar-imports"][":importId"].runs.$get({ param: { hotelId: String(hotelId), importId: String(importId) } }));
}
export type CalendarImportRun = Awaited<ReturnType<typeof listCalendarImportRuns>>["runs"][number];

export const calendarImportKeys = {
  all: ["properties", "calendar-imports"] as const,
  ofHotel: (hotelId: number) => ["properties", "calendar-imports", hotelId] as const,
  conflicts: (hotelId: number) => ["properties", "calendar-imports", hotelId, "conflicts"] as const,
  runs: (hotelId: number, importId: number) => ["properties", "calendar-imports", hotelId, "runs", importId] as const,
};

export function calendarImportsQueryOptions(hotelId: number) {
  return queryOptions({ queryKey: calendarImportKeys.ofHotel(hotelId), queryFn: () => listCalendarImports(hotelId) });
}

export function calendarConflictsQueryOptions(hotelId: number) {
  return queryOptions({ queryKey: calendarImportKeys.conflicts(hotelId), queryFn: () => listCalendarConflicts(hotelId) });
}

export function calendarImportRunsQueryOptions(hotelId: number, importId: number) {
  return queryOptions({ queryKey: calendarImportKeys.runs(hotelId, importId), queryFn: () => listCalendarImportRuns(hotelId, importId) });
}
