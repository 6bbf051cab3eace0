import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { simulatedPaymentIntents, simulatedRefunds } from "../../db/schema.ts";
import { type GatewayEvent, type GatewayPayment, type GatewayPaymentStatus, type PaymentGateway, PaymentError } from "./payment-gateway.ts";

/** Stripe's test cards, which the simulated processor honours. */
export const TEST_CARDS = {
  success: "4242424242424242",
  declined: "4000000000000002",
  insufficientFunds: "4000000000009995",
  threeDSecure: "4000002760003184",
  /** Saves fine, but every later off-session charge is declined (Stripe's "attaches but charge fails"). */
  offSessionDeclined: "4000000000000341",
} as const;

/**
 * The saved card's behaviour, named as Stripe's test payment methods are: the 3-D Secure card asks
 * for authentication on every payment, so an off-session charge (no guest to ask) is refused.
 */
const SAVED_CARDS: Record<string, string> = {
  [TEST_CARDS.offSessionDeclined]: "pm_card_chargeCustomerFail",
  [TEST_CARDS.threeDSecure]: "pm_card_authenticationRequired",
};

export const DECLINED_MESSAGE = "Your card was declined.";
export const INSUFFICIENT_FUNDS_MESSAGE = "Your card has insufficient funds.";
export const AUTHENTICATION_REQUIRED_MESSAGE = "Your card was declined. This transaction requires authentication.";
export const THREE_DS_FAILED_MESSAGE =
  "We are unable to authenticate your payment method. Please choose a different payment method and try again.";

export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export type SimulatedConfirmResult =
  { status: "succeeded" } | { status: "requires_action"; redirectUrl: string } | { status: "failed"; message: string; code: string };

type IntentRow = typeof simulatedPaymentIntents.$inferSelect;
type IntentInsert = typeof simulatedPaymentIntents.$inferInsert;

