import Stripe from "stripe";
import type { GatewayEvent, GatewayPayment, GatewayPaymentStatus, PaymentGateway } from "./payment-gateway.ts";
import { PaymentError } from "./payment-gateway.ts";

export interface StripeSettings {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Only for tests against a local fake of Stripe's API. */
  api?: { host: string; port: number; protocol: "http" | "https" };
}

function toStatus(status: Stripe.PaymentIntent.Status): GatewayPaymentStatus {
  switch (status) {
    case "succeeded":
      return "succeeded";
    case "canceled":
      return "canceled";
    case "requires_action":
      return "requires_action";
    case "requires_capture":
      return "requires_capture";
    default:
      return "pending";
  }
}

function toPayment(intent: Stripe.PaymentIntent): GatewayPayment {
  return {
    paymentId: intent.id,
    status: toStatus(intent.status),
    amountCents: intent.amount,
    capturedCents: intent.amount_received ?? 0,
    currency: intent.currency.toUpperCase(),
    lastError: intent.last_payment_error?.message ?? null,
    metadata: intent.metadata ?? {},
  };
}

function providerMessage(error: unknown, fallback: string): PaymentError {
  if (error instanceof Stripe.errors.StripeError) return new PaymentError(error.message || fallback, error.code ?? error.type);
  return new PaymentError(fallback, "PROVIDER_ERROR");
}

/**
 * Stripe PaymentIntents: one idempotency key per booking, manual capture for card guarantees
 * (capture_method=manual, then a capture of part of it or a cancel), refunds, signed webhooks.
 */
export function createStripeGateway(settings: StripeSettings): PaymentGateway {
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(settings.api ? settings.api : {}),
  });

  return {
    provider: "stripe",
    publishableKey: settings.publishableKey,
    testMode: /^(sk|rk)_test_/.test(settings.secretKey),

    async createPayment(input) {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: input.amountCents,
            currency: input.currency.toLowerCase(),
            automatic_payment_methods: { enabled: true },
            ...(input.captureMethod === "manual" ? { capture_method: "manual" as const } : {}),
            description: input.description,
            receipt_email: input.guestEmail,
            metadata: { bookingId: input.bookingId, bookingReference: input.bookingReference },
          },
          { idempotencyKey: input.idempotencyKey },
        );
        if (!intent.client_secret) throw new PaymentError("Failed to create payment", "NO_CLIENT_SECRET");
        return { paymentId: intent.id, clientSecret: intent.client_secret };
      } catch (error) {
        throw error instanceof PaymentError ? error : providerMessage(error, "Failed to create payment");
      }
    },

    async getPayment(paymentId) {
      try {
        return toPayment(await stripe.paymentIntents.retrieve(paymentId));
      } catch (error) {
        throw providerMessage(error, "Failed to read the payment");
      }
    },

    async cancelPayment(paymentId) {
      try {
        // An authorised guarantee went through: the confirmation keeps or releases it, not the hold's expiry.
        const current = await stripe.paymentIntents.retrieve(paymentId);
        if (current.status === "requires_capture" || current.status === "succeeded" || current.status === "canceled") return;
        await stripe.paymentIntents.cancel(paymentId);
      } catch (error) {
        // Already cancelled or already paid: nothing left to stop.
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "payment_intent_unexpected_state") return;
        throw providerMessage(error, "Failed to cancel the payment");
      }
    },

    async refund(paymentId, amountCents, reason, idempotencyKey) {
      try {
        const refund = await stripe.refunds.create({ payment_intent: paymentId, amount: amountCents, reason }, { idempotencyKey });
        return { refundId: refund.id };
      } catch (error) {
        throw providerMessage(error, "Refund failed");
      }
    },

    async capturePayment(paymentId, amountCents, idempotencyKey) {
      try {
        return toPayment(await stripe.paymentIntents.capture(paymentId, { amount_to_capture: amountCents }, { idempotencyKey }));
      } catch (error) {
        throw providerMessage(error, "Failed to charge the card");
      }
    },

    async cancelAuthorisation(paymentId, idempotencyKey) {
      try {
        return toPayment(await stripe.paymentIntents.cancel(paymentId, {}, { idempotencyKey }));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "payment_intent_unexpected_state") {
          const intent = await stripe.paymentIntents.retrieve(paymentId);
          if (intent.status === "canceled") return toPayment(intent);
        }
        throw providerMessage(error, "Failed to release the card authorisation");
      }
    },

    parseWebhook(rawBody, signature): GatewayEvent {
      if (!signature) throw new PaymentError("Missing Stripe-Signature header", "BAD_SIGNATURE");
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
      } catch (error) {
        throw new PaymentError(error instanceof Error ? error.message : "Invalid signature", "BAD_SIGNATURE");
      }
      // A manual-capture payment the card authorised (a guarantee) arrives as amount_capturable_updated.
      if (event.type === "payment_intent.succeeded" || event.type === "payment_intent.amount_capturable_updated") {
        return { id: event.id, type: "payment.succeeded", paymentId: event.data.object.id };
      }
      if (event.type === "payment_intent.payment_failed") {
        return { id: event.id, type: "payment.failed", paymentId: event.data.object.id };
      }
      return { id: event.id, type: "other", paymentId: null };
    },
  };
}
