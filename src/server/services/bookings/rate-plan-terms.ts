/**
 * The rate plan a booking sells, read for pricing (decision 049): its price rule, own calendar,
 * restrictions, payment timing and the terms of its cancellation policy as they stand now. The
 * booking then keeps what it was sold under (booking-row.ts); nothing here is read again later.
 * The plans' back office (services/rate-plans.ts) writes these tables; this file only reads them.
 */
import { and, asc, between, eq } from "drizzle-orm";
import type { PolicyTerms } from "../../../shared/cancellation-policies.ts";
import { isDatabaseId } from "../../../shared/ids.ts";
import type { MealPlan, PaymentTiming, PlanInclusion, PlanRestrictions, PriceRule } from "../../../shared/rate-plans.ts";
import { addDays } from "../../../shared/dates.ts";
import type { Db } from "../../db/client.ts";
import { cancellationPolicies, ratePlanPrices, ratePlans } from "../../db/schema.ts";
import { DomainError } from "../../domain-error.ts";
import type { Tx } from "./records.ts";

export interface SellingPlan {
  id: number;
  name: string;
  mealPlan: MealPlan;
  inclusions: PlanInclusion[];
  paymentTiming: PaymentTiming;
  depositPercent: number | null;
  rule: PriceRule;
  restrictions: PlanRestrictions;
  policyName: string;
  terms: PolicyTerms;
}

const planColumns = {
  plan: ratePlans,
  policyName: cancellationPolicies.name,
  terms: cancellationPolicies.terms,
};

function toSellingPlan(row: { plan: typeof ratePlans.$inferSelect; policyName: string; terms: PolicyTerms }): SellingPlan {
  const { plan } = row;
  return {
    id: plan.id,
    name: plan.name,
    mealPlan: plan.mealPlan,
    inclusions: plan.inclusions,
    paymentTiming: plan.paymentTiming,
    depositPercent: plan.depositPercent,
    rule: { kind: plan.priceRuleKind, value: plan.priceRuleValue },
    restrictions: {
      minStay: plan.minStay,
      minAdvanceDays: plan.minAdvanceDays,
      maxAdvanceDays: plan.maxAdvanceDays,
      closedDates: plan.closedDates,
    },
    policyName: row.policyName,
    terms: row.terms,
  };
}

/**
 * The plan to sell for a room type: the one asked for (active, of this room type, else
 * RATE_PLAN_NOT_FOUND), or without a choice the room type's first active plan by sort order; null
 * when the room type has no active plan (it sells as before plans existed).
 */
export async function planForSale(db: Db | Tx, roomTypeId: number, ratePlanId: string | undefined): Promise<SellingPlan | null> {
  if (ratePlanId !== undefined) {
    if (!isDatabaseId(ratePlanId)) throw new DomainError("RATE_PLAN_NOT_FOUND");
    const [row] = await db
      .select(planColumns)
      .from(ratePlans)
      .innerJoin(cancellationPolicies, eq(cancellationPolicies.id, ratePlans.cancellationPolicyId))
      .where(and(eq(ratePlans.id, Number(ratePlanId)), eq(ratePlans.roomTypeId, roomTypeId), eq(ratePlans.active, true)));
    if (!row) throw new DomainError("RATE_PLAN_NOT_FOUND");
    return toSellingPlan(row);
  }
  const [first] = await db
    .select(planColumns)
    .from(ratePlans)
    .innerJoin(cancellationPolicies, eq(cancellationPolicies.id, ratePlans.cancellationPolicyId))
    .where(and(eq(ratePlans.roomTypeId, roomTypeId), eq(ratePlans.active, true)))
    .orderBy(asc(ratePlans.sortOrder), asc(ratePlans.id))
    .limit(1);
  return first ? toSellingPlan(first) : null;
}

/** An `own`-price plan's calendar over the nights [checkIn, checkOut): night → cents (nights it does not set are absent). */
export async function planOwnPrices(db: Db | Tx, plan: SellingPlan, checkIn: string, checkOut: string): Promise<Map<string, number>> {
  if (plan.rule.kind !== "own") return new Map();
  const rows = await db
    .select({ night: ratePlanPrices.night, priceCents: ratePlanPrices.priceCents })
    .from(ratePlanPrices)
    .where(and(eq(ratePlanPrices.ratePlanId, plan.id), between(ratePlanPrices.night, checkIn, addDays(checkOut, -1))));
  return new Map(rows.map((r) => [r.night, r.priceCents]));
}
