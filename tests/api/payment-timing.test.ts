import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CreateBookingResponse } from "../../src/shared/booking.ts";
import { addDays, todayUtc } from "../../src/shared/dates.ts";
import type { PaymentTiming } from "../../src/shared/rate-plans.ts";
import {
  activityLogs,
  bookings,
  cancellationPolicies,
  loyaltyTransactions,
  payments,
  ratePlans,
  reportNights,
  simulatedPaymentIntents,
  users,
} from "../../src/server/db/schema.ts";
import { bookingDeps } from "../../src/server/deps.ts";
import type { PaymentGateway } from "../../src/server/integrations/payments/payment-gateway.ts";
import { type SimulatedGateway, TEST_CARDS } from "../../src/server/integrations/payments/simulated-gateway.ts";
import { changeBookingStatus, refundAndCancelBooking } from "../../src/server/services/bookings/admin.ts";
import { reconcilePayments } from "../../src/server/services/bookings/pay-and-confirm.ts";
import { settleCancellationMoney } from "../../src/server/services/bookings/payment-settlement.ts";
import { markStayNoShow } from "../../src/server/services/bookings/stay.ts";
import type { BookingDeps, BookingRow } from "../../src/server/services/bookings/records.ts";
import { type HotelRow, type RoomTypeRow, createHotel, createRoomType } from "../factories.ts";
import { confirmPayment, payWithCard } from "../support/guest-booking.ts";
import { type TestApp, createTestApp, signIn, signUp } from "../support/test-app.ts";

let t: TestApp;
let deps: BookingDeps;
let hotel: HotelRow;
let room: RoomTypeRow;
const plans = {} as Record<PaymentTiming, number>;
const d = (n: number) => addDays(todayUtc(), n);
const guest = { guestName: "Tim Ing", guestEmail: "tim.ing@example.com", guestPhone: "+1 555 0199" };

beforeAll(async () => {
  t = await createTestApp();
  deps = bookingDeps(t.deps);
  hotel = await createHotel(t.deps.db, { name: "Timing Hotel", freeCancellationDays: 7 });
  // $90 a night: two nights are $180; a 30 % deposit is $54 now and $126 at the hotel.
  room = await createRoomType(t.deps.db, hotel.id, { name: "Twin", priceCents: 9000, maxGuests: 2, totalRooms: 20 });
  const [policy] = await t.deps.db
    .insert(cancellationPolicies)
    .values({
      hotelId: hotel.id,
      name: "Flexible",
      terms: { tiers: [{ daysBefore: 7, fee: { kind: "percent", percent: 0 } }], finalFee: { kind: "percent", percent: 100 } },
    })
    .returning();
  for (const [i, timing] of (["pay_now", "deposit", "pay_at_hotel"] as const).entries()) {
    const [plan] = await t.deps.db
      .insert(ratePlans)
      .values({
        roomTypeId: room.id,
        hotelId: hotel.id,
        name: timing,
        cancellationPolicyId: policy!.id,
        paymentTiming: timing,
        depositPercent: timing === "deposit" ? 30 : null,
        sortOrder: i,
      })
      .returning();
    plans[timing] = plan!.id;
  }
});
afterAll(() => t.close());

async function hold(timing: PaymentTiming, cookie?: string): Promise<CreateBookingResponse> {
  const body = {
    hotelId: String(hotel.id),
    roomTypeId: String(room.id),
    ratePlanId: String(plans[timing]),
    checkIn: d(20),
    checkOut: d(22),
    guests: 2,
    rooms: 1,
    ...guest,
  };
  const res = await (cookie ? t.client(cookie) : t.api).bookings.$post({ json: body });
  expect(res.status, await res.clone().text()).toBe(201);
  return await res.json();
}

const payWith = (created: CreateBookingResponse, number: string = TEST_CARDS.success) => payWithCard(t, created, number);
const confirm = (created: CreateBookingResponse) => confirmPayment(t, created);

async function rowOf(id: string): Promise<BookingRow> {
  const [row] = await t.deps.db.select().from(bookings).where(eq(bookings.id, id));
  return row!;
}

async function intentOf(paymentId: string) {
  const [intent] = await t.deps.db.select().from(simulatedPaymentIntents).where(eq(simulatedPaymentIntents.id, paymentId));
  return intent!;
}

