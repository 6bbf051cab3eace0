/**
 * Rate plans for a generated catalogue (issue 29 item 1, decision 052): set-based SQL over a range
 * of hotel ids, so the demo's 5,000 hotels take two statements and the benchmark catalogues
 * (millions) can run it chunk by chunk on PostgreSQL. Deterministic by hotel id: every seed of the
 * same catalogue gets the same plans. (The hotels' time zones come with their cities: catalogue.ts.)
 *
 * Each hotel gets "Non-refundable" and, unless the generator made it a non-refundable hotel
 * (free_cancellation_days 0, about a fifth: so the free-cancellation filter still narrows a search),
 * "Flexible": free until the hotel's own free-cancellation days before check-in, then the first
 * night or the whole price, by hotel id. Each room type gets:
 * - "Flexible" (where the hotel has it): the calendar price, the flexible policy, paid now (at the
 *   hotel: every tenth hotel, ids ending in 4, as a card guarantee);
 * - "Non-refundable": 8–15 % cheaper, paid now;
 * - "Breakfast included" on every third hotel: $15.00–$25.00 more a night, flexible;
 * - "Pay 30 % now" on every tenth hotel (ids ending in 7): 5 % cheaper, a 30 % deposit, flexible.
 */
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../client.ts";

export interface HotelIdRange {
  /** First hotel id, inclusive. */
  from: number;
  /** Last hotel id, inclusive. */
  to: number;
}

const FLEXIBLE_TERMS = sql`jsonb_build_object(
    'tiers', jsonb_build_array(jsonb_build_object('daysBefore', h.free_cancellation_days, 'fee', '{"kind":"percent","percent":0}'::jsonb)),
    'finalFee', case when h.id % 2 = 0 then '{"kind":"percent","percent":100}'::jsonb else '{"kind":"nights","nights":1}'::jsonb end)`;
const NON_REFUNDABLE_TERMS = sql`'{"tiers":[],"finalFee":{"kind":"percent","percent":100}}'::jsonb`;

/**
 * Writes the policies and plans above for the hotels of the range that have none yet (a second
 * run adds nothing). Returns what it wrote.
 */
export async function seedRatePlans(db: Db, range: HotelIdRange): Promise<{ policies: number; plans: number }> {
  const [policies] = await queryRows<{ n: number }>(
    db,
    sql`with added as (
      insert into cancellation_policies (hotel_id, name, terms)
      select h.id, p.name, case p.name when 'Flexible' then ${FLEXIBLE_TERMS} else ${NON_REFUNDABLE_TERMS} end
      from hotels h cross join (values ('Flexible'), ('Non-refundable')) p(name)
      where h.id between ${range.from} and ${range.to}
        and (p.name = 'Non-refundable' or h.free_cancellation_days > 0)
        and not exists (select 1 from cancellation_policies c where c.hotel_id = h.id)
      order by h.id, p.name
      returning 1
    ) select count(*)::int as n from added`,
  );
  const [plans] = await queryRows<{ n: number }>(
    db,
    sql`with rooms as (
      select rt.id, rt.hotel_id,
        (select c.id from cancellation_policies c where c.hotel_id = rt.hotel_id and c.name = 'Flexible') as flexible,
        (select c.id from cancellation_policies c where c.hotel_id = rt.hotel_id and c.name = 'Non-refundable') as strict
      from room_types rt
      where rt.hotel_id between ${range.from} and ${range.to}
        and not exists (select 1 from rate_plans p where p.room_type_id = rt.id)
    ),
    added as (
      insert into rate_plans (room_type_id, hotel_id, name, price_rule_kind, price_rule_value, meal_plan, inclusions,
        cancellation_policy_id, payment_timing, deposit_percent, sort_order)
      select r.id, r.hotel_id, 'Flexible', 'percent', 0, 'room_only', '{}'::text[], r.flexible,
        case when r.hotel_id % 10 = 4 then 'pay_at_hotel' else 'pay_now' end, null::int, 0
      from rooms r where r.flexible is not null
      union all
      select r.id, r.hotel_id, 'Non-refundable', 'percent', -(8 + r.hotel_id % 8), 'room_only', '{}'::text[], r.strict, 'pay_now', null, 1
      from rooms r where r.strict is not null
      union all
      select r.id, r.hotel_id, 'Breakfast included', 'amount', 1500 + (r.hotel_id % 5) * 250, 'breakfast', '{wifi}'::text[], r.flexible,
        'pay_now', null, 2
      from rooms r where r.flexible is not null and r.hotel_id % 3 = 0
      union all
      select r.id, r.hotel_id, 'Pay 30 % now', 'percent', -5, 'room_only', '{}'::text[], r.flexible, 'deposit', 30, 3
      from rooms r where r.flexible is not null and r.hotel_id % 10 = 7
      returning 1
    ) select count(*)::int as n from added`,
  );
  return { policies: Number(policies?.n ?? 0), plans: Number(plans?.n ?? 0) };
}
