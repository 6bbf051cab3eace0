import { randomBytes } from "node:crypto";
import type { Context } from "hono";
import { Hono } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { z } from "zod";
import { BookingLookupInput, CreateBookingInput } from "../../shared/booking.ts";
import { isIsoDate } from "../../shared/dates.ts";
import { ApiError } from "../http/errors.ts";
import type { AppDeps, AppEnv } from "../http/types.ts";
import { validate } from "../http/validate.ts";
import { requireUser } from "../middleware/session.ts";
import { bookingDeps } from "../deps.ts";
import { abandonHold } from "../services/bookings/abandon-and-expire.ts";
import { createBookingAccessToken, verifyBookingAccessToken } from "../services/bookings/access.ts";
import { cancelBookingByGuest } from "../services/bookings/cancel.ts";
import { bookingConfirmationText } from "../services/bookings/emails.ts";
import { createBookingHold, resumeHoldPayment } from "../services/bookings/hold.ts";
import { holderAddress } from "../services/bookings/hold-limits.ts";
import { confirmPaidBooking } from "../services/bookings/pay-and-confirm.ts";
import { findBooking, findBookingByReference, listUserBookings } from "../services/bookings/queries.ts";
import { isAwaitingPayment, viewOf } from "../services/bookings/records.ts";
import { hitRateLimit } from "../services/rate-limit.ts";

const BookingIdParam = z.object({ id: z.string().uuid("Booking not found") });
const MyBookingsQuery = z.object({
  checkInFrom: z.string().refine(isIsoDate, "checkInFrom must be a date like 2026-05-31").optional(),
  checkOutTo: z.string().refine(isIsoDate, "checkOutTo must be a date like 2026-05-31").optional(),
});
const ConfirmPaymentInput = z.object({ paymentId: z.string().min(1).max(200) });

const NOT_FOUND = "Booking not found";
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
    if (!row) throw new ApiError(404, "BOOKING_NOT_FOUND", NOT_FOUND);
    const user = c.get("user");
    const owner = user !== null && row.userId === user.id;
    const token = verifyBookingAccessToken(deps.config.appSecret, row.id, c.req.header("x-booking-access"));
    if (!owner && !token) throw new ApiError(404, "BOOKING_NOT_FOUND", NOT_FOUND);
    return row;
  }

  function actorOf(c: Context<AppEnv>, row: { userId: string | null; guestEmail: string }) {
    const user = c.get("user");
    return user && row.userId === user.id ? { id: user.id, email: user.email } : { id: null, email: row.guestEmail };
  }

  return new Hono<AppEnv>()
    .post("/", validate("json", CreateBookingInput), async (c) => {
      const user = c.get("user");
      const requester = {
        visitorId: user ? null : visitorId(c, deps.config.publicUrl.startsWith("https:")),
        address: holderAddress(c.get("clientIp")),
      };
      const result = await createBookingHold(services, c.req.valid("json"), user ? { id: user.id, email: user.email } : null, requester);
      return c.json({ ...result, accessToken: createBookingAccessToken(deps.config.appSecret, result.booking.id) }, 201);
    })
    .get("/hold-rules", (c) => c.json({ holdMinutes: deps.config.holds.minutes, maxRooms: deps.config.holds.maxRooms }))
    .get("/mine", requireUser, validate("query", MyBookingsQuery), async (c) => {
      const list = await listUserBookings(deps.db, c.get("user").id, c.req.valid("query"));
      c.header("Cache-Control", "no-store");
      return c.json({ bookings: list });
    })
    .post("/lookup", validate("json", BookingLookupInput), async (c) => {
      const limited = await hitRateLimit(deps.db, `lookup:ip:${c.get("clientIp") ?? "unknown"}`, deps.config.rateLimits.resetPerIp);
      if (!limited.allowed) throw new ApiError(429, "RATE_LIMITED", "Too many attempts. Please wait a minute and try again.");
      const { reference, email } = c.req.valid("json");
      const row = await findBookingByReference(deps.db, reference, email);
      if (!row || row.paymentStatus === "expired" || row.paymentStatus === "payment_failed") {
        throw new ApiError(404, "BOOKING_NOT_FOUND", "No booking matches this reference and email.");
      }
      return c.json({ booking: await viewOf(deps.db, row), accessToken: createBookingAccessToken(deps.config.appSecret, row.id) });
    })
    .get("/:id", validate("param", BookingIdParam), async (c) => {
      const row = await accessible(c, c.req.valid("param").id);
      c.header("Cache-Control", "no-store");
      return c.json({ booking: await viewOf(deps.db, row) });
    })
    .get("/:id/confirmation", validate("param", BookingIdParam), async (c) => {
      const row = await accessible(c, c.req.valid("param").id);
      // A hold that was never paid is not a booking: nothing to confirm.
      if (isAwaitingPayment(row) || row.paymentStatus === "expired" || row.paymentStatus === "payment_failed") {
        throw new ApiError(409, "NOT_PAID", NOT_PAID);
      }
      const view = await viewOf(deps.db, row);
      c.header("Content-Type", "text/plain; charset=utf-8");
      c.header("Content-Disposition", `attachment; filename="${row.bookingReference}.txt"`);
      c.header("Cache-Control", "no-store");
      return c.body(bookingConfirmationText({ ...row, currency: view.currency, status: view.status, cancellationPolicy: view.cancellationPolicy }));
    })
    .post("/:id/cancel", validate("param", BookingIdParam), async (c) => {
      const row = await accessible(c, c.req.valid("param").id);
      const user = c.get("user");
      const result = await cancelBookingByGuest(services, row.id, user && row.userId === user.id ? { id: user.id, email: user.email } : { id: null, email: row.guestEmail });
      return c.json(result);
    })
    .post("/:id/abandon", validate("param", BookingIdParam), async (c) => {
      // The guest left the payment step (closed the dialog, chose another room) or gave up in My Bookings.
      const row = await accessible(c, c.req.valid("param").id);
      const ended = await abandonHold(services, row.id, actorOf(c, row));
      return c.json({ booking: await viewOf(deps.db, ended) });
    })
    .post("/:id/payment", validate("param", BookingIdParam), async (c) => {
      // Finish paying an unpaid hold later, e.g. from My Bookings after a declined card.
      const row = await accessible(c, c.req.valid("param").id);
      const payment = await resumeHoldPayment(services, row);
      c.header("Cache-Control", "no-store");
      const holdSecondsLeft = Math.max(0, Math.floor(((row.holdExpiresAt?.getTime() ?? Date.now()) - Date.now()) / 1000));
      return c.json({ booking: await viewOf(deps.db, row), payment, accessToken: createBookingAccessToken(deps.config.appSecret, row.id), holdSecondsLeft });
    })
    .post("/:id/confirm-payment", validate("param", BookingIdParam), validate("json", ConfirmPaymentInput), async (c) => {
      // The browser's return from the payment step: it proves itself with the payment id it was given.
      const row = await findBooking(deps.db, c.req.valid("param").id);
      const { paymentId } = c.req.valid("json");
      if (!row || row.paymentIntentId !== paymentId) throw new ApiError(404, "BOOKING_NOT_FOUND", NOT_FOUND);
      const latest = (await confirmPaidBooking(services, paymentId, "return")) ?? row;
      const view = await viewOf(deps.db, latest);
      return c.json({
        booking: view,
        accessToken: createBookingAccessToken(deps.config.appSecret, latest.id),
        paymentError: view.status === "pending" ? ((await deps.gateway.getPayment(paymentId)).lastError ?? null) : null,
      });
    });
}
