/**
 * Step 2 of booking: a succeeded payment confirms its booking, once, whoever reports it first. A
 * card guarantee's authorisation counts as success: the booking is confirmed 'guaranteed' with
 * nothing charged (decision 051), and so does a guarantee's saved card (decision 075).
 */
import { and, eq, gte, inArray, lt, or } from "drizzle-orm";
import { bookings, payments } from "../../db/schema.ts";
import {
  BACKGROUND_JOBS,
  clearBackgroundFailure,
  failingBookingIds,
  recordBackgroundFailure,
  stuckBookingIds,
} from "../background-failures.ts";
import { queueEmail } from "../email-outbox.ts";
import { recordPoints } from "../loyalty.ts";
import { logActivity } from "../activity-log.ts";
import { latePaymentRefundEmail } from "./emails.ts";
import { placeSupplierBooking } from "./partner-rooms.ts";
import { retryGuaranteeSettlements } from "./payment-settlement.ts";
import { isCardGuarantee, isSavedCardGuarantee } from "./payment-timing.ts";
import { chargedAtBookingCents } from "../../../shared/booking.ts";
import { findBooking } from "./queries.ts";
import {
  type BookingDeps,
  type BookingRow,
  type ConfirmSource,
  type PaymentRow,
  isSupplierBooking,
  recordConfirmation,
} from "./records.ts";
import { STALE_REFUND_CLAIM_MS, refundPayment } from "./refunds.ts";
import { isOverbooking, retakeRoomNights } from "./room-nights.ts";

/**
 * Confirms the booking of a paid payment. Safe to call any number of times from the browser's
 * return, the provider's webhook and the reconciliation: only the first call changes anything
 * and queues the confirmation e-mail. A partner room is booked with its supplier first (see
 * partner-rooms.ts). Returns null for a payment we do not know.
 */
export async function confirmPaidBooking(deps: BookingDeps, providerPaymentId: string, source: ConfirmSource): Promise<BookingRow | null> {
  const { db, gateway } = deps;
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, gateway.provider), eq(payments.providerPaymentId, providerPaymentId)));
  if (!payment) return null;
  const [current] = await db.select().from(bookings).where(eq(bookings.id, payment.bookingId));
  if (!current) return null;
  const remote = await gateway.getPayment(providerPaymentId);
  const guarantee = isCardGuarantee(current);
  const savedCard = isSavedCardGuarantee(current);
  // A guarantee goes through when the card authorises it (or is saved); every other payment when it is charged.
  if (remote.status !== (savedCard ? "card_saved" : guarantee ? "requires_capture" : "succeeded")) {
    if (remote.lastError && source === "return") {
      await logActivity(db, {
        actionType: "payment_failed",
        targetUserEmail: current.guestEmail,
        details: { bookingId: current.id, reference: current.bookingReference, message: remote.lastError },
      });
    }
    return current;
  }
  if (remote.amountCents !== payment.amountCents) {
    deps.logger.error(
      { bookingId: current.id, paid: remote.amountCents, expected: payment.amountCents },
      "paid amount differs from the booking total",
    );
    if (source === "reconciliation") {
      const message = `The payment of ${remote.amountCents} cents differs from the ${payment.amountCents} cents due`;
      await recordBackgroundFailure(db, BACKGROUND_JOBS.paymentReconciliation, current.id, message, deps.maxAttempts);
    }
    return current;
  }
  if (isSupplierBooking(current)) {
    if (current.status === "cancelled" && current.paymentStatus === "expired") {
      // Paid after the hold lapsed: the supplier's price is no longer held, so the money goes back.
      return refundLatePayment(deps, current, payment, "paid after the hold expired");
    }
    return placeSupplierBooking(deps, current.id, payment, source);
  }
  const confirmed = await db.transaction(async (tx) => {
    let row: BookingRow | undefined;
    [row] = await tx
      .update(bookings)
      .set({
        status: "confirmed",
        paymentStatus: guarantee ? "guaranteed" : "completed",
        paymentIntentId: providerPaymentId,
        holdExpiresAt: null,
        updatedAt: new Date(),
      })
      .where(and(eq(bookings.id, current.id), eq(bookings.status, "pending")))
      .returning();
    if (!row && current.status === "cancelled" && current.paymentStatus === "expired") {
      // Paid after the hold lapsed: take the rooms again if they are still free. The booking is
      // claimed before its rooms are taken, in one savepoint, so a caller that loses the race takes
      // no rooms, and rooms that are gone undo the claim.
      try {
        row = await tx.transaction(async (inner) => {
          const [revived] = await inner
            .update(bookings)
            .set({
              status: "confirmed",
              paymentStatus: guarantee ? "guaranteed" : "completed",
              paymentIntentId: providerPaymentId,
              cancelledAt: null,
              updatedAt: new Date(),
            })
            .where(and(eq(bookings.id, current.id), eq(bookings.status, "cancelled"), eq(bookings.paymentStatus, "expired")))
            .returning();
          if (!revived) return undefined;
          await retakeRoomNights(inner, current);
          return revived;
        });
        if (row?.userId && row.pointsRedeemed > 0) {
          // The expiry gave the redeemed points back; the booking now stands, so they are spent again.
          await recordPoints(tx, {
            userId: row.userId,
            points: -row.pointsRedeemed,
            description: `Redeemed on booking ${row.bookingReference}`,
            sourceKey: `booking:${row.id}:redeem-again`,
            countsAsEarned: false,
            clamp: true,
          });
        }
      } catch (error) {
        if (!isOverbooking(error)) throw error;
      }
    }
    if (!row) return null;
    // Points are earned on what the card paid through us (decision 051): a deposit's share, nothing for a guarantee.
    await recordConfirmation(tx, deps, row, guarantee ? { ...payment, amountCents: 0 } : payment, source);
    if (guarantee) {
      await tx
        .update(payments)
        .set({ status: savedCard ? "card_saved" : "authorised", updatedAt: new Date() })
        .where(eq(payments.id, payment.id));
    }
    return row;
  });
  if (confirmed) return confirmed;
  const [latest] = await db.select().from(bookings).where(eq(bookings.id, current.id));
  if (latest && latest.status === "cancelled" && latest.paymentStatus === "expired") {
    if (guarantee) return releaseLateGuarantee(deps, latest, providerPaymentId);
    // The money arrived for rooms that are gone: give it back rather than keep it.
    return refundLatePayment(deps, latest, payment, "paid after the hold expired and the room was sold");
  }
  return latest ?? null;
}

