/**
 * The booking record's shared steps, used by our own rooms' flow (bookings.ts), the supplier flow
 * (supplier-bookings.ts) and the back office: how a booking reads, how it is confirmed once paid,
 * how its points are settled when it falls through, and how its payment is refunded.
 */
import { and, eq, inArray, lt, or, sql } from "drizzle-orm";
import type { BookingView } from "../../shared/booking.ts";
import { daysBetween, todayUtc } from "../../shared/dates.ts";
import { pointsForPayment } from "../../shared/loyalty.ts";
import type { HoldSettings } from "../config.ts";
import type { Db } from "../db/client.ts";
import { bookings, hotels, payments } from "../db/schema.ts";
import type { PaymentGateway } from "../integrations/payments/payment-gateway.ts";
import type { WholesalerSupplier } from "../integrations/suppliers/wholesaler-supplier.ts";
import type { Logger } from "../logger.ts";
import { logActivity } from "./activity-log.ts";
import { BACKGROUND_JOBS, clearBackgroundFailure, recordBackgroundFailure } from "./background-failures.ts";
import { bookingConfirmationEmail } from "./booking-emails.ts";
import { type DeliveryMode, queueEmail } from "./email-outbox.ts";
import { creditReferralIfDue, pointsRecorded, recordPoints, reverseReferralIfUnearned } from "./loyalty.ts";

export interface BookingDeps {
  db: Db;
  gateway: PaymentGateway;
  deliveryMode: DeliveryMode;
  logger: Logger;
  publicUrl: string;
  /** Hold length and what one guest may hold unpaid. */
  holds: HoldSettings;
  /** RETRY_MAX_ATTEMPTS: failed rounds of a background job before it waits for an admin. */
  maxAttempts: number;
  /** The external wholesaler, when rooms may come from it (absent: our inventory only). */
  wholesaler?: WholesalerSupplier;
}

export type BookingRow = typeof bookings.$inferSelect;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type PaymentRow = typeof payments.$inferSelect;

/** Shown with a paid supplier booking the hotel refused or never confirmed. */
export const NOT_PLACED_NOTICE = "The hotel could not confirm this booking, so it was not made. Your payment is refunded in full.";

export interface HotelPolicy {
  cancellationPolicy: string | null;
  freeCancellationDays: number;
}

/** Full refund when the hotel allows free cancellation and enough days remain before check-in. */
export function refundableOnCancel(checkIn: string, freeCancellationDays: number, today = todayUtc()): boolean {
  return freeCancellationDays > 0 && daysBetween(today, checkIn) >= freeCancellationDays;
}

export function isSupplierBooking(row: Pick<BookingRow, "supplier">): boolean {
  return row.supplier !== "inventory";
}

/** A hold whose payment has not gone through: not a booking yet (a paid partner booking in progress is). */
export function isAwaitingPayment(row: Pick<BookingRow, "status" | "supplierState">): boolean {
  return row.status === "pending" && (row.supplierState === null || row.supplierState === "priced");
}

/**
 * A booking as its guest sees it. `hotelPolicy` is our hotel's current terms; a supplier booking
 * keeps the terms its price check returned instead.
 */
export function toBookingView(row: BookingRow, hotelPolicy: HotelPolicy, today = todayUtc()): BookingView {
  const policy = isSupplierBooking(row) ? { cancellationPolicy: row.cancellationPolicy, freeCancellationDays: row.freeCancellationDays ?? 0 } : hotelPolicy;
  const completed = row.status === "confirmed" && row.checkOut <= today;
  const canCancel = row.status === "confirmed" && row.checkIn > today;
  return {
    id: row.id,
    bookingReference: row.bookingReference,
    hotelId: row.hotelId !== null ? String(row.hotelId) : row.supplierHotelId,
    hotelName: row.hotelName,
    roomType: row.roomType,
    roomPriceCents: row.roomPriceCents,
    checkIn: row.checkIn,
    checkOut: row.checkOut,
    numGuests: row.numGuests,
    numRooms: row.numRooms,
    totalNights: row.totalNights,
    totalPriceCents: row.totalPriceCents,
    discountCents: row.discountCents,
    pointsRedeemed: row.pointsRedeemed,
    amountDueCents: row.totalPriceCents - row.discountCents,
    currency: "USD",
    guestName: row.guestName,
    guestEmail: row.guestEmail,
    guestPhone: row.guestPhone,
    specialRequests: row.specialRequests,
    status: completed ? "completed" : (row.status as BookingView["status"]),
    paymentStatus: row.paymentStatus,
    createdAt: row.createdAt.toISOString(),
    holdExpiresAt: row.holdExpiresAt ? row.holdExpiresAt.toISOString() : null,
    cancellationPolicy: policy.cancellationPolicy,
    canCancel,
    refundOnCancel: canCancel && refundableOnCancel(row.checkIn, policy.freeCancellationDays, today),
    notice: row.supplierState === "failed" ? NOT_PLACED_NOTICE : null,
    awaitingPayment: isAwaitingPayment(row),
  };
}

