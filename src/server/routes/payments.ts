import { html } from "hono/html";
import { z } from "zod";
import { DomainError } from "../domain-error.ts";
import type { AppDeps } from "../http/types.ts";
import { apiRouter, defineRoute, jsonAnswer, jsonBody } from "../http/openapi.ts";
import { PaymentConfigSchema, SimulatedConfirmSchema, WebhookReceiptSchema } from "../contract/bookings.ts";
import { PaymentError } from "../integrations/payments/payment-gateway.ts";
import type { SimulatedGateway } from "../integrations/payments/simulated-gateway.ts";
import { logActivity } from "../services/activity-log.ts";
import { confirmPaidBooking } from "../services/bookings/pay-and-confirm.ts";
import { webhookEvents } from "../db/schema.ts";
import { bookingDeps } from "../deps.ts";

/** Only same-site paths may be returned to after a 3-D Secure challenge (no open redirect). */
const ReturnPath = z
  .string()
  .max(500)
  .refine((v) => v.startsWith("/") && !v.startsWith("//") && !v.includes("\\"), "return_url must be a path on this site");

const paymentConfig = defineRoute({
  method: "get",
  path: "/config",
  operationId: "getPaymentConfig",
  tags: ["Payments"],
  summary: "Which payment provider the browser talks to, and its publishable key",
  responses: { 200: jsonAnswer(PaymentConfigSchema, "The provider") },
});
const webhook = defineRoute({
  method: "post",
  path: "/webhook",
  operationId: "receivePaymentWebhook",
  tags: ["Payments"],
  summary: "The provider's signed event (Stripe-Signature, or X-Simulated-Signature); replays are harmless",
  // The raw bytes are what the signature covers, so the body is read as text, not validated here.
  request: { body: { content: { "application/json": { schema: { type: "object" } } }, required: true } },
  errors: ["BAD_SIGNATURE"],
  responses: { 200: jsonAnswer(WebhookReceiptSchema, "Handled (duplicate: seen before)") },
});

/** Payment configuration for the browser and the provider's webhook. */
export function paymentRoutes(deps: AppDeps) {
  const services = bookingDeps(deps);
  return apiRouter()
    .openapi(paymentConfig, (c) => c.json({ provider: deps.gateway.provider, publishableKey: deps.gateway.publishableKey }, 200))
    .openapi(webhook, async (c) => {
      const raw = await c.req.text();
      let event;
      try {
        event = deps.gateway.parseWebhook(raw, c.req.header("stripe-signature") ?? c.req.header("x-simulated-signature"));
      } catch (error) {
        throw new DomainError("BAD_SIGNATURE", error instanceof Error ? error.message : undefined);
      }
      if (event.type === "payment.succeeded" && event.paymentId) {
        await confirmPaidBooking(services, event.paymentId, "webhook");
      }
      if (event.type === "payment.failed" && event.paymentId) {
        await logActivity(deps.db, { actionType: "payment_failed", details: { paymentId: event.paymentId, via: "webhook" } });
      }
      // Recorded after handling, so a failure above is retried by the provider; handling is idempotent.
      const inserted = await deps.db
        .insert(webhookEvents)
        .values({ id: event.id, provider: deps.gateway.provider, type: event.type })
        .onConflictDoNothing()
        .returning();
      return c.json({ received: true, duplicate: inserted.length === 0 }, 200);
    });
}

const CardInput = z.object({
  clientSecret: z.string().min(1).max(200),
  returnUrl: ReturnPath,
  card: z.object({
    number: z.string().min(1, "Enter your card number").max(30),
    expMonth: z.coerce.number().int().min(1, "Enter a valid expiry month").max(12, "Enter a valid expiry month"),
    expYear: z.coerce.number().int().min(2000, "Enter a valid expiry year").max(2100, "Enter a valid expiry year"),
    cvc: z.string().min(1, "Enter the security code").max(4, "Enter a valid security code"),
  }),
});
const ChallengeQuery = z.object({ client_secret: z.string().min(1).max(200), return_url: ReturnPath });
const ChallengeForm = ChallengeQuery.extend({ outcome: z.enum(["approve", "fail"]) });
// A payment (sim_pi_) or a card being saved for a guarantee further ahead (sim_seti_, decision 075).
const IntentParam = z.object({ id: z.string().regex(/^sim_(pi|seti)_[0-9a-f]{24}$/, "No such payment") });
const SIMULATED = ["Simulated payments"];

const confirmCard = defineRoute({
  method: "post",
  path: "/{id}/confirm",
  operationId: "confirmSimulatedCard",
  tags: SIMULATED,
  summary: "Pay with a test card (Stripe's test-card numbers)",
  request: { params: IntentParam, body: jsonBody(CardInput) },
  errors: ["PAYMENT_NOT_FOUND"],
  responses: { 200: jsonAnswer(SimulatedConfirmSchema, "Paid, declined, or a 3-D Secure check to pass") },
});
const challengePage = defineRoute({
  method: "get",
  path: "/{id}/challenge",
  operationId: "getSimulatedChallengePage",
  tags: SIMULATED,
  summary: "The simulated 3-D Secure page",
  request: { params: IntentParam, query: ChallengeQuery },
  errors: ["PAYMENT_NOT_FOUND"],
  responses: { 200: { content: { "text/html": { schema: z.string() } }, description: "An HTML page" } },
});
const challengeAnswer = defineRoute({
  method: "post",
  path: "/{id}/challenge",
  operationId: "answerSimulatedChallenge",
  tags: SIMULATED,
  summary: "The 3-D Secure page's answer; redirects back to the return path",
  request: {
    params: IntentParam,
    body: {
      content: { "application/x-www-form-urlencoded": { schema: ChallengeForm }, "multipart/form-data": { schema: ChallengeForm } },
      required: true,
    },
  },
  errors: ["PAYMENT_NOT_FOUND"],
  responses: { 303: { description: "Back to return_url with payment_intent and redirect_status" } },
});

