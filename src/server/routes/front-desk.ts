import { getCookie } from "hono/cookie";
import { z } from "zod";
import { todayUtc, isIsoDate } from "../../shared/dates.ts";
import { PhoneBookingInput, PhoneQuoteInput } from "../../shared/front-desk.ts";
import { LANGUAGE_COOKIE } from "../../shared/i18n/languages.ts";
import {
  CheckedOutSchema,
  DeskBookingSchema,
  FrontDeskDaySchema,
  FrontDeskHotelsSchema,
  NoShowSchema,
  PhoneBookingSchema,
} from "../contract/front-desk.ts";
import { PriceQuoteSchema } from "../contract/bookings.ts";
import { bookingDeps } from "../deps.ts";
import { apiRouter, defineRoute, jsonAnswer, jsonBody } from "../http/openapi.ts";
import type { AppDeps, SignedInEnv } from "../http/types.ts";
import { createBookingAccessToken } from "../services/bookings/access.ts";
import { holderAddress } from "../services/bookings/hold-limits.ts";
import { createPhoneBooking } from "../services/bookings/phone.ts";
import { quoteBooking } from "../services/bookings/quote.ts";
import { checkInGuest, checkOutGuest, frontDeskDay, markNoShow } from "../services/front-desk.ts";
import { frontDeskHotels } from "../services/hotel-staff.ts";
import { requestLanguage } from "../i18n.ts";

const TAGS = ["Front desk"];
// requireHotelAccess (app.ts) has already checked the hotel against the caller's scope.
const HotelParam = z.object({ hotelId: z.coerce.number({ message: "Hotel not found" }).int().positive() });
const BookingParam = HotelParam.extend({ bookingId: z.string().uuid("Booking not found") });
const DayQuery = z.object({ date: z.string().refine(isIsoDate, "date must be a date like 2026-05-31").optional() });

const hotelsOfDesk = defineRoute({
  method: "get",
  path: "/front-desk/hotels",
  operationId: "listFrontDeskHotels",
  tags: TAGS,
  summary: "The hotels whose front desk the caller works: their managed and front-desk hotels (every hotel for an admin)",
  responses: { 200: jsonAnswer(FrontDeskHotelsSchema, "The hotels, by name") },
});
const day = defineRoute({
  method: "get",
  path: "/hotels/{hotelId}/front-desk",
  operationId: "getFrontDeskDay",
  tags: TAGS,
  summary: "A day at the hotel (today by default): arrivals, guests in house and departures",
  request: { params: HotelParam, query: DayQuery },
  errors: ["HOTEL_NOT_FOUND"],
  responses: { 200: jsonAnswer(FrontDeskDaySchema, "The day's lists") },
});
const checkIn = defineRoute({
  method: "post",
  path: "/hotels/{hotelId}/front-desk/bookings/{bookingId}/check-in",
  operationId: "checkInGuest",
  tags: TAGS,
  summary: "Check a guest in (from their arrival day)",
  request: { params: BookingParam },
  errors: ["HOTEL_NOT_FOUND", "BOOKING_NOT_FOUND", "STAY_TRANSITION"],
  responses: { 200: jsonAnswer(DeskBookingSchema, "The booking") },
});
const checkOut = defineRoute({
  method: "post",
  path: "/hotels/{hotelId}/front-desk/bookings/{bookingId}/check-out",
  operationId: "checkOutGuest",
  tags: TAGS,
  summary: "Check a guest out; before the last night, the unused nights go back to the inventory and the policy's refund is made",
  request: { params: BookingParam },
  errors: ["HOTEL_NOT_FOUND", "BOOKING_NOT_FOUND", "STAY_TRANSITION"],
  responses: { 200: jsonAnswer(CheckedOutSchema, "The booking, and what an early departure gave back") },
});
const noShow = defineRoute({
  method: "post",
  path: "/hotels/{hotelId}/front-desk/bookings/{bookingId}/no-show",
  operationId: "markNoShow",
  tags: TAGS,
  summary: "Mark an expected guest as a no-show: the nights after the first go back to the inventory",
  request: { params: BookingParam },
  errors: ["HOTEL_NOT_FOUND", "BOOKING_NOT_FOUND", "STAY_TRANSITION"],
  responses: { 200: jsonAnswer(NoShowSchema, "The booking, and what was given back") },
});
const phoneQuote = defineRoute({
  method: "post",
  path: "/hotels/{hotelId}/front-desk/quote",
  operationId: "quotePhoneBooking",
  tags: TAGS,
  summary: "The price of a phone booking line by line (room, extras, taxes, fees) and the extras on offer, before it is taken",
  request: { params: HotelParam, body: jsonBody(PhoneQuoteInput) },
  errors: ["HOTEL_NOT_FOUND", "ROOM_NOT_FOUND", "RATE_PLAN_NOT_FOUND", "ROOM_TOO_SMALL", "MIN_STAY_NOT_MET", "ROOM_CLOSED_FOR_DATES"],
  responses: { 200: jsonAnswer(PriceQuoteSchema, "The price breakdown and the extras on offer") },
});
const phoneBooking = defineRoute({
  method: "post",
  path: "/hotels/{hotelId}/front-desk/phone-bookings",
  operationId: "createPhoneBooking",
  tags: TAGS,
  summary: "Take a booking by phone for a guest: by card (a hold and its payment) or pay at hotel (confirmed at once)",
  request: { params: HotelParam, body: jsonBody(PhoneBookingInput) },
  errors: [
    "HOTEL_NOT_FOUND",
    "ROOM_NOT_FOUND",
    "ROOM_TOO_SMALL",
    "TOO_MANY_ROOMS",
    "MIN_STAY_NOT_MET",
    "ROOM_CLOSED_FOR_DATES",
    "ROOM_UNAVAILABLE",
    "TOO_MANY_HOLDS",
    "PAYMENT_CREATE_FAILED",
  ],
  responses: { 201: jsonAnswer(PhoneBookingSchema, "The booking made") },
});

