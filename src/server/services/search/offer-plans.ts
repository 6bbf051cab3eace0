import { sql } from "drizzle-orm";
import type { MealPlan } from "../../../shared/rate-plans.ts";
import type { Stay } from "../../../shared/search-options.ts";
import { type Db, queryRowsNamed } from "../../db/client.ts";
import { intArray } from "./sql-arrays.ts";
import type { OfferPlanTerms } from "./hotel-rows.ts";

interface PlanRow {
  id: number;
  name: string;
  meal_plan: MealPlan;
  /** f_free_cancellation_days: -1 when no tier is free. */
  free_days: number;
  /** Days from today in the hotel's time zone to check-in. */
  ahead: number;
}

/**
 * The rate plans of a page's offers as their cards show them (one query for the page): free
 * cancellation is open when today in the hotel's time zone is at most check-in minus the free
 * tier's days, the rule search selects plans by (plan-sql.ts).
 */
export async function offerPlans(
  db: Db,
  offers: readonly { offer_plan_id: number | null }[],
  stay: Stay,
): Promise<Map<number, OfferPlanTerms>> {
  const ids = [...new Set(offers.flatMap((o) => (o.offer_plan_id === null ? [] : [Number(o.offer_plan_id)])))];
  if (ids.length === 0) return new Map();
  const rows = await queryRowsNamed<PlanRow>(
    db,
    sql`select p.id, p.name, p.meal_plan, f_free_cancellation_days(cp.terms) as free_days,
        ${stay.checkIn}::date - (now() at time zone h.time_zone)::date as ahead
      from rate_plans p
      join cancellation_policies cp on cp.id = p.cancellation_policy_id
      join hotels h on h.id = p.hotel_id
      where p.id = any(${intArray(ids)}::int[])`,
  );
  return new Map(
    rows.map((r) => {
      const freeDays = Number(r.free_days);
      return [
        Number(r.id),
        {
          plan: {
            id: String(r.id),
            name: r.name,
            mealPlan: r.meal_plan,
            freeCancellation: freeDays >= 0 && freeDays <= Number(r.ahead),
            nonRefundable: freeDays < 0,
          },
          freeCancellationDays: Math.max(freeDays, 0),
        },
      ];
    }),
  );
}
