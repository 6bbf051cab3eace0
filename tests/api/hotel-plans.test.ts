import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CreateBookingResponse } from "../../src/shared/booking.ts";
import { NON_REFUNDABLE_TERMS, freeUntilTerms } from "../../src/shared/cancellation-policies.ts";
import { deadlineDate } from "../../src/shared/cancellation-words.ts";
import { addDays, todayUtc } from "../../src/shared/dates.ts";
import type { RatePlanOffer } from "../../src/shared/rate-plan-offers.ts";
import type { HotelDetail, RoomOffer } from "../../src/shared/search.ts";
import { cancellationPolicies, ratePlanPrices, ratePlans } from "../../src/server/db/schema.ts";
import { type HotelRow, type RoomTypeRow, createHotel, createRoomType } from "../factories.ts";
import { type TestApp, createTestApp } from "../support/test-app.ts";

let t: TestApp;
let hotel: HotelRow;
let suite: RoomTypeRow;
let plain: RoomTypeRow;
const d = (n: number) => addDays(todayUtc(), n);
const checkIn = d(30);
const checkOut = d(33);
const guest = { guestName: "Rosa Planner", guestEmail: "rosa.planner@example.com", guestPhone: "+34 91 123 4567" };
const dateWords = (date: string) => deadlineDate(date, "en");

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.db;
  // Children from 6 pay $15 a night, so the totals carry child charges too.
  hotel = await createHotel(db, {
    name: "Plan Hotel",
    city: "Madrid",
    timeZone: "Europe/Madrid",
    currency: "USD",
    freeCancellationDays: 2,
    childrenFreeUnderAge: 6,
    childRateCents: 1500,
  });
  suite = await createRoomType(db, hotel.id, { name: "Suite", priceCents: 20_000, maxGuests: 4, totalRooms: 10 });
  plain = await createRoomType(db, hotel.id, { name: "Twin", priceCents: 9_000, maxGuests: 4, totalRooms: 5 });
  const [flexible, strict] = await db
    .insert(cancellationPolicies)
    .values([
      { hotelId: hotel.id, name: "Flexible", terms: freeUntilTerms(7) },
      { hotelId: hotel.id, name: "Non-refundable", terms: NON_REFUNDABLE_TERMS },
    ])
    .returning();
  const [, , , own] = await db
    .insert(ratePlans)
    .values([
      { roomTypeId: suite.id, hotelId: hotel.id, name: "Flexible", cancellationPolicyId: flexible!.id, sortOrder: 1 },
      {
        roomTypeId: suite.id,
        hotelId: hotel.id,
        name: "Non-refundable",
        priceRuleKind: "percent",
        priceRuleValue: -12,
        cancellationPolicyId: strict!.id,
        sortOrder: 2,
      },
      {
        roomTypeId: suite.id,
        hotelId: hotel.id,
        name: "Bed and breakfast",
        priceRuleKind: "amount",
        priceRuleValue: 2_550,
        mealPlan: "breakfast",
        inclusions: ["parking", "wifi"],
        paymentTiming: "deposit",
        depositPercent: 30,
        cancellationPolicyId: flexible!.id,
        sortOrder: 3,
      },
      {
        roomTypeId: suite.id,
        hotelId: hotel.id,
        name: "Own calendar",
        priceRuleKind: "own",
        paymentTiming: "pay_at_hotel",
        cancellationPolicyId: flexible!.id,
        sortOrder: 4,
      },
      {
        roomTypeId: suite.id,
        hotelId: hotel.id,
        name: "Early bird",
        priceRuleKind: "percent",
        priceRuleValue: -20,
        minAdvanceDays: 60,
        cancellationPolicyId: strict!.id,
        sortOrder: 5,
      },
      {
        roomTypeId: suite.id,
        hotelId: hotel.id,
        name: "Retired",
        active: false,
        cancellationPolicyId: flexible!.id,
        sortOrder: 6,
      },
    ])
    .returning();
  // The own calendar sets the middle night only; the others follow the room's calendar price.
  await db.insert(ratePlanPrices).values({ ratePlanId: own!.id, night: d(31), priceCents: 17_333 });
});
afterAll(() => t.close());

