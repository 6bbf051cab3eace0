/**
 * The booking record's shared steps, used by our own rooms' flow (bookings.ts), the supplier flow
 * (supplier-bookings.ts) and the back office: how a booking reads, how it is confirmed once paid,
 * how its points are settled when it falls through, and how its payment is refunded.
 */
import { and, eq, sql } from "drizzle-orm";
import type { BookingView } from "../../shared/booking.ts";
import { daysBetween, todayUtc } from "../../shared/dates.ts";
import { pointsForPayment } from "../../shared/loyalty.ts";
import type { Db } from "../db/client.ts";
import { bookings, hotels, payments } from "../db/schema.ts";
import type { PaymentGateway } from "../integrations/payments/payment-gateway.ts";
import type { WholesalerSupplier } from "../integrations/suppliers/wholesaler-supplier.ts";
import type { Logger } from "../logger.ts";
import { logActivity } from "./activity-log.ts";
import { bookingConfirmationEmail } from "./booking-emails.ts";
import { type DeliveryMode, queueEmail } from "./email-outbox.ts";
import { creditReferralIfDue, pointsRecorded, recordPoints } from "./loyalty.ts";

export interface BookingDeps {
  db: Db;
  gateway: PaymentGateway;
  deliveryMode: DeliveryMode;
  logger: Logger;
  publicUrl: string;
  /** The external wholesaler, when rooms may come from it (absent: our inventory only). */
  wholesaler?: WholesalerSupplier;
}

export const BOOKING_ACTIVITY = {
  hold: "booking_hold_created",
  confirmed: "booking_confirmed",
  paymentFailed: "payment_failed",
  holdExpired: "booking_hold_expired",
  cancelled: "booking_cancelled",
  refunded: "booking_refunded",
  refundFailed: "booking_refund_failed",
  supplierFailed: "supplier_booking_failed",
  supplierUnknown: "supplier_booking_unknown",
  supplierCancelFailed: "supplier_cancel_failed",
} as const;

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

/** Points back for a booking that did not happen: the redeemed ones returned, the earned ones reversed. */
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
    actionType: BOOKING_ACTIVITY.confirmed,
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

/**
 * Gives a booking's payment back through the gateway. A failed refund marks the booking
 * refund_pending, which the reconciliation retries; returns whether the money went back now.
 */
export async function refundPayment(deps: BookingDeps, booking: BookingRow, amountCents: number, why: string): Promise<boolean> {
  if (!booking.paymentIntentId) return false;
  try {
    await deps.gateway.refund(booking.paymentIntentId, amountCents, "requested_by_customer");
  } catch (error) {
    await deps.db.update(bookings).set({ paymentStatus: "refund_pending", updatedAt: new Date() }).where(eq(bookings.id, booking.id));
    await logActivity(deps.db, {
      actionType: BOOKING_ACTIVITY.refundFailed,
      targetUserEmail: booking.guestEmail,
      details: { bookingId: booking.id, reference: booking.bookingReference, message: error instanceof Error ? error.message : String(error) },
    });
    deps.logger.error({ err: error, bookingId: booking.id }, "refund failed; will retry");
    return false;
  }
  await deps.db.transaction(async (tx) => {
    await tx.update(bookings).set({ paymentStatus: "refunded", updatedAt: new Date() }).where(eq(bookings.id, booking.id));
    await tx
      .update(payments)
      .set({ status: "refunded", refundedCents: sql`${payments.refundedCents} + ${amountCents}`, updatedAt: new Date() })
      .where(and(eq(payments.bookingId, booking.id), eq(payments.providerPaymentId, booking.paymentIntentId!)));
    await logActivity(tx, {
      actionType: BOOKING_ACTIVITY.refunded,
      targetUserEmail: booking.guestEmail,
      details: { bookingId: booking.id, reference: booking.bookingReference, amountCents, why },
    });
  });
  return true;
}
