import { type SQL, sql } from "drizzle-orm";
import { stayNights } from "../../../shared/dates.ts";
import { isoWeekday } from "../../../shared/rates.ts";
import type { Stay } from "../../../shared/search-options.ts";
import type { SupplierSearch } from "../../integrations/suppliers/hotel-supplier.ts";
import { stayNightlyPrice } from "./pricing-sql.ts";

/*
 * Rate plans in search (decision 055). A room type with active plans sells the stay through the
 * cheapest plan that the stay may be booked under today (minimum stay, advance purchase, last
 * minute, closed dates: planRestrictionProblem in shared/rate-plans.ts) and that the traveller's
 * filters select: "free cancellation" a plan whose free tier is still open (today, in the hotel's
 * time zone, at most check-in minus its days), "breakfast included" a plan with a meal. A room type
 * without plans sells its standard rate as before: the calendar price, the hotel's own
 * free-cancellation rule, room only. Search reads room_plan_offers (migration 0036), one primary-key
 * probe per room type it prices, never rate_plans.
 */

/** The filters that select plans rather than hotels. */
export interface PlanAsk {
  freeCancellation: boolean;
  breakfast: boolean;
}

/** The plan filters of a search. */
export function planAsk(criteria: Pick<SupplierSearch, "freeCancellation" | "breakfast">): PlanAsk {
  return { freeCancellation: criteria.freeCancellation, breakfast: criteria.breakfast === true };
}

/** Whether the catalogue has any active plan: an InitPlan, so a catalogue without plans prices as before. */
export const ANY_RATE_PLAN = sql`(select exists (select 1 from room_plan_offers))`;

/** Integers per plan in room_plan_offers.plans. */
const STRIDE = 8;

/**
 * Whether the standard rate of hotel `h` (a room type without plans) matches the filters: the
 * hotel's free-cancellation rule as the filter always read it (any free days), and never breakfast,
 * as the hotel page sells it room only. null: no filter, it matches.
 */
function standardRateMatches(ask: PlanAsk): SQL | null {
  if (ask.breakfast) return sql`false`;
  if (ask.freeCancellation) return sql`h.free_cancellation_days > 0`;
  return null;
}

/**
 * Plan k of row r may sell the stay booked today (c.ahead = days from the hotel's today to
 * check-in) and matches the filters: the SQL twin of planRestrictionProblem.
 */
function planMatches(stay: Stay, ask: PlanAsk): SQL {
  const nights = stayNights(stay.checkIn, stay.checkOut).length;
  const conditions = [
    sql`r.plans[k + 5] <= ${nights}`,
    sql`r.plans[k + 6] <= c.ahead`,
    sql`(r.plans[k + 7] < 0 or c.ahead <= r.plans[k + 7])`,
    sql`(cardinality(r.closed_plans) = 0 or not exists (
      select 1 from unnest(r.closed_plans, r.closed_nights) z(plan, night)
      where z.plan = r.plans[k] and z.night >= ${stay.checkIn}::date and z.night < ${stay.checkOut}::date))`,
  ];
  if (ask.freeCancellation) conditions.push(sql`r.plans[k + 4] >= 0 and r.plans[k + 4] <= c.ahead`);
  if (ask.breakfast) conditions.push(sql`r.plans[k + 3] = 1`);
  return sql.join(conditions, sql` and `);
}

/** Days from today in the row's hotel time zone to check-in. */
function ahead(stay: Stay): SQL {
  return sql`${stay.checkIn}::date - (now() at time zone r.time_zone)::date`;
}

/**
 * The calendar's price of each night of the stay for the room type of row r, in order; null when
 * the calendar does not sell the stay (a closed night, the check-in night's minimum stay). The
 * same compiled rates stayNightlyPrice reads (decision 035); the base price without any rule.
 */
