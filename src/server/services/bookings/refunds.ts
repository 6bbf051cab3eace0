import { and, eq, inArray, lt, or, sql } from "drizzle-orm";
import { bookings, payments } from "../../db/schema.ts";
import { logActivity } from "../activity-log.ts";
import { BACKGROUND_JOBS, clearBackgroundFailure, recordBackgroundFailure } from "../background-failures.ts";
import { recordRefundEvent } from "../webhook-outbox.ts";
import { issueRefundCreditNote } from "../invoices.ts";
import type { BookingDeps, BookingRow, Tx } from "./records.ts";

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
    or(
      inArray(bookings.paymentStatus, [...from]),
      and(eq(bookings.paymentStatus, "refunding"), lt(bookings.updatedAt, new Date(Date.now() - STALE_REFUND_CLAIM_MS))),
    ),
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
    const [row] = await tx
      .update(bookings)
      .set({ paymentStatus: "refunding", updatedAt: new Date() })
      .where(refundClaimCondition(booking.id, options.from))
      .returning();
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
      details: {
        bookingId: booking.id,
        reference: booking.bookingReference,
        attempts,
        message: error instanceof Error ? error.message : String(error),
      },
    });
    deps.logger.error(
      { err: error, bookingId: booking.id, attempts },
      attempts < deps.maxAttempts ? "refund failed; will retry" : "refund failed; waiting for an admin",
    );
    return false;
  }
  await deps.db.transaction(async (tx) => {
    const [done] = await tx
      .update(bookings)
      .set({ paymentStatus: "refunded", refundedCents: sql`${bookings.refundedCents} + ${amountCents}`, updatedAt: new Date() })
      .where(and(eq(bookings.id, booking.id), eq(bookings.paymentStatus, "refunding")))
      .returning();
    // Another caller took over a stale claim and finished first: the gateway's key made it the same refund.
    if (!done) return;
    await tx
      .update(payments)
      .set({ status: "refunded", refundedCents: sql`${payments.refundedCents} + ${amountCents}`, updatedAt: new Date() })
      .where(and(eq(payments.bookingId, booking.id), eq(payments.providerPaymentId, paymentIntentId)));
    await clearBackgroundFailure(tx, BACKGROUND_JOBS.refund, booking.id);
    await recordRefundEvent(tx, done, amountCents);
    await logActivity(tx, {
      actionType: "booking_refunded",
      targetUserEmail: booking.guestEmail,
      details: { bookingId: booking.id, reference: booking.bookingReference, amountCents, why },
    });
    // Recorded once (the update above), credited once against the invoice (decision 056).
    await issueRefundCreditNote(tx, done, amountCents);
  });
  return true;
}
