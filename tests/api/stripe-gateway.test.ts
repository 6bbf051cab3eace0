import Stripe from "stripe";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BookingView, CreateBookingResponse } from "../../src/shared/booking.ts";
import { addDays, todayUtc } from "../../src/shared/dates.ts";
import { freeUntilTerms } from "../../src/shared/cancellation-policies.ts";
import { bookings, cancellationPolicies, emailOutbox, ratePlans } from "../../src/server/db/schema.ts";
import { createHotel, createRoomType } from "../factories.ts";
import { type FakeStripe, startFakeStripe } from "../support/fake-stripe.ts";
import { PaymentError } from "../../src/server/integrations/payments/payment-gateway.ts";
import { createStripeGateway } from "../../src/server/integrations/payments/stripe-gateway.ts";
import { type TestApp, createTestApp, signIn, signUp } from "../support/test-app.ts";

const WEBHOOK_SECRET = "whsec_test_secret";
let fake: FakeStripe;
let t: TestApp;
let body: Record<string, unknown>;
const stripe = new Stripe("sk_test_unused");

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestApp({
    STRIPE_SECRET_KEY: "sk_test_fake",
    STRIPE_PUBLISHABLE_KEY: "pk_test_fake",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: fake.url,
  });
  const hotel = await createHotel(t.deps.db, { name: "Stripe Hotel", freeCancellationDays: 2 });
  const room = await createRoomType(t.deps.db, hotel.id, { name: "Suite", priceCents: 15000, maxGuests: 2, totalRooms: 10 });
  body = {
    hotelId: String(hotel.id),
    roomTypeId: String(room.id),
    checkIn: addDays(todayUtc(), 10),
    checkOut: addDays(todayUtc(), 12),
    guests: 2,
    rooms: 1,
    guestName: "Stripe Guest",
    guestEmail: "stripe.guest@example.com",
    guestPhone: "+1 555 0101",
  };
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

function webhook(event: object, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  const signature = stripe.webhooks.generateTestHeaderString({ payload, secret });
  return t.request("POST", "/api/payments/webhook", { body: payload, headers: { "stripe-signature": signature } });
}

function succeededEvent(id: string, intentId: string) {
  return { id, object: "event", type: "payment_intent.succeeded", data: { object: fake.intents.get(intentId) } };
}

