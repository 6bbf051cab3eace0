/**
 * The money side of a cancellation or a no-show, once the fee is known from the booking's stored
 * schedule (shared/cancellation-policies.ts): what was paid less the fee goes back to the card,
 * once. Payment timings other than pay-now (a deposit, a card guarantee) settle here too, so every
 * caller (the guest's cancel, the front desk's no-show, the admin) moves money the same way.
 */
import type { BookingDeps, BookingRow } from "./records.ts";
import { refundPayment } from "./refunds.ts";

export interface Settlement {
  /** Given back to the card in this call. */
  refundedCents: number;
  /** Charged on a card guarantee in this call. */
  capturedCents: number;
  /** The part of the fee no payment covers: owed at the hotel. */
  owedAtHotelCents: number;
}

/** What the guest has paid by card for this booking (the points discount is not card money). */
export function paidByCardCents(row: BookingRow): number {
  if (row.payAtHotel) return 0;
  return row.amountDueNowCents ?? row.totalPriceCents - row.discountCents;
}

/**
 * Settles a cancelled (or no-show) booking's money against its fee: refunds what the card paid
 * beyond the fee, once (refundPayment's claim and idempotency key). Call after the booking's new
 * status is written.
 */
export async function settleCancellationMoney(
  deps: BookingDeps,
  row: BookingRow,
  charge: { feeCents: number; why: string },
): Promise<Settlement> {
  const paid = paidByCardCents(row);
  const refundCents = Math.max(0, paid - charge.feeCents);
  const owedAtHotelCents = Math.max(0, charge.feeCents - paid);
  if (refundCents === 0) return { refundedCents: 0, capturedCents: 0, owedAtHotelCents };
  const refunded = await refundPayment(deps, row, refundCents, charge.why, { from: ["completed"] });
  return { refundedCents: refunded ? refundCents : 0, capturedCents: 0, owedAtHotelCents };
}
