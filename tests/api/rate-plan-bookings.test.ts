import { eq } from "drizzle-orm";
import type { InferRequestType } from "hono/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PolicyTerms, freeUntilTerms } from "../../src/shared/cancellation-policies.ts";
import { addDays, todayUtc } from "../../src/shared/dates.ts";
import { bookings, cancellationPolicies, emailOutbox, ratePlans, users } from "../../src/server/db/schema.ts";
import { bookingDeps } from "../../src/server/deps.ts";
import { createPhoneBooking } from "../../src/server/services/bookings/phone.ts";
import { recordPoints } from "../../src/server/services/loyalty.ts";
import { type HotelRow, type RoomTypeRow, createHotel, createRoomType } from "../factories.ts";
import { type PlanRow, type PolicyRow, createPlan, createPolicy, setPlanPrices } from "../support/rate-plan-fixtures.ts";
import { type ApiClient, type TestApp, createTestApp, signIn, signUp } from "../support/test-app.ts";
import { errorOf } from "../support/typed.ts";

let t: TestApp;
let hotel: HotelRow;
let room: RoomTypeRow;
let other: RoomTypeRow;
let plain: RoomTypeRow;
let flexible: PolicyRow;
let nonRefundable: PolicyRow;
const plans: Record<string, PlanRow> = {};
const d = (n: number) => addDays(todayUtc(), n);
const guest = { guestName: "Pia Plan", guestEmail: "pia.plan@example.com", guestPhone: "+33 1 23 45 67 89" };

const flexibleTerms: PolicyTerms = {
  tiers: [
    { daysBefore: 7, fee: { kind: "percent", percent: 0 } },
    { daysBefore: 1, fee: { kind: "percent", percent: 50 } },
  ],
  finalFee: { kind: "percent", percent: 100 },
};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.db;
  hotel = await createHotel(db, { name: "Plan Palace", currency: "USD", timeZone: "UTC", freeCancellationDays: 2, childRateCents: 0 });
  room = await createRoomType(db, hotel.id, { name: "Double", priceCents: 10_000, maxGuests: 2, totalRooms: 10 });
  other = await createRoomType(db, hotel.id, { name: "Suite", priceCents: 30_000, maxGuests: 2, totalRooms: 2 });
  plain = await createRoomType(db, hotel.id, { name: "Plain Twin", priceCents: 8_000, maxGuests: 2, totalRooms: 5 });
  flexible = await createPolicy(db, hotel.id, flexibleTerms, "Flexible");
  nonRefundable = await createPolicy(db, hotel.id, { tiers: [], finalFee: { kind: "percent", percent: 100 } }, "Non-refundable");
  plans.flex = await createPlan(db, room, flexible, { name: "Flexible", sortOrder: 0 });
  plans.nonref = await createPlan(db, room, nonRefundable, { name: "Non-refundable", priceRuleValue: -12, sortOrder: 1 });
  plans.breakfast = await createPlan(db, room, flexible, {
    name: "Bed and breakfast",
    priceRuleKind: "amount",
    priceRuleValue: 1_500,
    mealPlan: "breakfast",
    inclusions: ["parking", "wifi"],
    sortOrder: 2,
  });
  plans.own = await createPlan(db, room, flexible, { name: "Own calendar", priceRuleKind: "own", priceRuleValue: 0, sortOrder: 3 });
  await setPlanPrices(db, plans.own, { [d(20)]: 12_000, [d(21)]: 9_000 });
  plans.deposit = await createPlan(db, room, flexible, { name: "Deposit", paymentTiming: "deposit", depositPercent: 30, sortOrder: 4 });
  plans.restricted = await createPlan(db, room, flexible, {
    name: "Advance saver",
    minStay: 3,
    minAdvanceDays: 14,
    closedDates: [d(40)],
    sortOrder: 5,
  });
  plans.retired = await createPlan(db, room, flexible, { name: "Retired", active: false, sortOrder: -1 });
  plans.suite = await createPlan(db, other, flexible, { name: "Suite flexible" });
});
afterAll(() => t.close());

type QuoteInput = InferRequestType<ApiClient["bookings"]["quote"]["$post"]>["json"];

function choice(extra: Partial<QuoteInput> = {}): QuoteInput {
  return { hotelId: String(hotel.id), roomTypeId: String(room.id), checkIn: d(20), checkOut: d(23), guests: 2, rooms: 1, ...extra };
}