/** The cancellation terms that apply to a booking: its supplier's from the price check, or our hotel's. */
export async function bookingPolicy(db: Db | Tx, row: BookingRow): Promise<HotelPolicy> {
  if (isSupplierBooking(row)) return { cancellationPolicy: row.cancellationPolicy, freeCancellationDays: row.freeCancellationDays ?? 0 };
  if (row.hotelId === null) return { cancellationPolicy: null, freeCancellationDays: 0 };
  const [hotel] = await db
    .select({ cancellationPolicy: hotels.cancellationPolicy, freeCancellationDays: hotels.freeCancellationDays })
    .from(hotels)
    .where(eq(hotels.id, row.hotelId));
  return hotel ?? { cancellationPolicy: null, freeCancellationDays: 0 };
}

export async function viewOf(db: Db, row: BookingRow): Promise<BookingView> {
  return toBookingView(row, await bookingPolicy(db, row));
}

/**
 * Points back for a booking that did not happen: the redeemed ones returned, the earned ones
 * reversed, and the referrer's bonus reversed when this was the friend's last standing booking.
 * Call after the booking's cancelled status is written.
 */
export async function settlePointsOnCancel(tx: Tx, row: BookingRow): Promise<void> {
  if (!row.userId) return;
  if (row.pointsRedeemed > 0) {
    await recordPoints(tx, {
      userId: row.userId,
      points: row.pointsRedeemed,
      description: `Points returned: booking ${row.bookingReference} cancelled`,
      sourceKey: `booking:${row.id}:redeem-returned`,
      countsAsEarned: false,
    });
  }
  const earned = await pointsRecorded(tx, `booking:${row.id}:earn`);
  if (earned > 0) {
    await recordPoints(tx, {
      userId: row.userId,
      points: -earned,
      description: `Points reversed: booking ${row.bookingReference} cancelled`,
      sourceKey: `booking:${row.id}:earn-reversed`,
      countsAsEarned: true,
      clamp: true,
    });
    await reverseReferralIfUnearned(tx, row.userId);
  }
}

export type ConfirmSource = "return" | "webhook" | "reconciliation";

/**
 * What follows a booking becoming confirmed, in the transaction that confirmed it: the payment
 * marked paid, points earned (and a referral credited), the confirmation e-mail and the log.
 */
export async function recordConfirmation(tx: Tx, deps: BookingDeps, row: BookingRow, payment: PaymentRow, source: ConfirmSource): Promise<void> {
  await tx.update(payments).set({ status: "succeeded", updatedAt: new Date() }).where(eq(payments.id, payment.id));
  if (row.userId) {
    await recordPoints(tx, {
      userId: row.userId,
      points: pointsForPayment(payment.amountCents),
      description: `Earned on booking ${row.bookingReference} (${row.hotelName})`,
      sourceKey: `booking:${row.id}:earn`,
      countsAsEarned: true,
    });
    await creditReferralIfDue(tx, row.userId);
  }
  await queueEmail(tx, deps.deliveryMode, bookingConfirmationEmail({ ...row, currency: payment.currency }, `${deps.publicUrl}/my-bookings`));
  await logActivity(tx, {
    actionType: "booking_confirmed",
    userId: row.userId,
    targetUserEmail: row.guestEmail,
    details: {
      bookingId: row.id,
      reference: row.bookingReference,
      paymentId: payment.providerPaymentId,
      via: source,
      totalPriceCents: row.totalPriceCents,
      ...(row.supplierBookingRef ? { supplier: row.supplier, supplierBookingNumber: row.supplierBookingRef } : {}),
    },
  });
}

