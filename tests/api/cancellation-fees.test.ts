/**
 * A traveller cancels a booking sold under a rate plan's policy: the fee comes from the schedule
 * stored on the booking, in the hotel's time zone (Paris, across the end of summer time on
 * 2026-10-25), and what was paid beyond it goes back to the card once. The clock is fixed: the
 * bookings are made on 10 Oct 2026 and cancelled at chosen instants.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { CancellationPreview, CreateBookingResponse } from "../../src/shared/booking.ts";
import type { PolicyTerms } from "../../src/shared/cancellation-policies.ts";
import { bookings, cancellationPolicies, emailOutbox, simulatedRefunds, users } from "../../src/server/db/schema.ts";
import { bookingDeps } from "../../src/server/deps.ts";
import { createBookingAccessToken } from "../../src/server/services/bookings/access.ts";
import { createPhoneBooking } from "../../src/server/services/bookings/phone.ts";
import { markStayNoShow } from "../../src/server/services/bookings/stay.ts";
import { frontDeskDay } from "../../src/server/services/front-desk.ts";
import { type HotelRow, type RoomTypeRow, createHotel, createRoomType } from "../factories.ts";
import { type PlanRow, type PolicyRow, createPlan, createPolicy } from "../support/rate-plan-fixtures.ts";
import { TEST_SECRET, type TestApp, createTestApp, signUp } from "../support/test-app.ts";

let t: TestApp;
let hotel: HotelRow;
let room: RoomTypeRow;
let plainRoom: RoomTypeRow;
let flexible: PolicyRow;
let flexiblePlan: PlanRow;
let firstNightPlan: PlanRow;
const guest = { guestName: "Camille Cancel", guestEmail: "camille@example.com", guestPhone: "+33 1 98 76 54 32" };
const BOOKED_AT = new Date("2026-10-10T08:00:00Z");

// Free until 7 days before check-in (20 Oct), 25 % until 2 days before (25 Oct, the day Paris leaves summer time), then 100 %.
const flexibleTerms: PolicyTerms = {
  tiers: [
    { daysBefore: 7, fee: { kind: "percent", percent: 0 } },
    { daysBefore: 2, fee: { kind: "percent", percent: 25 } },
  ],
  finalFee: { kind: "percent", percent: 100 },
};

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"], now: BOOKED_AT });
  t = await createTestApp();
  const db = t.deps.db;
  hotel = await createHotel(db, {
    name: "Hôtel du Temps",
    currency: "EUR",
    timeZone: "Europe/Paris",
    freeCancellationDays: 3,
    childRateCents: 0,
  });
  room = await createRoomType(db, hotel.id, { name: "Double", priceCents: 10_000, maxGuests: 2, totalRooms: 20 });
  plainRoom = await createRoomType(db, hotel.id, { name: "Old Twin", priceCents: 9_000, maxGuests: 2, totalRooms: 20 });
  flexible = await createPolicy(db, hotel.id, flexibleTerms, "Flexible");
  const firstNight = await createPolicy(
    db,
    hotel.id,
    { tiers: [{ daysBefore: 1, fee: { kind: "percent", percent: 0 } }], finalFee: { kind: "nights", nights: 1 } },
    "First night",
  );
  flexiblePlan = await createPlan(db, room, flexible, { name: "Flexible" });
  firstNightPlan = await createPlan(db, room, firstNight, { name: "First night on no-show", sortOrder: 1 });
});
afterAll(async () => {
  vi.useRealTimers();
  await t.close();
});

/** Books and pays (at BOOKED_AT): 27–29 Oct, two nights of €100. */
async function bookAndPay(extra: Record<string, unknown> = {}): Promise<CreateBookingResponse> {
  vi.setSystemTime(BOOKED_AT);
  const body = {
    hotelId: String(hotel.id),
    roomTypeId: String(room.id),
    ratePlanId: String(flexiblePlan.id),
    checkIn: "2026-10-27",
    checkOut: "2026-10-29",
    guests: 2,
    rooms: 1,
    ...guest,
    ...extra,
  };
  const res = await t.api.bookings.$post({ json: body });
  expect(res.status, await res.clone().text()).toBe(201);
  const created = await res.json();
  const paid = await t.api["simulated-payments"][":id"].confirm.$post({
    param: { id: created.payment.paymentId },
    json: {
      clientSecret: created.payment.clientSecret,
      returnUrl: "/booking-success",
      card: { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2040, cvc: "123" },
    },
  });
  expect(paid.status, await paid.clone().text()).toBe(200);
  const confirmed = await t.api.bookings[":id"]["confirm-payment"].$post({
    param: { id: created.booking.id },
    json: { paymentId: created.payment.paymentId },
  });
  expect(confirmed.status).toBe(200);
  expect((await confirmed.json()).booking.status).toBe("confirmed");
  return created;
}

