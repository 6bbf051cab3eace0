import { z } from "zod";
import {
  ChannelBookingChange,
  ChannelBookingInput,
  ChannelPushInput,
  ChannelRangeQuery,
  CreateChannelKeyInput,
  changesStay,
} from "../../shared/channel-api.ts";
import { ChannelAvailabilitySchema, ChannelBookingSchema, ChannelKeySchema } from "../contract/channel-api.ts";
import { bookingDeps } from "../deps.ts";
import { cancelChannelBooking, changeChannelBooking, createChannelBooking } from "../services/bookings/channel.ts";
import { databaseId } from "../http/ids.ts";
import { apiRouter, defineRoute, jsonAnswer, jsonBody } from "../http/openapi.ts";
import type { AppDeps, ChannelEnv, SignedInEnv } from "../http/types.ts";
import {
  assertKeyHotel,
  assertKeyWrites,
  authenticateChannelKey,
  channelAvailability,
  createChannelKey,
  idempotentPush,
  listChannelKeys,
  pushChannelUpdate,
  revokeChannelKey,
  channelBookingView,
  type ChannelKey,
} from "../services/channel-api.ts";

const HotelParam = z.object({ hotelId: databaseId("hotelId") });
const BookingParam = HotelParam.extend({ bookingId: z.string().uuid("bookingId must be a booking id") });
const KeyParam = HotelParam.extend({ keyId: databaseId("keyId") });
// The key travels as `Authorization: Bearer <key>`: the document declares it as the channelApiKey security scheme (describe-api.ts).
const PushHeaders = z.object({
  "idempotency-key": z
    .string()
    .optional()
    .describe("Required: 1-200 characters chosen by the client; the same key and body again answer the first answer and change nothing"),
});

const MANAGE = ["Property management"];
const CHANNEL = ["Channel"];
const KEY_ERRORS = ["CHANNEL_KEY_INVALID", "HOTEL_NOT_FOUND", "RATE_LIMITED"] as const;
const WRITE_ERRORS = [...KEY_ERRORS, "CHANNEL_KEY_READ_ONLY"] as const;
const IDEMPOTENCY_ERRORS = ["IDEMPOTENCY_KEY_REQUIRED", "IDEMPOTENCY_KEY_REUSED"] as const;
/** A stay the server fits into the hotel's calendar and prices: a new booking, or a booking's new dates, rooms or adults. */
const STAY_ERRORS = [
  "ROOM_NOT_FOUND",
  "ROOM_UNAVAILABLE",
  "ROOM_CLOSED_FOR_DATES",
  "MIN_STAY_NOT_MET",
  "ROOM_TOO_SMALL",
  "RATE_PLAN_NOT_FOUND",
  "RATE_PLAN_RESTRICTED",
] as const;
/** A booking the channel made, named in the path, to change or cancel. */
const BOOKING_ERRORS = [...WRITE_ERRORS, "BOOKING_NOT_FOUND", "NOT_CANCELLABLE"] as const;

const listKeys = defineRoute({
  method: "get",
  path: "/hotels/{hotelId}/channel-keys",
  operationId: "listChannelKeys",
  tags: MANAGE,
  summary: "The hotel's channel API keys (never the keys themselves), newest first",
  request: { params: HotelParam },
  errors: ["HOTEL_NOT_FOUND"],
  responses: { 200: jsonAnswer(z.object({ keys: z.array(ChannelKeySchema) }), "The keys") },
});
const createKey = defineRoute({
  method: "post",
  path: "/hotels/{hotelId}/channel-keys",
  operationId: "createChannelKey",
  tags: MANAGE,
  summary: "A new channel API key for the hotel; the key is in this answer only (it is stored hashed)",
  request: { params: HotelParam, body: jsonBody(CreateChannelKeyInput) },
  errors: ["HOTEL_NOT_FOUND"],
  responses: { 201: jsonAnswer(z.object({ key: z.string(), apiKey: ChannelKeySchema }), "The key, shown once") },
});
const revokeKey = defineRoute({
  method: "delete",
  path: "/hotels/{hotelId}/channel-keys/{keyId}",
  operationId: "revokeChannelKey",
  tags: MANAGE,
  summary: "Revoke a channel API key: it is refused from now on",
  request: { params: KeyParam },
  errors: ["HOTEL_NOT_FOUND", "CHANNEL_KEY_NOT_FOUND"],
  responses: { 200: jsonAnswer(z.object({ revoked: z.literal(true) }), "Revoked") },
});