/**
 * The simulated card processor's own endpoints (what Stripe.js and Stripe's 3-D Secure pages
 * would be): card confirmation and the challenge page. Mounted only when it is the gateway.
 */
export function simulatedPaymentRoutes(deps: AppDeps, gateway: SimulatedGateway) {
  return apiRouter()
    .openapi(confirmCard, async (c) => {
      const { clientSecret, card, returnUrl } = c.req.valid("json");
      try {
        const result = await gateway.confirmWithCard(c.req.valid("param").id, clientSecret, card, returnUrl);
        if (result.status === "failed") {
          const intent = await gateway.findIntent(c.req.valid("param").id);
          await logActivity(deps.db, {
            actionType: "payment_failed",
            details: {
              paymentId: c.req.valid("param").id,
              bookingReference: intent?.metadata.bookingReference,
              code: result.code,
              message: result.message,
            },
          });
        }
        return c.json(result, 200);
      } catch (error) {
        if (error instanceof PaymentError) throw new DomainError("PAYMENT_NOT_FOUND", error.message);
        throw error;
      }
    })
    .openapi(challengePage, async (c) => {
      const intent = await gateway.findIntent(c.req.valid("param").id);
      const { client_secret, return_url } = c.req.valid("query");
      if (!intent || intent.clientSecret !== client_secret) throw new DomainError("PAYMENT_NOT_FOUND");
      const amount = new Intl.NumberFormat("en-US", { style: "currency", currency: intent.currency }).format(intent.amountCents / 100);
      return c.html(
        html`<!doctype html>
          <html lang="en">
            <head>
              <meta charset="utf-8" />
              <meta name="viewport" content="width=device-width, initial-scale=1" />
              <title>Simulated 3-D Secure check</title>
              <style>
                body {
                  font-family: system-ui, sans-serif;
                  background: #f1f5f9;
                  margin: 0;
                  display: grid;
                  place-items: center;
                  min-height: 100vh;
                  color: #0f172a;
                }
                main {
                  background: #fff;
                  border-radius: 16px;
                  box-shadow: 0 10px 30px rgba(15, 23, 42, 0.12);
                  padding: 32px;
                  max-width: 420px;
                  width: calc(100% - 32px);
                }
                h1 {
                  font-size: 1.25rem;
                  margin: 0 0 8px;
                }
                p {
                  color: #334155;
                  line-height: 1.5;
                }
                .amount {
                  font-size: 1.5rem;
                  font-weight: 700;
                  margin: 16px 0;
                }
                form {
                  display: flex;
                  gap: 12px;
                  flex-wrap: wrap;
                  margin-top: 24px;
                }
                button {
                  flex: 1;
                  min-height: 44px;
                  border-radius: 10px;
                  border: 1px solid #0f766e;
                  font-size: 1rem;
                  cursor: pointer;
                  padding: 0 16px;
                }
                .approve {
                  background: #0f766e;
                  color: #fff;
                }
                .fail {
                  background: #fff;
                  color: #9f1239;
                  border-color: #9f1239;
                }
                button:focus-visible {
                  outline: 3px solid #2563eb;
                  outline-offset: 2px;
                }
              </style>
            </head>
            <body>
              <main>
                <h1>Simulated 3-D Secure check</h1>
                <p>This page stands in for your bank's verification step. No real bank is involved.</p>
                <p class="amount">${amount}</p>
                <p>Booking ${intent.metadata.bookingReference ?? ""}</p>
                <form method="post">
                  <input type="hidden" name="client_secret" value="${client_secret}" />
                  <input type="hidden" name="return_url" value="${return_url}" />
                  <button class="approve" type="submit" name="outcome" value="approve">Complete authentication</button>
                  <button class="fail" type="submit" name="outcome" value="fail">Fail authentication</button>
                </form>
              </main>
            </body>
          </html>`,
      );
    })
    .openapi(challengeAnswer, async (c) => {
      const { client_secret, return_url, outcome } = c.req.valid("form");
      const id = c.req.valid("param").id;
      let payment;
      try {
        payment = await gateway.completeChallenge(id, client_secret, outcome === "approve");
      } catch (error) {
        if (error instanceof PaymentError) throw new DomainError("PAYMENT_NOT_FOUND", error.message);
        throw error;
      }
      const target = new URL(return_url, deps.config.publicUrl);
      target.searchParams.set("payment_intent", id);
      // As Stripe does, an authorised manual-capture payment or a saved card (card guarantees) returns as succeeded too.
      const through = payment.status === "succeeded" || payment.status === "requires_capture" || payment.status === "card_saved";
      target.searchParams.set("redirect_status", through ? "succeeded" : "failed");
      return c.redirect(`${target.pathname}${target.search}`, 303);
    });
}
