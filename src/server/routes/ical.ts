import { z } from "zod";
import { databaseId } from "../http/ids.ts";
import { apiRouter, defineRoute, jsonAnswer } from "../http/openapi.ts";
import type { AppDeps, SignedInEnv } from "../http/types.ts";
import { calendarFeed, createCalendarLink, listCalendarLinks, revokeCalendarLink } from "../services/ical-feeds.ts";

const HotelParam = z.object({ hotelId: databaseId("hotelId") });
const RoomTypeParam = HotelParam.extend({ roomTypeId: databaseId("roomTypeId") });
const FeedParam = z.object({ file: z.string().max(200).describe("`{token}.ics`: the secret of a calendar link") });

const TAGS = ["Property management"];

const list = defineRoute({
  method: "get",
  path: "/hotels/{hotelId}/ical",
  operationId: "listCalendarLinks",
  tags: TAGS,
  summary: "The hotel's room types, each with whether it has a live calendar (iCal) link",
  request: { params: HotelParam },
  errors: ["HOTEL_NOT_FOUND"],
  responses: {
    200: jsonAnswer(
      z.object({
        hotel: z.object({ id: z.number().int(), name: z.string() }).describe("The hotel, for the page's heading"),
        roomTypes: z.array(
          z.object({
            roomTypeId: z.number().int(),
            roomType: z.string(),
            totalRooms: z.number().int(),
            link: z.object({ createdAt: z.string(), createdBy: z.string().nullable() }).nullable(),
          }),
        ),
      }),
      "Room types and their links",
    ),
  },
});
const create = defineRoute({
  method: "post",
  path: "/hotels/{hotelId}/room-types/{roomTypeId}/ical",
  operationId: "createCalendarLink",
  tags: TAGS,
  summary: "A new secret calendar link for the room type (replaces the old one); its address is shown only in this answer",
  request: { params: RoomTypeParam },
  errors: ["HOTEL_NOT_FOUND", "ROOM_NOT_FOUND"],
  responses: { 201: jsonAnswer(z.object({ url: z.string(), createdAt: z.string() }), "The new link") },
});
const revoke = defineRoute({
  method: "delete",
  path: "/hotels/{hotelId}/room-types/{roomTypeId}/ical",
  operationId: "revokeCalendarLink",
  tags: TAGS,
  summary: "Revoke the room type's calendar link: its address answers 404 from now on",
  request: { params: RoomTypeParam },
  errors: ["HOTEL_NOT_FOUND", "ROOM_NOT_FOUND", "ICAL_FEED_NOT_FOUND"],
  responses: { 200: jsonAnswer(z.object({ revoked: z.literal(true) }), "Revoked") },
});
const feed = defineRoute({
  method: "get",
  path: "/{file}",
  operationId: "getCalendarFeed",
  tags: ["Calendars"],
  summary: "A room type's confirmed stays as an iCalendar feed (RFC 5545), for the holder of the secret link",
  request: { params: FeedParam },
  errors: ["ICAL_FEED_NOT_FOUND"],
  responses: { 200: { content: { "text/calendar": { schema: z.string() } }, description: "The calendar" } },
});

/** Managing a hotel's calendar links (under /api/properties, hotel checked by requireHotelAccess and the service). */
export function calendarLinkRoutes(deps: AppDeps) {
  return apiRouter<SignedInEnv>()
    .openapi(list, async (c) => {
      return c.json(await listCalendarLinks(deps.db, c.get("user"), c.req.valid("param").hotelId), 200);
    })
    .openapi(create, async (c) => {
      return c.json(await createCalendarLink(deps.db, c.get("user"), c.req.valid("param"), deps.config.publicUrl), 201);
    })
    .openapi(revoke, async (c) => {
      await revokeCalendarLink(deps.db, c.get("user"), c.req.valid("param"));
      return c.json({ revoked: true as const }, 200);
    });
}

/** The public feeds (/api/ical/{token}.ics): the token is the only key, so anyone holding the link may read it. */
export function calendarFeedRoutes(deps: AppDeps) {
  return apiRouter().openapi(feed, async (c) => {
    const file = c.req.valid("param").file;
    const token = file.endsWith(".ics") ? file.slice(0, -4) : "";
    const body = await calendarFeed(deps.db, token, deps.config.publicUrl);
    return c.text(body, 200, {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="staywise.ics"',
      "X-Robots-Tag": "noindex",
    });
  });
}