const availability = defineRoute({
  method: "get",
  path: "/hotels/{hotelId}/availability",
  operationId: "getChannelAvailability",
  tags: CHANNEL,
  summary:
    "Rooms left, calendar prices, restrictions and each rate plan's price per room type and night of [from, to) (at most 366 nights)",
  request: { params: HotelParam, query: ChannelRangeQuery },
  errors: [...KEY_ERRORS],
  responses: { 200: jsonAnswer(ChannelAvailabilitySchema, "The hotel's availability and rates") },
});
const push = defineRoute({
  method: "post",
  path: "/hotels/{hotelId}/rates",
  operationId: "pushChannelRates",
  tags: CHANNEL,
  summary:
    "Set the calendar price, minimum stay, open/closed and rooms to sell of one room type for a range of nights, or with ratePlanId the price of one of its rate plans priced by their own calendar (read_write keys; idempotent by Idempotency-Key)",
  request: { params: HotelParam, headers: PushHeaders, body: jsonBody(ChannelPushInput) },
  errors: [
    ...WRITE_ERRORS,
    "ROOM_NOT_FOUND",
    "RATE_PLAN_NOT_FOUND",
    "CHANNEL_PUSH_OVERSELLS",
    "ROOMS_TO_SELL_BELOW_SOLD",
    ...IDEMPOTENCY_ERRORS,
  ],
  responses: {
    200: jsonAnswer(
      z.object({
        roomTypeId: z.number().int(),
        ratePlanId: z.number().int().optional().describe("The rate plan whose own prices were set, when the push named one"),
        nights: z.number().int().describe("Nights changed"),
        replayed: z.boolean(),
      }),
      "Applied (or, replayed: true, the answer of the first request with this Idempotency-Key)",
    ),
  },
});

const book = defineRoute({
  method: "post",
  path: "/hotels/{hotelId}/bookings",
  operationId: "createChannelBooking",
  tags: CHANNEL,
  summary:
    "Book a room type (and rate plan) the channel sold: confirmed at once, source 'channel' (read_write keys; idempotent by Idempotency-Key)",
  request: { params: HotelParam, headers: PushHeaders, body: jsonBody(ChannelBookingInput) },
  errors: [...WRITE_ERRORS, ...STAY_ERRORS, ...IDEMPOTENCY_ERRORS],
  responses: { 201: jsonAnswer(ChannelBookingSchema.extend({ replayed: z.boolean() }), "The booking") },
});
const change = defineRoute({
  method: "patch",
  path: "/hotels/{hotelId}/bookings/{bookingId}",
  operationId: "changeChannelBooking",
  tags: CHANNEL,
  summary:
    "Change a booking a channel made: the guest's details, and before the stay begins its dates, rooms or adults, repriced by the server from its rate plan; a change that does not fit is refused with the nights named and changes nothing (read_write keys; a change of the stay needs an Idempotency-Key)",
  request: { params: BookingParam, headers: PushHeaders, body: jsonBody(ChannelBookingChange) },
  errors: [...BOOKING_ERRORS, ...STAY_ERRORS, "INVOICE_ALREADY_ISSUED", ...IDEMPOTENCY_ERRORS],
  responses: {
    200: jsonAnswer(
      ChannelBookingSchema.extend({ replayed: z.boolean() }),
      "The booking now (replayed: true, the answer of the first request with this Idempotency-Key)",
    ),
  },
});
const cancel = defineRoute({
  method: "post",
  path: "/hotels/{hotelId}/bookings/{bookingId}/cancel",
  operationId: "cancelChannelBooking",
  tags: CHANNEL,
  summary: "Cancel a booking a channel made: its rooms go back to sale at once (read_write keys)",
  request: { params: BookingParam },
  errors: BOOKING_ERRORS,
  responses: { 200: jsonAnswer(ChannelBookingSchema, "The cancelled booking") },
});

