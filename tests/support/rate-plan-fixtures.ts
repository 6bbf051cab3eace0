/**
 * Rate plans and cancellation policies written straight into the database for tests of selling
 * them (the plans' back office has its own API tests).
 */
import type { PolicyTerms } from "../../src/shared/cancellation-policies.ts";
import type { Db } from "../../src/server/db/client.ts";
import { cancellationPolicies, ratePlanPrices, ratePlans } from "../../src/server/db/schema.ts";
import { createHotel, createRoomType } from "../factories.ts";

type PlanInsert = typeof ratePlans.$inferInsert;
export type PolicyRow = typeof cancellationPolicies.$inferSelect;
export type PlanRow = typeof ratePlans.$inferSelect;

let nextName = 1;

export async function createPolicy(db: Db, hotelId: number, terms: PolicyTerms, name = `Policy ${nextName++}`): Promise<PolicyRow> {
  const [row] = await db.insert(cancellationPolicies).values({ hotelId, name, terms }).returning();
  return row!;
}

/** A plan of a room type under a policy; the rest as overridden (percent 0, pay now, room only by default). */
export async function createPlan(
  db: Db,
  room: { id: number; hotelId: number },
  policy: PolicyRow,
  overrides: Partial<Omit<PlanInsert, "roomTypeId" | "hotelId" | "cancellationPolicyId">> = {},
): Promise<PlanRow> {
  const [row] = await db
    .insert(ratePlans)
    .values({ name: `Plan ${nextName++}`, ...overrides, roomTypeId: room.id, hotelId: room.hotelId, cancellationPolicyId: policy.id })
    .returning();
  return row!;
}

/** An own-price plan's price on some nights. */
export async function setPlanPrices(db: Db, plan: PlanRow, prices: Record<string, number>): Promise<void> {
  await db.insert(ratePlanPrices).values(Object.entries(prices).map(([night, priceCents]) => ({ ratePlanId: plan.id, night, priceCents })));
}

/**
 * A hotel in `city` (time zone UTC unless given) with one room type of two rooms for two guests at
 * $100 a night, a non-refundable policy, and the given plans under it, named "Plan 1", "Plan 2", ...
 * in order: for tests of how search reads plans.
 */
export async function hotelWithPlans(
  db: Db,
  name: string,
  plans: Partial<Omit<PlanInsert, "roomTypeId" | "hotelId" | "cancellationPolicyId">>[],
  { city, timeZone = "UTC" }: { city: string; timeZone?: string },
) {
  const hotel = await createHotel(db, { name, city, country: "Planland", countryCode: "PL", timeZone, priceCents: 10000 });
  const room = await createRoomType(db, hotel.id, { priceCents: 10000, originalPriceCents: null, maxGuests: 2, totalRooms: 2 });
  const policy = await createPolicy(db, hotel.id, { tiers: [], finalFee: { kind: "percent", percent: 100 } }, "Non-refundable");
  const rows: PlanRow[] = [];
  for (const [k, rest] of plans.entries()) rows.push(await createPlan(db, room, policy, { name: `Plan ${k + 1}`, ...rest }));
  return { hotel, room, policy, plans: rows };
}
