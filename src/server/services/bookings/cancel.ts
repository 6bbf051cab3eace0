import { and, eq } from "drizzle-orm";
import { type BookingView, type CancellationCost, type CancellationPreview, paidByCardCents } from "../../../shared/booking.ts";
import { cancelNowWords, cancellationWords } from "../../../shared/cancellation-words.ts";
import { todayUtc } from "../../../shared/dates.ts";
import { cancellationPolicyText } from "../../../shared/i18n/labels.ts";
import type { Language } from "../../../shared/i18n/languages.ts";
import { bookings } from "../../db/schema.ts";
import { DomainError } from "../../domain-error.ts";
import { translator } from "../../i18n.ts";
import { logActivity } from "../activity-log.ts";
import { queueEmail } from "../email-outbox.ts";
import { recordBookingEvent } from "../webhook-outbox.ts";
import { bookingCancellationEmail, formatMoney } from "./emails.ts";
import { cancelAtSupplier } from "./partner-rooms.ts";
import { settleCancellationMoney } from "./payment-settlement.ts";
import { releaseRoomNights } from "./room-nights.ts";
import {
  type BookingDeps,
  type BookingRow,
  type HotelPolicy,
  bookingPolicy,
  cancellationCost,
  settlePointsOnCancel,
  toBookingView,
} from "./records.ts";

/** A confirmed booking whose check-in is still ahead can be cancelled by its guest. */
function isCancellable(row: BookingRow, today: string): boolean {
  return row.status === "confirmed" && row.checkIn > today;
}

/**
 * What cancelling this booking now would cost and give back, in the asker's language, computed as
 * the cancel itself computes it (cancellationCost on the booking's stored terms).
 */
export async function previewCancellation(
  deps: BookingDeps,
  row: BookingRow,
  language: Language,
  now: Date = new Date(),
): Promise<CancellationPreview> {
  const policy = await bookingPolicy(deps.db, row);
  const canCancel = isCancellable(row, todayUtc(now));
  const cost = cancellationCost(row, policy, now);
  const t = translator(language);
  const money = (cents: number) => formatMoney(cents, row.currency, language);
  return {
    canCancel,
    ...cost,
    currency: row.currency,
    paidCents: paidByCardCents(row),
    cancellationSchedule: row.cancellationSchedule,
    policyWords: policyWords(row, policy, language, now),
    nowWords: canCancel ? cancelNowWords(t, money, cost) : t("Only confirmed bookings with a check-in date still ahead can be cancelled."),
  };
}

/** The booking's cancellation terms in plain words: its stored schedule, or an older booking's policy text. */
export function policyWords(row: BookingRow, policy: HotelPolicy, language: string, now: Date = new Date()): string | null {
  const t = translator(language);
  if (row.cancellationSchedule) {
    return cancellationWords(row.cancellationSchedule, { t, language, money: (cents) => formatMoney(cents, row.currency, language), now });
  }
  return policy.cancellationPolicy ? cancellationPolicyText(t, policy.cancellationPolicy) : null;
}

/**
 * A guest cancels their confirmed, future booking: the rooms are freed (or the supplier's booking
 * cancelled) and the cancellation e-mail queued in one transaction; then the money settles against
 * the fee the booking's own terms set at `now` (the stored schedule, or an older booking's
 * free-cancellation days): what was paid beyond it goes back to the card, once.
 */
export async function cancelBookingByGuest(
  deps: BookingDeps,
  bookingId: string,
  actor: { id: string | null; email: string },
  now: Date = new Date(),
): Promise<{ booking: BookingView; refunded: boolean } & Pick<CancellationCost, "feeCents" | "refundCents">> {
  const { db } = deps;
  const today = todayUtc(now);
  const [existing] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!existing) throw new DomainError("BOOKING_NOT_FOUND");
  if (!isCancellable(existing, today)) throw new DomainError("NOT_CANCELLABLE");
  const policy = await bookingPolicy(db, existing);
  const cost = cancellationCost(existing, policy, now);
  // A partner booking is cancelled with the supplier first; if that fails, nothing here changes.
  await cancelAtSupplier(deps, existing, actor);
  const cancelled = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(bookings)
      .set({ status: "cancelled", cancelledAt: now, updatedAt: new Date() })
      .where(and(eq(bookings.id, bookingId), eq(bookings.status, "confirmed")))
      .returning();
    if (!row) return null;
    await releaseRoomNights(tx, row);
    await recordBookingEvent(tx, "booking.cancelled", row);
    await settlePointsOnCancel(tx, row);
    await queueEmail(tx, deps.deliveryMode, bookingCancellationEmail(row, cost, `${deps.publicUrl}/my-bookings`));
    await logActivity(tx, {
      actionType: "booking_cancelled",
      userId: actor.id,
      userEmail: actor.email,
      targetUserEmail: row.guestEmail,
      details: {
        bookingId: row.id,
        reference: row.bookingReference,
        refund: cost.refundCents > 0,
        feeCents: cost.feeCents,
        refundCents: cost.refundCents,
        ...(row.cancellationSchedule ? {} : { rule: "free_cancellation_days" }),
      },
    });
    return row;
  });
  if (!cancelled) throw new DomainError("NOT_CANCELLABLE");
  const settlement = await settleCancellationMoney(deps, cancelled, {
    feeCents: cost.feeCents,
    why: cost.feeCents === 0 ? "cancelled free of charge" : "cancelled: refund of what was paid beyond the cancellation fee",
  });
  const [latest] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  return {
    booking: toBookingView(latest!, policy, today, now),
    refunded: settlement.refundedCents > 0,
    feeCents: cost.feeCents,
    refundCents: cost.refundCents,
  };
}