/** The request's key, refused unless it is the key of the hotel in the path and may write. */
function writingKey(key: ChannelKey, hotelId: number): ChannelKey {
  assertKeyHotel(key, hotelId);
  assertKeyWrites(key);
  return key;
}

/** Managing a hotel's channel API keys (under /api/properties: hotel staff, the hotel checked by requireHotelAccess). */
export function channelKeyRoutes(deps: AppDeps) {
  return apiRouter<SignedInEnv>()
    .openapi(listKeys, async (c) => {
      return c.json({ keys: await listChannelKeys(deps.db, c.get("user"), c.req.valid("param").hotelId) }, 200);
    })
    .openapi(createKey, async (c) => {
      return c.json(await createChannelKey(deps.db, c.get("user"), c.req.valid("param").hotelId, c.req.valid("json")), 201);
    })
    .openapi(revokeKey, async (c) => {
      const { hotelId, keyId } = c.req.valid("param");
      await revokeChannelKey(deps.db, c.get("user"), hotelId, keyId);
      return c.json({ revoked: true as const }, 200);
    });
}

/**
 * The channel API (/api/channel/v1): a channel manager with a key of one hotel, no session. The key
 * is checked first, before the request itself, so nothing is said to a caller without one.
 */
export function channelApiRoutes(deps: AppDeps) {
  const router = apiRouter<ChannelEnv>();
  router.use("*", async (c, next) => {
    c.set("channelKey", await authenticateChannelKey(deps.db, c.req.header("authorization")));
    await next();
  });
  return router
    .openapi(availability, async (c) => {
      const key = c.get("channelKey");
      const { hotelId } = c.req.valid("param");
      assertKeyHotel(key, hotelId);
      const { from, to } = c.req.valid("query");
      return c.json(await channelAvailability(deps.readDb, hotelId, from, to), 200);
    })
    .openapi(push, async (c) => {
      const key = writingKey(c.get("channelKey"), c.req.valid("param").hotelId);
      const input = c.req.valid("json");
      const { answer, replayed } = await idempotentPush(deps.db, key, c.req.header("idempotency-key"), input, () =>
        pushChannelUpdate(deps.db, key, input),
      );
      return c.json({ ...answer, replayed }, 200);
    })
    .openapi(book, async (c) => {
      const key = writingKey(c.get("channelKey"), c.req.valid("param").hotelId);
      const input = c.req.valid("json");
      const { answer, replayed } = await idempotentPush(deps.db, key, c.req.header("idempotency-key"), input, async () =>
        channelBookingView(await createChannelBooking(bookingDeps(deps), key, input)),
      );
      return c.json({ ...answer, replayed }, 201);
    })
    .openapi(change, async (c) => {
      const { hotelId, bookingId } = c.req.valid("param");
      const key = writingKey(c.get("channelKey"), hotelId);
      const input = c.req.valid("json");
      const idempotencyKey = c.req.header("idempotency-key");
      const apply = async () => channelBookingView(await changeChannelBooking(bookingDeps(deps), key, bookingId, input));
      // New guest details set the same values again when replayed; a change of the stay must not be applied twice.
      if (idempotencyKey === undefined && !changesStay(input)) return c.json({ ...(await apply()), replayed: false }, 200);
      const { answer, replayed } = await idempotentPush(deps.db, key, idempotencyKey, { bookingId, ...input }, apply);
      return c.json({ ...answer, replayed }, 200);
    })
    .openapi(cancel, async (c) => {
      const { hotelId, bookingId } = c.req.valid("param");
      const key = writingKey(c.get("channelKey"), hotelId);
      return c.json(channelBookingView(await cancelChannelBooking(bookingDeps(deps), key, bookingId)), 200);
    });
}
