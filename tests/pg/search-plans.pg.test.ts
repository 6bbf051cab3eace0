/**
 * Rate plans in search on PostgreSQL (decision 055): two sessions adding plans to one room type at
 * once both end up in its room_plan_offers row (the refresh locks the room type first, so the
 * later statement computes the summary after the earlier commit), and search on either instance
 * prices the cheapest of them.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cancellationPolicies, ratePlans, roomPlanOffers } from "../../src/server/db/schema.ts";
import { refreshDestinations } from "../../src/server/db/seed/seed-catalogue.ts";
import { addDays, todayUtc } from "../../src/shared/dates.ts";
import type { SearchResponse } from "../../src/shared/search.ts";
import { createHotel, createRoomType } from "../factories.ts";
import { type TwoInstances, startTwoInstances } from "../support/pg.ts";

let cluster: TwoInstances;

beforeAll(async () => {
  cluster = await startTwoInstances();
});

afterAll(async () => {
  await cluster?.close();
});

describe("plans edited at once, on PostgreSQL", () => {
  it("keeps every plan in the room type's summary, and search sells the cheapest on both instances", async () => {
    const [first, second] = cluster.databases;
    const db = first!.db;
    const hotel = await createHotel(db, {
      name: "Plan Race Hotel",
      city: "Planrace",
      country: "Planland",
      timeZone: "UTC",
      priceCents: 20000,
    });
    const room = await createRoomType(db, hotel.id, { priceCents: 20000, originalPriceCents: null, maxGuests: 2, totalRooms: 4 });
    const [policy] = await db
      .insert(cancellationPolicies)
      .values({ hotelId: hotel.id, name: "Non-refundable", terms: { tiers: [], finalFee: { kind: "percent", percent: 100 } } })
      .returning();
    const plan = (name: string, value: number) => ({
      roomTypeId: room.id,
      hotelId: hotel.id,
      name,
      priceRuleValue: value,
      cancellationPolicyId: policy!.id,
    });

    // The first session writes its plan and holds its transaction open while the second writes another.
    const slow = first!.db.transaction(async (tx) => {
      await tx.insert(ratePlans).values(plan("Saver", -20));
      await tx.execute(sql`select pg_sleep(0.6)`);
    });
    await new Promise((resolve) => setTimeout(resolve, 150));
    const fast = second!.db.insert(ratePlans).values(plan("Standard", 0));
    await Promise.all([slow, fast]);

    const [row] = await db.select().from(roomPlanOffers).where(eq(roomPlanOffers.roomTypeId, room.id));
    const plans = await db.select().from(ratePlans).where(eq(ratePlans.roomTypeId, room.id));
    const ids = plans.map((p) => p.id).sort((a, b) => a - b);
    expect(row!.plans.filter((_, i) => i % 8 === 0).sort((a, b) => a - b)).toEqual(ids);

    await refreshDestinations(db);
    const checkIn = addDays(todayUtc(), 12);
    for (const instance of cluster.instances) {
      const res = await instance.request(
        "GET",
        `/api/hotels/search?destination=Planrace&checkIn=${checkIn}&checkOut=${addDays(checkIn, 2)}`,
      );
      const body = (await res.json()) as SearchResponse;
      expect(body.hotels.map((h) => [h.name, h.priceCents, h.ratePlan?.name])).toEqual([["Plan Race Hotel", 16000, "Saver"]]);
    }
  });
});
