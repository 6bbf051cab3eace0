/**
 * Price filters and hotels.offers_at_floor (decision 083): a hotel whose every room type sells any
 * stay at its room_offers floor (no rate rule; no plans, or an open cheapest plan) is ruled in or
 * out of a price range from the floor, without reading its plans. The flag is kept by the triggers
 * of rate rules, plans and room types, and is never true where a stay can cost more than the floor:
 * a hotel whose cheapest plan needs a longer stay, or whose calendar charges more on some nights,
 * is priced, so a minimum price keeps it when its stay costs more.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/server/db/client.ts";
import { ratePlans, rateRules, roomTypes } from "../../src/server/db/schema.ts";
import { refreshDestinations } from "../../src/server/db/seed/seed-catalogue.ts";
import { createInventorySupplier } from "../../src/server/services/search/inventory-supplier.ts";
import { addDays, todayUtc } from "../../src/shared/dates.ts";
import type { SearchResponse } from "../../src/shared/search.ts";
import { createRoomType } from "../factories.ts";
import { hotelWithPlans } from "../support/rate-plan-fixtures.ts";
import { type TestApp, createTestApp } from "../support/test-app.ts";

const d = (days: number) => addDays(todayUtc(), days);
const CITY = "Floorton";

let t: TestApp;

async function atFloor(city = CITY): Promise<Record<string, boolean>> {
  const rows = await queryRows<{ name: string; offers_at_floor: boolean }>(
    t.deps.db,
    sql`select name, offers_at_floor from hotels where city = ${city} order by name`,
  );
  return Object.fromEntries(rows.map((r) => [r.name, r.offers_at_floor]));
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.db;
  t.deps.suppliers[0] = createInventorySupplier(db, { smallCatalogue: 0 });
  await hotelWithPlans(db, "Plain Hotel", [], { city: CITY });
  // Cheapest plan open: every stay costs $90.
  await hotelWithPlans(db, "Open Discount Hotel", [{}, { priceRuleValue: -10 }], { city: CITY });
  // Cheapest plan ($80) needs three nights: a one-night stay costs $100.
  await hotelWithPlans(db, "Long Stay Discount Hotel", [{}, { priceRuleValue: -20, minStay: 3 }], { city: CITY });
  // Its only plan needs three nights: no stay of fewer is sold at all.
  await hotelWithPlans(db, "Long Stays Only Hotel", [{ minStay: 3 }], { city: CITY });
  // Its own prices: not the floor's business.
  await hotelWithPlans(db, "Own Prices Hotel", [{ priceRuleKind: "own", priceRuleValue: 0 }], { city: CITY });
  // $100, but $150 on the nights of d(20) to d(24).
  const { room } = await hotelWithPlans(db, "Summer Hotel", [{}], { city: CITY });
  await db.insert(rateRules).values({ roomTypeId: room.id, firstNight: d(20), lastNight: d(24), priceCents: 15000 });
  await refreshDestinations(db);
});
afterAll(() => t.close());

async function search(query: Record<string, string>): Promise<string[]> {
  const res = await t.api.hotels.search.$get({ query: { destination: CITY, pageSize: "50", ...query } });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as SearchResponse).hotels.map((h) => h.name).sort();
}

describe("hotels.offers_at_floor", () => {
  it("marks the hotels whose every stay costs the floor", async () => {
    expect(await atFloor()).toEqual({
      "Long Stay Discount Hotel": false,
      "Long Stays Only Hotel": false,
      "Open Discount Hotel": true,
      "Own Prices Hotel": false,
      "Plain Hotel": true,
      "Summer Hotel": false,
    });
  });

  it("follows rate rules, plans and room types as they change", async () => {
    const db = t.deps.db;
    const { room, policy } = await hotelWithPlans(db, "Changing Hotel", [{}], { city: "Changeton" });
    const now = async () => (await atFloor("Changeton"))["Changing Hotel"];
    expect(await now()).toBe(true);

    const [rule] = await db
      .insert(rateRules)
      .values({ roomTypeId: room.id, firstNight: d(5), lastNight: d(6), closed: true })
      .returning();
    expect(await now()).toBe(false);
    await db.delete(rateRules).where(eq(rateRules.id, rule!.id));
    expect(await now()).toBe(true);

    const [cheaper] = await db
      .insert(ratePlans)
      .values({
        name: "Early",
        priceRuleValue: -15,
        minAdvanceDays: 30,
        roomTypeId: room.id,
        hotelId: room.hotelId,
        cancellationPolicyId: policy.id,
      })
      .returning();
    expect(await now()).toBe(false);
    await db.update(ratePlans).set({ minAdvanceDays: null }).where(eq(ratePlans.id, cheaper!.id));
    expect(await now()).toBe(true);
    await db
      .update(ratePlans)
      .set({ closedDates: [d(8)] })
      .where(eq(ratePlans.id, cheaper!.id));
    expect(await now()).toBe(false);
    await db.update(ratePlans).set({ active: false }).where(eq(ratePlans.id, cheaper!.id));
    expect(await now()).toBe(true);

    // An amount plan is cheapest at $100 ($85 against $90), a percentage one at $300 ($285 against $270).
    await db
      .update(ratePlans)
      .set({ active: true, closedDates: [], priceRuleKind: "amount", priceRuleValue: -1500, minStay: 2 })
      .where(eq(ratePlans.id, cheaper!.id));
    await db
      .insert(ratePlans)
      .values({ name: "Saver", priceRuleValue: -10, roomTypeId: room.id, hotelId: room.hotelId, cancellationPolicyId: policy.id });
    expect(await now()).toBe(false);
    await db.update(roomTypes).set({ priceCents: 30000 }).where(eq(roomTypes.id, room.id));
    expect(await now()).toBe(true);

    // A second room type with a rule; then closed, it sells nothing and no longer counts.
    const other = await createRoomType(db, room.hotelId, { priceCents: 20000, originalPriceCents: null, maxGuests: 2, totalRooms: 1 });
    expect(await now()).toBe(true);
    await db.insert(rateRules).values({ roomTypeId: other.id, firstNight: d(5), lastNight: d(6), priceCents: 25000 });
    expect(await now()).toBe(false);
    await db.update(roomTypes).set({ closed: true }).where(eq(roomTypes.id, other.id));
    expect(await now()).toBe(true);
  });
});

describe("offers on the cards", () => {
  it("shows each hotel's cheapest plan at its price in every sort", async () => {
    for (const sort of ["popularity", "price", "rating", "distance"] as const) {
      const res = await t.api.hotels.search.$get({ query: { destination: CITY, checkIn: d(10), checkOut: d(11), pageSize: "50", sort } });
      const hotels = ((await res.json()) as SearchResponse).hotels;
      const offers = Object.fromEntries(hotels.map((h) => [h.name, [h.priceCents, h.ratePlan?.name ?? null]]));
      expect(offers, sort).toEqual({
        "Long Stay Discount Hotel": [10000, "Plan 1"],
        "Open Discount Hotel": [9000, "Plan 2"],
        "Own Prices Hotel": [10000, "Plan 1"],
        "Plain Hotel": [10000, null],
        "Summer Hotel": [10000, "Plan 1"],
      });
    }
  });
});

describe("price filters", () => {
  it("keeps a hotel above a minimum when its stay costs more than its floor", async () => {
    // One night: Long Stay $100 (its $80 plan needs three), Summer $100, Own Prices $100, Open Discount $90, Plain $100.
    expect(await search({ checkIn: d(10), checkOut: d(11), minPrice: "95" })).toEqual([
      "Long Stay Discount Hotel",
      "Own Prices Hotel",
      "Plain Hotel",
      "Summer Hotel",
    ]);
    expect(await search({ checkIn: d(10), checkOut: d(13), minPrice: "85", sort: "price" })).toEqual([
      "Long Stays Only Hotel",
      "Open Discount Hotel",
      "Own Prices Hotel",
      "Plain Hotel",
      "Summer Hotel",
    ]);
    // In the summer nights the Summer Hotel costs $150.
    expect(await search({ checkIn: d(21), checkOut: d(22), minPrice: "120" })).toEqual(["Summer Hotel"]);
    expect(await search({ checkIn: d(21), checkOut: d(22), minPrice: "120", sort: "price" })).toEqual(["Summer Hotel"]);
    expect(await search({ checkIn: d(21), checkOut: d(22), minPrice: "80", maxPrice: "95", sort: "price" })).toEqual([
      "Open Discount Hotel",
    ]);
  });

  it("reads the flag: a hotel wrongly marked is ruled out by its floor in the price sort", async () => {
    const db = t.deps.db;
    const stay = { checkIn: d(10), checkOut: d(11), minPrice: "95", sort: "price" };
    expect(await search(stay)).toContain("Long Stay Discount Hotel");
    await db.execute(sql`update hotels set offers_at_floor = true where name = 'Long Stay Discount Hotel'`);
    try {
      expect(await search(stay)).not.toContain("Long Stay Discount Hotel");
    } finally {
      await db.execute(sql`update hotels set offers_at_floor = false where name = 'Long Stay Discount Hotel'`);
    }
  });
});
