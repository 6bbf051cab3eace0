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
export function standardRateMatches(ask: PlanAsk): SQL | null {
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

/** The stay's nights and their ISO week days, as the two array parameters stayNightlyPrice takes too. */
function nightArrays(stay: Stay): { nights: number; dates: string; weekdays: string } {
  const nights = stayNights(stay.checkIn, stay.checkOut);
  return { nights: nights.length, dates: `{${nights.join(",")}}`, weekdays: `{${nights.map(isoWeekday).join(",")}}` };
}

/** Night u's calendar price for row r: its compiled rate (decision 035), or the base price without any rule. */
const NIGHT_PRICE = sql`case when s.room_type_id is null then r.base_cents else s.prices[width_bucket(u.night, s.starts) * 7 + u.weekday] end`;

/**
 * The calendar's total for the stay (one room, every night) for row r; null when the calendar does
 * not sell the stay (a closed night, the check-in night's minimum stay), as stayNightlyPrice.
 */
function calendarTotal(stay: Stay): SQL {
  const { nights, dates, weekdays } = nightArrays(stay);
  return sql`case when s.room_type_id is null then r.base_cents * ${nights}
    when coalesce(s.min_stays[width_bucket(${stay.checkIn}::date, s.starts) * 7 + ${isoWeekday(stay.checkIn)}], 1) <= ${nights}
    then (select case when count(v.price) = ${nights} then sum(v.price)::int end
          from (select ${NIGHT_PRICE} as price from unnest(${dates}::date[], ${weekdays}::int[]) u(night, weekday)) v) end`;
}

/**
 * The stay's average nightly price of plan k (planNightlyCents night by night, rounded half up to
 * the cent, then averaged like averageNightlyCents), given the calendar's total c.total. A fixed
 * difference and a zero percentage follow from the total; another percentage and an own calendar
 * (falling back to the calendar price on nights it does not set) are priced night by night.
 */
function planStayPrice(stay: Stay): SQL {
  const { nights, dates, weekdays } = nightArrays(stay);
  // Integer arithmetic on positive cents, half up: (x + 50) / 100 rounds x / 100, (2s + n) / 2n
  // rounds s / n. numeric's round gives the same and cost a third of the plan's pricing.
  const byNight = (night: SQL) =>
    sql`(select ((2 * sum(${night}) + ${nights}) / ${2 * nights})::int from unnest(${dates}::date[], ${weekdays}::int[]) u(night, weekday))`;
  return sql`case
      when r.plans[k + 1] = 1 then round((c.total + ${nights} * r.plans[k + 2])::numeric / ${nights})::int
      when r.plans[k + 1] = 0 and r.plans[k + 2] = 0 then round(c.total::numeric / ${nights})::int
      when r.plans[k + 1] = 0 then ${byNight(sql`((${NIGHT_PRICE}::bigint * (100 + r.plans[k + 2]) + 50) / 100)::int`)}
      else ${byNight(sql`coalesce((select x.price_cents from rate_plan_prices x where x.rate_plan_id = r.plans[k] and x.night = u.night), ${NIGHT_PRICE})`)}
    end`;
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
          where c.total is not null and ${planMatches(stay, ask)}), '{NULL,NULL}'::int[])
      from room_plan_offers r
      left join room_rate_segments s on s.room_type_id = r.room_type_id
      cross join lateral (select ${calendarTotal(stay)} as total, ${ahead(stay)} as ahead) c
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