/** The front desk of one hotel, for its admins, managers and front-desk staff (decisions 022 and 064). */
export function frontDeskRoutes(deps: AppDeps) {
  const services = bookingDeps(deps);
  return apiRouter<SignedInEnv>()
    .openapi(hotelsOfDesk, async (c) => c.json({ hotels: await frontDeskHotels(deps.db, c.get("user")) }, 200))
    .openapi(day, async (c) => {
      const { hotelId } = c.req.valid("param");
      return c.json(await frontDeskDay(deps.db, hotelId, c.req.valid("query").date ?? todayUtc()), 200);
    })
    .openapi(checkIn, async (c) => {
      const { hotelId, bookingId } = c.req.valid("param");
      return c.json(await checkInGuest(services, c.get("user"), hotelId, bookingId), 200);
    })
    .openapi(checkOut, async (c) => {
      const { hotelId, bookingId } = c.req.valid("param");
      return c.json(await checkOutGuest(services, c.get("user"), hotelId, bookingId), 200);
    })
    .openapi(noShow, async (c) => {
      const { hotelId, bookingId } = c.req.valid("param");
      return c.json(await markNoShow(services, c.get("user"), hotelId, bookingId), 200);
    })
    .openapi(phoneQuote, async (c) => {
      const { hotelId } = c.req.valid("param");
      const language = requestLanguage(getCookie(c, LANGUAGE_COOKIE), c.req.header("accept-language"));
      // Priced as the phone booking prices it: for no one (no member price), without promo code or points.
      const input = { ...c.req.valid("json"), hotelId: String(hotelId), pointsToRedeem: 0 };
      return c.json(await quoteBooking(deps.db, input, null, language), 200);
    })
    .openapi(phoneBooking, async (c) => {
      const { hotelId } = c.req.valid("param");
      // The guest's e-mails are written in the language the desk works in.
      const language = requestLanguage(getCookie(c, LANGUAGE_COOKIE), c.req.header("accept-language"));
      const made = await createPhoneBooking(
        services,
        c.get("user"),
        hotelId,
        c.req.valid("json"),
        holderAddress(c.get("clientIp")),
        language,
      );
      const hold = made.hold ? { ...made.hold, accessToken: createBookingAccessToken(deps.config.appSecret, made.bookingId) } : null;
      return c.json({ bookingId: made.bookingId, reference: made.reference, hold }, 201);
    });
}