async function quote(extra: Partial<QuoteInput> = {}) {
  const res = await t.api.bookings.quote.$post({ json: choice(extra) });
  expect(res.status, await res.clone().text()).toBe(200);
  return await res.json();
}

async function hold(extra: Partial<QuoteInput> = {}) {
  const res = await t.api.bookings.$post({ json: { ...choice(extra), ...guest } });
  expect(res.status, await res.clone().text()).toBe(201);
  return await res.json();
}

async function stored(id: string) {
  const [row] = await t.deps.db.select().from(bookings).where(eq(bookings.id, id));
  return row!;
}

describe("pricing a rate plan", () => {
  it("prices each night by the plan's rule: a percentage, an amount, its own calendar", async () => {
    const nonref = await quote({ ratePlanId: String(plans.nonref!.id) });
    expect(nonref.nightlyPrices.map((n) => n.priceCents)).toEqual([8_800, 8_800, 8_800]);
    expect(nonref.totalCents).toBe(26_400);
    const breakfast = await quote({ ratePlanId: String(plans.breakfast!.id), rooms: 2 });
    expect(breakfast.nightlyPrices.map((n) => n.priceCents)).toEqual([11_500, 11_500, 11_500]);
    expect(breakfast.roomsSubtotalCents).toBe(69_000);
    expect(breakfast.ratePlan).toEqual({
      id: String(plans.breakfast!.id),
      name: "Bed and breakfast",
      mealPlan: "breakfast",
      inclusions: ["parking", "wifi"],
    });
    // Nights the own calendar does not set follow the room type's calendar price.
    const own = await quote({ ratePlanId: String(plans.own!.id) });
    expect(own.nightlyPrices).toEqual([
      { night: d(20), priceCents: 12_000 },
      { night: d(21), priceCents: 9_000 },
      { night: d(22), priceCents: 10_000 },
    ]);
    expect(own.totalCents).toBe(31_000);
  });

  it("answers the breakdown: payment timing, amount now and at the hotel, the schedule in words", async () => {
    const deposit = await quote({ ratePlanId: String(plans.deposit!.id) });
    expect(deposit).toMatchObject({
      paymentTiming: "deposit",
      depositPercent: 30,
      totalCents: 30_000,
      amountDueNowCents: 9_000,
      amountDueAtHotelCents: 21_000,
    });
    expect(deposit.cancellationSchedule!.steps.map((s) => [s.untilLocalDate, s.feeCents])).toEqual([
      [d(13), 0],
      [d(19), 15_000],
    ]);
    expect(deposit.cancellationSchedule!.finalFeeCents).toBe(30_000);
    expect(deposit.cancellationWords).toMatch(
      /^Free cancellation until 23:59 on .+ \(hotel time\); until 23:59 on .+ you pay \$150\.00; after that you pay \$300\.00$/,
    );
    const nonref = await quote({ ratePlanId: String(plans.nonref!.id) });
    expect(nonref.cancellationWords).toBe("Non-refundable");
  });

  it("says the cancellation terms in the asker's language", async () => {
    const res = await t.api.bookings.quote.$post(
      { json: choice({ ratePlanId: String(plans.nonref!.id) }) },
      { headers: { "accept-language": "de-DE,de;q=0.9" } },
    );
    expect((await res.json()).cancellationWords).toBe("Nicht erstattbar");
  });

  it("without a choice sells the room type's first active plan by sort order", async () => {
    const q = await quote();
    expect(q.ratePlan?.name).toBe("Flexible");
  });

  it("refuses an unknown, inactive or other room type's plan with 404", async () => {
    for (const ratePlanId of ["999999", String(plans.retired!.id), String(plans.suite!.id), "x1"]) {
      const res = await t.api.bookings.quote.$post({ json: choice({ ratePlanId }) });
      expect(res.status, ratePlanId).toBe(404);
      expect((await errorOf(res)).code).toBe("RATE_PLAN_NOT_FOUND");
    }
    const held = await t.api.bookings.$post({ json: { ...choice({ ratePlanId: String(plans.retired!.id) }), ...guest } });
    expect(held.status).toBe(404);
  });

  it("refuses a stay the plan's restrictions exclude, with the plan's own words, and holds nothing", async () => {
    const cases: [Partial<QuoteInput>, string][] = [
      [{ checkIn: d(20), checkOut: d(22) }, "This rate needs a stay of at least 3 nights."],
      [{ checkIn: d(5), checkOut: d(9) }, "This rate must be booked at least 14 days before check-in."],
      [{ checkIn: d(39), checkOut: d(42) }, `This rate is not sold for the night of ${d(40)}.`],
    ];
    for (const [dates, message] of cases) {
      const stay = choice({ ratePlanId: String(plans.restricted!.id), ...dates });
      for (const res of [await t.api.bookings.quote.$post({ json: stay }), await t.api.bookings.$post({ json: { ...stay, ...guest } })]) {
        expect(res.status).toBe(409);
        expect(await res.json()).toMatchObject({ code: "RATE_PLAN_RESTRICTED", message });
      }
    }
    const held = await t.deps.db.select().from(bookings).where(eq(bookings.ratePlanId, plans.restricted!.id));
    expect(held).toEqual([]);
  });

  it("holds at the quoted price and stores the plan, payment timing, amount due now and schedule as sold", async () => {
    const q = await quote({ ratePlanId: String(plans.breakfast!.id) });
    const created = await hold({ ratePlanId: String(plans.breakfast!.id) });
    expect(created.booking.totalPriceCents).toBe(q.totalCents);
    const row = await stored(created.booking.id);
    expect(row).toMatchObject({
      ratePlanId: plans.breakfast!.id,
      ratePlanName: "Bed and breakfast",
      mealPlan: "breakfast",
      inclusions: ["parking", "wifi"],
      paymentTiming: "pay_now",
      amountDueNowCents: 34_500,
      nightlyPriceCents: [11_500, 11_500, 11_500],
    });
    expect(row.cancellationSchedule).toEqual(q.cancellationSchedule);
    // A later edit of the plan and its policy leaves the booking's terms alone.
    await t.deps.db.update(ratePlans).set({ name: "Renamed", mealPlan: "half_board" }).where(eq(ratePlans.id, plans.breakfast!.id));
    await t.deps.db
      .update(cancellationPolicies)
      .set({ terms: freeUntilTerms(1) })
      .where(eq(cancellationPolicies.id, flexible.id));
    const after = await stored(created.booking.id);
    expect(after).toMatchObject({ ratePlanName: "Bed and breakfast", mealPlan: "breakfast" });
    expect(after.cancellationSchedule).toEqual(row.cancellationSchedule);
    await t.deps.db
      .update(ratePlans)
      .set({ name: "Bed and breakfast", mealPlan: "breakfast" })
      .where(eq(ratePlans.id, plans.breakfast!.id));
    await t.deps.db.update(cancellationPolicies).set({ terms: flexibleTerms }).where(eq(cancellationPolicies.id, flexible.id));
  });

  it("sells a room type without plans as before: calendar price, pay now, the hotel's free-cancellation days as a schedule", async () => {
    const q = await quote({ roomTypeId: String(plain.id) });
    expect(q).toMatchObject({
      ratePlan: null,
      paymentTiming: "pay_now",
      totalCents: 24_000,
      amountDueNowCents: 24_000,
      amountDueAtHotelCents: 0,
    });
    expect(q.cancellationSchedule!.steps).toEqual([{ until: `${d(19)}T00:00:00.000Z`, untilLocalDate: d(18), feeCents: 0 }]);
    const created = await hold({ roomTypeId: String(plain.id) });
    const row = await stored(created.booking.id);
    expect(row).toMatchObject({ ratePlanId: null, ratePlanName: null, paymentTiming: "pay_now", amountDueNowCents: 24_000 });
    expect(row.cancellationSchedule?.steps).toEqual(q.cancellationSchedule!.steps);
  });

  it("takes points off the quote as a discount line (signed in only)", async () => {
    const res = await t.api.bookings.quote.$post({ json: choice({ pointsToRedeem: 500 }) });
    expect(res.status).toBe(401);
    await signUp(t, "points.plan@example.com");
    const cookie = await signIn(t, "points.plan@example.com");
    const [user] = await t.deps.db.select({ id: users.id }).from(users).where(eq(users.email, "points.plan@example.com"));
    await recordPoints(t.deps.db, {
      userId: user!.id,
      points: 1_000,
      description: "test",
      sourceKey: "test:points-plan",
      countsAsEarned: false,
    });
    const signedIn = await t
      .client(cookie)
      .bookings.quote.$post({ json: choice({ ratePlanId: String(plans.deposit!.id), pointsToRedeem: 500 }) });
    expect(signedIn.status, await signedIn.clone().text()).toBe(200);
    expect(await signedIn.json()).toMatchObject({
      subtotalCents: 30_000,
      discounts: [{ kind: "points", label: "500 points", cents: 500 }],
      discountCents: 500,
      totalCents: 29_500,
      // The deposit is its share of the price after discounts; the fees are shares of the price (points are money).
      amountDueNowCents: 8_850,
      amountDueAtHotelCents: 20_650,
      cancellationSchedule: { priceCents: 30_000, finalFeeCents: 30_000 },
    });
    // More points than the guest has: the quote refuses as the hold would, in words.
    const tooMany = await t
      .client(cookie)
      .bookings.quote.$post({ json: choice({ ratePlanId: String(plans.deposit!.id), pointsToRedeem: 1_500 }) });
    expect(tooMany.status).toBe(400);
    expect(await tooMany.json()).toMatchObject({ code: "NOT_ENOUGH_POINTS", message: "You have 1000 points, not enough to redeem 1500." });
  });

  it("takes a plan on a phone booking paid at the hotel: nothing due now, the plan's schedule kept", async () => {
    await signUp(t, "desk.plan@example.com");
    const [user] = await t.deps.db.select({ id: users.id, email: users.email }).from(users).where(eq(users.email, "desk.plan@example.com"));
    const staff = user!;
    const made = await createPhoneBooking(
      bookingDeps(t.deps),
      staff,
      hotel.id,
      {
        roomTypeId: String(room.id),
        ratePlanId: String(plans.nonref!.id),
        checkIn: d(30),
        checkOut: d(32),
        guests: 2,
        children: 0,
        rooms: 1,
        payment: "pay_at_hotel",
        ...guest,
      },
      "127.0.0.1",
      "en",
    );
    const row = await stored(made.bookingId);
    expect(row).toMatchObject({
      ratePlanName: "Non-refundable",
      paymentTiming: "pay_at_hotel",
      amountDueNowCents: 0,
      totalPriceCents: 17_600,
      source: "phone",
    });
    expect(row.cancellationSchedule).toMatchObject({ steps: [], finalFeeCents: 17_600 });
  });

  it("e-mails the plan, what it includes, the money now and at the hotel, and the cancellation terms in words", async () => {
    const created = await hold({ ratePlanId: String(plans.deposit!.id) });
    expect(created.payment.amountCents).toBe(9_000);
    const paid = await t.api["simulated-payments"][":id"].confirm.$post({
      param: { id: created.payment.paymentId },
      json: {
        clientSecret: created.payment.clientSecret,
        returnUrl: "/booking-success",
        card: { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2040, cvc: "123" },
      },
    });
    expect(paid.status).toBe(200);
    const confirmed = await t.api.bookings[":id"]["confirm-payment"].$post({
      param: { id: created.booking.id },
      json: { paymentId: created.payment.paymentId },
    });
    const { booking } = await confirmed.json();
    expect(booking).toMatchObject({
      status: "confirmed",
      ratePlanName: "Deposit",
      paymentTiming: "deposit",
      amountDueNowCents: 9_000,
      amountDueAtHotelCents: 21_000,
    });
    const [mail] = await t.deps.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.dedupeKey, `booking:${created.booking.id}:confirmation`));
    expect(mail!.textBody).toContain("Rate: Deposit · Room only");
    expect(mail!.textBody).toContain("Paid now: $90.00");
    expect(mail!.textBody).toContain("To pay at the hotel: $210.00");
    // The download says the booking's own terms, not the hotel's general policy.
    const file = await t.api.bookings[":id"].confirmation.$get({
      param: { id: created.booking.id },
      header: { "x-booking-access": created.accessToken },
    });
    const text = await file.text();
    expect(text).toContain("Rate: Deposit · Room only");
    expect(text).toMatch(/Cancellation: Free cancellation until 23:59 on/);
    expect(text).not.toContain("Cancellation policy:");
    expect(mail!.textBody).toMatch(
      /Cancellation: Free cancellation until 23:59 on .+ \(hotel time\); until 23:59 on .+ you pay \$150\.00; after that you pay \$300\.00/,
    );
  });
});
