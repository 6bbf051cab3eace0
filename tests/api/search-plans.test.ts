/**
 * Search prices rate plans (decision 055): each hotel's result shows its cheapest plan that the stay
 * may be booked under today and that the filters select ("free cancellation": a free tier still
 * open; "breakfast included": a meal), a room type without plans keeps its standard rate, and a
 * sold-out or closed room is never shown. Both plans of the inventory supplier, and the hotel page
 * as the reference.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cancellationPolicies, ratePlanPrices, ratePlans, rateRules, roomNights } from "../../src/server/db/schema.ts";
import type { Db } from "../../src/server/db/client.ts";
import { refreshDestinations } from "../../src/server/db/seed/seed-catalogue.ts";
import { createInventorySupplier } from "../../src/server/services/search/inventory-supplier.ts";
import type { PolicyTerms } from "../../src/shared/cancellation-policies.ts";
import { addDays, todayUtc } from "../../src/shared/dates.ts";
import { planNightlyCents } from "../../src/shared/rate-plans.ts";
import type { HotelDetail, HotelSummary, SearchResponse } from "../../src/shared/search.ts";
import { createHotel, createRoomType } from "../factories.ts";
import { type TestApp, createTestApp } from "../support/test-app.ts";

const d = (days: number) => addDays(todayUtc(), days);
const FREE_3_DAYS: PolicyTerms = {
  tiers: [{ daysBefore: 3, fee: { kind: "percent", percent: 0 } }],
  finalFee: { kind: "percent", percent: 100 },
};
const NON_REFUNDABLE: PolicyTerms = { tiers: [], finalFee: { kind: "percent", percent: 100 } };

type PlanInsert = Partial<typeof ratePlans.$inferInsert>;

async function policy(db: Db, hotelId: number, terms: PolicyTerms, name: string) {
  const [row] = await db.insert(cancellationPolicies).values({ hotelId, name, terms }).returning();
  return row!;
}

async function plan(db: Db, room: { id: number; hotelId: number }, policyId: number, name: string, rest: PlanInsert = {}) {
  const [row] = await db
    .insert(ratePlans)
    .values({ name, ...rest, roomTypeId: room.id, hotelId: room.hotelId, cancellationPolicyId: policyId })
    .returning();
  return row!;
}

async function hotelWithRoom(
  db: Db,
  name: string,
  city: string,
  cents: number,
  extra: { freeCancellationDays?: number; totalRooms?: number } = {},
) {
  const hotel = await createHotel(db, {
    name,
    city,
    country: "Planland",
    countryCode: "PL",
    timeZone: "UTC",
    priceCents: cents,
    originalPriceCents: null,
    freeCancellationDays: extra.freeCancellationDays ?? 0,
    cancellationPolicy: extra.freeCancellationDays
      ? `Free cancellation up to ${extra.freeCancellationDays} days before check-in`
      : "Non-refundable",
  });
  const room = await createRoomType(db, hotel.id, {
    priceCents: cents,
    originalPriceCents: null,
    maxGuests: 2,
    totalRooms: extra.totalRooms ?? 3,
  });
  return { hotel, room };
}

describe.each([
  { name: "small-catalogue plan", smallCatalogue: undefined },
  { name: "large-catalogue plan", smallCatalogue: 0 },
])("$name", ({ smallCatalogue }) => {
  let t: TestApp;
  let freeRoomId = 0;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.deps.db;
    if (smallCatalogue !== undefined) t.deps.suppliers[0] = createInventorySupplier(db, { smallCatalogue });

    // $200 flexible (free until 3 days before), $176 non-refundable (-12 %).
    const flex = await hotelWithRoom(db, "Two Plans Hotel", "Planton", 20000);
    const flexFree = await policy(db, flex.hotel.id, FREE_3_DAYS, "Flexible");
    const flexNr = await policy(db, flex.hotel.id, NON_REFUNDABLE, "Non-refundable");
    await plan(db, flex.room, flexFree.id, "Flexible", { sortOrder: 0 });
    await plan(db, flex.room, flexNr.id, "Non-refundable", { priceRuleValue: -12, sortOrder: 1 });

    // $100 room only (non-refundable), $115 with breakfast (flexible).
    const bb = await hotelWithRoom(db, "Breakfast Hotel", "Planton", 10000);
    const bbFree = await policy(db, bb.hotel.id, FREE_3_DAYS, "Flexible");
    const bbNr = await policy(db, bb.hotel.id, NON_REFUNDABLE, "Non-refundable");
    await plan(db, bb.room, bbNr.id, "Room only");
    await plan(db, bb.room, bbFree.id, "Bed and breakfast", { priceRuleKind: "amount", priceRuleValue: 1500, mealPlan: "breakfast" });

    // $150 standard; early bird -20 % at least 30 days ahead; a -30 % deal closed on the nights of the near stays.
    const rules = await hotelWithRoom(db, "Early Bird Hotel", "Planton", 15000);
    const rulesNr = await policy(db, rules.hotel.id, NON_REFUNDABLE, "Non-refundable");
    await plan(db, rules.room, rulesNr.id, "Standard");
    await plan(db, rules.room, rulesNr.id, "Early bird", { priceRuleValue: -20, minAdvanceDays: 30 });
    await plan(db, rules.room, rulesNr.id, "Deal", { priceRuleValue: -30, closedDates: [d(10), d(2)] });
    await plan(db, rules.room, rulesNr.id, "Long stay", { priceRuleValue: -40, minStay: 5 });

    // No plans: today's price and rule.
    await hotelWithRoom(db, "Plain Hotel", "Planton", 9000, { freeCancellationDays: 2 });

    // Plans on a room that is sold out for the stays: never shown.
    const sold = await hotelWithRoom(db, "Sold Out Hotel", "Planton", 5000, { totalRooms: 1 });
    const soldNr = await policy(db, sold.hotel.id, NON_REFUNDABLE, "Non-refundable");
    await plan(db, sold.room, soldNr.id, "Cheap", { priceRuleValue: -50 });
    for (const night of [d(2), d(10), d(40)]) {
      await db.insert(roomNights).values({ roomTypeId: sold.room.id, night, roomsTotal: 1, roomsTaken: 1 });
    }
    // A second room type of the same hotel, free: its plan is the offer.
    const free = await createRoomType(db, sold.hotel.id, { priceCents: 26000, originalPriceCents: null, maxGuests: 2, totalRooms: 2 });
    await plan(db, free, soldNr.id, "Suite deal", { priceRuleValue: -10 });
    freeRoomId = free.id;
    await refreshDestinations(db);
  });
  afterAll(() => t.close());

  async function search(params: Record<string, string>): Promise<SearchResponse> {
    const res = await t.api.hotels.search.$get({ query: { destination: "Planton", pageSize: "50", ...params } });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as SearchResponse;
  }
  const stay = (days: number, nights = 1) => ({ checkIn: d(days), checkOut: d(days + nights) });
  const byName = (res: SearchResponse) => Object.fromEntries(res.hotels.map((x) => [x.name, x])) as Record<string, HotelSummary>;
  const prices = (res: SearchResponse) => Object.fromEntries(res.hotels.map((x) => [x.name, x.priceCents]));

  it("shows each hotel's cheapest plan the stay may be booked under, and a hotel without plans at today's price", async () => {
    const res = await search(stay(10));
    expect(prices(res)).toEqual({
      "Two Plans Hotel": 17600,
      "Breakfast Hotel": 10000,
      "Early Bird Hotel": 15000,
      "Plain Hotel": 9000,
      "Sold Out Hotel": 23400,
    });
    expect(res.total).toBe(5);
    const cards = byName(res);
    expect(cards["Two Plans Hotel"]!.ratePlan).toMatchObject({ name: "Non-refundable", nonRefundable: true, freeCancellation: false });
    expect(cards["Plain Hotel"]!.ratePlan).toBeNull();
    expect(cards["Plain Hotel"]!.freeCancellationDays).toBe(2);
  });

  it("a plan's restrictions hide it: advance purchase, closed dates and minimum stay", async () => {
    // 40 days ahead: the early bird sells; the deal is not closed then.
    expect(prices(await search(stay(40)))["Early Bird Hotel"]).toBe(10500);
    // 10 days ahead: the early bird is too late, the deal closed that night: the standard plan.
    expect(prices(await search(stay(10)))["Early Bird Hotel"]).toBe(15000);
    // Five nights from day 11 (none closed, 11+ days ahead): the long stay's -40 %.
    expect(prices(await search(stay(11, 5)))["Early Bird Hotel"]).toBe(9000);
    const early = await search({ ...stay(40), sort: "price" });
    expect(early.hotels.map((x) => x.name)).toEqual([
      "Plain Hotel",
      "Breakfast Hotel",
      "Early Bird Hotel",
      "Two Plans Hotel",
      "Sold Out Hotel",
    ]);
  });

  it("free cancellation selects the plan with a free tier still open, at its own price", async () => {
    const res = await search({ ...stay(10), freeCancellation: "true" });
    expect(prices(res)).toEqual({ "Two Plans Hotel": 20000, "Breakfast Hotel": 11500, "Plain Hotel": 9000 });
    expect(byName(res)["Two Plans Hotel"]!.ratePlan).toMatchObject({ name: "Flexible", freeCancellation: true, nonRefundable: false });
    // Two days ahead the free tiers (3 days) have closed: only the hotel's own rule is left.
    expect(prices(await search({ ...stay(2), freeCancellation: "true" }))).toEqual({ "Plain Hotel": 9000 });
    // The price filter and the count see the plan's price, not the hotel's cheapest.
    const capped = await search({ ...stay(10), freeCancellation: "true", maxPrice: "190", pageSize: "1", sort: "price" });
    expect(capped.hotels.map((x) => x.name)).toEqual(["Plain Hotel"]);
    expect(capped.total).toBe(2);
    expect(prices(await search({ ...stay(10), maxPrice: "190" }))["Two Plans Hotel"]).toBe(17600);
  });

  it("breakfast included selects a plan with a meal; a room without plans is room only", async () => {
    const res = await search({ ...stay(10), breakfast: "true" });
    expect(prices(res)).toEqual({ "Breakfast Hotel": 11500 });
    expect(byName(res)["Breakfast Hotel"]!.ratePlan).toMatchObject({
      name: "Bed and breakfast",
      mealPlan: "breakfast",
      freeCancellation: true,
    });
    const count = await search({ ...stay(10), breakfast: "true", pageSize: "1", sort: "rating" });
    expect(count.total).toBe(1);
    expect((await t.request("GET", "/api/hotels/search?destination=Planton&breakfast=yes")).status).toBe(400);
  });

  it("a sold-out room's cheaper plan is never shown; a hotel sold out everywhere is left out", async () => {
    expect(prices(await search(stay(10)))["Sold Out Hotel"]).toBe(23400);
    await t.deps.db.insert(roomNights).values({ roomTypeId: freeRoomId, night: d(10), roomsTotal: 2, roomsTaken: 2 });
    const res = await search(stay(10));
    expect(res.hotels.map((x) => x.name)).not.toContain("Sold Out Hotel");
    expect(res.total).toBe(4);
  });

  it("each result's price is the hotel page's cheapest bookable plan for the same stay and filters", async () => {
    for (const [days, nights, filters] of [
      [10, 1, {}],
      [40, 2, {}],
      [11, 5, {}],
      [10, 1, { freeCancellation: "true" }],
      [10, 1, { breakfast: "true" }],
    ] as const) {
      const res = await search({ ...stay(days, nights), ...filters });
      for (const card of res.hotels) {
        const page = await t.request("GET", `/api/hotels/${card.id}?checkIn=${d(days)}&checkOut=${d(days + nights)}`);
        const detail = (await page.json()) as HotelDetail;
        const offers = detail.rooms
          .filter((r) => r.bookable)
          .flatMap((r) => r.plans ?? [])
          .filter((p) => p.bookable)
          .filter((p) => !("freeCancellation" in filters) || (p.id === null ? card.freeCancellationDays > 0 : p.freeCancellation))
          .filter((p) => !("breakfast" in filters) || p.mealPlan !== "room_only");
        expect(offers.length, `${card.name} has plans on its page`).toBeGreaterThan(0);
        expect(Math.min(...offers.map((p) => p.priceCents)), `${card.name} ${days}+${nights} ${JSON.stringify(filters)}`).toBe(
          card.priceCents,
        );
      }
    }
  });
});

describe("plans over a calendar with rates (the index walks)", () => {
  let t: TestApp;
  const base = 9999;
  let cheap: number;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.deps.db;
    const { hotel, room } = await hotelWithRoom(db, "Rated Hotel", "Rateton", base);
    await db.insert(rateRules).values({ roomTypeId: room.id, firstNight: d(20), lastNight: d(20), priceCents: 12345 });
    await db.insert(rateRules).values({ roomTypeId: room.id, firstNight: d(25), lastNight: d(25), closed: true });
    const nr = await policy(db, hotel.id, NON_REFUNDABLE, "Non-refundable");
    await plan(db, room, nr.id, "Standard");
    await plan(db, room, nr.id, "Saver", { priceRuleValue: -15 });
    const own = await plan(db, room, nr.id, "Own calendar", { priceRuleKind: "own" });
    cheap = 7000;
    await db.insert(ratePlanPrices).values({ ratePlanId: own.id, night: d(30), priceCents: cheap });
    await refreshDestinations(db);
  });
  afterAll(() => t.close());

  async function priceOf(checkIn: string, checkOut: string): Promise<number> {
    const res = await t.api.hotels.search.$get({ query: { destination: "Rateton", checkIn, checkOut } });
    const body = (await res.json()) as SearchResponse;
    expect(body.hotels).toHaveLength(1);
    return body.hotels[0]!.priceCents;
  }

  it("prices a percentage plan night by night from the calendar, rounded per night like planNightlyCents", async () => {
    const saver = { kind: "percent" as const, value: -15 };
    const nights = [base, 12345, base].map((c) => planNightlyCents(c, saver));
    expect(await priceOf(d(19), d(22))).toBe(Math.round(nights.reduce((a, b) => a + b, 0) / 3));
  });

  it("a night the calendar closes is sold by no plan", async () => {
    const res = await t.api.hotels.search.$get({ query: { destination: "Rateton", checkIn: d(24), checkOut: d(26) } });
    const body = (await res.json()) as SearchResponse;
    expect(body.hotels).toEqual([]);
    expect(body.total).toBe(0);
  });

  it("an own calendar's night counts where it is set, the calendar price elsewhere", async () => {
    const own = Math.round((cheap + base) / 2);
    expect(await priceOf(d(30), d(32))).toBe(Math.min(own, Math.round((planNightlyCents(base, { kind: "percent", value: -15 }) * 2) / 2)));
    expect(await priceOf(d(30), d(31))).toBe(cheap);
  });
});