/** A visitor's access at the current (fixed) time: the token the lookup would give. */
function access(bookingId: string) {
  return { "x-booking-access": createBookingAccessToken(TEST_SECRET, bookingId) };
}

async function preview(bookingId: string, at: string): Promise<CancellationPreview> {
  vi.setSystemTime(new Date(at));
  const res = await t.api.bookings[":id"].cancellation.$get({ param: { id: bookingId }, header: access(bookingId) });
  expect(res.status, await res.clone().text()).toBe(200);
  return await res.json();
}

async function cancelAt(bookingId: string, at: string) {
  vi.setSystemTime(new Date(at));
  const res = await t.api.bookings[":id"].cancel.$post({ param: { id: bookingId }, header: access(bookingId) });
  expect(res.status, await res.clone().text()).toBe(200);
  return await res.json();
}

async function refundsOf(bookingId: string) {
  const [row] = await t.deps.db.select().from(bookings).where(eq(bookings.id, bookingId));
  return t.deps.db.select().from(simulatedRefunds).where(eq(simulatedRefunds.paymentId, row!.paymentIntentId!));
}

describe("cancelling in each tier of the stored schedule (Europe/Paris)", () => {
  it("stores the deadlines as instants at 23:59 Paris time, the one after the clocks go back an hour later in UTC", async () => {
    const created = await bookAndPay();
    const [row] = await t.deps.db.select().from(bookings).where(eq(bookings.id, created.booking.id));
    expect(row!.cancellationSchedule).toEqual({
      timeZone: "Europe/Paris",
      steps: [
        { until: "2026-10-20T22:00:00.000Z", untilLocalDate: "2026-10-20", feeCents: 0 },
        { until: "2026-10-25T23:00:00.000Z", untilLocalDate: "2026-10-25", feeCents: 5_000 },
      ],
      finalFeeCents: 20_000,
      priceCents: 20_000,
    });
  });

  it.each([
    ["at 23:59 Paris time on the free deadline", "2026-10-20T21:59:00Z", 0, 20_000],
    ["a minute after the free deadline", "2026-10-20T22:00:00Z", 5_000, 15_000],
    ["at 23:30 on 25 Oct, winter time again (00:30 had the offset stayed +2)", "2026-10-25T22:30:00Z", 5_000, 15_000],
    ["after the last deadline", "2026-10-25T23:00:00Z", 20_000, 0],
  ])("%s: fee and refund to the cent, shown before and refunded once", async (_, at, fee, refund) => {
    const created = await bookAndPay();
    const shown = await preview(created.booking.id, at);
    expect(shown).toMatchObject({ canCancel: true, feeCents: fee, refundCents: refund, owedCents: 0, paidCents: 20_000 });
    const done = await cancelAt(created.booking.id, at);
    expect(done).toMatchObject({ feeCents: fee, refundCents: refund, refunded: refund > 0 });
    expect(done.booking).toMatchObject({ status: "cancelled", refundedCents: refund });
    const sent = await refundsOf(created.booking.id);
    expect(sent.map((r) => r.amountCents)).toEqual(refund > 0 ? [refund] : []);
    // Cancelling again changes nothing and refunds nothing more.
    const again = await t.api.bookings[":id"].cancel.$post({ param: { id: created.booking.id }, header: access(created.booking.id) });
    expect(again.status).toBe(409);
    expect(await refundsOf(created.booking.id)).toHaveLength(sent.length);
    const [mail] = await t.deps.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.dedupeKey, `booking:${created.booking.id}:cancellation`));
    if (refund > 0) expect(mail!.textBody).toContain(`A refund of €${(refund / 100).toFixed(2)} has been issued`);
    else expect(mail!.textBody).toContain("this booking is not refunded");
  });

  it("says the terms and the cost in words before confirming", async () => {
    const created = await bookAndPay();
    const shown = await preview(created.booking.id, "2026-10-21T09:00:00Z");
    expect(shown.policyWords).toBe("Until 23:59 on 25 Oct (hotel time) you pay €50.00; after that you pay €200.00");
    expect(shown.nowWords).toBe("Cancelling now costs €50.00: €150.00 is refunded to your card.");
    const view = await t.api.bookings[":id"].$get({ param: { id: created.booking.id }, header: access(created.booking.id) });
    const { booking } = await view.json();
    expect(booking).toMatchObject({
      ratePlanName: "Flexible",
      paymentTiming: "pay_now",
      amountDueNowCents: 20_000,
      amountDueAtHotelCents: 0,
      refundOnCancel: false,
      cancellationNow: { feeCents: 5_000, refundCents: 15_000, owedCents: 0 },
    });
  });

  it("keeps the booking's own terms when the policy is edited later", async () => {
    const created = await bookAndPay();
    await t.deps.db
      .update(cancellationPolicies)
      .set({ terms: { tiers: [], finalFee: { kind: "percent", percent: 100 } } })
      .where(eq(cancellationPolicies.id, flexible.id));
    try {
      const done = await cancelAt(created.booking.id, "2026-10-15T12:00:00Z");
      expect(done).toMatchObject({ feeCents: 0, refundCents: 20_000, refunded: true });
    } finally {
      await t.deps.db.update(cancellationPolicies).set({ terms: flexibleTerms }).where(eq(cancellationPolicies.id, flexible.id));
    }
  });

  it("lets only the owner or an access token see the preview", async () => {
    const created = await bookAndPay();
    const res = await t.api.bookings[":id"].cancellation.$get({ param: { id: created.booking.id }, header: {} });
    expect(res.status).toBe(404);
  });
});

