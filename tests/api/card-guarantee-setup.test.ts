import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CreateBookingResponse } from "../../src/shared/booking.ts";
import { addDays, todayUtc } from "../../src/shared/dates.ts";
import { activityLogs, bookings, cancellationPolicies, payments, ratePlans, simulatedPaymentIntents } from "../../src/server/db/schema.ts";
import { bookingDeps } from "../../src/server/deps.ts";
import { TEST_CARDS } from "../../src/server/integrations/payments/simulated-gateway.ts";
import { settleCancellationMoney } from "../../src/server/services/bookings/payment-settlement.ts";
import { type HotelRow, type RoomTypeRow, createHotel, createRoomType } from "../factories.ts";
import { confirmPayment, payWithCard } from "../support/guest-booking.ts";
import { type TestApp, createTestApp, signIn, signUp } from "../support/test-app.ts";

// Decision 075: a pay-at-hotel guarantee more than 6 days ahead saves the card (a setup) instead of
// authorising it, and a fee is charged off-session; the production default of 6 days is used here.
let t: TestApp;
let hotel: HotelRow;
let room: RoomTypeRow;
let planId: number;
const d = (n: number) => addDays(todayUtc(), n);
let guests = 0;

beforeAll(async () => {
  t = await createTestApp({ CARD_AUTHORISATION_MAX_DAYS: "6" });
  hotel = await createHotel(t.deps.db, { name: "Setup Hotel", freeCancellationDays: 1 });
  // $90 a night, two nights $180; cancelling within 60 days of arrival costs the first night ($90).
  room = await createRoomType(t.deps.db, hotel.id, { name: "Double", priceCents: 9000, maxGuests: 2, totalRooms: 20 });
  const [policy] = await t.deps.db
    .insert(cancellationPolicies)
    .values({
      hotelId: hotel.id,
      name: "Strict",
      terms: { tiers: [{ daysBefore: 60, fee: { kind: "percent", percent: 0 } }], finalFee: { kind: "nights", nights: 1 } },
    })
    .returning();
  const [plan] = await t.deps.db
    .insert(ratePlans)
    .values({
      roomTypeId: room.id,
      hotelId: hotel.id,
      name: "Pay at the hotel",
      cancellationPolicyId: policy!.id,
      paymentTiming: "pay_at_hotel",
    })
    .returning();
  planId = plan!.id;
});
afterAll(() => t.close());

