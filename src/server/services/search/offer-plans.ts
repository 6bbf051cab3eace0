import { sql } from "drizzle-orm";
import type { MealPlan } from "../../../shared/rate-plans.ts";
import type { Stay } from "../../../shared/search-options.ts";
import { type Db, queryRowsNamed } from "../../db/client.ts";
import { intArray } from "./sql-arrays.ts";
import type { OfferPlanTerms } from "./hotel-rows.ts";
import { PLAN_AT_FLOOR, type PlanAsk, planOffer } from "./plan-sql.ts";

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

interface FloorOffer {
  id: number | string;
  offer_plan_id: number | null;
  offer_room_type_id: number | null;
}

/**
 * The page's offers with the plan of each offer priced at its floor (PLAN_AT_FLOOR) read: the
 * cheapest matching plan of the offer's room type, as planOffer picks it (null: the standard rate).
 * One statement for the page, and none when no offer needs it.
 */
export async function withFloorOfferPlans<T extends FloorOffer>(db: Db, page: readonly T[], stay: Stay, ask: PlanAsk): Promise<T[]> {
  const pending = page.filter((r) => Number(r.offer_plan_id) === PLAN_AT_FLOOR);
  if (pending.length === 0) return [...page];
  const rows = await queryRowsNamed<{ hotel_id: number; plan_id: number | null }>(
    db,
    sql`select x.hotel_id, (${planOffer(stay, ask, sql`x.room_type_id`, sql`f.floor_cents`)})[2] as plan_id
      from unnest(${intArray(pending.map((r) => Number(r.id)))}::int[], ${intArray(pending.map((r) => Number(r.offer_room_type_id)))}::int[])
        x(hotel_id, room_type_id)
      join hotels h on h.id = x.hotel_id
      cross join lateral (select h.room_offers[i + 2] as floor_cents from generate_series(1, cardinality(h.room_offers), 5) i
        where h.room_offers[i] = x.room_type_id limit 1) f`,
  );
  const plans = new Map(rows.map((r) => [Number(r.hotel_id), r.plan_id === null ? null : Number(r.plan_id)]));
  return page.map((r) => (Number(r.offer_plan_id) === PLAN_AT_FLOOR ? { ...r, offer_plan_id: plans.get(Number(r.id)) ?? null } : r));
}