async function activity(bookingId: string, actionType: string) {
  const rows = await t.deps.db.select().from(activityLogs).where(eq(activityLogs.actionType, actionType));
  return rows.filter((r) => (r.details as { bookingId?: string } | null)?.bookingId === bookingId);
}

/** A guaranteed booking, confirmed: the card authorised $180, nothing charged. */
async function guaranteed(): Promise<{ created: CreateBookingResponse; row: BookingRow }> {
  const created = await hold("pay_at_hotel");
  expect((await payWith(created)).status).toBe("succeeded");
  expect((await confirm(created)).status).toBe("confirmed");
  return { created, row: await rowOf(created.booking.id) };
}

describe("deposit", () => {
  it("charges the deposit's share at the hold, confirms, and leaves the rest for the hotel", async () => {
    await signUp(t, "deposit.member@example.com");
    const cookie = await signIn(t, "deposit.member@example.com");
    const created = await hold("deposit", cookie);
    expect(created.payment).toMatchObject({ amountCents: 5400, captureMethod: "automatic", dueAtHotelCents: 12600 });
    expect(await intentOf(created.payment.paymentId)).toMatchObject({ amountCents: 5400, captureMethod: "automatic" });
    const [payment] = await t.deps.db.select().from(payments).where(eq(payments.bookingId, created.booking.id));
    expect(payment).toMatchObject({ amountCents: 5400, status: "pending" });

    await payWith(created);
    const booking = await confirm(created);
    expect(booking).toMatchObject({ status: "confirmed", paymentStatus: "completed", totalPriceCents: 18000 });
    const [paid] = await t.deps.db.select().from(payments).where(eq(payments.bookingId, created.booking.id));
    expect(paid!.status).toBe("succeeded");
    // Points are earned on what the card paid through us: the deposit's $54, not the $180 stay.
    const earned = await t.deps.db
      .select()
      .from(loyaltyTransactions)
      .where(eq(loyaltyTransactions.sourceKey, `booking:${created.booking.id}:earn`));
    expect(earned.map((e) => e.points)).toEqual([54]);
  });

  it("on a late cancellation keeps the deposit and records the rest of the fee as owed at the hotel, once", async () => {
    const created = await hold("deposit");
    await payWith(created);
    await confirm(created);
    const row = await rowOf(created.booking.id);
    const first = await settleCancellationMoney(deps, row, { feeCents: 18000, why: "late cancellation" });
    expect(first).toEqual({ refundedCents: 0, capturedCents: 0, owedAtHotelCents: 12600 });
    await settleCancellationMoney(deps, await rowOf(row.id), { feeCents: 18000, why: "late cancellation" });
    expect((await rowOf(row.id)).feeDueAtHotelCents).toBe(12600);
    expect(await activity(row.id, "booking_fee_due_at_hotel")).toHaveLength(1);
  });

  it("refunds the deposit less a smaller fee, and a retried refund gives back that amount, not the whole price", async () => {
    const created = await hold("deposit");
    await payWith(created);
    await confirm(created);
    const row = await rowOf(created.booking.id);
    const settled = await settleCancellationMoney(deps, row, { feeCents: 2000, why: "cancelled: $20 fee" });
    expect(settled).toEqual({ refundedCents: 3400, capturedCents: 0, owedAtHotelCents: 0 });
    const after = await rowOf(row.id);
    expect(after).toMatchObject({ paymentStatus: "refunded", refundedCents: 3400, refundDueCents: 3400, feeDueAtHotelCents: 0 });
    expect((await intentOf(created.payment.paymentId)).refundedCents).toBe(3400);
  });

  it("an admin's full refund gives back the deposit the card paid, not the whole stay's price", async () => {
    const created = await hold("deposit");
    await payWith(created);
    await confirm(created);
    await signUp(t, "refund.staff@example.com");
    const [staff] = await t.deps.db.select().from(users).where(eq(users.email, "refund.staff@example.com"));
    const { amountCents } = await refundAndCancelBooking(deps, created.booking.id, { id: staff!.id, email: staff!.email });
    expect(amountCents).toBe(5400);
    expect((await intentOf(created.payment.paymentId)).refundedCents).toBe(5400);
    expect(await rowOf(created.booking.id)).toMatchObject({ status: "cancelled", paymentStatus: "refunded" });
  });
});

