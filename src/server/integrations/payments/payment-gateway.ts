import type { PaymentProvider } from "../../../shared/booking.ts";

/**
 * requires_capture: a manual-capture payment the card authorised (a guarantee): nothing charged until captured.
 * card_saved: a card setup (saveCard) went through: the card can be charged off-session (chargeSavedCard).
 */
export type GatewayPaymentStatus = "pending" | "requires_action" | "requires_capture" | "card_saved" | "succeeded" | "canceled";

/** automatic: charged when the card is accepted; manual: only authorised (a card guarantee) until captured or cancelled. */
export type CaptureMethod = "automatic" | "manual";

export interface GatewayPayment {
  paymentId: string;
  status: GatewayPaymentStatus;
  amountCents: number;
  /** What was charged: the whole amount once succeeded, a manual capture's amount, 0 while only authorised. */
  capturedCents: number;
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
  /** Default automatic; manual authorises the amount without charging it (capturePayment / cancelAuthorisation). */
  captureMethod?: CaptureMethod;
}

/** A card saved for a later off-session charge (Stripe: a customer and a SetupIntent with usage off_session). */
export interface SaveCardInput {
  /** What the saved card guarantees (charged only for a fee, at most this); kept with the setup, as getPayment's amountCents. */
  guaranteeCents: number;
  currency: string;
  /** The same key returns the same setup (and the same customer). */
  idempotencyKey: string;
  bookingId: string;
  bookingReference: string;
  guestEmail: string;
  description: string;
}

/** A charge of a saved card without the guest present (Stripe: a PaymentIntent with off_session and confirm). */
export interface ChargeSavedCardInput {
  /** saveCard's id: the gateway finds its customer and card. */
  setupId: string;
  amountCents: number;
  currency: string;
  /** The same key returns the first charge (or its refusal) instead of charging again. */
  idempotencyKey: string;
  description: string;
}

/**
 * A payment-related event the provider told us about (webhook), already verified. payment.succeeded:
 * the card went through: charged, or authorised for a manual capture.
 */
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
  /**
   * Starts saving the guest's card for a later off-session charge; the browser confirms it with the
   * client secret (a setup secret). The returned id works with getPayment and cancelPayment.
   */
  saveCard(input: SaveCardInput): Promise<{ paymentId: string; clientSecret: string }>;
  /**
   * Charges a saved card off-session. A refusal by the card (declined, or the bank asks the absent
   * guest to authenticate) throws a PaymentError with cardRefused set; the same key repeats it.
   */
  chargeSavedCard(input: ChargeSavedCardInput): Promise<GatewayPayment>;
  /** A payment, or a card setup (saveCard's id: status card_saved once done, amountCents the guarantee). */
  getPayment(paymentId: string): Promise<GatewayPayment>;
  /**
   * Stops an unpaid payment (or an unfinished card setup) from being completed later (used when a
   * hold expires). A card already authorised for a manual capture, or already saved, is left alone.
   */
  cancelPayment(paymentId: string): Promise<void>;
  /**
   * Gives money back. The same idempotency key returns the first refund instead of making another,
   * so every caller of one booking's refund can safely repeat it.
   */
  refund(paymentId: string, amountCents: number, reason: "requested_by_customer", idempotencyKey: string): Promise<{ refundId: string }>;
  /**
   * Charges amountCents (at most the authorised amount) of a manual-capture payment and releases the
   * rest of the authorisation. The same idempotency key returns the first capture instead of another.
   */
  capturePayment(paymentId: string, amountCents: number, idempotencyKey: string): Promise<GatewayPayment>;
  /** Releases a manual-capture payment's authorisation without charging anything; an already cancelled one is left as it is. */
  cancelAuthorisation(paymentId: string, idempotencyKey: string): Promise<GatewayPayment>;
  /** Verifies a webhook's signature; throws when it is not genuine. */
  parseWebhook(rawBody: string, signature: string | undefined): GatewayEvent;
}

/** Raised for a refusal the guest should read (declined card, failed refund). */
export class PaymentError extends Error {
  constructor(
    message: string,
    readonly code: string,
    /** The card itself refused (declined, authentication required): asking again gets the same answer. */
    readonly cardRefused = false,
  ) {
    super(message);
  }
}
