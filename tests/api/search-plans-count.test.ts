/**
 * The search count with rate plans (decision 081): a hotel whose room types all sell every stay
 * (no plans, or an open plan) is counted without reading its plans; hotels.plans_restricted marks
 * the others, kept by the plans' triggers. Either way the total is what the pages show: a hotel
 * whose only plan needs a longer stay, an earlier booking or an open night is left out of both.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/server/db/client.ts";
import { ratePlans } from "../../src/server/db/schema.ts";
import { refreshDestinations } from "../../src/server/db/seed/seed-catalogue.ts";
import { createInventorySupplier } from "../../src/server/services/search/inventory-supplier.ts";
import { addDays, todayUtc } from "../../src/shared/dates.ts";
import type { SearchResponse } from "../../src/shared/search.ts";
import { hotelWithPlans } from "../support/rate-plan-fixtures.ts";
import { type TestApp, createTestApp } from "../support/test-app.ts";

const d = (days: number) => addDays(todayUtc(), days);

let t: TestApp;

async function restricted(city = "Countville"): Promise<Record<string, boolean>> {
  const rows = await queryRows<{ name: string; plans_restricted: boolean }>(
    t.deps.db,
    sql`select name, plans_restricted from hotels where city = ${city} order by name`,
  );
  return Object.fromEntries(rows.map((r) => [r.name, r.plans_restricted]));
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.db;
  t.deps.suppliers[0] = createInventorySupplier(db, { smallCatalogue: 0 });
  await hotelWithPlans(db, "Open Plans Hotel", [{}, { priceRuleValue: -10, minStay: 4 }], { city: "Countville" });
  await hotelWithPlans(db, "Long Stay Hotel", [{ minStay: 3 }], { city: "Countville" });
  await hotelWithPlans(db, "Early Only Hotel", [{ minAdvanceDays: 30 }], { city: "Countville" });
  await hotelWithPlans(db, "Closed Night Hotel", [{ closedDates: [d(10)] }], { city: "Countville" });
  await hotelWithPlans(db, "Kiritimati Hotel", [{}], { city: "Countville", timeZone: "Pacific/Kiritimati" });
  await hotelWithPlans(db, "Plain Hotel", [], { city: "Countville" });
  await refreshDestinations(db);
});
afterAll(() => t.close());

/** pageSize 50 shows every hotel (the page is the last: no count); pageSize 1 makes the total a count. */
async function search(checkIn: string, checkOut: string, pageSize = "50"): Promise<SearchResponse> {
  const res = await t.api.hotels.search.$get({ query: { destination: "Countville", checkIn, checkOut, pageSize } });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as SearchResponse;
}

describe("hotels.plans_restricted", () => {
  it("marks the hotels with a room type whose every plan restricts stays", async () => {
    expect(await restricted()).toEqual({
      "Closed Night Hotel": true,
      "Early Only Hotel": true,
      "Kiritimati Hotel": false,
      "Long Stay Hotel": true,
      "Open Plans Hotel": false,
      "Plain Hotel": false,
    });
  });

  it("follows the plans as they are added, closed, switched off and deleted", async () => {
    const db = t.deps.db;
    const { room, policy, plans } = await hotelWithPlans(db, "Changing Hotel", [{ minStay: 2 }], { city: "Changeton" });
    const now = async () => (await restricted("Changeton"))["Changing Hotel"];
    expect(await now()).toBe(true);
    const [open] = await db
      .insert(ratePlans)
      .values({ name: "Open", roomTypeId: room.id, hotelId: room.hotelId, cancellationPolicyId: policy.id })
      .returning();
    expect(await now()).toBe(false);
    await db
      .update(ratePlans)
      .set({ closedDates: [d(5)] })
      .where(eq(ratePlans.id, open!.id));
    expect(await now()).toBe(true);
    await db.update(ratePlans).set({ closedDates: [] }).where(eq(ratePlans.id, open!.id));
    expect(await now()).toBe(false);
    await db.update(ratePlans).set({ active: false }).where(eq(ratePlans.id, open!.id));
    expect(await now()).toBe(true);
    await db.delete(ratePlans).where(eq(ratePlans.id, plans[0]!.id));
    expect(await now()).toBe(false);
    await db.delete(ratePlans).where(eq(ratePlans.id, open!.id));
  });
});

describe("the count with plans", () => {
  const names = (res: SearchResponse) => res.hotels.map((h) => h.name).sort();
  const counted = async (checkIn: string, checkOut: string) => (await search(checkIn, checkOut, "1")).total;

  it("leaves out a hotel whose only plan the stay may not be booked under, as the page does", async () => {
    expect(names(await search(d(10), d(11)))).toEqual(["Kiritimati Hotel", "Open Plans Hotel", "Plain Hotel"]);
    expect(await counted(d(10), d(11))).toBe(3);
    expect(names(await search(d(40), d(41)))).toEqual([
      "Closed Night Hotel",
      "Early Only Hotel",
      "Kiritimati Hotel",
      "Open Plans Hotel",
      "Plain Hotel",
    ]);
    expect(await counted(d(40), d(41))).toBe(5);
    expect(names(await search(d(11), d(14)))).toEqual([
      "Closed Night Hotel",
      "Kiritimati Hotel",
      "Long Stay Hotel",
      "Open Plans Hotel",
      "Plain Hotel",
    ]);
  });

  it("counts exactly the hotels the pages show, a check-in today included (a day ahead of UTC it is already past)", async () => {
    for (const [from, nights] of [
      [0, 1],
      [0, 3],
      [1, 1],
      [10, 1],
      [10, 3],
      [11, 3],
      [40, 1],
    ] as const) {
      const res = await search(d(from), d(from + nights));
      expect(await counted(d(from), d(from + nights)), `${from}+${nights}: ${names(res).join(", ")}`).toBe(res.hotels.length);
    }
  });
});