const stayQuery = `checkIn=${checkIn}&checkOut=${checkOut}&guests=2&children=1&ages=8&rooms=2`;

async function detail(query = stayQuery): Promise<HotelDetail> {
  const res = await t.request("GET", `/api/hotels/${hotel.id}?${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as HotelDetail;
}

function roomOf(answer: HotelDetail, id: number): RoomOffer {
  const room = answer.rooms.find((r) => r.id === String(id));
  expect(room).toBeDefined();
  return room!;
}

function planOf(room: RoomOffer, name: string): RatePlanOffer {
  const plan = room.plans?.find((p) => p.name === name);
  expect(plan, `${room.name} has ${name}`).toBeDefined();
  return plan!;
}

async function hold(room: RoomTypeRow, plan: RatePlanOffer): Promise<CreateBookingResponse> {
  const res = await t.request("POST", "/api/bookings", {
    body: {
      hotelId: String(hotel.id),
      roomTypeId: String(room.id),
      ...(plan.id ? { ratePlanId: plan.id } : {}),
      checkIn,
      checkOut,
      guests: 2,
      children: 1,
      ages: "8",
      rooms: 2,
      ...guest,
    },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as CreateBookingResponse;
}

describe("hotel page: rate plans per room type", () => {
  it("lists a room type's active plans in order, priced for the stay (rooms × nights + child charges)", async () => {
    const suiteOffer = roomOf(await detail(), suite.id);
    expect(suiteOffer.plans?.map((p) => p.name)).toEqual(["Flexible", "Non-refundable", "Bed and breakfast", "Own calendar", "Early bird"]);
    const childCharge = 1500 * 3;
    const flexible = planOf(suiteOffer, "Flexible");
    expect(flexible.nightlyPrices.map((n) => n.priceCents)).toEqual([20_000, 20_000, 20_000]);
    expect(flexible.stayPriceCents).toBe(60_000);
    expect(flexible.totalPriceCents).toBe(60_000 * 2 + childCharge);
    const breakfast = planOf(suiteOffer, "Bed and breakfast");
    expect(breakfast.priceCents).toBe(22_550);
    expect(breakfast.totalPriceCents).toBe(22_550 * 3 * 2 + childCharge);
    expect(breakfast.mealPlan).toBe("breakfast");
    expect(breakfast.inclusions).toEqual(["parking", "wifi"]);
    const own = planOf(suiteOffer, "Own calendar");
    expect(own.nightlyPrices.map((n) => n.priceCents)).toEqual([20_000, 17_333, 20_000]);
  });

  it("prices the non-refundable plan cheaper (12 % off every night, rounded per night)", async () => {
    const suiteOffer = roomOf(await detail(), suite.id);
    const flexible = planOf(suiteOffer, "Flexible");
    const nonRefundable = planOf(suiteOffer, "Non-refundable");
    expect(nonRefundable.priceCents).toBe(17_600);
    expect(nonRefundable.totalPriceCents).toBeLessThan(flexible.totalPriceCents);
    expect(nonRefundable.freeCancellation).toBe(false);
    expect(nonRefundable.totalPriceCents).toBe(17_600 * 3 * 2 + 1500 * 3);
    expect(nonRefundable.cancellationText).toBe("Non-refundable");
  });

  it("writes the cancellation and payment terms in words with the actual dates (hotel time)", async () => {
    const suiteOffer = roomOf(await detail(), suite.id);
    const flexible = planOf(suiteOffer, "Flexible");
    const deadline = addDays(checkIn, -7);
    expect(flexible.freeCancellation).toBe(true);
    expect(flexible.cancellation.timeZone).toBe("Europe/Madrid");
    expect(flexible.cancellation.steps.map((s) => s.untilLocalDate)).toEqual([deadline]);
    expect(flexible.cancellationText).toBe(
      `Free cancellation until 23:59 on ${dateWords(deadline)} (hotel time); after that you pay $1,245.00`,
    );
    expect(flexible.paymentText).toBe("Pay $1,245.00 now");
    const breakfast = planOf(suiteOffer, "Bed and breakfast");
    expect(breakfast.dueNowCents).toBe(Math.round(breakfast.totalPriceCents * 0.3));
    expect(breakfast.dueNowCents + breakfast.dueAtHotelCents).toBe(breakfast.totalPriceCents);
    expect(breakfast.paymentText).toBe("Deposit of 30 % ($419.40) now, $978.60 at the hotel");
    const own = planOf(suiteOffer, "Own calendar");
    expect(own.dueNowCents).toBe(0);
    expect(own.paymentText).toBe("Pay at the hotel: nothing charged now, your card guarantees the booking");
  });

  it("shows a plan whose restriction the stay breaks as not bookable, with the reason", async () => {
    const suiteOffer = roomOf(await detail(), suite.id);
    const early = planOf(suiteOffer, "Early bird");
    expect(early.bookable).toBe(false);
    expect(early.restriction).toEqual({ kind: "minAdvance", days: 60 });
    expect(early.unavailableReason).toBe("This rate must be booked at least 60 days before check-in.");
    expect(planOf(suiteOffer, "Flexible").bookable).toBe(true);
    // Far enough ahead, the same plan sells.
    const later = roomOf(await detail(`checkIn=${d(70)}&checkOut=${d(73)}&guests=2&rooms=1`), suite.id);
    expect(planOf(later, "Early bird")).toMatchObject({ bookable: true, restriction: null });
  });

  it("gives a room type without plans one standard rate: today's price, the hotel's rule, paid now", async () => {
    const twin = roomOf(await detail(), plain.id);
    expect(twin.plans).toHaveLength(1);
    const [standard] = twin.plans!;
    expect(standard).toMatchObject({ id: null, name: "Standard rate", mealPlan: "room_only", paymentTiming: "pay_now" });
    expect(standard!.stayPriceCents).toBe(twin.stayPriceCents);
    expect(standard!.totalPriceCents).toBe(twin.stayPriceCents * 2 + 1500 * 3);
    expect(standard!.cancellationText).toContain(`Free cancellation until 23:59 on ${dateWords(addDays(checkIn, -2))} (hotel time)`);
  });
});

describe("hotel page prices are what the hold charges", () => {
  it("holds each bookable plan (and the standard rate) at its quoted total, to the cent", async () => {
    const answer = await detail();
    const offers: [RoomTypeRow, RatePlanOffer][] = [
      ...roomOf(answer, suite.id)
        .plans!.filter((p) => p.bookable)
        .map((p) => [suite, p] as [RoomTypeRow, RatePlanOffer]),
      [plain, roomOf(answer, plain.id).plans![0]!],
    ];
    expect(offers).toHaveLength(5);
    for (const [room, plan] of offers) {
      const { booking } = await hold(room, plan);
      expect({ plan: plan.name, total: booking.totalPriceCents, child: booking.childChargeCents }).toEqual({
        plan: plan.name,
        total: plan.totalPriceCents,
        child: 1500 * 3,
      });
      expect(booking.nightlyPrices?.map((n) => n.priceCents)).toEqual(plan.nightlyPrices.map((n) => n.priceCents));
    }
  });

  it("refuses to hold the restricted plan with the reason the page showed", async () => {
    const early = planOf(roomOf(await detail(), suite.id), "Early bird");
    const res = await t.request("POST", "/api/bookings", {
      body: {
        hotelId: String(hotel.id),
        roomTypeId: String(suite.id),
        ratePlanId: early.id,
        checkIn,
        checkOut,
        guests: 2,
        rooms: 1,
        ...guest,
      },
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(((await res.json()) as { message: string }).message).toBe(early.unavailableReason);
  });

  it("says how many rooms are left for the stay once holds take some", async () => {
    const suiteOffer = roomOf(await detail(`checkIn=${checkIn}&checkOut=${checkOut}&guests=2&rooms=1`), suite.id);
    // Ten suites, four holds of two above.
    expect(suiteOffer.roomsAvailable).toBe(2);
  });
});