function calendarNights(stay: Stay): SQL {
  const nights = stayNights(stay.checkIn, stay.checkOut);
  return sql`case when s.room_type_id is null then array_fill(r.base_cents, array[${nights.length}::int])
    when coalesce(s.min_stays[width_bucket(${stay.checkIn}::date, s.starts) * 7 + ${isoWeekday(stay.checkIn)}], 1) <= ${nights.length}
    then (select case when count(v.price) = ${nights.length} then array_agg(v.price order by v.o) end
          from (select s.prices[width_bucket(u.night, s.starts) * 7 + u.weekday] as price, u.o
                from unnest(${`{${nights.join(",")}}`}::date[], ${`{${nights.map(isoWeekday).join(",")}}`}::int[]) with ordinality u(night, weekday, o)) v) end`;
}

/**
 * The stay's average nightly price of plan k (planNightlyCents night by night, rounded half up to
 * the cent, then averaged like averageNightlyCents). An own calendar's night falls back to the
 * calendar price.
 */
function planStayPrice(stay: Stay): SQL {
  const nights = stayNights(stay.checkIn, stay.checkOut);
  return sql`(select round(sum(case r.plans[k + 1]
        when 0 then round(u.cp::numeric * (100 + r.plans[k + 2]) / 100)
        when 1 then u.cp + r.plans[k + 2]
        else coalesce((select x.price_cents from rate_plan_prices x where x.rate_plan_id = r.plans[k] and x.night = u.night), u.cp) end)
      / ${nights.length})::int
    from unnest(c.cal, ${`{${nights.join(",")}}`}::date[]) u(cp, night))`;
}

/**
 * The offer of room type `roomTypeId` for the stay as int[2]: [average nightly price, plan id]. The
 * cheapest matching plan (ties: the lowest id); a room type without plans: [its standard price, null].
 * The price is null when nothing is sold (no plan matches, the calendar does not sell the stay, or
 * the standard rate does not match the filters). `floor` is the room type's price slot in
 * room_offers, stayNightlyPrice's argument.
 */
export function planOffer(stay: Stay, ask: PlanAsk, roomTypeId: SQL, floor: SQL): SQL {
  const standard = standardRateMatches(ask);
  const calendar = stayNightlyPrice(stay, roomTypeId, floor);
  const standardOffer = sql`array[${standard ? sql`case when ${standard} then ${calendar} end` : calendar}, null]::int[]`;
  return sql`(case when ${ANY_RATE_PLAN} then coalesce((
      select coalesce((
          select min(array[${planStayPrice(stay)}, r.plans[k]])
          from generate_series(1, cardinality(r.plans), ${STRIDE}) k
          where c.cal is not null and ${planMatches(stay, ask)}), '{NULL,NULL}'::int[])
      from room_plan_offers r
      left join room_rate_segments s on s.room_type_id = r.room_type_id
      cross join lateral (select ${calendarNights(stay)} as cal, ${ahead(stay)} as ahead) c
      where r.room_type_id = ${roomTypeId}), ${standardOffer})
    else ${standardOffer} end)`;
}

/** planOffer's price alone. */
export function planOfferPrice(stay: Stay, ask: PlanAsk, roomTypeId: SQL, floor: SQL): SQL {
  return sql`${planOffer(stay, ask, roomTypeId, floor)}[1]`;
}

/**
 * Whether room type `roomTypeId` has a plan that may sell the stay today and matches the filters
 * (or, without plans, its standard rate matches them), without pricing anything: for counting,
 * where the calendar's own test (hasOffer) is made beside it.
 */
export function planAllows(stay: Stay, ask: PlanAsk, roomTypeId: SQL): SQL {
  const standard = standardRateMatches(ask) ?? sql`true`;
  return sql`(case when ${ANY_RATE_PLAN} then coalesce((
      select exists (select 1 from generate_series(1, cardinality(r.plans), ${STRIDE}) k where ${planMatches(stay, ask)})
      from room_plan_offers r cross join lateral (select ${ahead(stay)} as ahead) c
      where r.room_type_id = ${roomTypeId}), ${standard})
    else ${standard} end)`;
}