function luhnValid(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

function gatewayStatus(status: string, captureMethod: string): GatewayPaymentStatus {
  if (status === "succeeded" && captureMethod === "setup") return "card_saved";
  if (status === "succeeded" || status === "canceled" || status === "requires_action" || status === "requires_capture") return status;
  return "pending";
}

function toPayment(row: IntentRow): GatewayPayment {
  return {
    paymentId: row.id,
    status: gatewayStatus(row.status, row.captureMethod),
    amountCents: row.amountCents,
    capturedCents: row.status === "succeeded" && row.captureMethod !== "setup" ? (row.amountCapturedCents ?? row.amountCents) : 0,
    currency: row.currency,
    lastError: row.lastError,
    metadata: row.metadata,
  };
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export interface SimulatedGateway extends PaymentGateway {
  /** The browser's card submission, as a real processor's client library would send it. */
  confirmWithCard(paymentId: string, clientSecret: string, card: CardInput, returnUrl: string): Promise<SimulatedConfirmResult>;
  /** The 3-D Secure challenge's outcome. */
  completeChallenge(paymentId: string, clientSecret: string, approve: boolean): Promise<GatewayPayment>;
  findIntent(paymentId: string): Promise<IntentRow | null>;
  signEvent(payload: string): string;
}

const IDEMPOTENCY_MISMATCH = "Keys for idempotent requests can only be used with the same parameters they were first used with.";

/**
 * A test-mode card processor living in our database: follows Stripe's test-card conventions
 * (success, decline, insufficient funds, 3-D Secure), manual capture (a card accepted for a
 * manual-capture payment is only authorised: requires_capture, then captured in part or cancelled),
 * saved cards (a setup: capture method 'setup', the guarantee as its amount, the test card's
 * off-session behaviour kept as its payment method) charged off-session later, refunds, and signed
 * events. `notify`
 * plays the provider's webhook: it is called after a payment succeeds.
 */
export function createSimulatedGateway(db: Db, secret: string, notify: (event: GatewayEvent) => void): SimulatedGateway {
  const webhookKey = createHmac("sha256", secret).update("simulated-webhooks").digest("hex");

  async function load(paymentId: string): Promise<IntentRow> {
    const [row] = await db.select().from(simulatedPaymentIntents).where(eq(simulatedPaymentIntents.id, paymentId));
    if (!row) throw new PaymentError("No such payment", "PAYMENT_NOT_FOUND");
    return row;
  }

  async function authorised(paymentId: string, clientSecret: string): Promise<IntentRow> {
    const row = await load(paymentId);
    if (!safeEqual(row.clientSecret, clientSecret)) throw new PaymentError("No such payment", "PAYMENT_NOT_FOUND");
    return row;
  }

  async function setStatus(id: string, status: string, lastError: string | null, from: string[]): Promise<IntentRow | null> {
    // Conditional on the current status, so two confirmations racing change it once.
    const [row] = await db
      .update(simulatedPaymentIntents)
      .set({ status, lastError, updatedAt: new Date() })
      .where(
        sql`${simulatedPaymentIntents.id} = ${id} and ${simulatedPaymentIntents.status} in (${sql.join(
          from.map((f) => sql`${f}`),
          sql`, `,
        )})`,
      )
      .returning();
    return row ?? null;
  }

  /** The card went through: charged, only authorised for a manual-capture payment, or saved for a setup. */
  function accepted(row: IntentRow): Promise<IntentRow | null> {
    return setStatus(row.id, row.captureMethod === "manual" ? "requires_capture" : "succeeded", null, [
      "requires_payment_method",
      "requires_action",
    ]);
  }

  /**
   * Like Stripe, the first request with an idempotency key makes the intent (id `<prefix>_…`) and a
   * repeat gets that first one back: the caller checks it was asked with the same parameters.
   */
  async function createOnce(prefix: string, values: Omit<IntentInsert, "id" | "clientSecret">, failure: string): Promise<IntentRow> {
    const id = `${prefix}_${randomBytes(12).toString("hex")}`;
    await db
      .insert(simulatedPaymentIntents)
      .values({ ...values, id, clientSecret: `${id}_secret_${randomBytes(16).toString("hex")}` })
      .onConflictDoNothing({ target: simulatedPaymentIntents.idempotencyKey });
    const [row] = await db.select().from(simulatedPaymentIntents).where(eq(simulatedPaymentIntents.idempotencyKey, values.idempotencyKey));
    if (!row) throw new PaymentError(failure, "PAYMENT_CREATE_FAILED");
    return row;
  }

  function succeeded(row: IntentRow): void {
    notify({ id: `evt_${randomBytes(12).toString("hex")}`, type: "payment.succeeded", paymentId: row.id });
  }

  return {
    provider: "simulated",
    publishableKey: null,
    testMode: true,

    async createPayment(input) {
      const row = await createOnce(
        "sim_pi",
        {
          idempotencyKey: input.idempotencyKey,
          amountCents: input.amountCents,
          currency: input.currency,
          status: "requires_payment_method",
          captureMethod: input.captureMethod ?? "automatic",
          metadata: { bookingId: input.bookingId, bookingReference: input.bookingReference, guestEmail: input.guestEmail },
        },
        "Failed to create payment",
      );
      if (row.amountCents !== input.amountCents || row.captureMethod !== (input.captureMethod ?? "automatic")) {
        throw new PaymentError(IDEMPOTENCY_MISMATCH, "IDEMPOTENCY_MISMATCH");
      }
      return { paymentId: row.id, clientSecret: row.clientSecret };
    },

    async saveCard(input) {
      const row = await createOnce(
        "sim_seti",
        {
          idempotencyKey: input.idempotencyKey,
          amountCents: input.guaranteeCents,
          currency: input.currency,
          status: "requires_payment_method",
          captureMethod: "setup",
          metadata: { bookingId: input.bookingId, bookingReference: input.bookingReference, guestEmail: input.guestEmail },
        },
        "Failed to save the card",
      );
      if (row.captureMethod !== "setup" || row.amountCents !== input.guaranteeCents) {
        throw new PaymentError(IDEMPOTENCY_MISMATCH, "IDEMPOTENCY_MISMATCH");
      }
      return { paymentId: row.id, clientSecret: row.clientSecret };
    },

    async chargeSavedCard(input) {
      const setup = await load(input.setupId);
      if (setup.captureMethod !== "setup" || setup.status !== "succeeded") {
        throw new PaymentError("The card was never saved, so it cannot be charged.", "setup_intent_unexpected_state");
      }
      const method = setup.metadata.paymentMethod;
      const refusal =
        method === "pm_card_chargeCustomerFail"
          ? { code: "card_declined", message: DECLINED_MESSAGE }
          : method === "pm_card_authenticationRequired"
            ? { code: "authentication_required", message: AUTHENTICATION_REQUIRED_MESSAGE }
            : null;
      // Like Stripe: the charge (or its refusal) is kept under its key, so a repeat answers the same.
      const row = await createOnce(
        "sim_pi",
        {
          idempotencyKey: input.idempotencyKey,
          amountCents: input.amountCents,
          currency: input.currency,
          status: refusal ? "requires_payment_method" : "succeeded",
          lastError: refusal?.message ?? null,
          metadata: { ...setup.metadata, setupIntent: setup.id, ...(refusal ? { declineCode: refusal.code } : {}) },
        },
        "Failed to charge the card",
      );
      if (row.amountCents !== input.amountCents || row.metadata.setupIntent !== setup.id) {
        throw new PaymentError(IDEMPOTENCY_MISMATCH, "IDEMPOTENCY_MISMATCH");
      }
      if (row.status !== "succeeded") {
        throw new PaymentError(row.lastError ?? DECLINED_MESSAGE, row.metadata.declineCode ?? "card_declined", true);
      }
      return toPayment(row);
    },

    async getPayment(paymentId) {
      return toPayment(await load(paymentId));
    },

    async cancelPayment(paymentId) {
      await setStatus(paymentId, "canceled", null, ["requires_payment_method", "requires_action"]);
    },

    async refund(paymentId, amountCents, _reason, idempotencyKey) {
      // Like Stripe: the first request with a key makes the refund, a repeat returns it unchanged.
      // The key's row and the refunded amount commit together, so a refused refund leaves no key.
      return db.transaction(async (tx) => {
        const id = `sim_re_${randomBytes(10).toString("hex")}`;
        const [created] = await tx
          .insert(simulatedRefunds)
          .values({ id, paymentId, idempotencyKey, amountCents })
          .onConflictDoNothing({ target: simulatedRefunds.idempotencyKey })
          .returning();
        if (!created) {
          const [first] = await tx.select().from(simulatedRefunds).where(eq(simulatedRefunds.idempotencyKey, idempotencyKey));
          if (!first || first.paymentId !== paymentId || first.amountCents !== amountCents) {
            throw new PaymentError(IDEMPOTENCY_MISMATCH, "IDEMPOTENCY_MISMATCH");
          }
          return { refundId: first.id };
        }
        const [row] = await tx
          .update(simulatedPaymentIntents)
          .set({ refundedCents: sql`${simulatedPaymentIntents.refundedCents} + ${amountCents}`, updatedAt: new Date() })
          .where(
            sql`${simulatedPaymentIntents.id} = ${paymentId} and ${simulatedPaymentIntents.status} = 'succeeded'
                and ${simulatedPaymentIntents.refundedCents} + ${amountCents}
                  <= coalesce(${simulatedPaymentIntents.amountCapturedCents}, ${simulatedPaymentIntents.amountCents})`,
          )
          .returning();
        if (!row) {
          const [current] = await tx.select().from(simulatedPaymentIntents).where(eq(simulatedPaymentIntents.id, paymentId));
          if (!current) throw new PaymentError("No such payment", "PAYMENT_NOT_FOUND");
          if (current.status !== "succeeded")
            throw new PaymentError("This payment has not been completed, so it cannot be refunded.", "REFUND_NOT_PAID");
          throw new PaymentError(
            `Refund amount exceeds the ${(((current.amountCapturedCents ?? current.amountCents) - current.refundedCents) / 100).toFixed(2)} left to refund.`,
            "REFUND_TOO_LARGE",
          );
        }
        return { refundId: id };
      });
    },

    async capturePayment(paymentId, amountCents, idempotencyKey) {
      // Like Stripe: one capture per payment, the rest of the authorisation released; a repeated key returns the first.
      const [captured] = await db
        .update(simulatedPaymentIntents)
        .set({ status: "succeeded", amountCapturedCents: amountCents, captureIdempotencyKey: idempotencyKey, updatedAt: new Date() })
        .where(
          sql`${simulatedPaymentIntents.id} = ${paymentId} and ${simulatedPaymentIntents.status} = 'requires_capture'
              and ${amountCents} between 1 and ${simulatedPaymentIntents.amountCents}`,
        )
        .returning();
      if (captured) return toPayment(captured);
      const current = await load(paymentId);
      if (current.captureIdempotencyKey === idempotencyKey) {
        if (current.amountCapturedCents !== amountCents) throw new PaymentError(IDEMPOTENCY_MISMATCH, "IDEMPOTENCY_MISMATCH");
        return toPayment(current);
      }
      if (current.status === "requires_capture") {
        throw new PaymentError(
          `The amount to capture must be between 0.01 and the ${(current.amountCents / 100).toFixed(2)} authorised.`,
          "AMOUNT_TOO_LARGE",
        );
      }
      throw new PaymentError(
        `This PaymentIntent could not be captured because it has a status of ${current.status}.`,
        "payment_intent_unexpected_state",
      );
    },

    async cancelAuthorisation(paymentId) {
      const released = await setStatus(paymentId, "canceled", null, ["requires_capture"]);
      if (released) return toPayment(released);
      const current = await load(paymentId);
      if (current.status === "canceled") return toPayment(current);
      throw new PaymentError(
        `You cannot cancel this PaymentIntent because it has a status of ${current.status}.`,
        "payment_intent_unexpected_state",
      );
    },

    parseWebhook(rawBody, signature) {
      if (!signature || !safeEqual(signature, this.signEvent(rawBody)))
        throw new PaymentError("Invalid webhook signature", "BAD_SIGNATURE");
      const parsed = JSON.parse(rawBody) as { id: string; type: string; paymentId?: string };
      return {
        id: parsed.id,
        type: parsed.type === "payment.succeeded" || parsed.type === "payment.failed" ? parsed.type : "other",
        paymentId: parsed.paymentId ?? null,
      };
    },

    signEvent(payload) {
      return createHmac("sha256", webhookKey).update(payload).digest("hex");
    },

    findIntent(paymentId) {
      return load(paymentId).catch(() => null);
    },

    async confirmWithCard(paymentId, clientSecret, card, returnUrl) {
      const row = await authorised(paymentId, clientSecret);
      if (row.status === "succeeded" || row.status === "requires_capture") return { status: "succeeded" };
      if (row.status === "canceled") {
        return {
          status: "failed",
          code: "payment_canceled",
          message: "This payment was cancelled because the booking hold expired. Please start again.",
        };
      }
      const number = card.number.replace(/\D/g, "");
      if (number.length < 12 || number.length > 19 || !luhnValid(number)) {
        return { status: "failed", code: "incorrect_number", message: "Your card number is incorrect." };
      }
      const now = new Date();
      const expiry = new Date(Date.UTC(card.expYear, card.expMonth, 1));
      if (card.expMonth < 1 || card.expMonth > 12 || expiry <= now) {
        return { status: "failed", code: "expired_card", message: "Your card has expired." };
      }
      if (!/^\d{3,4}$/.test(card.cvc))
        return { status: "failed", code: "incorrect_cvc", message: "Your card's security code is incorrect." };
      if (number === TEST_CARDS.declined) {
        await setStatus(row.id, "requires_payment_method", DECLINED_MESSAGE, ["requires_payment_method", "requires_action"]);
        return { status: "failed", code: "card_declined", message: DECLINED_MESSAGE };
      }
      if (number === TEST_CARDS.insufficientFunds) {
        await setStatus(row.id, "requires_payment_method", INSUFFICIENT_FUNDS_MESSAGE, ["requires_payment_method", "requires_action"]);
        return { status: "failed", code: "insufficient_funds", message: INSUFFICIENT_FUNDS_MESSAGE };
      }
      if (row.captureMethod === "setup") {
        // The saved card's later off-session behaviour goes with it, as Stripe keeps the card.
        await db
          .update(simulatedPaymentIntents)
          .set({ metadata: { ...row.metadata, paymentMethod: SAVED_CARDS[number] ?? "pm_card_visa" } })
          .where(eq(simulatedPaymentIntents.id, row.id));
      }
      if (number === TEST_CARDS.threeDSecure) {
        await setStatus(row.id, "requires_action", null, ["requires_payment_method", "requires_action"]);
        const params = new URLSearchParams({ client_secret: clientSecret, return_url: returnUrl });
        return { status: "requires_action", redirectUrl: `/api/simulated-payments/${row.id}/challenge?${params}` };
      }
      const done = await accepted(row);
      if (done) succeeded(done);
      return { status: "succeeded" };
    },

    async completeChallenge(paymentId, clientSecret, approve) {
      const row = await authorised(paymentId, clientSecret);
      if (row.status !== "requires_action") return toPayment(row);
      if (!approve) {
        const failed = await setStatus(row.id, "requires_payment_method", THREE_DS_FAILED_MESSAGE, ["requires_action"]);
        return toPayment(failed ?? (await load(paymentId)));
      }
      const done = await setStatus(row.id, row.captureMethod === "manual" ? "requires_capture" : "succeeded", null, ["requires_action"]);
      if (done) succeeded(done);
      return toPayment(done ?? (await load(paymentId)));
    },
  };
}
