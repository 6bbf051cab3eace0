/**
 * The money side of a cancellation or a no-show, once the fee is known from the booking's stored
 * schedule (shared/cancellation-policies.ts), by the booking's payment timing (decision 051):
 * - pay now: what was paid less the fee goes back to the card, once;
 * - deposit: the deposit less the fee goes back; a fee beyond the deposit is owed at the hotel;
 * - card guarantee: the fee is captured from the authorisation, once, and the rest released (a
 *   fee of 0 releases all of it); a guarantee by a saved card (decision 075) is charged the fee
 *   off-session instead, and when the card refuses (declined, or authentication the absent guest
 *   cannot give) the fee is owed at the hotel (payment status fee_due_at_hotel);
 * - pay at the hotel without a card (the front desk's booking): the whole fee is owed at the hotel.
 * Every caller (the guest's cancel, the front desk's no-show, the admin) moves money the same way,
 * and may call again: nothing moves twice.
 */
import { randomUUID } from "node:crypto";
import { and, eq, inArray, lt, or, sql } from "drizzle-orm";
import { bookings, payments } from "../../db/schema.ts";
import { PaymentError } from "../../integrations/payments/payment-gateway.ts";
import { logActivity } from "../activity-log.ts";
import { BACKGROUND_JOBS, clearBackgroundFailure, recordBackgroundFailure, stuckBookingIds } from "../background-failures.ts";
import { issueFeeInvoice } from "../invoices.ts";
import { cardRequest, isCardGuarantee, isSavedCardGuarantee } from "./payment-timing.ts";
import { chargedAtBookingCents } from "../../../shared/booking.ts";
import type { BookingDeps, BookingRow } from "./records.ts";
import { STALE_REFUND_CLAIM_MS, refundPayment } from "./refunds.ts";

export interface Settlement {
  /** Given back to the card in this call. */
  refundedCents: number;
  /** Charged on a card guarantee in this call. */
  capturedCents: number;
  /** The part of the fee no payment covers: owed at the hotel. */
  owedAtHotelCents: number;
}

/** One capture per booking's guarantee: every caller, retry and instance sends the gateway this key. */
export function captureIdempotencyKey(bookingId: string): string {
  return `booking-${bookingId}-capture`;
}

function releaseIdempotencyKey(bookingId: string): string {
  return `booking-${bookingId}-release`;
}

/**
 * Settles a cancelled (or no-show) booking's money against its fee (see the file's comment). Call
 * after the booking's new status is written; calling again changes nothing.
 */
export async function settleCancellationMoney(
  deps: BookingDeps,
  row: BookingRow,
  charge: { feeCents: number; why: string },
): Promise<Settlement> {
  if (isCardGuarantee(row)) return settleGuarantee(deps, row, charge);
  const paid = chargedAtBookingCents(row);
  const refundCents = Math.max(0, paid - charge.feeCents);
  const owedAtHotelCents = Math.max(0, charge.feeCents - paid);
  await recordFeeDueAtHotel(deps, row, owedAtHotelCents, charge.why);
  if (refundCents === 0) return { refundedCents: 0, capturedCents: 0, owedAtHotelCents };
  const refunded = await refundPayment(deps, row, refundCents, charge.why, {
    from: ["completed"],
    // A retried refund (the reconciliation) gives back this amount, not the whole payment.
    onClaim: async (tx) => {
      await tx.update(bookings).set({ refundDueCents: refundCents }).where(eq(bookings.id, row.id));
    },
  });
  return { refundedCents: refunded ? refundCents : 0, capturedCents: 0, owedAtHotelCents };
}

/** Writes the fee the front desk collects at the hotel; the activity log gets it once. */
async function recordFeeDueAtHotel(deps: BookingDeps, row: BookingRow, cents: number, why: string): Promise<void> {
  if (cents <= 0) return;
  const [changed] = await deps.db
    .update(bookings)
    .set({ feeDueAtHotelCents: cents, updatedAt: new Date() })
    .where(and(eq(bookings.id, row.id), eq(bookings.feeDueAtHotelCents, 0)))
    .returning({ id: bookings.id });
  if (!changed) return;
  await logActivity(deps.db, {
    actionType: "booking_fee_due_at_hotel",
    targetUserEmail: row.guestEmail,
    details: { bookingId: row.id, reference: row.bookingReference, amountCents: cents, why },
  });
}

/** A guarantee's claim to capture: from guaranteed, a failed capture, or a capture whose caller died mid-call. */
function captureClaim(bookingId: string) {
  return and(
    eq(bookings.id, bookingId),
    or(
      inArray(bookings.paymentStatus, ["guaranteed", "capture_pending"]),
      and(eq(bookings.paymentStatus, "capturing"), lt(bookings.updatedAt, new Date(Date.now() - STALE_REFUND_CLAIM_MS))),
    ),
  );
}

