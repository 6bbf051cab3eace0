import { randomBytes } from "node:crypto";
import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { z } from "zod";
import { BookingLookupInput, CreateBookingInput } from "../../shared/booking.ts";
import { calendarDay } from "../../shared/date-fields.ts";
import {
  BookingAccessHeader,
  BookingListSchema,
  CancellationPreviewSchema,
  CancelledSchema,
  ConfirmedPaymentSchema,
  CreatedHoldSchema,
  FoundBookingSchema,
  HoldRulesSchema,
  OneBookingSchema,
  PriceQuoteSchema,
  ResumedPaymentSchema,
} from "../contract/bookings.ts";
import { DomainError } from "../domain-error.ts";
import type { AppDeps, AppEnv } from "../http/types.ts";
import { apiRouter, defineRoute, jsonAnswer, jsonBody } from "../http/openapi.ts";
import { requireUser } from "../middleware/session.ts";
import { bookingDeps } from "../deps.ts";
import { abandonHold } from "../services/bookings/abandon-and-expire.ts";
import { createBookingAccessToken, verifyBookingAccessToken } from "../services/bookings/access.ts";
import { cancelBookingByGuest, previewCancellation } from "../services/bookings/cancel.ts";
import { bookingConfirmationText } from "../services/bookings/emails.ts";
import { createBookingHold, resumeHoldPayment } from "../services/bookings/hold.ts";
import { holderAddress } from "../services/bookings/hold-limits.ts";
import { confirmPaidBooking } from "../services/bookings/pay-and-confirm.ts";
import { quoteBooking } from "../services/bookings/quote.ts";
import { QuoteInput } from "../../shared/price-quote.ts";
import { findBooking, findBookingByReference, listUserBookings } from "../services/bookings/queries.ts";
import { isAwaitingPayment, viewOf } from "../services/bookings/records.ts";
import { hitRateLimit } from "../services/rate-limit.ts";
import { requestLanguage } from "../i18n.ts";
import { LANGUAGE_COOKIE } from "../../shared/i18n/languages.ts";

const BookingIdParam = z.object({ id: z.string().uuid("Booking not found") });
const MyBookingsQuery = z.object({
  checkInFrom: calendarDay("checkInFrom").optional(),
  checkOutTo: calendarDay("checkOutTo").optional(),
});
const ConfirmPaymentInput = z.object({ paymentId: z.string().min(1).max(200) });

const TAGS = ["Bookings"];
const byId = { params: BookingIdParam, headers: BookingAccessHeader };

