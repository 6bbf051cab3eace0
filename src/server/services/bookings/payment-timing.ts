/**
 * What a booking's payment timing (decision 051) asks of the card at the hold: pay now charges the
 * price after discounts, a deposit charges its share (the rest is paid at the hotel), and pay at
 * the hotel only authorises the price as a card guarantee (manual capture: nothing charged unless a
 * cancellation or no-show fee is due). A booking taken by the front desk to be paid at the hotel
 * (pay_at_hotel set) has no card at all. A guarantee whose fee may come after an authorisation
 * lapses saves the card instead (decision 075).
 */
import { chargedAtBookingCents } from "../../../shared/booking.ts";
import { daysBetween } from "../../../shared/dates.ts";
import type { CaptureMethod } from "../../integrations/payments/payment-gateway.ts";
import type { BookingRow } from "./records.ts";

type TimingFields = Pick<BookingRow, "paymentTiming" | "payAtHotel" | "amountDueNowCents" | "totalPriceCents" | "discountCents">;

/** A card guarantee: authorised at the hold, captured only for a fee. */
export function isCardGuarantee(row: Pick<BookingRow, "paymentTiming" | "payAtHotel">): boolean {
  return row.paymentTiming === "pay_at_hotel" && !row.payAtHotel;
}

/** The price after every discount: what the stay costs the guest in money. */
function priceAfterDiscounts(row: TimingFields): number {
  return row.totalPriceCents - row.discountCents;
}

/** What the guest pays at the hotel for the stay itself (a deposit's rest, a guarantee's or a pay-at-hotel booking's whole price). */
export function dueAtHotelCents(row: TimingFields): number {
  return priceAfterDiscounts(row) - chargedAtBookingCents(row);
}

/**
 * The most days ahead a card guarantee's check-in may be for an authorisation: Stripe keeps one about
 * 7 days, and the last fee (a no-show) comes on the day of check-in or the morning after.
 */
export const AUTHORISATION_MAX_DAYS_AHEAD = 6;

/** How a guarantee holds the card: authorised (capturable for a fee) or saved (charged off-session for a fee). */
export type CardGuarantee = "authorisation" | "saved_card";

/** The way a new guarantee holds the card: authorised when its check-in is near enough, else saved. */
export function cardGuaranteeFor(
  row: Pick<BookingRow, "checkIn">,
  today: string,
  maxDaysAhead: number = AUTHORISATION_MAX_DAYS_AHEAD,
): CardGuarantee {
  return daysBetween(today, row.checkIn) > maxDaysAhead ? "saved_card" : "authorisation";
}

/** A guarantee held by a saved card (bookings.card_guarantee); older guarantees are authorisations. */
export function isSavedCardGuarantee(row: Pick<BookingRow, "paymentTiming" | "payAtHotel" | "cardGuarantee">): boolean {
  return isCardGuarantee(row) && row.cardGuarantee === "saved_card";
}

/** The payment a hold asks the gateway for: a charge of what is due now, or a guarantee's authorisation of the whole price. */
export function cardRequest(row: TimingFields): { amountCents: number; captureMethod: CaptureMethod } {
  if (isCardGuarantee(row)) return { amountCents: priceAfterDiscounts(row), captureMethod: "manual" };
  return { amountCents: chargedAtBookingCents(row), captureMethod: "automatic" };
}
