/**
 * The back office's changes to a booking: an admin sets its status (confirmed, pending, cancelled)
 * or refunds it in full. Each frees or takes its rooms and settles its points in the transaction
 * that changes the booking; services/admin-bookings.ts lists and shows bookings and calls these.
 */
import { and, eq, ne, sql } from "drizzle-orm";
import { bookings, payments } from "../../db/schema.ts";
import { DomainError } from "../../domain-error.ts";
import { logActivity } from "../activity-log.ts";
import { queueEmail } from "../email-outbox.ts";
import { recordBookingEvent, recordRefundEvent } from "../webhook-outbox.ts";
import { bookingCancellationEmail } from "./emails.ts";
import { cancelAtSupplier } from "./partner-rooms.ts";
import { type BookingDeps, type BookingRow, isSupplierBooking, settlePointsOnCancel } from "./records.ts";
import { paidByCardCents } from "../../../shared/booking.ts";
import { settleCancellationMoney } from "./payment-settlement.ts";
import { isCardGuarantee } from "./payment-timing.ts";
import { refundIdempotencyKey } from "./refunds.ts";
import { isOverbooking, releaseRoomNights, retakeRoomNights } from "./room-nights.ts";

type Actor = { id: string; email: string };
export type AdminBookingStatus = "confirmed" | "pending" | "cancelled";

/**
 * Why a status change would contradict the booking's payment, or null when it is allowed: a
 * refunded (or refunding) booking cannot stand again, an unpaid one cannot be confirmed, and
 * nothing changes while a refund is under way.
 */
function paymentConflict(row: BookingRow, status: AdminBookingStatus): string | null {
  if (row.paymentStatus === "refunding") return "A refund of this booking is under way. Try again in a few minutes.";
  if (status === "cancelled") return null;
  if (row.paymentStatus === "refunded" || row.paymentStatus === "refund_pending") {
    return `This booking's payment has been refunded, so it cannot be set to ${status}. Ask the guest to make a new booking.`;
  }
  if (status === "confirmed" && row.paymentStatus !== "completed")
    return "This booking has no completed payment, so it cannot be confirmed.";
  return null;
}

/**
 * An admin sets confirmed, pending or cancelled. Cancelling frees the rooms (a partner booking is
 * cancelled with its supplier first); reviving a cancelled booking takes them again, and is
 * refused when they are no longer free or the booking was a partner's. A change that contradicts
 * the payment (a refunded booking confirmed again) is refused with 409. Cancelling moves no money
 * of a paid booking (the refund is its own action) but releases a card guarantee's authorisation.
 */
export async function changeBookingStatus(
  deps: BookingDeps,
  bookingId: string,
  status: AdminBookingStatus,
  actor: Actor,
): Promise<BookingRow> {
  const { db } = deps;
  const [before] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!before) throw new DomainError("BOOKING_NOT_FOUND");
  if (isSupplierBooking(before) && before.status === "cancelled" && status !== "cancelled") {
    throw new DomainError("PARTNER_BOOKING_CANCELLED");
  }
  const conflict = before.status === status ? null : paymentConflict(before, status);
  if (conflict) throw new DomainError("CONTRADICTS_PAYMENT", conflict);
  if (status === "cancelled" && before.status !== "cancelled") await cancelAtSupplier(deps, before, actor);
  let changed: BookingRow;
  try {
    changed = await db.transaction(async (tx) => {
      const [current] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for("update");
      if (!current) throw new DomainError("BOOKING_NOT_FOUND");
      if (current.status === status) return current;
      // Checked again under the row lock: a refund may have been claimed since the first read.
      const lockedConflict = paymentConflict(current, status);
      if (lockedConflict) throw new DomainError("CONTRADICTS_PAYMENT", lockedConflict);
      if (status === "cancelled") await releaseRoomNights(tx, current);
      if (current.status === "cancelled") await retakeRoomNights(tx, current);
      const [updated] = await tx
        .update(bookings)
        .set({ status, holdExpiresAt: null, cancelledAt: status === "cancelled" ? new Date() : null, updatedAt: new Date() })
        .where(eq(bookings.id, bookingId))
        .returning();
      // After the update, so the referral check sees this booking no longer standing.
      if (status === "cancelled") await settlePointsOnCancel(tx, current);
      if (status === "cancelled" && updated) await recordBookingEvent(tx, "booking.cancelled", updated);
      await logActivity(tx, {
        actionType: "admin_booking_status_changed",
        userId: actor.id,
        userEmail: actor.email,
        targetUserEmail: current.guestEmail,
        details: { bookingId, reference: current.bookingReference, from: current.status, to: status },
      });
      return updated!;
    });
  } catch (error) {
    if (isOverbooking(error)) {
      throw new DomainError(
        "ROOM_UNAVAILABLE",
        "The rooms of this booking have been sold since it was cancelled, so it cannot be restored.",
      );
    }
    throw error;
  }
  // A card guarantee's authorisation is released once cancelled: nothing was charged, and none of
  // it should stay held on the guest's card (a paid booking keeps its money: refunding is its own action).
  if (status === "cancelled" && before.status !== "cancelled" && isCardGuarantee(changed)) {
    await settleCancellationMoney(deps, changed, { feeCents: 0, why: "cancelled by an admin" });
    const [released] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
    return released ?? changed;
  }
  return changed;
}