describe("older bookings without a schedule", () => {
  it("keep the hotel's free-cancellation days: all back inside the window, nothing after", async () => {
    const inside = await bookAndPay({ roomTypeId: String(plainRoom.id), ratePlanId: undefined });
    const outside = await bookAndPay({ roomTypeId: String(plainRoom.id), ratePlanId: undefined });
    // As booked before schedules existed.
    for (const id of [inside.booking.id, outside.booking.id]) {
      await t.deps.db.update(bookings).set({ cancellationSchedule: null, amountDueNowCents: null }).where(eq(bookings.id, id));
    }
    expect(await cancelAt(inside.booking.id, "2026-10-24T12:00:00Z")).toMatchObject({ feeCents: 0, refundCents: 18_000, refunded: true });
    expect(await cancelAt(outside.booking.id, "2026-10-25T12:00:00Z")).toMatchObject({ refundCents: 0, refunded: false });
    expect(await refundsOf(outside.booking.id)).toEqual([]);
  });
});

describe("no-show", () => {
  async function desk() {
    await signUp(t, `desk.${Date.now()}@example.com`);
    const [staff] = await t.deps.db.select({ id: users.id, email: users.email }).from(users).orderBy(users.createdAt);
    return staff!;
  }

  it("charges the policy's final fee: the first night kept, the second refunded", async () => {
    const created = await bookAndPay({ ratePlanId: String(firstNightPlan.id) });
    vi.setSystemTime(new Date("2026-10-27T20:00:00Z"));
    // The desk sees what the no-show will cost before marking it.
    const day = await frontDeskDay(t.deps.db, hotel.id, "2026-10-27");
    expect(day.arrivals.find((b) => b.id === created.booking.id)).toMatchObject({
      ratePlanName: "First night on no-show",
      noShowFeeCents: 10_000,
      cancellationSchedule: { finalFeeCents: 10_000 },
    });
    const [row] = await t.deps.db.select().from(bookings).where(eq(bookings.id, created.booking.id));
    const { outcome } = await markStayNoShow(bookingDeps(t.deps), await desk(), row!, "2026-10-27");
    expect(outcome).toMatchObject({ refundCents: 10_000, refunded: true, nightsReturned: ["2026-10-28"] });
    expect(outcome.refundNote).toContain("No-show fee under the booking's cancellation policy: €100.00.");
    expect((await refundsOf(created.booking.id)).map((r) => r.amountCents)).toEqual([10_000]);
  });

  it("makes a pay-at-hotel booking's total its no-show fee: what the desk collects", async () => {
    vi.setSystemTime(BOOKED_AT);
    const staff = await desk();
    const made = await createPhoneBooking(
      bookingDeps(t.deps),
      staff,
      hotel.id,
      {
        roomTypeId: String(room.id),
        ratePlanId: String(firstNightPlan.id),
        checkIn: "2026-10-27",
        checkOut: "2026-10-30",
        guests: 2,
        children: 0,
        rooms: 1,
        payment: "pay_at_hotel",
        ...guest,
      },
      "127.0.0.1",
      "en",
    );
    vi.setSystemTime(new Date("2026-10-27T20:00:00Z"));
    const [row] = await t.deps.db.select().from(bookings).where(eq(bookings.id, made.bookingId));
    expect(row!.totalPriceCents).toBe(30_000);
    const { row: after, outcome } = await markStayNoShow(bookingDeps(t.deps), staff, row!, "2026-10-27");
    expect(after).toMatchObject({ totalPriceCents: 10_000, stayStatus: "no_show", checkOut: "2026-10-28" });
    expect(outcome.refundNote).toBe(
      "No-show fee under the booking's cancellation policy: €100.00. €100.00 is due from the guest (card guarantee or at the desk).",
    );
  });

  it("charges the whole price under a policy whose final fee is 100 %", async () => {
    const created = await bookAndPay();
    vi.setSystemTime(new Date("2026-10-27T20:00:00Z"));
    const [row] = await t.deps.db.select().from(bookings).where(eq(bookings.id, created.booking.id));
    const { outcome } = await markStayNoShow(bookingDeps(t.deps), await desk(), row!, "2026-10-27");
    expect(outcome).toMatchObject({ refundCents: 0, refunded: false });
    expect(await refundsOf(created.booking.id)).toEqual([]);
  });
});
