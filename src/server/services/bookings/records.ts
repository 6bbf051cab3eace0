/**
 * The booking record and the steps every flow shares (our own rooms, partner rooms, the back
 * office): how a booking reads, how it is confirmed once paid and how its points are settled when
 * it falls through. Refunds are in refunds.ts.
 */
import type { TaxSettings } from "../../../shared/taxes.ts";
import { eq } from "drizzle-orm";
import { type BookingView, type CancellationCost, chargedAtBookingCents, paidByCardCents } from "../../../shared/booking.ts";
import { type PolicyTerms, refundAt } from "../../../shared/cancellation-policies.ts";
import type { MealPlan, PaymentTiming, PlanInclusion } from "../../../shared/rate-plans.ts";
import { addDays, daysBetween, todayUtc } from "../../../shared/dates.ts";
import { pointsForPayment } from "../../../shared/loyalty.ts";
import type { HoldSettings } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import type { bookings } from "../../db/schema.ts";
import { hotels, payments } from "../../db/schema.ts";
import { DomainError } from "../../domain-error.ts";
import type { PaymentGateway } from "../../integrations/payments/payment-gateway.ts";
import type { WholesalerSupplier } from "../../integrations/suppliers/wholesaler-supplier.ts";
import type { Logger } from "../../logger.ts";
import { logActivity } from "../activity-log.ts";
import { issueBookingInvoice } from "../invoices.ts";
import { bookingConfirmationEmail } from "./emails.ts";
import { type DeliveryMode, queueEmail } from "../email-outbox.ts";
import { creditReferralIfDue, pointsRecorded, recordPoints, reverseReferralIfUnearned } from "../loyalty.ts";
import { recordBookingEvent } from "../webhook-outbox.ts";

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
  /** How far ahead a card guarantee's check-in may be for an authorisation; further saves the card (default 6, decision 075). */
  cardAuthorisationMaxDays?: number;
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

/**
 * What cancelling costs at `now` (decision 049): from the booking's stored schedule and what its
 * card paid (a guarantee's captured fee included); an older booking without a schedule keeps the
 * hotel's free-cancellation days, all back or nothing. The guest's cancel, the preview, the view,
 * the front desk and the admin all read it here.
 */
export function cancellationCost(row: BookingRow, policy: HotelPolicy, now: Date = new Date()): CancellationCost {
  const paid = paidByCardCents(row);
  if (row.cancellationSchedule) return refundAt(row.cancellationSchedule, paid, now);
  return refundableOnCancel(row.checkIn, policy.freeCancellationDays, todayUtc(now))
    ? { feeCents: 0, refundCents: paid, owedCents: 0 }
    : { feeCents: paid, refundCents: 0, owedCents: 0 };
}