const createHold = defineRoute({
  method: "post",
  path: "/",
  operationId: "createBookingHold",
  tags: TAGS,
  summary: "Hold rooms (a pending booking priced by the server) and start its payment",
  request: { body: jsonBody(CreateBookingInput) },
  errors: [
    "UNAUTHENTICATED",
    "ROOM_NOT_FOUND",
    "RATE_PLAN_NOT_FOUND",
    "RATE_PLAN_RESTRICTED",
    "ROOM_TOO_SMALL",
    "TOO_MANY_ROOMS",
    "MIN_STAY_NOT_MET",
    "NOT_ENOUGH_POINTS",
    "ROOM_CLOSED_FOR_DATES",
    "ROOM_UNAVAILABLE",
    "PRICE_INCREASED",
    "LIVE_NEEDS_REAL_PAYMENT",
    "TOO_MANY_HOLDS",
    "PAYMENT_CREATE_FAILED",
    "SUPPLIER_ERROR",
    "PROMO_CODE_NOT_VALID",
  ],
  responses: { 201: jsonAnswer(CreatedHoldSchema, "The hold, its payment and the access token") },
});
const quote = defineRoute({
  method: "post",
  path: "/quote",
  operationId: "quoteBooking",
  tags: TAGS,
  summary: "The server's price of a stay and rate plan, line by line, with its payment and cancellation terms (nothing is held)",
  request: { body: jsonBody(QuoteInput) },
  errors: [
    "UNAUTHENTICATED",
    "ROOM_NOT_FOUND",
    "RATE_PLAN_NOT_FOUND",
    "RATE_PLAN_RESTRICTED",
    "ROOM_TOO_SMALL",
    "MIN_STAY_NOT_MET",
    "ROOM_CLOSED_FOR_DATES",
    "PROMO_CODE_NOT_VALID",
  ],
  responses: { 200: jsonAnswer(PriceQuoteSchema, "The price breakdown and the terms a hold would keep") },
});
const holdRules = defineRoute({
  method: "get",
  path: "/hold-rules",
  operationId: "getHoldRules",
  tags: TAGS,
  summary: "How long a hold lasts and how many rooms one may take",
  responses: { 200: jsonAnswer(HoldRulesSchema, "The hold rules") },
});
const mine = defineRoute({
  method: "get",
  path: "/mine",
  operationId: "listMyBookings",
  tags: TAGS,
  summary: "The signed-in user's bookings",
  middleware: [requireUser] as const,
  request: { query: MyBookingsQuery },
  responses: { 200: jsonAnswer(BookingListSchema, "Bookings, newest first") },
});
const lookup = defineRoute({
  method: "post",
  path: "/lookup",
  operationId: "lookUpBooking",
  tags: TAGS,
  summary: "Find a booking by its reference and the guest's e-mail",
  request: { body: jsonBody(BookingLookupInput) },
  errors: ["BOOKING_NOT_FOUND", "RATE_LIMITED"],
  responses: { 200: jsonAnswer(FoundBookingSchema, "The booking and an access token") },
});
const one = defineRoute({
  method: "get",
  path: "/{id}",
  operationId: "getBooking",
  tags: TAGS,
  summary: "One booking (owner or access token)",
  request: byId,
  errors: ["BOOKING_NOT_FOUND"],
  responses: { 200: jsonAnswer(OneBookingSchema, "The booking") },
});
const confirmation = defineRoute({
  method: "get",
  path: "/{id}/confirmation",
  operationId: "downloadBookingConfirmation",
  tags: TAGS,
  summary: "The confirmation as a text file download",
  request: byId,
  errors: ["BOOKING_NOT_FOUND", "NOT_PAID"],
  responses: { 200: { content: { "text/plain": { schema: z.string() } }, description: "{reference}.txt" } },
});
const cancel = defineRoute({
  method: "post",
  path: "/{id}/cancel",
  operationId: "cancelBooking",
  tags: TAGS,
  summary: "Cancel a confirmed future booking: what was paid beyond the fee its terms set now is refunded",
  request: byId,
  errors: ["BOOKING_NOT_FOUND", "NOT_CANCELLABLE", "SUPPLIER_CANCEL_FAILED", "SUPPLIER_NOT_CONNECTED"],
  responses: { 200: jsonAnswer(CancelledSchema, "The cancelled booking and whether it was refunded") },
});
const cancellation = defineRoute({
  method: "get",
  path: "/{id}/cancellation",
  operationId: "previewBookingCancellation",
  tags: TAGS,
  summary: "What cancelling now would cost and refund, from the booking's own terms (owner or access token)",
  request: byId,
  errors: ["BOOKING_NOT_FOUND"],
  responses: { 200: jsonAnswer(CancellationPreviewSchema, "The fee, the refund and what stays owed, with the terms in words") },
});
const abandon = defineRoute({
  method: "post",
  path: "/{id}/abandon",
  operationId: "abandonHold",
  tags: TAGS,
  summary: "Give up an unpaid hold: its rooms and points go back at once",
  request: byId,
  errors: ["BOOKING_NOT_FOUND", "HOLD_ALREADY_PAID", "PAYMENT_NOT_STOPPED"],
  responses: { 200: jsonAnswer(OneBookingSchema, "The ended hold") },
});
const resumePayment = defineRoute({
  method: "post",
  path: "/{id}/payment",
  operationId: "resumeHoldPayment",
  tags: TAGS,
  summary: "The payment of an unpaid hold again, to finish paying",
  request: byId,
  errors: ["BOOKING_NOT_FOUND", "HOLD_NOT_OPEN", "PAYMENT_CREATE_FAILED"],
  responses: { 200: jsonAnswer(ResumedPaymentSchema, "The hold, its payment and the seconds it still lasts") },
});
const confirmPayment = defineRoute({
  method: "post",
  path: "/{id}/confirm-payment",
  operationId: "confirmBookingPayment",
  tags: TAGS,
  summary: "The browser's return from the payment step: confirms the booking if the payment succeeded",
  request: { params: BookingIdParam, body: jsonBody(ConfirmPaymentInput) },
  errors: ["BOOKING_NOT_FOUND"],
  responses: { 200: jsonAnswer(ConfirmedPaymentSchema, "The booking as it now stands") },
});