/**
 * Refunds what the guest paid through the payment gateway (reason 'requested_by_customer'),
 * then cancels the booking, frees its rooms and e-mails the guest. The refund is claimed first
 * (payment status completed → refunding) so no other caller refunds the booking at the same
 * time, and sent with the booking's idempotency key. A failed refund changes nothing.
 */
export async function refundAndCancelBooking(
  deps: BookingDeps,
  bookingId: string,
  actor: Actor,
): Promise<{ row: BookingRow; amountCents: number }> {
  const { db } = deps;
  const [row] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!row) throw new DomainError("BOOKING_NOT_FOUND");
  if (row.status === "cancelled") throw new DomainError("ALREADY_CANCELLED");
  if (row.paymentStatus !== "completed" || !row.paymentIntentId) throw new DomainError("NOT_PAID");
  // What the card paid: a deposit's share (older bookings: the price after discounts), plus a captured fee.
  const amountCents = paidByCardCents(row);
  // The booking is cancelled with the refund; a partner booking is cancelled with its supplier first.
  await cancelAtSupplier(deps, row, actor);
  const [claimed] = await db
    .update(bookings)
    .set({ paymentStatus: "refunding", updatedAt: new Date() })
    .where(and(eq(bookings.id, bookingId), ne(bookings.status, "cancelled"), eq(bookings.paymentStatus, "completed")))
    .returning();
  if (!claimed) throw new DomainError("NOT_PAID");
  try {
    await deps.gateway.refund(row.paymentIntentId, amountCents, "requested_by_customer", refundIdempotencyKey(bookingId));
  } catch (error) {
    await db
      .update(bookings)
      .set({ paymentStatus: "completed", updatedAt: new Date() })
      .where(and(eq(bookings.id, bookingId), eq(bookings.paymentStatus, "refunding")));
    const message = error instanceof Error ? error.message : "Refund failed";
    await logActivity(db, {
      actionType: "admin_refund_failed",
      userId: actor.id,
      userEmail: actor.email,
      targetUserEmail: row.guestEmail,
      details: { bookingId, message },
    });
    throw new DomainError("REFUND_FAILED", message);
  }
  const updated = await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for("update");
    if (!locked || locked.paymentStatus !== "refunding") throw new DomainError("REFUND_IN_PROGRESS");
    const [cancelled] = await tx
      .update(bookings)
      .set({
        status: "cancelled",
        paymentStatus: "refunded",
        refundedCents: locked.refundedCents + amountCents,
        cancelledAt: locked.cancelledAt ?? new Date(),
        holdExpiresAt: null,
        updatedAt: new Date(),
      })
      .where(eq(bookings.id, bookingId))
      .returning();
    // The guest may have cancelled while the refund was out: the rooms and points are settled once.
    if (locked.status !== "cancelled") {
      await releaseRoomNights(tx, locked);
      await settlePointsOnCancel(tx, locked);
    }
    if (locked.status !== "cancelled") await recordBookingEvent(tx, "booking.cancelled", cancelled!);
    await recordRefundEvent(tx, cancelled!, amountCents);
    await tx
      .update(payments)
      .set({ status: "refunded", refundedCents: sql`${payments.refundedCents} + ${amountCents}`, updatedAt: new Date() })
      .where(and(eq(payments.bookingId, bookingId), eq(payments.providerPaymentId, row.paymentIntentId!)));
    await queueEmail(
      tx,
      deps.deliveryMode,
      bookingCancellationEmail(cancelled!, { feeCents: 0, refundCents: amountCents }, `${deps.publicUrl}/my-bookings`),
    );
    await logActivity(tx, {
      actionType: "admin_booking_refunded",
      userId: actor.id,
      userEmail: actor.email,
      targetUserEmail: row.guestEmail,
      details: { bookingId, reference: row.bookingReference, amountCents, reason: "requested_by_customer" },
    });
    return cancelled!;
  });
  return { row: updated, amountCents };
}
