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
  if (error instanceof Stripe.errors.StripeCardError) return new PaymentError(error.message || fallback, error.code ?? error.type, true);
  if (error instanceof Stripe.errors.StripeError) return new PaymentError(error.message || fallback, error.code ?? error.type);
  return new PaymentError(fallback, "PROVIDER_ERROR");
}

/** Stripe's ids say what they are: a SetupIntent (a card being saved) starts with seti_. */
function isSetupId(id: string): boolean {
  return id.startsWith("seti_");
}

function setupStatus(status: Stripe.SetupIntent.Status): GatewayPaymentStatus {
  switch (status) {
    case "succeeded":
      return "card_saved";
    case "canceled":
      return "canceled";
    case "requires_action":
      return "requires_action";
    default:
      return "pending";
  }
}

function setupToPayment(intent: Stripe.SetupIntent): GatewayPayment {
  const metadata = intent.metadata ?? {};
  return {
    paymentId: intent.id,
    status: setupStatus(intent.status),
    amountCents: Number(metadata.guaranteeCents ?? 0),
    capturedCents: 0,
    currency: (metadata.currency ?? "").toUpperCase(),
    lastError: intent.last_setup_error?.message ?? null,
    metadata,
  };
}

function idOf(value: string | { id: string } | null): string | null {
  return typeof value === "string" ? value : (value?.id ?? null);
}

/**
 * Stripe PaymentIntents: one idempotency key per booking, manual capture for card guarantees
 * (capture_method=manual, then a capture of part of it or a cancel), saved cards for guarantees
 * further ahead (a customer and a SetupIntent with usage off_session, then an off-session
 * PaymentIntent for a fee), refunds, signed webhooks.
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

    async saveCard(input) {
      const metadata = {
        bookingId: input.bookingId,
        bookingReference: input.bookingReference,
        guaranteeCents: String(input.guaranteeCents),
        currency: input.currency.toLowerCase(),
      };
      try {
        // One customer per booking (its key derived from the setup's), so the saved card belongs to this guarantee only.
        const customer = await stripe.customers.create(
          { email: input.guestEmail, description: input.description, metadata: { bookingId: input.bookingId } },
          { idempotencyKey: `${input.idempotencyKey}-customer` },
        );
        const intent = await stripe.setupIntents.create(
          {
            customer: customer.id,
            usage: "off_session",
            automatic_payment_methods: { enabled: true },
            description: input.description,
            metadata,
          },
          { idempotencyKey: input.idempotencyKey },
        );
        if (!intent.client_secret) throw new PaymentError("Failed to save the card", "NO_CLIENT_SECRET");
        return { paymentId: intent.id, clientSecret: intent.client_secret };
      } catch (error) {
        throw error instanceof PaymentError ? error : providerMessage(error, "Failed to save the card");
      }
    },

    async chargeSavedCard(input) {
      let setup: Stripe.SetupIntent;
      try {
        setup = await stripe.setupIntents.retrieve(input.setupId);
      } catch (error) {
        throw providerMessage(error, "Failed to read the saved card");
      }
      const customer = idOf(setup.customer);
      const paymentMethod = idOf(setup.payment_method);
      if (setup.status !== "succeeded" || !customer || !paymentMethod) {
        throw new PaymentError("The card was never saved, so it cannot be charged.", "setup_intent_unexpected_state");
      }
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: input.amountCents,
            currency: input.currency.toLowerCase(),
            customer,
            payment_method: paymentMethod,
            off_session: true,
            confirm: true,
            description: input.description,
            metadata: { ...setup.metadata, setupIntent: setup.id },
          },
          { idempotencyKey: input.idempotencyKey },
        );
        if (intent.status !== "succeeded") {
          // Confirmed off-session but not through (e.g. the bank asks for the absent guest): a refusal like a card error.
          throw new PaymentError(intent.last_payment_error?.message ?? "The card was not charged.", "authentication_required", true);
        }
        return toPayment(intent);
      } catch (error) {
        throw error instanceof PaymentError ? error : providerMessage(error, "Failed to charge the card");
      }
    },

    async getPayment(paymentId) {
      try {
        if (isSetupId(paymentId)) return setupToPayment(await stripe.setupIntents.retrieve(paymentId));
        return toPayment(await stripe.paymentIntents.retrieve(paymentId));
      } catch (error) {
        throw providerMessage(error, "Failed to read the payment");
      }
    },

    async cancelPayment(paymentId) {
      try {
        if (isSetupId(paymentId)) {
          const setup = await stripe.setupIntents.retrieve(paymentId);
          if (setup.status === "succeeded" || setup.status === "canceled") return;
          await stripe.setupIntents.cancel(paymentId);
          return;
        }
        // An authorised guarantee went through: the confirmation keeps or releases it, not the hold's expiry.
        const current = await stripe.paymentIntents.retrieve(paymentId);
        if (current.status === "requires_capture" || current.status === "succeeded" || current.status === "canceled") return;
        await stripe.paymentIntents.cancel(paymentId);
      } catch (error) {
        // Already cancelled or already paid: nothing left to stop.
        if (
          error instanceof Stripe.errors.StripeInvalidRequestError &&
          (error.code === "payment_intent_unexpected_state" || error.code === "setup_intent_unexpected_state")
        )
          return;
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
      // A card saved for a guarantee further ahead (a SetupIntent) goes through or fails like a payment.
      if (event.type === "setup_intent.succeeded") return { id: event.id, type: "payment.succeeded", paymentId: event.data.object.id };
      if (event.type === "payment_intent.payment_failed" || event.type === "setup_intent.setup_failed") {
        return { id: event.id, type: "payment.failed", paymentId: event.data.object.id };
      }
      return { id: event.id, type: "other", paymentId: null };
    },
  };
}
