import type { z } from "zod";
import type { BookingView, CreateBookingInput, CreateBookingResponse, HoldRules, PaymentStart } from "../../../shared/booking.ts";
import { apiGet, apiSend } from "../../lib/api.ts";
import { postBookingAction } from "../../lib/booking-access.ts";

export interface ConfirmPaymentResponse {
  booking: BookingView;
  /** Lets a visitor (no account) download or cancel this booking. */
  accessToken: string;
  /** The provider's words for a failed attempt (e.g. a failed 3-D Secure check), else null. */
  paymentError: string | null;
}

export type SimulatedCard = { number: string; expMonth: number; expYear: number; cvc: string };

export type SimulatedConfirmResult =
  | { status: "succeeded" }
  | { status: "requires_action"; redirectUrl: string }
  | { status: "failed"; code: string; message: string };

/** Where the payment provider sends the browser back after a 3-D Secure check (a path on this site). */
export function bookingReturnPath(bookingId: string): string {
  return `/booking-success?booking=${encodeURIComponent(bookingId)}`;
}

export function createBookingHold(input: z.input<typeof CreateBookingInput>): Promise<CreateBookingResponse> {
  return apiSend<CreateBookingResponse>("POST", "/api/bookings", input);
}

export function fetchHoldRules(): Promise<HoldRules> {
  return apiGet<HoldRules>("/api/bookings/hold-rules");
}

/**
 * Gives up an unpaid hold so its rooms go back on sale at once. `keepalive` lets the request
 * outlive the page when the guest is leaving it; a failure only means the hold runs out by itself.
 */
export function abandonHold(bookingId: string, accessToken: string, keepalive = false): Promise<unknown> {
  return fetch(`/api/bookings/${encodeURIComponent(bookingId)}/abandon`, {
    method: "POST",
    headers: { Accept: "application/json", "x-booking-access": accessToken },
    credentials: "same-origin",
    keepalive,
  }).catch(() => undefined);
}

/** The payment of an unpaid hold again (finish paying later), with how long the hold still lasts. */
export function resumeHoldPayment(bookingId: string, accessToken: string | null): Promise<CreateBookingResponse & { holdSecondsLeft: number }> {
  return postBookingAction(`/api/bookings/${encodeURIComponent(bookingId)}/payment`, accessToken);
}

export function confirmSimulatedCard(payment: PaymentStart, bookingId: string, card: SimulatedCard): Promise<SimulatedConfirmResult> {
  return apiSend<SimulatedConfirmResult>("POST", `/api/simulated-payments/${encodeURIComponent(payment.paymentId)}/confirm`, {
    clientSecret: payment.clientSecret,
    returnUrl: bookingReturnPath(bookingId),
    card,
  });
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
    const result = await apiSend<ConfirmPaymentResponse>("POST", `/api/bookings/${encodeURIComponent(bookingId)}/confirm-payment`, { paymentId });
    const settled = result.booking.status !== "pending" || result.paymentError !== null;
    if (settled || !paid || attempt >= CONFIRM_ATTEMPTS) return result;
    await wait(CONFIRM_BACKOFF_MS * attempt);
  }
}

export type PaymentOutcome = { kind: "confirmed" } | { kind: "processing" } | { kind: "failed"; message: string };

/** What the guest is told after reporting a payment: booked, still being confirmed, or why not. */
export function paymentOutcome(result: ConfirmPaymentResponse): PaymentOutcome {
  const { booking, paymentError } = result;
  if (booking.status === "confirmed" || booking.status === "completed") return { kind: "confirmed" };
  if (paymentError) return { kind: "failed", message: paymentError };
  if (booking.status === "pending") return { kind: "processing" };
  // A partner hotel refused the paid booking: the server refunds it and says so.
  if (booking.notice) return { kind: "failed", message: booking.notice };
  // The server refunds a payment that arrived after the hold lapsed and the room was sold.
  if (booking.paymentStatus.startsWith("refund")) {
    return { kind: "failed", message: "Your hold expired before the payment went through and the room is no longer available. Your payment is being refunded in full." };
  }
  return { kind: "failed", message: "Your hold on this room has expired. Please start a new booking." };
}
