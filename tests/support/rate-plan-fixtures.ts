/**
 * Rate plans and cancellation policies written straight into the database for tests of selling
 * them (the plans' back office has its own API tests).
 */
import type { PolicyTerms } from "../../src/shared/cancellation-policies.ts";
import type { Db } from "../../src/server/db/client.ts";
import { cancellationPolicies, ratePlanPrices, ratePlans } from "../../src/server/db/schema.ts";

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