/**
 * Gives back a payment that arrived for a lapsed hold. Of the callers racing here (return, webhook,
 * reconciliation) only the one that claims the refund refunds and queues the guest's e-mail; each
 * answers with the booking as it stands after its attempt.
 */
async function refundLatePayment(deps: BookingDeps, row: BookingRow, payment: PaymentRow, why: string): Promise<BookingRow | null> {
  await refundPayment(deps, row, payment.amountCents, why, {
    from: ["expired"],
    onClaim: (tx, claimed) =>
      queueEmail(
        tx,
        deps.deliveryMode,
        latePaymentRefundEmail({ ...claimed, totalPriceCents: payment.amountCents, currency: payment.currency }, deps.publicUrl),
      ),
  });
  return findBooking(deps.db, row.id);
}

/**
 * A guarantee authorised for a lapsed hold whose rooms are gone: the authorisation is released
 * (nothing was charged, so there is nothing to refund; a saved card is simply never charged). Only
 * the caller that claims it logs it.
 */
async function releaseLateGuarantee(deps: BookingDeps, row: BookingRow, providerPaymentId: string): Promise<BookingRow | null> {
  if (!isSavedCardGuarantee(row)) await deps.gateway.cancelAuthorisation(providerPaymentId, `booking-${row.id}-release`);
  const [released] = await deps.db
    .update(bookings)
    .set({ paymentStatus: "released", updatedAt: new Date() })
    .where(and(eq(bookings.id, row.id), eq(bookings.paymentStatus, "expired")))
    .returning();
  if (released) {
    await deps.db
      .update(payments)
      .set({ status: "canceled", updatedAt: new Date() })
      .where(eq(payments.providerPaymentId, providerPaymentId));
    await logActivity(deps.db, {
      actionType: "booking_guarantee_released",
      targetUserEmail: row.guestEmail,
      details: { bookingId: row.id, reference: row.bookingReference, why: "authorised after the hold expired and the room was sold" },
    });
  }
  return findBooking(deps.db, row.id);
}

/**
 * Finds payments that succeeded at the provider but whose booking was never confirmed (a lost
 * return and a lost webhook), and failed refunds to retry. Runs at start-up and on a timer.
 */
export async function reconcilePayments(deps: BookingDeps): Promise<number> {
  const stuck = await stuckBookingIds(deps.db, deps.maxAttempts);
  const failing = await failingBookingIds(deps.db, BACKGROUND_JOBS.paymentReconciliation);
  const open = await deps.db
    .select({ providerPaymentId: payments.providerPaymentId, bookingId: payments.bookingId })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .where(
      and(
        eq(payments.status, "pending"),
        eq(payments.provider, deps.gateway.provider),
        inArray(bookings.status, ["pending", "cancelled"]),
        gte(payments.createdAt, new Date(Date.now() - 7 * 86_400_000)),
      ),
    )
    .limit(200);
  let confirmed = 0;
  for (const p of open) {
    if (!p.providerPaymentId || stuck.has(p.bookingId)) continue;
    let row: BookingRow | null;
    try {
      row = await confirmPaidBooking(deps, p.providerPaymentId, "reconciliation");
      if (failing.has(p.bookingId)) await clearBackgroundFailure(deps.db, BACKGROUND_JOBS.paymentReconciliation, p.bookingId);
    } catch (error) {
      const attempts = await recordBackgroundFailure(deps.db, BACKGROUND_JOBS.paymentReconciliation, p.bookingId, error, deps.maxAttempts);
      deps.logger.error({ err: error, paymentId: p.providerPaymentId, attempts }, "reconciliation failed for a payment");
      row = null;
    }
    if (row?.status === "confirmed") confirmed++;
  }
  // Failed refunds, and refunds whose caller died mid-call, are retried until they use up their attempts.
  const refunds = await deps.db
    .select()
    .from(bookings)
    .where(
      or(
        eq(bookings.paymentStatus, "refund_pending"),
        and(eq(bookings.paymentStatus, "refunding"), lt(bookings.updatedAt, new Date(Date.now() - STALE_REFUND_CLAIM_MS))),
      ),
    )
    .limit(50);
  for (const row of refunds) {
    if (stuck.has(row.id)) continue;
    await refundPayment(deps, row, row.refundDueCents ?? chargedAtBookingCents(row), "retry", { from: ["refund_pending"] });
  }
  await retryGuaranteeSettlements(deps);
  return confirmed;
}
