import type { PaymentProvider } from "../../../shared/booking.ts";

export type GatewayPaymentStatus = "pending" | "requires_action" | "succeeded" | "canceled";

export interface GatewayPayment {
  paymentId: string;
  status: GatewayPaymentStatus;
  amountCents: number;
  currency: string;
  /** The provider's words for the last failed attempt, shown to the guest. */
  lastError: string | null;
  metadata: Record<string, string>;
}

export interface CreatePaymentInput {
  amountCents: number;
  currency: string;
  /** The same key returns the same payment, so a retried request never charges twice. */
  idempotencyKey: string;
  bookingId: string;
  bookingReference: string;
  guestEmail: string;
  description: string;
}

/** A payment-related event the provider told us about (webhook), already verified. */
export interface GatewayEvent {
  id: string;
  type: "payment.succeeded" | "payment.failed" | "other";
  paymentId: string | null;
}

/** A card processor: simulated (the default) or Stripe. Amounts are integer cents. */
export interface PaymentGateway {
  readonly provider: PaymentProvider;
  /** Public key for the browser, when the provider needs one. */
  readonly publishableKey: string | null;
  /** Test-mode money (the simulated gateway, Stripe test keys): never good for a LIVE supplier booking. */
  readonly testMode: boolean;
  createPayment(input: CreatePaymentInput): Promise<{ paymentId: string; clientSecret: string }>;
  getPayment(paymentId: string): Promise<GatewayPayment>;
  /** Stops an unpaid payment from being completed later (used when a hold expires). */
  cancelPayment(paymentId: string): Promise<void>;
  /**
   * Gives money back. The same idempotency key returns the first refund instead of making another,
   * so every caller of one booking's refund can safely repeat it.
   */
  refund(paymentId: string, amountCents: number, reason: "requested_by_customer", idempotencyKey: string): Promise<{ refundId: string }>;
  /** Verifies a webhook's signature; throws when it is not genuine. */
  parseWebhook(rawBody: string, signature: string | undefined): GatewayEvent;
}

/** Raised for a refusal the guest should read (declined card, failed refund). */
export class PaymentError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}
