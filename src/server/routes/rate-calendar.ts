import { z } from "zod";
import { CalendarEditInput, CalendarMonth } from "../../shared/rates.ts";
import { CalendarEditResultSchema, CalendarMonthSchema } from "../contract/rate-calendar.ts";
import { apiRouter, defineRoute, jsonAnswer, jsonBody } from "../http/openapi.ts";
import type { AppDeps, SignedInEnv } from "../http/types.ts";
import { editCalendar, getCalendarMonth } from "../services/rates.ts";

const TAGS = ["Properties"];
const HotelParam = z.object({ hotelId: z.coerce.number().int().positive() });

const month = defineRoute({
  method: "get",
  path: "/hotels/{hotelId}/calendar",
  operationId: "getRateCalendarMonth",
  tags: TAGS,
  summary: "A month of a hotel's rates calendar: room types × nights with price, rooms to sell and sold, closed, minimum stay",
  request: { params: HotelParam, query: z.object({ month: CalendarMonth }) },
  errors: ["HOTEL_NOT_FOUND"],
  responses: { 200: jsonAnswer(CalendarMonthSchema, "The month, night by night for each room type") },
});

const edit = defineRoute({
  method: "post",
  path: "/hotels/{hotelId}/calendar",
  operationId: "editRateCalendar",
  tags: TAGS,
  summary: "Set a price, minimum stay, closed/open or rooms to sell for room types over a range of dates and week days, in one transaction",
  request: { params: HotelParam, body: jsonBody(CalendarEditInput) },
  errors: ["HOTEL_NOT_FOUND", "ROOMS_TO_SELL_BELOW_SOLD"],
  responses: { 200: jsonAnswer(CalendarEditResultSchema, "What changed") },
});

/** The rates and availability calendar of one hotel (admins, and the hotel's managers: requireHotelAccess). */
export function rateCalendarRoutes(deps: AppDeps) {
  return apiRouter<SignedInEnv>()
    .openapi(month, async (c) => {
      return c.json(await getCalendarMonth(deps.db, c.req.valid("param").hotelId, c.req.valid("query").month), 200);
    })
    .openapi(edit, async (c) => {
      return c.json(await editCalendar(deps.db, c.get("user"), c.req.valid("param").hotelId, c.req.valid("json")), 200);
    });
}
