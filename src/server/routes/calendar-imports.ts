import { z } from "zod";
import { CreateCalendarImportInput, UpdateCalendarImportInput } from "../../shared/calendar-imports.ts";
import { CalendarConflictSchema, CalendarImportRunSchema, CalendarImportSchema } from "../contract/calendar-imports.ts";
import { databaseId } from "../http/ids.ts";
import { apiRouter, defineRoute, jsonAnswer, jsonBody } from "../http/openapi.ts";
import type { AppDeps, SignedInEnv } from "../http/types.ts";
import {
  calendarImportDeps,
  createCalendarImport,
  deleteCalendarImport,
  listCalendarConflicts,
  listCalendarImportRuns,
  listCalendarImports,
  syncCalendarImportNow,
  updateCalendarImport,
} from "../services/calendar-imports.ts";

const HotelParam = z.object({ hotelId: databaseId("hotelId") });
const ImportParam = HotelParam.extend({ importId: databaseId("importId") });

const TAGS = ["Property management"];

const list = defineRoute({
  method: "get",
  path: "/hotels/{hotelId}/calendar-imports",
  operationId: "listCalendarImports",
  tags: TAGS,
  summary: "The hotel's imported calendars (iCal) with their last sync, and the conflicts waiting for the hotel",
  request: { params: HotelParam },
  errors: ["HOTEL_NOT_FOUND"],
  responses: {
    200: jsonAnswer(
      z.object({
        hotel: z.object({ id: z.number().int(), name: z.string() }),
        roomTypes: z.array(z.object({ id: z.number().int(), name: z.string() })),
        imports: z.array(CalendarImportSchema),
        conflicts: z.array(CalendarConflictSchema),
      }),
      "Imported calendars",
    ),
  },
});
const conflicts = defineRoute({
  method: "get",
  path: "/hotels/{hotelId}/calendar-conflicts",
  operationId: "listCalendarConflicts",
  tags: TAGS,
  summary: "Blocks of imported calendars that could not fit (their nights were sold out here), from today on",
  request: { params: HotelParam },
  errors: ["HOTEL_NOT_FOUND"],
  responses: { 200: jsonAnswer(z.object({ conflicts: z.array(CalendarConflictSchema) }), "Conflicts") },
});
const create = defineRoute({
  method: "post",
  path: "/hotels/{hotelId}/calendar-imports",
  operationId: "createCalendarImport",
  tags: TAGS,
  summary: "Import an external calendar (Airbnb, Booking.com, VRBO, any iCal address) into a room type",
  request: { params: HotelParam, body: jsonBody(CreateCalendarImportInput) },
  errors: ["HOTEL_NOT_FOUND", "ROOM_NOT_FOUND", "CALENDAR_IMPORT_URL_NOT_ALLOWED", "CALENDAR_IMPORT_DUPLICATE"],
  responses: { 201: jsonAnswer(z.object({ id: z.number().int() }), "Added; fetched in the next round") },
});
const update = defineRoute({
  method: "patch",
  path: "/hotels/{hotelId}/calendar-imports/{importId}",
  operationId: "updateCalendarImport",
  tags: TAGS,
  summary: "Rename an imported calendar, change its address or interval, or turn it on or off",
  request: { params: ImportParam, body: jsonBody(UpdateCalendarImportInput) },
  errors: ["HOTEL_NOT_FOUND", "CALENDAR_IMPORT_NOT_FOUND", "CALENDAR_IMPORT_URL_NOT_ALLOWED", "CALENDAR_IMPORT_DUPLICATE"],
  responses: { 200: jsonAnswer(z.object({ updated: z.literal(true) }), "Updated") },
});
const remove = defineRoute({
  method: "delete",
  path: "/hotels/{hotelId}/calendar-imports/{importId}",
  operationId: "deleteCalendarImport",
  tags: TAGS,
  summary: "Stop importing a calendar: its blocks are removed and their rooms sell here again",
  request: { params: ImportParam },
  errors: ["HOTEL_NOT_FOUND", "CALENDAR_IMPORT_NOT_FOUND"],
  responses: { 200: jsonAnswer(z.object({ deleted: z.literal(true) }), "Deleted") },
});
const runs = defineRoute({
  method: "get",
  path: "/hotels/{hotelId}/calendar-imports/{importId}/runs",
  operationId: "listCalendarImportRuns",
  tags: TAGS,
  summary: "The calendar's sync log (the latest 20 fetches), newest first",
  request: { params: ImportParam },
  errors: ["HOTEL_NOT_FOUND", "CALENDAR_IMPORT_NOT_FOUND"],
  responses: { 200: jsonAnswer(z.object({ runs: z.array(CalendarImportRunSchema) }), "The log") },
});
const sync = defineRoute({
  method: "post",
  path: "/hotels/{hotelId}/calendar-imports/{importId}/sync",
  operationId: "syncCalendarImport",
  tags: TAGS,
  summary: "Sync now: fetch the calendar at once and apply it; the answer is the run (an unreadable feed is a run with an error)",
  request: { params: ImportParam },
  errors: ["HOTEL_NOT_FOUND", "CALENDAR_IMPORT_NOT_FOUND"],
  responses: { 200: jsonAnswer(z.object({ run: CalendarImportRunSchema }), "The run") },
});

/** Imported calendars under /api/properties (hotel checked by requireHotelAccess and the service). */
export function calendarImportRoutes(deps: AppDeps) {
  const imports = calendarImportDeps({ db: deps.db, config: deps.config, deliveryMode: deps.deliveryMode, logger: deps.logger });
  return apiRouter<SignedInEnv>()
    .openapi(list, async (c) => c.json(await listCalendarImports(deps.db, c.get("user"), c.req.valid("param").hotelId), 200))
    .openapi(conflicts, async (c) =>
      c.json({ conflicts: await listCalendarConflicts(deps.db, c.get("user"), c.req.valid("param").hotelId) }, 200),
    )
    .openapi(create, async (c) =>
      c.json(await createCalendarImport(imports, c.get("user"), c.req.valid("param").hotelId, c.req.valid("json")), 201),
    )
    .openapi(update, async (c) => {
      const { hotelId, importId } = c.req.valid("param");
      await updateCalendarImport(imports, c.get("user"), hotelId, importId, c.req.valid("json"));
      return c.json({ updated: true as const }, 200);
    })
    .openapi(remove, async (c) => {
      const { hotelId, importId } = c.req.valid("param");
      await deleteCalendarImport(deps.db, c.get("user"), hotelId, importId);
      return c.json({ deleted: true as const }, 200);
    })
    .openapi(runs, async (c) => {
      const { hotelId, importId } = c.req.valid("param");
      return c.json({ runs: await listCalendarImportRuns(deps.db, c.get("user"), hotelId, importId) }, 200);
    })
    .openapi(sync, async (c) => {
      const { hotelId, importId } = c.req.valid("param");
      return c.json({ run: await syncCalendarImportNow(imports, c.get("user"), hotelId, importId) }, 200);
    });
}
