import type { Context } from "hono";
import { Hono } from "hono";
import { z } from "zod";
import { BookingLookupInput, CreateBookingInput } from "../../shared/booking.ts";
import { isIsoDate } from "../../shared/dates.ts";
import { ApiError } from "../http/errors.ts";
import type { AppDeps, AppEnv } from "../http/types.ts";
import { validate } from "../http/validate.ts";
import { requireUser } from "../middleware/session.ts";
import { createBookingAccessToken, verifyBookingAccessToken } from "../services/booking-access.ts";
import { bookingConfirmationText } from "../services/booking-emails.ts";
import { bookingDeps } from "../deps.ts";
import {
  cancelBookingByGuest,
  confirmPaidBooking,
  createBookingHold,
  findBooking,
  findBookingByReference,
  listUserBookings,
  viewOf,
} from "../services/bookings.ts";
import { hitRateLimit } from "../services/rate-limit.ts";

const BookingIdParam = z.object({ id: z.string().uuid("Booking not found") });
const MyBookingsQuery = z.object({
  checkInFrom: z.string().refine(isIsoDate, "checkInFrom must be a date like 2026-05-31").optional(),
  checkOutTo: z.string().refine(isIsoDate, "checkOutTo must be a date like 2026-05-31").optional(),
});
const ConfirmPaymentInput = z.object({ paymentId: z.string().min(1).max(200) });

const NOT_FOUND = "Booking not found";

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

  return new Hono<AppEnv>()
    .post("/", validate("json", CreateBookingInput), async (c) => {
      const user = c.get("user");
      const result = await createBookingHold(services, c.req.valid("json"), user ? { id: user.id, email: user.email } : null);
      return c.json(result, 201);
    })
    .get("/mine", requireUser, validate("query", MyBookingsQuery), async (c) => {
      const list = await listUserBookings(deps.db, c.get("user")!.id, c.req.valid("query"));
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
