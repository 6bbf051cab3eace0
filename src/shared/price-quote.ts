/**
 * The server's price of a stay before anything is held (POST /api/bookings/quote): the same
 * pricing as the hold (rate plan, child charges, discounts, payment timing, cancellation schedule),
 * so the booking dialog shows exactly what the hold will charge. Nothing is taken or saved.
 */
import type { z } from "zod";
import { CreateBookingInput } from "./booking.ts";
import type { CancellationSchedule } from "./cancellation-policies.ts";
import type { MealPlan, PaymentTiming, PlanInclusion } from "./rate-plans.ts";
import type { NightPrice } from "./rates.ts";
import type { PriceBreakdown } from "./charges.ts";
import type { ExtraView } from "./extras.ts";

/** What the hold takes, without the guest's details. */
export const QuoteInput = CreateBookingInput.pick({
  hotelId: true,
  roomTypeId: true,
  ratePlanId: true,
  checkIn: true,
  checkOut: true,
  guests: true,
  children: true,
  ages: true,
  rooms: true,
  pointsToRedeem: true,
  promoCode: true,
  extras: true,
});
export type QuoteInput = z.infer<typeof QuoteInput>;

/** One line taken off the price: a member price, a promo code, or points redeemed (decision 053: in that order). */
export interface QuoteDiscount {
  kind: "member" | "promotion" | "points";
  /** The member tier ("Gold"), the promo code as typed, or the points redeemed as text ("500 points"). */
  label: string;
  cents: number;
}

export interface QuotePlan {
  id: string;
  name: string;
  mealPlan: MealPlan;
  inclusions: PlanInclusion[];
}

export interface PriceQuote {
  hotelId: string;
  roomTypeId: string;
  hotelName: string;
  roomType: string;
  /** The plan priced (null: the room type sells without plans). */
  ratePlan: QuotePlan | null;
  checkIn: string;
  checkOut: string;
  nights: number;
  rooms: number;
  /** Each night's price per room. */
  nightlyPrices: NightPrice[];
  /** Nights × rooms. */
  roomsSubtotalCents: number;
  /** The hotel's child charges for the stay. */
  childChargeCents: number;
  /** roomsSubtotalCents + childChargeCents. */
  subtotalCents: number;
  discounts: QuoteDiscount[];
  pointsRedeemed: number;
  /** The sum of the discounts. */
  discountCents: number;
  /** What is left to pay: charges.totalCents (rooms, extras, fees and added taxes, less member and promo discounts) less points redeemed. */
  totalCents: number;
  /** The price line by line: rooms, child charges, extras, discounts, fees and each tax (decision 059). */
  charges: PriceBreakdown;
  /** The hotel's extras on offer for this stay, each with whether the chosen plan includes it. */
  availableExtras: (ExtraView & { inPlan: boolean })[];
  paymentTiming: PaymentTiming;
  depositPercent: number | null;
  /** Charged to the card at booking (a card guarantee only: 0). */
  amountDueNowCents: number;
  /** Paid at the hotel. */
  amountDueAtHotelCents: number;
  currency: string;
  /** The cancellation terms the booking would keep (null: none of ours, e.g. a partner's room). */
  cancellationSchedule: CancellationSchedule | null;
  /** The schedule in plain words, in the asker's language. */
  cancellationWords: string | null;
  /** A visitor asked, and this plan has member prices: "sign in to see a lower price" (decision 053). */
  memberPriceAvailable: boolean;
}
