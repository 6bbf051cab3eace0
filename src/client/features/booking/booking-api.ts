import { confirmPayment, type ConfirmPaymentResponse } from "../../api/bookings.ts";
import { confirmSimulatedCard as payWithSimulatedCard, type SimulatedCard } from "../../api/payments.ts";
import { i18next } from "../../lib/i18n.ts";

export type { ConfirmPaymentResponse };

/** Where the payment provider sends the browser back after a 3-D Secure check (a path on this site). */
export function bookingReturnPath(bookingId: string): string {
  return `/booking-success?booking=${encodeURIComponent(bookingId)}`;
}

export function confirmSimulatedCard(payment: { paymentId: string; clientSecret: string }, bookingId: string, card: SimulatedCard) {
  return payWithSimulatedCard(payment, bookingReturnPath(bookingId), card);
}

const CONFIRM_ATTEMPTS = 5;
const CONFIRM_BACKOFF_MS = 600;

function wait(ms: number): Promise<void> {
  return new Promise((resolve) => window.setTimeout(resolve, ms));
}

/**
 * Reports a payment to the server, which confirms the booking idempotently. When the provider said
 * the payment succeeded (`paid`) but the booking is still pending, the provider's webhook may be a
 * moment behind, so it asks again a few times (0.6 s, 1.2 s, ... apart) before returning the pending booking.
 */
export async function confirmBookingPayment(bookingId: string, paymentId: string, paid: boolean): Promise<ConfirmPaymentResponse> {
  for (let attempt = 1; ; attempt++) {
    const result = await confirmPayment(bookingId, paymentId);
    const settled = result.booking.status !== "pending" || result.paymentError !== null;
    if (settled || !paid || attempt >= CONFIRM_ATTEMPTS) return result;
    await wait(CONFIRM_BACKOFF_MS * attempt);
  }
}

/**
 * A payment provider's refusal in the reader's language: the simulated processor's known English
 * messages are translated; any other text (Stripe writes in the reader's language already) is shown as it came.
 */
export function paymentMessage(message: string): string {
  const t = i18next.t;
  switch (message) {
    case "Your card was declined.":
      return t("Your card was declined.");
    case "Your card has insufficient funds.":
      return t("Your card has insufficient funds.");
    case "We are unable to authenticate your payment method. Please choose a different payment method and try again.":
      return t("We are unable to authenticate your payment method. Please choose a different payment method and try again.");
    case "This payment was cancelled because the booking hold expired. Please start again.":
      return t("This payment was cancelled because the booking hold expired. Please start again.");
    case "Your card number is incorrect.":
      return t("Your card number is incorrect.");
    case "Your card has expired.":
      return t("Your card has expired.");
    case "Your card's security code is incorrect.":
      return t("Your card's security code is incorrect.");
    default:
      return message;
  }
}

export type PaymentOutcome = { kind: "confirmed" } | { kind: "processing" } | { kind: "failed"; message: string };

/** What the guest is told after reporting a payment: booked, still being confirmed, or why not. */
export function paymentOutcome(result: ConfirmPaymentResponse): PaymentOutcome {
  const { booking, paymentError } = result;
  if (booking.status === "confirmed" || booking.status === "completed") return { kind: "confirmed" };
  if (paymentError) return { kind: "failed", message: paymentMessage(paymentError) };
  if (booking.status === "pending") return { kind: "processing" };
  // A partner hotel refused the paid booking: the server refunds it and says so.
  if (booking.notice) return { kind: "failed", message: booking.notice };
  // The server refunds a payment that arrived after the hold lapsed and the room was sold.
  if (booking.paymentStatus.startsWith("refund")) {
    return {
      kind: "failed",
      message: i18next.t(
        "Your hold expired before the payment went through and the room is no longer available. Your payment is being refunded in full.",
      ),
    };
  }
  return { kind: "failed", message: i18next.t("Your hold on this room has expired. Please start a new booking.") };
}