const NOT_PAID = "There is no confirmation for this booking: its payment has not gone through.";

/** The visitor session of a guest who is not signed in: an opaque random id in an httpOnly cookie. */
const VISITOR_COOKIE = "staywise_visitor";
const VISITOR_ID = /^[A-Za-z0-9_-]{22}$/;

function visitorId(c: Context<AppEnv>, secure: boolean): string {
  const current = getCookie(c, VISITOR_COOKIE);
  if (current && VISITOR_ID.test(current)) return current;
  const id = randomBytes(16).toString("base64url");
  setCookie(c, VISITOR_COOKIE, id, { httpOnly: true, sameSite: "Lax", secure, path: "/api/bookings", maxAge: 30 * 86_400 });
  return id;
}

/** Bookings: holds with payment, the payment's return, My Bookings, and visitor access by reference. */
export function bookingRoutes(deps: AppDeps) {
  const services = bookingDeps(deps);

  /** The booking, if the signed-in owner or a holder of its access token asks; otherwise 404 (never 403, to reveal nothing). */
  async function accessible(c: Context<AppEnv>, id: string) {
    const row = await findBooking(deps.db, id);
    if (!row) throw new DomainError("BOOKING_NOT_FOUND");
    const user = c.get("user");
    const owner = user !== null && row.userId === user.id;
    const token = verifyBookingAccessToken(deps.config.appSecret, row.id, c.req.header("x-booking-access"));
    if (!owner && !token) throw new DomainError("BOOKING_NOT_FOUND");
    return row;
  }

  function actorOf(c: Context<AppEnv>, row: { userId: string | null; guestEmail: string }) {
    const user = c.get("user");
    return user && row.userId === user.id ? { id: user.id, email: user.email } : { id: null, email: row.guestEmail };
  }

  return apiRouter()
    .openapi(createHold, async (c) => {
      const user = c.get("user");
      const requester = {
        visitorId: user ? null : visitorId(c, deps.config.publicUrl.startsWith("https:")),
        address: holderAddress(c.get("clientIp")),
      };
      const language = requestLanguage(getCookie(c, LANGUAGE_COOKIE), c.req.header("accept-language"));
      const result = await createBookingHold(
        services,
        c.req.valid("json"),
        user ? { id: user.id, email: user.email } : null,
        requester,
        undefined,
        {
          language,
        },
      );
      return c.json({ ...result, accessToken: createBookingAccessToken(deps.config.appSecret, result.booking.id) }, 201);
    })
    .openapi(quote, async (c) => {
      const user = c.get("user");
      const language = requestLanguage(getCookie(c, LANGUAGE_COOKIE), c.req.header("accept-language"));
      return c.json(await quoteBooking(deps.db, c.req.valid("json"), user ? { id: user.id } : null, language), 200);
    })
    .openapi(holdRules, (c) => c.json({ holdMinutes: deps.config.holds.minutes, maxRooms: deps.config.holds.maxRooms }, 200))
    .openapi(mine, async (c) => {
      const list = await listUserBookings(deps.db, c.get("user").id, c.req.valid("query"));
      return c.json({ bookings: list }, 200);
    })
    .openapi(lookup, async (c) => {
      const limited = await hitRateLimit(deps.db, `lookup:ip:${c.get("clientIp") ?? "unknown"}`, deps.config.rateLimits.resetPerIp);
      if (!limited.allowed) throw new DomainError("RATE_LIMITED");
      const { reference, email } = c.req.valid("json");
      const row = await findBookingByReference(deps.db, reference, email);
      if (!row || row.paymentStatus === "expired" || row.paymentStatus === "payment_failed") {
        throw new DomainError("BOOKING_NOT_FOUND", "No booking matches this reference and email.");
      }
      return c.json({ booking: await viewOf(deps.db, row), accessToken: createBookingAccessToken(deps.config.appSecret, row.id) }, 200);
    })
    .openapi(one, async (c) => {
      const row = await accessible(c, c.req.valid("param").id);
      return c.json({ booking: await viewOf(deps.db, row) }, 200);
    })
    .openapi(confirmation, async (c) => {
      const row = await accessible(c, c.req.valid("param").id);
      // A hold that was never paid is not a booking: nothing to confirm.
      if (isAwaitingPayment(row) || row.paymentStatus === "expired" || row.paymentStatus === "payment_failed") {
        throw new DomainError("NOT_PAID", NOT_PAID);
      }
      const view = await viewOf(deps.db, row);
      const text = bookingConfirmationText({
        ...row,
        status: view.status,
        cancellationPolicy: view.cancellationPolicy,
      });
      return c.text(text, 200, {
        "Content-Type": "text/plain; charset=utf-8",
        "Content-Disposition": `attachment; filename="${row.bookingReference}.txt"`,
        "Cache-Control": "no-store",
      });
    })
    .openapi(cancel, async (c) => {
      const row = await accessible(c, c.req.valid("param").id);
      const user = c.get("user");
      const result = await cancelBookingByGuest(
        services,
        row.id,
        user && row.userId === user.id ? { id: user.id, email: user.email } : { id: null, email: row.guestEmail },
      );
      return c.json(result, 200);
    })
    .openapi(cancellation, async (c) => {
      const row = await accessible(c, c.req.valid("param").id);
      const language = requestLanguage(getCookie(c, LANGUAGE_COOKIE), c.req.header("accept-language"));
      return c.json(await previewCancellation(services, row, language), 200);
    })
    .openapi(abandon, async (c) => {
      // The guest left the payment step (closed the dialog, chose another room) or gave up in My Bookings.
      const row = await accessible(c, c.req.valid("param").id);
      const ended = await abandonHold(services, row.id, actorOf(c, row));
      return c.json({ booking: await viewOf(deps.db, ended) }, 200);
    })
    .openapi(resumePayment, async (c) => {
      // Finish paying an unpaid hold later, e.g. from My Bookings after a declined card.
      const row = await accessible(c, c.req.valid("param").id);
      const payment = await resumeHoldPayment(services, row);
      const holdSecondsLeft = Math.max(0, Math.floor(((row.holdExpiresAt?.getTime() ?? Date.now()) - Date.now()) / 1000));
      return c.json(
        {
          booking: await viewOf(deps.db, row),
          payment,
          accessToken: createBookingAccessToken(deps.config.appSecret, row.id),
          holdSecondsLeft,
        },
        200,
      );
    })
    .openapi(confirmPayment, async (c) => {
      // The browser's return from the payment step: it proves itself with the payment id it was given.
      const row = await findBooking(deps.db, c.req.valid("param").id);
      const { paymentId } = c.req.valid("json");
      if (!row || row.paymentIntentId !== paymentId) throw new DomainError("BOOKING_NOT_FOUND");
      const latest = (await confirmPaidBooking(services, paymentId, "return")) ?? row;
      const view = await viewOf(deps.db, latest);
      return c.json(
        {
          booking: view,
          accessToken: createBookingAccessToken(deps.config.appSecret, latest.id),
          paymentError: view.status === "pending" ? ((await deps.gateway.getPayment(paymentId)).lastError ?? null) : null,
        },
        200,
      );
    });
}