describe("Stripe gateway (against a local fake of the API)", () => {
  it("tells the browser to use Stripe with the publishable key", async () => {
    expect(await (await t.request("GET", "/api/payments/config")).json()).toEqual({ provider: "stripe", publishableKey: "pk_test_fake" });
  });

  it("lets the page load Stripe.js and its frames, which the simulated gateway does not need", async () => {
    const csp = (await t.request("GET", "/api/payments/config")).headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/script-src 'self' https:\/\/js\.stripe\.com/);
    expect(csp).toMatch(/frame-src 'self' https:\/\/js\.stripe\.com https:\/\/hooks\.stripe\.com/);
    expect(csp).toMatch(/connect-src 'self'[^;]* https:\/\/api\.stripe\.com/);
    const simulated = await createTestApp();
    try {
      const plain = (await simulated.request("GET", "/api/payments/config")).headers.get("content-security-policy") ?? "";
      expect(plain).toContain("script-src 'self';");
      expect(plain).not.toContain("stripe");
    } finally {
      await simulated.close();
    }
  });

  it("creates a PaymentIntent for exactly the booking total with an idempotency key per booking", async () => {
    const res = await t.request("POST", "/api/bookings", { body });
    const created = (await res.json()) as CreateBookingResponse;
    expect(created.payment).toMatchObject({ provider: "stripe", amountCents: 30000 });
    const intent = fake.intents.get(created.payment.paymentId)!;
    expect(intent).toMatchObject({
      amount: 30000,
      currency: "usd",
      metadata: { bookingId: created.booking.id, bookingReference: created.booking.bookingReference },
    });
    expect(created.payment.clientSecret).toBe(intent.client_secret);
    expect(fake.idempotencyKeys).toContain(`booking-${created.booking.id}`);
  });

  it("confirms from a signed webhook once, ignores its replay, and refuses a bad signature", async () => {
    const created = (await (await t.request("POST", "/api/bookings", { body })).json()) as CreateBookingResponse;
    fake.intents.get(created.payment.paymentId)!.status = "succeeded";
    const forged = await webhook(succeededEvent("evt_forged", created.payment.paymentId), "whsec_wrong");
    expect(forged.status).toBe(400);
    const first = await webhook(succeededEvent("evt_1", created.payment.paymentId));
    expect(await first.json()).toEqual({ received: true, duplicate: false });
    const replay = await webhook(succeededEvent("evt_1", created.payment.paymentId));
    expect(await replay.json()).toEqual({ received: true, duplicate: true });
    // The browser's return after the webhook changes nothing.
    const back = await t.request("POST", `/api/bookings/${created.booking.id}/confirm-payment`, {
      body: { paymentId: created.payment.paymentId },
    });
    expect(((await back.json()) as { booking: BookingView }).booking.status).toBe("confirmed");
    const mails = await t.deps.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.dedupeKey, `booking:${created.booking.id}:confirmation`));
    expect(mails).toHaveLength(1);
  });

  it("does not confirm while Stripe says the payment has not succeeded", async () => {
    const created = (await (await t.request("POST", "/api/bookings", { body })).json()) as CreateBookingResponse;
    await webhook(succeededEvent("evt_early", created.payment.paymentId));
    const [row] = await t.deps.db.select().from(bookings).where(eq(bookings.id, created.booking.id));
    expect(row?.status).toBe("pending");
  });

  it("refunds through Stripe in cents with reason requested_by_customer when a guest cancels in time", async () => {
    await signUp(t, "stripe.user@example.com");
    const cookie = await signIn(t, "stripe.user@example.com");
    const created = (await (await t.request("POST", "/api/bookings", { body, cookie })).json()) as CreateBookingResponse;
    fake.intents.get(created.payment.paymentId)!.status = "succeeded";
    await t.request("POST", `/api/bookings/${created.booking.id}/confirm-payment`, { body: { paymentId: created.payment.paymentId } });
    const res = await t.request("POST", `/api/bookings/${created.booking.id}/cancel`, { cookie });
    expect(((await res.json()) as { refunded: boolean }).refunded).toBe(true);
    expect(fake.refunds).toContainEqual({ payment_intent: created.payment.paymentId, amount: 30000, reason: "requested_by_customer" });
    // One idempotency key per booking: a repeated refund request (a retry, a racing caller) returns the first refund.
    expect(fake.idempotencyKeys).toContain(`booking-${created.booking.id}-refund`);
    const again = await t.deps.gateway.refund(
      created.payment.paymentId,
      30000,
      "requested_by_customer",
      `booking-${created.booking.id}-refund`,
    );
    expect(fake.refunds.filter((r) => r.payment_intent === created.payment.paymentId)).toHaveLength(1);
    expect(again.refundId).toMatch(/^re_/);
  });

  it("authorises a card guarantee with capture_method=manual, captures part of it once per key, and cancels another", async () => {
    const gateway = t.deps.gateway;
    const input = {
      amountCents: 18000,
      currency: "USD",
      bookingId: "guarantee-1",
      bookingReference: "BK1700000000000GUARA",
      guestEmail: "stripe.guest@example.com",
      description: "Stripe Hotel: Suite",
      captureMethod: "manual" as const,
    };
    const started = await gateway.createPayment({ ...input, idempotencyKey: "booking-guarantee-1" });
    const intent = fake.intents.get(started.paymentId)!;
    expect(intent).toMatchObject({ amount: 18000, capture_method: "manual" });
    // Stripe.js confirms the card: a manual-capture PaymentIntent then waits for its capture.
    intent.status = "requires_capture";
    expect(await gateway.getPayment(started.paymentId)).toMatchObject({ status: "requires_capture", capturedCents: 0 });
    const captured = await gateway.capturePayment(started.paymentId, 9000, "booking-guarantee-1-capture");
    expect(captured).toMatchObject({ status: "succeeded", capturedCents: 9000 });
    await gateway.capturePayment(started.paymentId, 9000, "booking-guarantee-1-capture");
    expect(fake.captures).toEqual([{ payment_intent: started.paymentId, amount_to_capture: 9000 }]);
    expect(fake.idempotencyKeys).toContain("booking-guarantee-1-capture");

    const other = await gateway.createPayment({ ...input, bookingId: "guarantee-2", idempotencyKey: "booking-guarantee-2" });
    fake.intents.get(other.paymentId)!.status = "requires_capture";
    expect(await gateway.cancelAuthorisation(other.paymentId, "booking-guarantee-2-release")).toMatchObject({ status: "canceled" });
    // Releasing again (a retry) finds it cancelled and changes nothing.
    expect(await gateway.cancelAuthorisation(other.paymentId, "booking-guarantee-2-release-again")).toMatchObject({ status: "canceled" });
    await expect(gateway.capturePayment(other.paymentId, 100, "booking-guarantee-2-capture")).rejects.toThrow(/status of canceled/);

    // A hold's expiry stops an unpaid payment but leaves an authorised guarantee to its confirmation.
    const unpaid = await gateway.createPayment({ ...input, bookingId: "guarantee-3", idempotencyKey: "booking-guarantee-3" });
    const authorised = await gateway.createPayment({ ...input, bookingId: "guarantee-4", idempotencyKey: "booking-guarantee-4" });
    fake.intents.get(authorised.paymentId)!.status = "requires_capture";
    await gateway.cancelPayment(unpaid.paymentId);
    await gateway.cancelPayment(authorised.paymentId);
    expect(fake.intents.get(unpaid.paymentId)!.status).toBe("canceled");
    expect(fake.intents.get(authorised.paymentId)!.status).toBe("requires_capture");
  });

  it("holds a pay-at-hotel plan as a manual-capture PaymentIntent and confirms it guaranteed from amount_capturable_updated", async () => {
    const [policy] = await t.deps.db
      .insert(cancellationPolicies)
      .values({ hotelId: Number(body.hotelId), name: "Free until 2 days", terms: freeUntilTerms(2) })
      .returning();
    const [plan] = await t.deps.db
      .insert(ratePlans)
      .values({
        roomTypeId: Number(body.roomTypeId),
        hotelId: Number(body.hotelId),
        name: "Pay at the hotel",
        cancellationPolicyId: policy!.id,
        paymentTiming: "pay_at_hotel",
        sortOrder: 9,
      })
      .returning();
    const res = await t.request("POST", "/api/bookings", { body: { ...body, ratePlanId: String(plan!.id) } });
    const created = (await res.json()) as CreateBookingResponse;
    expect(created.payment).toMatchObject({ amountCents: 30000, captureMethod: "manual", dueAtHotelCents: 30000 });
    expect(fake.intents.get(created.payment.paymentId)).toMatchObject({ amount: 30000, capture_method: "manual" });
    fake.intents.get(created.payment.paymentId)!.status = "requires_capture";
    const event = webhookEventFor("evt_capturable", "payment_intent.amount_capturable_updated", created.payment.paymentId);
    const answer = await t.request("POST", "/api/payments/webhook", {
      body: event.payload,
      headers: { "stripe-signature": event.signature },
    });
    expect(await answer.json()).toEqual({ received: true, duplicate: false });
    const [row] = await t.deps.db.select().from(bookings).where(eq(bookings.id, created.booking.id));
    expect(row).toMatchObject({ status: "confirmed", paymentStatus: "guaranteed" });
    expect(fake.captures.filter((c) => c.payment_intent === created.payment.paymentId)).toEqual([]);
  });
});

