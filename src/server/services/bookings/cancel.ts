import { and, eq } from "drizzle-orm";
import type { BookingView } from "../../../shared/booking.ts";
import { todayUtc } from "../../../shared/dates.ts";
import { bookings } from "../../db/schema.ts";
import { DomainError } from "../../domain-error.ts";
import { logActivity } from "../activity-log.ts";
import { queueEmail } from "../email-outbox.ts";
import { recordBookingEvent } from "../webhook-outbox.ts";
import { bookingCancellationEmail } from "./emails.ts";
import { cancelAtSupplier } from "./partner-rooms.ts";
import { type BookingDeps, bookingPolicy, refundableOnCancel, settlePointsOnCancel, toBookingView } from "./records.ts";
import { refundPayment } from "./refunds.ts";
import { releaseRoomNights } from "./room-nights.ts";

/**
 * A guest cancels their confirmed, future booking: the rooms are freed (or the supplier's booking
 * cancelled) and the cancellation e-mail queued in one transaction; inside the free-cancellation
 * window the payment is refunded.
 */
export async function cancelBookingByGuest(
  deps: BookingDeps,
  bookingId: string,
  actor: { id: string | null; email: string },
  today = todayUtc(),
): Promise<{ booking: BookingView; refunded: boolean }> {
  const { db } = deps;
  const [existing] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!existing) throw new DomainError("BOOKING_NOT_FOUND");
  if (existing.status !== "confirmed" || existing.checkIn <= today) {
    throw new DomainError("NOT_CANCELLABLE");
  }
  const policy = await bookingPolicy(db, existing);
  const refund = refundableOnCancel(existing.checkIn, policy.freeCancellationDays, today);
  // A partner booking is cancelled with the supplier first; if that fails, nothing here changes.
  await cancelAtSupplier(deps, existing, actor);
  const cancelled = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(bookings)
      .set({ status: "cancelled", cancelledAt: new Date(), updatedAt: new Date() })
      .where(and(eq(bookings.id, bookingId), eq(bookings.status, "confirmed")))
      .returning();
    if (!row) return null;
    await releaseRoomNights(tx, row);
    await recordBookingEvent(tx, "booking.cancelled", row);
    await settlePointsOnCancel(tx, row);
    await queueEmail(tx, deps.deliveryMode, bookingCancellationEmail(row, refund, `${deps.publicUrl}/my-bookings`));
    await logActivity(tx, {
      actionType: "booking_cancelled",
      userId: actor.id,
      userEmail: actor.email,
      targetUserEmail: row.guestEmail,
      details: { bookingId: row.id, reference: row.bookingReference, refund },
    });
    return row;
  });
  if (!cancelled) throw new DomainError("NOT_CANCELLABLE");
  const refunded = refund
    ? await refundPayment(
        deps,
        cancelled,
        cancelled.totalPriceCents - cancelled.discountCents,
        "cancelled within the free-cancellation window",
        { from: ["completed"] },
      )
    : false;
  const [latest] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  return { booking: toBookingView(latest!, policy, today), refunded };
}