/** One refund per booking: every caller, retry and instance sends the gateway this key. */
export function refundIdempotencyKey(bookingId: string): string {
  return `booking-${bookingId}-refund`;
}

/** A 'refunding' claim this old belongs to a caller that died mid-call; the gateway key makes taking it over safe. */
export const STALE_REFUND_CLAIM_MS = 5 * 60_000;

/** Claims a booking's refund: moves its payment status from one of `from` (or a stale claim) to 'refunding'. */
export function refundClaimCondition(bookingId: string, from: readonly string[]) {
  return and(
    eq(bookings.id, bookingId),
    or(inArray(bookings.paymentStatus, [...from]), and(eq(bookings.paymentStatus, "refunding"), lt(bookings.updatedAt, new Date(Date.now() - STALE_REFUND_CLAIM_MS)))),
  );
}

/**
 * Gives a booking's payment back, once. Only the caller whose conditional update moves the payment
 * status from one of `from` to 'refunding' calls the gateway, with the booking's idempotency key;
 * `onClaim` runs in that claim's transaction (e.g. to queue the guest's e-mail exactly once). A
 * failure leaves refund_pending for the reconciliation (a bounded number of times) and never
 * overwrites a success. Returns whether the money went back in this call.
 */
export async function refundPayment(
  deps: BookingDeps,
  booking: BookingRow,
  amountCents: number,
  why: string,
  options: { from: readonly string[]; onClaim?: (tx: Tx, row: BookingRow) => Promise<void> },
): Promise<boolean> {
  if (!booking.paymentIntentId) return false;
  const paymentIntentId = booking.paymentIntentId;
  const claimed = await deps.db.transaction(async (tx) => {
    const [row] = await tx.update(bookings).set({ paymentStatus: "refunding", updatedAt: new Date() }).where(refundClaimCondition(booking.id, options.from)).returning();
    if (row && options.onClaim) await options.onClaim(tx, row);
    return row ?? null;
  });
  if (!claimed) return false;
  try {
    await deps.gateway.refund(paymentIntentId, amountCents, "requested_by_customer", refundIdempotencyKey(booking.id));
  } catch (error) {
    await deps.db
      .update(bookings)
      .set({ paymentStatus: "refund_pending", updatedAt: new Date() })
      .where(and(eq(bookings.id, booking.id), eq(bookings.paymentStatus, "refunding")));
    const attempts = await recordBackgroundFailure(deps.db, BACKGROUND_JOBS.refund, booking.id, error, deps.maxAttempts);
    await logActivity(deps.db, {
      actionType: "booking_refund_failed",
      targetUserEmail: booking.guestEmail,
      details: { bookingId: booking.id, reference: booking.bookingReference, attempts, message: error instanceof Error ? error.message : String(error) },
    });
    deps.logger.error({ err: error, bookingId: booking.id, attempts }, attempts < deps.maxAttempts ? "refund failed; will retry" : "refund failed; waiting for an admin");
    return false;
  }
  await deps.db.transaction(async (tx) => {
    const [done] = await tx
      .update(bookings)
      .set({ paymentStatus: "refunded", updatedAt: new Date() })
      .where(and(eq(bookings.id, booking.id), eq(bookings.paymentStatus, "refunding")))
      .returning();
    // Another caller took over a stale claim and finished first: the gateway's key made it the same refund.
    if (!done) return;
    await tx
      .update(payments)
      .set({ status: "refunded", refundedCents: sql`${payments.refundedCents} + ${amountCents}`, updatedAt: new Date() })
      .where(and(eq(payments.bookingId, booking.id), eq(payments.providerPaymentId, paymentIntentId)));
    await clearBackgroundFailure(tx, BACKGROUND_JOBS.refund, booking.id);
    await logActivity(tx, {
      actionType: "booking_refunded",
      targetUserEmail: booking.guestEmail,
      details: { bookingId: booking.id, reference: booking.bookingReference, amountCents, why },
    });
  });
  return true;
}
