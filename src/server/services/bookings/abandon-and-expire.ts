/** How an unpaid hold ends: the guest abandons it, or its time runs out. */
import { and, eq, lte } from "drizzle-orm";
import { bookings } from "../../db/schema.ts";
import { DomainError } from "../../domain-error.ts";
import { releaseHold } from "./hold.ts";
import { confirmPaidBooking } from "./pay-and-confirm.ts";
import { findBooking } from "./queries.ts";
import type { BookingDeps, BookingRow } from "./records.ts";

const HOLD_NOT_OPEN = "This booking is no longer waiting for payment.";

/**
 * The guest gives up an unpaid hold: its provider payment is cancelled first (so it cannot succeed
 * afterwards), then the rooms are freed and redeemed points returned at once. A hold that turns
 * out to be paid is confirmed instead and refused (409); one already ended is returned as it is.
 */
export async function abandonHold(deps: BookingDeps, bookingId: string, actor: { id: string | null; email: string }): Promise<BookingRow> {
  const existing = await findBooking(deps.db, bookingId);
  if (!existing) throw new DomainError("BOOKING_NOT_FOUND");
  if (existing.status === "cancelled" && (existing.paymentStatus === "expired" || existing.paymentStatus === "payment_failed"))
    return existing;
  if (existing.status !== "pending" || (existing.supplierState !== null && existing.supplierState !== "priced")) {
    // Kept under this code for the clients that know it, with the words that fit a cancelled hold.
    throw new DomainError("HOLD_ALREADY_PAID", existing.status === "cancelled" ? HOLD_NOT_OPEN : undefined);
  }
  if (existing.paymentIntentId) {
    const cancelled = await deps.gateway.cancelPayment(existing.paymentIntentId).then(
      () => true,
      (error: unknown) => {
        deps.logger.warn({ err: error, bookingId }, "could not cancel the payment of an abandoned hold");
        return false;
      },
    );
    const remote = await deps.gateway.getPayment(existing.paymentIntentId).catch(() => null);
    if (remote?.status === "succeeded") {
      await confirmPaidBooking(deps, existing.paymentIntentId, "return");
      throw new DomainError("HOLD_ALREADY_PAID");
    }
    if (!cancelled && remote?.status !== "canceled") throw new DomainError("PAYMENT_NOT_STOPPED");
  }
  const released = await releaseHold(deps.db, bookingId, "expired", actor);
  return released ?? (await findBooking(deps.db, bookingId)) ?? existing;
}

/**
 * Ends holds whose time is up. A hold whose payment did succeed is confirmed instead; the
 * provider's payment is cancelled first so it cannot succeed after the rooms are freed.
 */
export async function expireHolds(deps: BookingDeps, now = new Date()): Promise<number> {
  const due = await deps.db
    .select()
    .from(bookings)
    .where(and(eq(bookings.status, "pending"), lte(bookings.holdExpiresAt, now)))
    .limit(100);
  let expired = 0;
  for (const row of due) {
    if (row.paymentIntentId) {
      await deps.gateway
        .cancelPayment(row.paymentIntentId)
        .catch((error: unknown) => deps.logger.warn({ err: error, bookingId: row.id }, "could not cancel payment"));
      const remote = await deps.gateway.getPayment(row.paymentIntentId).catch(() => null);
      if (remote?.status === "succeeded") {
        await confirmPaidBooking(deps, row.paymentIntentId, "reconciliation");
        continue;
      }
    }
    if (await releaseHold(deps.db, row.id, "expired")) expired++;
  }
  return expired;
}