async function hold(checkInDays: number): Promise<{ created: CreateBookingResponse; cookie: string }> {
  const email = `setup.guest.${++guests}@example.com`;
  await signUp(t, email);
  const cookie = await signIn(t, email);
  const res = await t.client(cookie).bookings.$post({
    json: {
      hotelId: String(hotel.id),
      roomTypeId: String(room.id),
      ratePlanId: String(planId),
      checkIn: d(checkInDays),
      checkOut: d(checkInDays + 2),
      guests: 2,
      rooms: 1,
      guestName: "Sam Setup",
      guestEmail: email,
      guestPhone: "+1 555 0175",
    },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return { created: await res.json(), cookie };
}

const payWith = (created: CreateBookingResponse, number: string) => payWithCard(t, created, number);
const confirm = (created: CreateBookingResponse) => confirmPayment(t, created);

async function cancel(created: CreateBookingResponse, cookie: string) {
  const res = await t.client(cookie).bookings[":id"].cancel.$post({ param: { id: created.booking.id }, header: {} });
  expect(res.status, await res.clone().text()).toBe(200);
}

async function rowOf(id: string) {
  const [row] = await t.deps.db.select().from(bookings).where(eq(bookings.id, id));
  return row!;
}

async function chargesOf(setupId: string) {
  const rows = await t.deps.db.select().from(simulatedPaymentIntents);
  return rows.filter((r) => r.metadata.setupIntent === setupId);
}

async function activity(bookingId: string, actionType: string) {
  const rows = await t.deps.db.select().from(activityLogs).where(eq(activityLogs.actionType, actionType));
  return rows.filter((r) => (r.details as { bookingId?: string } | null)?.bookingId === bookingId);
}

/** A far-ahead guarantee whose card was saved and whose booking is confirmed. */
async function savedCardBooking(number: string) {
  const { created, cookie } = await hold(30);
  const started = await payWith(created, number);
  if (started.status === "requires_action") {
    const url = new URL(started.redirectUrl, "http://local");
    const answer = await t.app.request(url.pathname, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost:3000" },
      body: new URLSearchParams({
        client_secret: url.searchParams.get("client_secret")!,
        return_url: "/booking-success",
        outcome: "approve",
      }).toString(),
    });
    expect(answer.headers.get("location")).toContain("redirect_status=succeeded");
  } else {
    expect(started.status).toBe("succeeded");
  }
  expect(await confirm(created)).toMatchObject({ status: "confirmed", paymentStatus: "guaranteed" });
  return { created, cookie };
}

describe("a card guarantee for a stay more than 6 days ahead saves the card", () => {
  it("answers the hold with a setup for the whole price and confirms the booking once the card is saved", async () => {
    const { created } = await hold(30);
    expect(created.payment).toMatchObject({ captureMethod: "setup", amountCents: 18000, dueAtHotelCents: 18000 });
    expect(created.payment.paymentId).toMatch(/^sim_seti_/);
    expect(created.payment.clientSecret).toContain("_secret_");
    expect(await payWith(created, TEST_CARDS.success)).toEqual({ status: "succeeded" });
    expect(await confirm(created)).toMatchObject({ status: "confirmed", paymentStatus: "guaranteed" });
    const row = await rowOf(created.booking.id);
    expect(row).toMatchObject({ cardGuarantee: "saved_card", capturedCents: 0, feeDueAtHotelCents: 0 });
    const [payment] = await t.deps.db.select().from(payments).where(eq(payments.bookingId, row.id));
    expect(payment).toMatchObject({ status: "card_saved", amountCents: 18000 });
    // Nothing was charged: no payment exists for the saved card yet.
    expect(await chargesOf(created.payment.paymentId)).toHaveLength(0);
  });

  it("a late cancellation charges the fee to the saved card off-session, once", async () => {
    const { created, cookie } = await savedCardBooking(TEST_CARDS.success);
    await cancel(created, cookie);
    const row = await rowOf(created.booking.id);
    expect(row).toMatchObject({ status: "cancelled", paymentStatus: "captured", capturedCents: 9000, feeDueAtHotelCents: 0 });
    const charges = await chargesOf(created.payment.paymentId);
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ status: "succeeded", amountCents: 9000, idempotencyKey: `booking-${row.id}-capture` });
    // The off-session charge is the booking's payment now, recorded beside the saved card's setup.
    expect(row.paymentIntentId).toBe(charges[0]!.id);
    const recorded = await t.deps.db.select().from(payments).where(eq(payments.bookingId, row.id));
    expect(recorded.map((p) => [p.providerPaymentId, p.status, p.amountCents]).sort()).toEqual(
      [
        [charges[0]!.id, "captured", 9000],
        [created.payment.paymentId, "card_saved", 18000],
      ].sort(),
    );
    expect(await activity(row.id, "booking_guarantee_captured")).toHaveLength(1);
    // Settling again (another caller, a retry) charges nothing more.
    await settleCancellationMoney(bookingDeps(t.deps), row, { feeCents: 9000, why: "cancellation" });
    expect(await chargesOf(created.payment.paymentId)).toHaveLength(1);
  });

  it("a card that saves fine but declines off-session leaves the fee owed at the hotel", async () => {
    const { created, cookie } = await savedCardBooking(TEST_CARDS.offSessionDeclined);
    await cancel(created, cookie);
    const row = await rowOf(created.booking.id);
    expect(row).toMatchObject({ status: "cancelled", paymentStatus: "fee_due_at_hotel", capturedCents: 0, feeDueAtHotelCents: 9000 });
    expect(await chargesOf(created.payment.paymentId)).toMatchObject([
      { status: "requires_payment_method", lastError: "Your card was declined." },
    ]);
    const logged = await activity(row.id, "booking_fee_due_at_hotel");
    expect(logged).toHaveLength(1);
    expect(logged[0]!.details).toMatchObject({ amountCents: 9000, cardRefused: "card_declined" });
    // Nothing is retried: a second settlement neither charges nor adds to what the hotel collects.
    await settleCancellationMoney(bookingDeps(t.deps), row, { feeCents: 9000, why: "cancellation" });
    expect(await rowOf(row.id)).toMatchObject({ paymentStatus: "fee_due_at_hotel", feeDueAtHotelCents: 9000 });
    expect(await chargesOf(created.payment.paymentId)).toHaveLength(1);
  });

  it("a card that asks for authentication on every payment is saved after 3-D Secure, and its off-session fee is owed at the hotel", async () => {
    const { created, cookie } = await savedCardBooking(TEST_CARDS.threeDSecure);
    await cancel(created, cookie);
    const row = await rowOf(created.booking.id);
    expect(row).toMatchObject({ paymentStatus: "fee_due_at_hotel", feeDueAtHotelCents: 9000 });
    const logged = await activity(row.id, "booking_fee_due_at_hotel");
    expect(logged[0]!.details).toMatchObject({ cardRefused: "authentication_required" });
  });

  it("a free cancellation of a saved card's guarantee charges nothing", async () => {
    const { created: early } = await hold(90);
    expect(early.payment.captureMethod).toBe("setup");
    expect((await payWith(early, TEST_CARDS.success)).status).toBe("succeeded");
    await confirm(early);
    const email = early.booking.guestEmail;
    await cancel(early, await signIn(t, email));
    expect(await rowOf(early.booking.id)).toMatchObject({ status: "cancelled", paymentStatus: "released", capturedCents: 0 });
    expect(await chargesOf(early.payment.paymentId)).toHaveLength(0);
  });
});

describe("a card guarantee for a stay at most 6 days ahead", () => {
  it("still authorises the price (manual capture)", async () => {
    const { created } = await hold(6);
    expect(created.payment).toMatchObject({ captureMethod: "manual", amountCents: 18000 });
    expect(created.payment.paymentId).toMatch(/^sim_pi_/);
    expect(await payWith(created, TEST_CARDS.success)).toEqual({ status: "succeeded" });
    expect(await confirm(created)).toMatchObject({ paymentStatus: "guaranteed" });
    expect(await rowOf(created.booking.id)).toMatchObject({ cardGuarantee: "authorisation" });
    const [intent] = await t.deps.db
      .select()
      .from(simulatedPaymentIntents)
      .where(eq(simulatedPaymentIntents.id, created.payment.paymentId));
    expect(intent).toMatchObject({ captureMethod: "manual", status: "requires_capture" });
  });
});