async function settleGuarantee(deps: BookingDeps, row: BookingRow, charge: { feeCents: number; why: string }): Promise<Settlement> {
  const authorised = cardRequest(row).amountCents;
  const captureCents = Math.min(charge.feeCents, authorised);
  const owedAtHotelCents = Math.max(0, charge.feeCents - captureCents);
  await recordFeeDueAtHotel(deps, row, owedAtHotelCents, charge.why);
  if (captureCents <= 0) {
    await releaseGuarantee(deps, row, charge.why);
    return { refundedCents: 0, capturedCents: 0, owedAtHotelCents };
  }
  const captured = await captureGuarantee(deps, row, captureCents, charge.why);
  return { refundedCents: 0, capturedCents: captured ? captureCents : 0, owedAtHotelCents };
}

/**
 * Charges a guarantee's fee, once: only the caller whose conditional update claims the booking
 * (payment status 'capturing', the amount written with it) calls the gateway, with the booking's
 * capture key. A failure leaves capture_pending for the reconciliation. Returns whether the fee was
 * charged in this call.
 */
async function captureGuarantee(deps: BookingDeps, row: BookingRow, amountCents: number, why: string): Promise<boolean> {
  if (!row.paymentIntentId) return false;
  const paymentIntentId = row.paymentIntentId;
  const [claimed] = await deps.db
    .update(bookings)
    .set({ paymentStatus: "capturing", capturedCents: amountCents, updatedAt: new Date() })
    .where(captureClaim(row.id))
    .returning({ id: bookings.id });
  if (!claimed) return false;
  const savedCard = isSavedCardGuarantee(row);
  // The fee's payment: the authorisation itself, or a saved card's off-session charge (a payment of its own).
  let feePaymentId = paymentIntentId;
  try {
    if (savedCard) {
      const charge = await deps.gateway.chargeSavedCard({
        setupId: paymentIntentId,
        amountCents,
        currency: row.currency,
        idempotencyKey: captureIdempotencyKey(row.id),
        // The same words on every attempt: the provider refuses a repeated key with other parameters.
        description: `${row.hotelName}: cancellation or no-show fee, booking ${row.bookingReference}`,
      });
      feePaymentId = charge.paymentId;
    } else {
      await deps.gateway.capturePayment(paymentIntentId, amountCents, captureIdempotencyKey(row.id));
    }
  } catch (error) {
    if (savedCard && error instanceof PaymentError && error.cardRefused) {
      await recordRefusedCharge(deps, row, amountCents, why, error);
      return false;
    }
    await deps.db
      .update(bookings)
      .set({ paymentStatus: "capture_pending", updatedAt: new Date() })
      .where(and(eq(bookings.id, row.id), eq(bookings.paymentStatus, "capturing")));
    const attempts = await recordBackgroundFailure(deps.db, BACKGROUND_JOBS.paymentReconciliation, row.id, error, deps.maxAttempts);
    await logActivity(deps.db, {
      actionType: "booking_guarantee_capture_failed",
      targetUserEmail: row.guestEmail,
      details: {
        bookingId: row.id,
        reference: row.bookingReference,
        amountCents,
        attempts,
        message: error instanceof Error ? error.message : String(error),
      },
    });
    deps.logger.error({ err: error, bookingId: row.id, attempts }, "capturing a guarantee's fee failed");
    return false;
  }
  return deps.db.transaction(async (tx) => {
    const [done] = await tx
      .update(bookings)
      .set({ paymentStatus: "captured", updatedAt: new Date() })
      .where(and(eq(bookings.id, row.id), eq(bookings.paymentStatus, "capturing")))
      .returning({ id: bookings.id });
    // Another caller took over a stale claim and finished first: the gateway's key made it the same capture.
    if (!done) return false;
    if (feePaymentId === paymentIntentId) {
      await tx
        .update(payments)
        .set({ status: "captured", updatedAt: new Date() })
        .where(and(eq(payments.bookingId, row.id), eq(payments.providerPaymentId, paymentIntentId)));
    } else {
      // The off-session charge is the payment a later refund of the fee goes back to.
      await tx.insert(payments).values({
        id: randomUUID(),
        bookingId: row.id,
        provider: deps.gateway.provider,
        providerPaymentId: feePaymentId,
        amountCents,
        currency: row.currency,
        status: "captured",
      });
      await tx.update(bookings).set({ paymentIntentId: feePaymentId }).where(eq(bookings.id, row.id));
    }
    await clearBackgroundFailure(tx, BACKGROUND_JOBS.paymentReconciliation, row.id);
    await logActivity(tx, {
      actionType: "booking_guarantee_captured",
      targetUserEmail: row.guestEmail,
      details: { bookingId: row.id, reference: row.bookingReference, amountCents, why },
    });
    // The fee charged is invoiced in the same transaction (decision 056).
    await issueFeeInvoice(tx, row, amountCents, why);
    return true;
  });
}

