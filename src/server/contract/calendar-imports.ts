import { z } from "zod";
import { CALENDAR_IMPORT_STATUSES } from "../../shared/calendar-imports.ts";

export const CalendarImportSchema = z.object({
  id: z.number().int(),
  roomTypeId: z.number().int(),
  roomType: z.string(),
  name: z.string(),
  url: z.string(),
  enabled: z.boolean(),
  intervalMinutes: z.number().int(),
  lastFetchAt: z.string().nullable(),
  lastStatus: z.enum(CALENDAR_IMPORT_STATUSES).nullable().describe("The last fetch: ok, not_modified (HTTP 304) or error"),
  lastError: z.string().nullable(),
  eventCount: z.number().int().nullable().describe("Events in the feed at the last successful fetch (next 18 months)"),
  blocked: z.number().int().describe("Blocks holding a room here"),
  conflicts: z.number().int().describe("Blocks that could not fit (nights sold out here)"),
});

export const CalendarConflictSchema = z.object({
  id: z.number().int(),
  importId: z.number().int(),
  importName: z.string(),
  roomTypeId: z.number().int(),
  roomType: z.string(),
  checkIn: z.string(),
  checkOut: z.string(),
  summary: z.string(),
});

export const CalendarImportRunSchema = z.object({
  at: z.string(),
  status: z.enum(CALENDAR_IMPORT_STATUSES),
  httpStatus: z.number().int().nullable(),
  events: z.number().int().nullable(),
  added: z.number().int(),
  removed: z.number().int(),
  moved: z.number().int(),
  conflicts: z.number().int(),
  error: z.string().nullable(),
});
