/**
 * What a booking's payment timing (decision 051) asks of the card at the hold: pay now charges the
 * price after discounts, a deposit charges its share (the rest is paid at the hotel), and pay at
 * the hotel only authorises the price as a card guarantee (manual capture: nothing charged unless a
 * cancellation or no-show fee is due). A booking taken by the front desk to be paid at the hotel
 * (pay_at_hotel set) has no card at all.
 */
import { chargedAtBookingCents } from "../../../shared/booking.ts";
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

/** The payment a hold asks the gateway for: a charge of what is due now, or a guarantee's authorisation of the whole price. */
export function cardRequest(row: TimingFields): { amountCents: number; captureMethod: CaptureMethod } {
  if (isCardGuarantee(row)) return { amountCents: priceAfterDiscounts(row), captureMethod: "manual" };
  return { amountCents: chargedAtBookingCents(row), captureMethod: "automatic" };
}