describe("pay at the hotel with a card guarantee", () => {
  it("authorises the stay's price without charging it and confirms the booking as guaranteed", async () => {
    await signUp(t, "guarantee.member@example.com");
    const cookie = await signIn(t, "guarantee.member@example.com");
    const created = await hold("pay_at_hotel", cookie);
    expect(created.payment).toMatchObject({ amountCents: 18000, captureMethod: "manual", dueAtHotelCents: 18000 });
    expect((await payWith(created)).status).toBe("succeeded");
    expect(await intentOf(created.payment.paymentId)).toMatchObject({ status: "requires_capture", amountCapturedCents: null });
    const booking = await confirm(created);
    expect(booking).toMatchObject({ status: "confirmed", paymentStatus: "guaranteed" });
    const [payment] = await t.deps.db.select().from(payments).where(eq(payments.bookingId, created.booking.id));
    expect(payment).toMatchObject({ status: "authorised", amountCents: 18000 });
    expect((await t.deps.gateway.getPayment(created.payment.paymentId)).capturedCents).toBe(0);
    // Nothing paid through us, so nothing earned at booking.
    const earned = await t.deps.db
      .select()
      .from(loyaltyTransactions)
      .where(eq(loyaltyTransactions.sourceKey, `booking:${created.booking.id}:earn`));
    expect(earned).toEqual([]);
    // Confirming again (the webhook, the reconciliation) changes nothing.
    expect((await confirm(created)).paymentStatus).toBe("guaranteed");
  });

  it("counts a guaranteed booking as sold in the revenue reports, at its price", async () => {
    const before = await t.deps.db.select().from(reportNights).where(eq(reportNights.roomTypeId, room.id));
    await guaranteed();
    const after = await t.deps.db.select().from(reportNights).where(eq(reportNights.roomTypeId, room.id));
    const sum = (rows: typeof before, key: "roomsSold" | "revenueCents") => rows.reduce((n, r) => n + r[key], 0);
    expect(sum(after, "roomsSold") - sum(before, "roomsSold")).toBe(2);
    expect(sum(after, "revenueCents") - sum(before, "revenueCents")).toBe(18000);
  });

  it("confirms a guarantee after a 3-D Secure challenge, the return path reading it as succeeded", async () => {
    const created = await hold("pay_at_hotel");
    const started = await payWith(created, TEST_CARDS.threeDSecure);
    expect(started.status).toBe("requires_action");
    const url = new URL("redirectUrl" in started ? started.redirectUrl : "", "http://local");
    const answer = await t.app.request(`${url.pathname}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost:3000" },
      body: new URLSearchParams({
        client_secret: url.searchParams.get("client_secret")!,
        return_url: "/booking-success",
        outcome: "approve",
      }).toString(),
    });
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toContain("redirect_status=succeeded");
    expect((await confirm(created)).paymentStatus).toBe("guaranteed");
  });

  it("refuses a declined card: nothing authorised, the booking stays an unpaid hold", async () => {
    const created = await hold("pay_at_hotel");
    const result = await payWith(created, TEST_CARDS.declined);
    expect(result).toMatchObject({ status: "failed", message: "Your card was declined." });
    expect((await intentOf(created.payment.paymentId)).status).toBe("requires_payment_method");
    const booking = await confirm(created);
    expect(booking).toMatchObject({ status: "pending", paymentStatus: "pending" });
  });

  it("on a late cancellation captures exactly the fee, once, and releases the rest", async () => {
    const { created, row } = await guaranteed();
    const [first, second] = await Promise.all([
      settleCancellationMoney(deps, row, { feeCents: 9000, why: "first night charged" }),
      settleCancellationMoney(deps, row, { feeCents: 9000, why: "first night charged" }),
    ]);
    expect(first.capturedCents + second.capturedCents).toBe(9000);
    const third = await settleCancellationMoney(deps, await rowOf(row.id), { feeCents: 9000, why: "first night charged" });
    expect(third.capturedCents).toBe(0);
    expect(await intentOf(created.payment.paymentId)).toMatchObject({ status: "succeeded", amountCapturedCents: 9000 });
    expect((await t.deps.gateway.getPayment(created.payment.paymentId)).capturedCents).toBe(9000);
    expect(await rowOf(row.id)).toMatchObject({ paymentStatus: "captured", capturedCents: 9000, feeDueAtHotelCents: 0 });
    const [payment] = await t.deps.db.select().from(payments).where(eq(payments.bookingId, row.id));
    expect(payment!.status).toBe("captured");
    const logged = await activity(row.id, "booking_guarantee_captured");
    expect(logged).toHaveLength(1);
    expect(logged[0]!.details).toMatchObject({ amountCents: 9000, why: "first night charged" });
  });

  it("on a free cancellation releases the whole authorisation and charges nothing", async () => {
    const { created, row } = await guaranteed();
    expect(await settleCancellationMoney(deps, row, { feeCents: 0, why: "free cancellation" })).toEqual({
      refundedCents: 0,
      capturedCents: 0,
      owedAtHotelCents: 0,
    });
    await settleCancellationMoney(deps, await rowOf(row.id), { feeCents: 0, why: "free cancellation" });
    expect(await intentOf(created.payment.paymentId)).toMatchObject({ status: "canceled", amountCapturedCents: null });
    expect(await rowOf(row.id)).toMatchObject({ paymentStatus: "released", capturedCents: 0 });
    expect(await activity(row.id, "booking_guarantee_released")).toHaveLength(1);
  });

  it("an admin who sets a guaranteed booking to cancelled releases the authorisation, charging nothing", async () => {
    const { created, row } = await guaranteed();
    await signUp(t, "status.staff@example.com");
    const [staff] = await t.deps.db.select().from(users).where(eq(users.email, "status.staff@example.com"));
    const cancelled = await changeBookingStatus(deps, row.id, "cancelled", { id: staff!.id, email: staff!.email });
    expect(cancelled).toMatchObject({ status: "cancelled", paymentStatus: "released", capturedCents: 0 });
    expect(await intentOf(created.payment.paymentId)).toMatchObject({ status: "canceled", amountCapturedCents: null });
    expect(await activity(row.id, "booking_guarantee_released")).toHaveLength(1);
  });

  it("retries a failed capture from the reconciliation with the same key and amount", async () => {
    const { created, row } = await guaranteed();
    const real = deps.gateway;
    const failing: PaymentGateway = {
      ...real,
      capturePayment: () => Promise.reject(new Error("processor unavailable")),
    };
    const settled = await settleCancellationMoney({ ...deps, gateway: failing }, row, { feeCents: 4500, why: "no-show" });
    expect(settled.capturedCents).toBe(0);
    expect(await rowOf(row.id)).toMatchObject({ paymentStatus: "capture_pending", capturedCents: 4500 });
    expect((await intentOf(created.payment.paymentId)).status).toBe("requires_capture");
    await reconcilePayments(deps);
    expect(await rowOf(row.id)).toMatchObject({ paymentStatus: "captured", capturedCents: 4500 });
    expect((await intentOf(created.payment.paymentId)).amountCapturedCents).toBe(4500);
  });
});

describe("simulated gateway: manual capture", () => {
  async function authorisedIntent(amountCents: number, key: string) {
    const gateway = t.deps.gateway as SimulatedGateway;
    const started = await gateway.createPayment({
      amountCents,
      currency: "USD",
      idempotencyKey: key,
      bookingId: key,
      bookingReference: "BK1700000000000ABCDE",
      guestEmail: "sim@example.com",
      description: "test",
      captureMethod: "manual",
    });
    const card = { number: TEST_CARDS.success, expMonth: 12, expYear: 2040, cvc: "123" };
    expect(await gateway.confirmWithCard(started.paymentId, started.clientSecret, card, "/x")).toEqual({ status: "succeeded" });
    return { gateway, paymentId: started.paymentId };
  }

  it("holds an accepted card as requires_capture, then captures part of it once per key", async () => {
    const { gateway, paymentId } = await authorisedIntent(10000, "sim-capture-1");
    expect(await gateway.getPayment(paymentId)).toMatchObject({ status: "requires_capture", capturedCents: 0 });
    const captured = await gateway.capturePayment(paymentId, 2500, "cap-1");
    expect(captured).toMatchObject({ status: "succeeded", capturedCents: 2500 });
    expect(await gateway.capturePayment(paymentId, 2500, "cap-1")).toMatchObject({ capturedCents: 2500 });
    await expect(gateway.capturePayment(paymentId, 2500, "cap-2")).rejects.toThrow(/status of succeeded/);
    await expect(gateway.capturePayment(paymentId, 3000, "cap-1")).rejects.toThrow(/same parameters/);
    // A refund can give back at most what was captured.
    await expect(gateway.refund(paymentId, 3000, "requested_by_customer", "ref-1")).rejects.toThrow(/25\.00 left to refund/);
    await gateway.refund(paymentId, 2500, "requested_by_customer", "ref-2");
  });

  it("refuses to capture more than authorised, and a cancelled authorisation cannot be captured", async () => {
    const { gateway, paymentId } = await authorisedIntent(5000, "sim-capture-2");
    await expect(gateway.capturePayment(paymentId, 5001, "cap-3")).rejects.toThrow(/authorised/);
    expect(await gateway.cancelAuthorisation(paymentId, "rel-1")).toMatchObject({ status: "canceled" });
    expect(await gateway.cancelAuthorisation(paymentId, "rel-1")).toMatchObject({ status: "canceled" });
    await expect(gateway.capturePayment(paymentId, 100, "cap-4")).rejects.toThrow(/status of canceled/);
  });

  it("refuses to cancel an authorisation that was captured, and an automatic payment is charged at once", async () => {
    const { gateway, paymentId } = await authorisedIntent(5000, "sim-capture-3");
    await gateway.capturePayment(paymentId, 5000, "cap-5");
    await expect(gateway.cancelAuthorisation(paymentId, "rel-2")).rejects.toThrow(/status of succeeded/);
    const started = await gateway.createPayment({
      amountCents: 700,
      currency: "USD",
      idempotencyKey: "sim-automatic",
      bookingId: "x",
      bookingReference: "BK1700000000000ABCDE",
      guestEmail: "sim@example.com",
      description: "test",
    });
    await gateway.confirmWithCard(
      started.paymentId,
      started.clientSecret,
      { number: TEST_CARDS.success, expMonth: 12, expYear: 2040, cvc: "1" + "23" },
      "/x",
    );
    expect(await gateway.getPayment(started.paymentId)).toMatchObject({ status: "succeeded", capturedCents: 700 });
    // The same key asking for a manual capture now is another request: refused.
    await expect(
      gateway.createPayment({
        amountCents: 700,
        currency: "USD",
        idempotencyKey: "sim-automatic",
        bookingId: "x",
        bookingReference: "BK1700000000000ABCDE",
        guestEmail: "sim@example.com",
        description: "test",
        captureMethod: "manual",
      }),
    ).rejects.toThrow(/same parameters/);
  });
});

describe("a guest cancels a booking paid by deposit or guaranteed by card", () => {
  const strictPlans = {} as Record<"deposit" | "pay_at_hotel", number>;
  let strictRoom: RoomTypeRow;

  beforeAll(async () => {
    strictRoom = await createRoomType(t.deps.db, hotel.id, { name: "Strict Twin", priceCents: 9000, maxGuests: 2, totalRooms: 20 });
    // The first night is charged whenever the guest cancels: $90 of the $180 stay.
    const [policy] = await t.deps.db
      .insert(cancellationPolicies)
      .values({ hotelId: hotel.id, name: "First night charged", terms: { tiers: [], finalFee: { kind: "nights", nights: 1 } } })
      .returning();
    for (const timing of ["deposit", "pay_at_hotel"] as const) {
      const [plan] = await t.deps.db
        .insert(ratePlans)
        .values({
          roomTypeId: strictRoom.id,
          hotelId: hotel.id,
          name: `Strict ${timing}`,
          cancellationPolicyId: policy!.id,
          paymentTiming: timing,
          depositPercent: timing === "deposit" ? 30 : null,
        })
        .returning();
      strictPlans[timing] = plan!.id;
    }
  });

  async function bookAndCancel(room: RoomTypeRow, planId: number) {
    await signUp(t, `canceller.${planId}.${room.id}@example.com`);
    const cookie = await signIn(t, `canceller.${planId}.${room.id}@example.com`);
    const body = {
      hotelId: String(hotel.id),
      roomTypeId: String(room.id),
      ratePlanId: String(planId),
      checkIn: d(20),
      checkOut: d(22),
      guests: 2,
      rooms: 1,
      ...guest,
    };
    const res = await t.client(cookie).bookings.$post({ json: body });
    expect(res.status, await res.clone().text()).toBe(201);
    const created = await res.json();
    await payWith(created);
    await confirm(created);
    const cancelled = await t.client(cookie).bookings[":id"].cancel.$post({ param: { id: created.booking.id }, header: {} });
    expect(cancelled.status, await cancelled.clone().text()).toBe(200);
    return { created, answer: await cancelled.json() };
  }

  it("a late cancellation of a guarantee charges exactly the first night and releases the rest", async () => {
    const { created, answer } = await bookAndCancel(strictRoom, strictPlans.pay_at_hotel);
    expect(answer).toMatchObject({ refunded: false, feeCents: 9000 });
    expect(await intentOf(created.payment.paymentId)).toMatchObject({ status: "succeeded", amountCapturedCents: 9000 });
    expect(await rowOf(created.booking.id)).toMatchObject({ status: "cancelled", paymentStatus: "captured", capturedCents: 9000 });
  });

  it("a free cancellation of a guarantee releases the authorisation", async () => {
    const { created, answer } = await bookAndCancel(room, plans.pay_at_hotel);
    expect(answer).toMatchObject({ refunded: false, feeCents: 0 });
    expect((await intentOf(created.payment.paymentId)).status).toBe("canceled");
    expect(await rowOf(created.booking.id)).toMatchObject({ status: "cancelled", paymentStatus: "released", capturedCents: 0 });
  });

  it("a no-show on a guarantee is charged the policy's final fee from the card, once", async () => {
    const body = {
      hotelId: String(hotel.id),
      roomTypeId: String(strictRoom.id),
      ratePlanId: String(strictPlans.pay_at_hotel),
      checkIn: d(0),
      checkOut: d(2),
      guests: 2,
      rooms: 1,
      ...guest,
    };
    const res = await t.api.bookings.$post({ json: body });
    expect(res.status, await res.clone().text()).toBe(201);
    const created = await res.json();
    await payWith(created);
    await confirm(created);
    await signUp(t, "night.clerk@example.com");
    const [clerk] = await t.deps.db.select().from(users).where(eq(users.email, "night.clerk@example.com"));
    const staff = { id: clerk!.id, email: clerk!.email };
    await markStayNoShow(deps, staff, await rowOf(created.booking.id));
    expect(await intentOf(created.payment.paymentId)).toMatchObject({ status: "succeeded", amountCapturedCents: 9000 });
    expect(await rowOf(created.booking.id)).toMatchObject({ stayStatus: "no_show", paymentStatus: "captured", capturedCents: 9000 });
    expect(await activity(created.booking.id, "booking_guarantee_captured")).toHaveLength(1);
  });

  it("a free cancellation of a deposit gives the whole deposit back", async () => {
    const { created, answer } = await bookAndCancel(room, plans.deposit);
    expect(answer).toMatchObject({ refunded: true, feeCents: 0 });
    expect((await intentOf(created.payment.paymentId)).refundedCents).toBe(5400);
    expect(await rowOf(created.booking.id)).toMatchObject({ paymentStatus: "refunded", refundedCents: 5400, feeDueAtHotelCents: 0 });
  });

  it("a late cancellation of a deposit keeps it and leaves the rest of the fee to be paid at the hotel", async () => {
    const { created, answer } = await bookAndCancel(strictRoom, strictPlans.deposit);
    expect(answer).toMatchObject({ refunded: false, feeCents: 9000 });
    expect((await intentOf(created.payment.paymentId)).refundedCents).toBe(0);
    expect(await rowOf(created.booking.id)).toMatchObject({ paymentStatus: "completed", refundedCents: 0, feeDueAtHotelCents: 3600 });
  });
});