/** The refusal of a room that cannot sleep the party in the rooms asked for. */
export function roomTooSmall(name: string, maxGuests: number, party: number): DomainError {
  return new DomainError(
    "ROOM_TOO_SMALL",
    `${name} sleeps up to ${maxGuests} guests per room: book more rooms or choose a larger room for ${party} guests.`,
  );
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
export function toBookingView(row: BookingRow, hotelPolicy: HotelPolicy, today = todayUtc(), now: Date = new Date()): BookingView {
  const policy = isSupplierBooking(row)
    ? { cancellationPolicy: row.cancellationPolicy, freeCancellationDays: row.freeCancellationDays ?? 0 }
    : hotelPolicy;
  const completed = row.status === "confirmed" && row.checkOut <= today;
  const canCancel = row.status === "confirmed" && row.checkIn > today;
  const cost = canCancel ? cancellationCost(row, policy, now) : null;
  const dueNow = chargedAtBookingCents(row);
  return {
    id: row.id,
    bookingReference: row.bookingReference,
    hotelId: row.hotelId !== null ? String(row.hotelId) : row.supplierHotelId,
    hotelName: row.hotelName,
    roomType: row.roomType,
    roomPriceCents: row.roomPriceCents,
    nightlyPrices: row.nightlyPriceCents
      ? row.nightlyPriceCents.map((priceCents, i) => ({ night: addDays(row.checkIn, i), priceCents }))
      : null,
    checkIn: row.checkIn,
    checkOut: row.checkOut,
    numGuests: row.numGuests,
    numAdults: row.numGuests - row.numChildren,
    numChildren: row.numChildren,
    childAges: row.childAges,
    numRooms: row.numRooms,
    totalNights: row.totalNights,
    totalPriceCents: row.totalPriceCents,
    charges: row.charges ?? null,
    childChargeCents: row.childChargeCents,
    discountCents: row.discountCents,
    pointsRedeemed: row.pointsRedeemed,
    promoCode: row.promoCode,
    promoDiscountCents: row.promoDiscountCents,
    memberDiscountCents: row.memberDiscountCents,
    amountDueCents: row.totalPriceCents - row.discountCents,
    refundedCents: row.refundedCents,
    currency: row.currency,
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
    refundOnCancel: cost !== null && cost.feeCents === 0,
    ratePlanName: row.ratePlanName,
    mealPlan: row.mealPlan as BookingView["mealPlan"],
    inclusions: row.inclusions as BookingView["inclusions"],
    paymentTiming: row.paymentTiming as BookingView["paymentTiming"],
    amountDueNowCents: dueNow,
    amountDueAtHotelCents: row.totalPriceCents - row.discountCents - dueNow,
    cancellationSchedule: row.cancellationSchedule,
    cancellationNow: cost,
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
export async function recordConfirmation(
  tx: Tx,
  deps: BookingDeps,
  row: BookingRow,
  payment: PaymentRow,
  source: ConfirmSource,
): Promise<void> {
  await tx.update(payments).set({ status: "succeeded", updatedAt: new Date() }).where(eq(payments.id, payment.id));
  // The invoice of what the card paid (none for partner rooms or a guarantee), in this transaction (decision 056).
  await issueBookingInvoice(tx, row, payment.amountCents);
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
  await queueEmail(tx, deps.deliveryMode, bookingConfirmationEmail(row, `${deps.publicUrl}/my-bookings`));
  await recordBookingEvent(tx, "booking.created", row);
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

/** What a booking keeps of the rate plan it was sold under (decision 049). */
export interface PlanSnapshot {
  id: number;
  name: string;
  mealPlan: MealPlan;
  inclusions: PlanInclusion[];
  paymentTiming: PaymentTiming;
  depositPercent: number | null;
}

/** A room priced by the server for one stay, ready to be held. */
export interface PricedRoom {
  hotelName: string;
  roomName: string;
  nightlyPriceCents: number;
  /** Each night's price per room, from check-in on (own rooms); the booking keeps them as sold. */
  nightlyPrices?: number[];
  /** Everything: the rooms plus childChargeCents. */
  totalPriceCents: number;
  /** The hotel's child charges for the stay (0 for a partner hotel: its supplier prices children). */
  childChargeCents: number;
  currency: string;
  /** Where the room comes from, as booking columns. */
  source: Partial<
    Pick<
      typeof bookings.$inferInsert,
      | "hotelId"
      | "roomTypeId"
      | "supplier"
      | "supplierHotelId"
      | "supplierRoomId"
      | "supplierEnvironment"
      | "supplierPriceCode"
      | "supplierState"
      | "freeCancellationDays"
      | "cancellationPolicy"
    >
  >;
  /** The rate plan sold (own rooms with plans), as it stood when priced. */
  plan?: PlanSnapshot;
  /** The cancellation terms sold (own rooms: the plan's policy, else the hotel's free-cancellation days) in the hotel's time zone. */
  policy?: { terms: PolicyTerms; timeZone: string };
  /** Our room type's room count (own rooms): what one address may hold a share of unpaid. */
  totalRooms?: number;
  /** Our hotel's taxes, fees and star rating (own rooms; decision 059): what stayCharges adds to the price. A partner's room has none of ours. */
  hotelCharges?: { taxes: TaxSettings; stars: number };
  /** Takes our rooms inside the hold's transaction; a supplier's room is held by its price check instead. */
  take?: (tx: Tx) => Promise<void>;
}
