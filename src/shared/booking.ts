import { z } from "zod";
import { fieldError } from "./field-messages.ts";
import { ExtrasChoice } from "./extras.ts";
import type { PriceBreakdown } from "./charges.ts";
import { PromoCodeEntry } from "./promotions.ts";
import type { CancellationSchedule } from "./cancellation-policies.ts";
import type { MealPlan, PaymentTiming, PlanInclusion } from "./rate-plans.ts";
import type { NightPrice } from "./rates.ts";
import { StayFields } from "./search.ts";

/** Unpaid holds keep their rooms this long unless HOLD_MINUTES says otherwise. */
export const DEFAULT_HOLD_MINUTES = 15;

export const BOOKING_STATUSES = ["pending", "confirmed", "cancelled", "completed"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** Where a booking came from (issue 31): our website, the front desk by phone, a channel manager's API key, an imported calendar, or the partner wholesaler. */
export const BOOKING_SOURCES = ["website", "phone", "channel", "calendar", "partner"] as const;
export type BookingSource = (typeof BOOKING_SOURCES)[number];

/** Spec section 5: total = price per night × nights × rooms (all in cents). */
export function bookingTotalCents(pricePerNightCents: number, nights: number, rooms: number): number {
  return pricePerNightCents * nights * rooms;
}

const REFERENCE_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** 'BK' + timestamp + 5 random upper-case letters; `random` returns values in [0, 1). */
export function bookingReference(nowMs: number, random: () => number): string {
  let suffix = "";
  for (let i = 0; i < 5; i++) suffix += REFERENCE_LETTERS[Math.floor(random() * REFERENCE_LETTERS.length)];
  return `BK${nowMs}${suffix}`;
}

export const BOOKING_REFERENCE_PATTERN = /^BK\d{10,16}[A-Z]{5}$/;

export const GuestDetails = z.object({
  guestName: z.string().trim().min(1, fieldError("fullNameRequired")).max(100, fieldError("guestNameTooLong")),
  guestEmail: z.string().trim().min(1, fieldError("emailRequired")).max(254).email(fieldError("emailInvalid")),
  guestPhone: z
    .string()
    .trim()
    .min(1, fieldError("phoneRequired"))
    .regex(/^\+?[0-9 ()./-]{6,25}$/, fieldError("phoneInvalid")),
  specialRequests: z.string().trim().max(1000, fieldError("specialRequestsTooLong")).optional(),
});
export type GuestDetails = z.infer<typeof GuestDetails>;

/** What the browser sends to hold a room: choices only; every price is computed on the server. */
export const CreateBookingInput = GuestDetails.extend({
  hotelId: z.string().min(1, fieldError("chooseHotel")).max(100),
  roomTypeId: z.string().min(1, fieldError("chooseRoom")).max(100),
  /** The rate plan chosen (decision 049); absent: the room type's first plan, or the room as sold before plans. */
  ratePlanId: z.string().min(1, fieldError("chooseRate")).max(100).optional(),
  ...StayFields,
  /** Loyalty points to spend on this booking (signed-in guests): 0, or at least 100. */
  pointsToRedeem: z.coerce
    .number()
    .int(fieldError("pointsWhole"))
    .min(0)
    .max(10_000_000)
    .refine((p) => p === 0 || p >= 100, fieldError("pointsMinimum"))
    .default(0),
  /**
   * The nightly price the guest was shown or has accepted. A partner hotel's room whose price
   * has risen above it is not held; the guest is asked to accept the new price first.
   */
  expectedNightlyPriceCents: z.coerce.number().int(fieldError("priceWholeCents")).min(0).max(100_000_000).optional(),
  /** A promo code as the guest typed it (decision 053): trimmed, empty for none; the server checks and prices it. */
  promoCode: PromoCodeEntry,
  /** The hotel's extras chosen (issue 30 item 4): priced, taxed and stored by the server. */
  extras: ExtrasChoice.optional(),
});
export type CreateBookingInput = z.infer<typeof CreateBookingInput>;

export const BookingLookupInput = z.object({
  reference: z.string().trim().toUpperCase().regex(BOOKING_REFERENCE_PATTERN, fieldError("bookingReference")),
  email: z.string().trim().min(1, fieldError("emailRequired")).max(254).email(fieldError("emailInvalid")),
});
export type BookingLookupInput = z.infer<typeof BookingLookupInput>;

export interface BookingView {
  id: string;
  bookingReference: string;
  hotelId: string | null;
  hotelName: string;
  roomType: string;
  roomPriceCents: number;
  /** Each night's price per room as sold (own rooms); null for partner and older bookings. */
  nightlyPrices: NightPrice[] | null;
  checkIn: string;
  checkOut: string;
  /** Everyone staying: adults + children. */
  numGuests: number;
  numAdults: number;
  numChildren: number;
  /** Each child's age; empty for children booked before ages were asked. */
  childAges: number[];
  numRooms: number;
  totalNights: number;
  /** What the stay costs before points: rooms, child charges, extras and fees less discounts, plus added taxes (charges.totalCents). */
  totalPriceCents: number;
  /** The price line by line as the server computed it (decision 059); null: a booking made before taxes and extras. */
  charges: PriceBreakdown | null;
  /** The hotel's child rate × paying children × nights, included in the total. */
  childChargeCents: number;
  /** Paid with loyalty points (100 points = $1). */
  discountCents: number;
  pointsRedeemed: number;
  /** The promo code as typed and its discount, and the member price's discount: both already off totalPriceCents (decision 053). */
  promoCode: string | null;
  promoDiscountCents: number;
  memberDiscountCents: number;
  /** What the card is charged: total less the points discount. */
  amountDueCents: number;
  /** What went back to the card (0: nothing); less than amountDueCents for a partial refund. */
  refundedCents: number;
  currency: string;
  guestName: string;
  guestEmail: string;
  guestPhone: string;
  specialRequests: string | null;
  /** 'completed' once a confirmed stay's check-out has passed. */
  status: BookingStatus;
  paymentStatus: string;
  createdAt: string;
  holdExpiresAt: string | null;
  cancellationPolicy: string | null;
  /** Cancel is offered (confirmed, check-in still ahead). */
  canCancel: boolean;
  /** A cancellation now would be refunded in full. */
  refundOnCancel: boolean;
  /** The rate plan sold and what it included then (null and empty: none, as for partner and older bookings). */
  ratePlanName: string | null;
  mealPlan: MealPlan | null;
  inclusions: PlanInclusion[];
  paymentTiming: PaymentTiming;
  /** Charged to the card at booking: the price after discounts, a deposit's share, or 0 (a card guarantee, pay at the hotel). */
  amountDueNowCents: number;
  /** Left to pay at the hotel for the stay. */
  amountDueAtHotelCents: number;
  /** The cancellation terms as sold (decision 049); null for partner and older bookings, which follow cancellationPolicy. */
  cancellationSchedule: CancellationSchedule | null;
  /** What cancelling now costs and gives back, computed by the server from the stored terms; null when it cannot be cancelled. */
  cancellationNow: CancellationCost | null;
  /** Why a paid booking did not go ahead (the hotel could not confirm it), else null. */
  notice: string | null;
  /** An unpaid hold: not a booking until its payment goes through; it can be paid or abandoned. */
  awaitingPayment: boolean;
}

/** The booking columns that say what its card was charged at booking. */
export interface ChargedFields {
  payAtHotel: boolean;
  paymentTiming: string;
  amountDueNowCents: number | null;
  totalPriceCents: number;
  discountCents: number;
}

/**
 * What the card was charged at booking, from the booking's stored terms: its amount due now (older
 * bookings: the price after discounts), nothing for a card guarantee or pay at the hotel.
 */
export function chargedAtBookingCents(row: ChargedFields): number {
  const price = row.totalPriceCents - row.discountCents;
  if (row.payAtHotel || row.paymentTiming === "pay_at_hotel") return 0;
  return Math.min(row.amountDueNowCents ?? price, price);
}

/**
 * What the guest has paid by card for the booking: what was charged at booking plus what was later
 * taken from a card guarantee (a cancellation or no-show fee). Points are not card money.
 */
export function paidByCardCents(row: ChargedFields & { capturedCents: number }): number {
  return chargedAtBookingCents(row) + row.capturedCents;
}

/** What cancelling a booking costs at one instant (shared/cancellation-policies.ts refundAt, or an older booking's all-or-nothing rule). */
export interface CancellationCost {
  feeCents: number;
  /** Goes back to the card. */
  refundCents: number;
  /** The part of the fee no payment covers: charged on the card guarantee or owed at the hotel. */
  owedCents: number;
}

/** GET /api/bookings/:id/cancellation: what cancelling now would cost, shown before the guest confirms. */
export interface CancellationPreview extends CancellationCost {
  canCancel: boolean;
  currency: string;
  /** What the guest has paid by card for the booking. */
  paidCents: number;
  cancellationSchedule: CancellationSchedule | null;
  /** The schedule (or the older booking's policy) in plain words, in the asker's language. */
  policyWords: string | null;
  /** What cancelling now costs and gives back, in the asker's language. */
  nowWords: string;
}

/** What the hold rules are, for the booking form (from the server's settings). */
export interface HoldRules {
  holdMinutes: number;
  maxRooms: number;
}

export type PaymentProvider = "simulated" | "stripe";

export interface PaymentStart {
  provider: PaymentProvider;
  paymentId: string;
  clientSecret: string;
  /**
   * What the card is charged now (automatic), or what it guarantees, charged only for a cancellation or
   * no-show fee: authorised now (manual), or the card saved to be charged off-session later (setup:
   * the client secret is a SetupIntent's, decision 075).
   */
  amountCents: number;
  currency: string;
  captureMethod: "automatic" | "manual" | "setup";
  /** What is left to pay at the hotel (a deposit's rest, a guarantee's whole price); 0 when everything is paid now. */
  dueAtHotelCents: number;
}

export interface CreateBookingResponse {
  booking: BookingView;
  payment: PaymentStart;
  /** Lets the guest (a visitor too) abandon or pay this hold later. */
  accessToken: string;
}