/**
 * A saved card refused the fee's off-session charge: asking again would get the same answer (the
 * same key), so the fee is owed at the hotel instead, once, with payment status fee_due_at_hotel.
 */
async function recordRefusedCharge(
  deps: BookingDeps,
  row: BookingRow,
  amountCents: number,
  why: string,
  error: PaymentError,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [done] = await tx
      .update(bookings)
      .set({
        paymentStatus: "fee_due_at_hotel",
        capturedCents: 0,
        feeDueAtHotelCents: sql`${bookings.feeDueAtHotelCents} + ${amountCents}`,
        updatedAt: new Date(),
      })
      .where(and(eq(bookings.id, row.id), eq(bookings.paymentStatus, "capturing")))
      .returning({ id: bookings.id });
    if (!done) return;
    await clearBackgroundFailure(tx, BACKGROUND_JOBS.paymentReconciliation, row.id);
    await logActivity(tx, {
      actionType: "booking_fee_due_at_hotel",
      targetUserEmail: row.guestEmail,
      details: {
        bookingId: row.id,
        reference: row.bookingReference,
        amountCents,
        why,
        cardRefused: error.code,
        message: error.message,
      },
    });
  });
  deps.logger.warn({ bookingId: row.id, code: error.code }, "the saved card refused the fee; it is owed at the hotel");
}

/** Releases a guarantee's whole authorisation (no fee). The gateway's cancel is harmless to repeat; the log gets it once. */
async function releaseGuarantee(deps: BookingDeps, row: BookingRow, why: string): Promise<void> {
  // A guarantee already charged or released has nothing left to release.
  if (!row.paymentIntentId || (row.paymentStatus !== "guaranteed" && row.paymentStatus !== "release_pending")) return;
  const paymentIntentId = row.paymentIntentId;
  try {
    // A saved card holds no money: it is simply never charged.
    if (!isSavedCardGuarantee(row)) await deps.gateway.cancelAuthorisation(paymentIntentId, releaseIdempotencyKey(row.id));
  } catch (error) {
    await deps.db
      .update(bookings)
      .set({ paymentStatus: "release_pending", updatedAt: new Date() })
      .where(and(eq(bookings.id, row.id), eq(bookings.paymentStatus, "guaranteed")));
    await recordBackgroundFailure(deps.db, BACKGROUND_JOBS.paymentReconciliation, row.id, error, deps.maxAttempts);
    deps.logger.error({ err: error, bookingId: row.id }, "releasing a guarantee's authorisation failed");
    return;
  }
  await deps.db.transaction(async (tx) => {
    const [done] = await tx
      .update(bookings)
      .set({ paymentStatus: "released", updatedAt: new Date() })
      .where(and(eq(bookings.id, row.id), inArray(bookings.paymentStatus, ["guaranteed", "release_pending"])))
      .returning({ id: bookings.id });
    if (!done) return;
    await tx
      .update(payments)
      .set({ status: "canceled", updatedAt: new Date() })
      .where(and(eq(payments.bookingId, row.id), eq(payments.providerPaymentId, paymentIntentId)));
    await clearBackgroundFailure(tx, BACKGROUND_JOBS.paymentReconciliation, row.id);
    await logActivity(tx, {
      actionType: "booking_guarantee_released",
      targetUserEmail: row.guestEmail,
      details: { bookingId: row.id, reference: row.bookingReference, why },
    });
  });
}

/** The reconciliation's retry of guarantees whose capture or release failed (or whose caller died mid-capture). */
export async function retryGuaranteeSettlements(deps: BookingDeps): Promise<void> {
  const stuck = await stuckBookingIds(deps.db, deps.maxAttempts);
  const open = await deps.db
    .select()
    .from(bookings)
    .where(
      or(
        inArray(bookings.paymentStatus, ["capture_pending", "release_pending"]),
        and(eq(bookings.paymentStatus, "capturing"), lt(bookings.updatedAt, new Date(Date.now() - STALE_REFUND_CLAIM_MS))),
      ),
    )
    .limit(50);
  for (const row of open) {
    if (stuck.has(row.id)) continue;
    if (row.paymentStatus === "release_pending") await releaseGuarantee(deps, row, "retry");
    else await captureGuarantee(deps, row, row.capturedCents, "retry");
  }
}