function webhookEventFor(id: string, type: string, intentId: string) {
  const payload = JSON.stringify({ id, object: "event", type, data: { object: fake.intents.get(intentId) } });
  return { payload, signature: stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) };
}

describe("Stripe gateway: a saved card for a guarantee further ahead (decision 075)", () => {
  const gateway = () =>
    createStripeGateway({
      secretKey: "sk_test_fake",
      publishableKey: "pk_test_fake",
      webhookSecret: WEBHOOK_SECRET,
      api: { host: "127.0.0.1", port: Number(new URL(fake.url).port), protocol: "http" },
    });
  const save = (key: string) =>
    gateway().saveCard({
      guaranteeCents: 30000,
      currency: "USD",
      idempotencyKey: key,
      bookingId: key,
      bookingReference: "SW-SETUP",
      guestEmail: "setup@example.com",
      description: "Stripe Hotel: Suite",
    });
  const charge = (setupId: string, key: string) =>
    gateway().chargeSavedCard({ setupId, amountCents: 15000, currency: "USD", idempotencyKey: key, description: "fee" });

  it("saves the card with a customer and an off-session SetupIntent, the same key answering the same setup", async () => {
    const started = await save("booking-setup-1");
    expect(started.paymentId).toMatch(/^seti_/);
    const setup = fake.setupIntents.get(started.paymentId)!;
    expect(setup).toMatchObject({ usage: "off_session", metadata: { bookingId: "booking-setup-1", guaranteeCents: "30000" } });
    expect(fake.customers.find((c) => c.id === setup.customer)).toMatchObject({ email: "setup@example.com" });
    expect(await save("booking-setup-1")).toEqual(started);
    expect(await gateway().getPayment(started.paymentId)).toMatchObject({ status: "pending", amountCents: 30000 });
    fake.completeSetup(started.paymentId, "pm_card_visa");
    expect(await gateway().getPayment(started.paymentId)).toMatchObject({ status: "card_saved", amountCents: 30000, capturedCents: 0 });
  });

  it("charges the saved card off-session and confirmed, once per key", async () => {
    const { paymentId } = await save("booking-setup-2");
    fake.completeSetup(paymentId, "pm_card_visa");
    const first = await charge(paymentId, "booking-setup-2-capture");
    expect(first).toMatchObject({ status: "succeeded", amountCents: 15000, capturedCents: 15000 });
    expect(fake.intents.get(first.paymentId)!.metadata).toMatchObject({
      customer: fake.setupIntents.get(paymentId)!.customer,
      payment_method: "pm_card_visa",
    });
    expect((await charge(paymentId, "booking-setup-2-capture")).paymentId).toBe(first.paymentId);
    expect([...fake.intents.values()].filter((i) => i.metadata.setupIntent === paymentId)).toHaveLength(1);
  });

  it("reports a declined or authentication-requiring off-session charge as the card's refusal", async () => {
    for (const [method, code] of [
      ["pm_card_chargeCustomerFail", "card_declined"],
      ["pm_card_authenticationRequired", "authentication_required"],
    ] as const) {
      const { paymentId } = await save(`booking-setup-${method}`);
      fake.completeSetup(paymentId, method);
      const refused = await charge(paymentId, `booking-setup-${method}-capture`).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(PaymentError);
      expect(refused).toMatchObject({ code, cardRefused: true });
    }
  });

  it("refuses to charge a card that was never saved, and cancels an unfinished setup", async () => {
    const { paymentId } = await save("booking-setup-unsaved");
    await expect(charge(paymentId, "booking-setup-unsaved-capture")).rejects.toMatchObject({
      code: "setup_intent_unexpected_state",
      cardRefused: false,
    });
    await gateway().cancelPayment(paymentId);
    expect(fake.setupIntents.get(paymentId)!.status).toBe("canceled");
  });
});
