/**
 * The demo rate plans for a big catalogue (decision 055): seedRatePlans per batch of hotels with the
 * plans' insert trigger off, then in two set-based statements what the trigger writes
 * (f_refresh_room_plan_offers, migrations 0036-0037): the room types' room_plan_offers rows, and the
 * hotels' room_offers with floors that count plans (f_rate_floor, migration 0039) and price_cents
 * lowered to them. Through the trigger every hotel's room_offers is recomputed by f_room_offers,
 * one call per hotel (~2.5 ms each on the 5,000-hotel catalogue with rates: hours for 2,000,000).
 * The trigger is switched off inside the batch's transaction (DDL is transactional: no other
 * session sees it off, an error leaves it on), as the seasonal seed does (decision 031).
 * tests/pg/bulk-plans.pg.test.ts checks the rows against the trigger's.
 */
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { type HotelIdRange, seedRatePlans } from "./seed-rate-plans.ts";

export async function seedRatePlansInBulk(db: Db, range: HotelIdRange): Promise<{ policies: number; plans: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`alter table rate_plans disable trigger rate_plans_room_plan_offers_insert`);
    const added = await seedRatePlans(tx, range);
    await tx.execute(writePlanOffers(range));
    await tx.execute(refreshPlannedRoomOffers(range));
    await tx.execute(sql`alter table rate_plans enable trigger rate_plans_room_plan_offers_insert`);
    return added;
  });
}

/** The room_plan_offers rows of the range's room types with active plans, as f_refresh_room_plan_offers writes them. */
function writePlanOffers({ from, to }: HotelIdRange): SQL {
  return sql`insert into room_plan_offers as o (room_type_id, base_cents, time_zone, plans, closed_plans, closed_nights)
    select rt.id, rt.price_cents, h.time_zone, p.plans, coalesce(c.plans, '{}'), coalesce(c.nights, '{}')
    from room_types rt
    join hotels h on h.id = rt.hotel_id
    join (
      select p.room_type_id, array_agg(u.e order by p.sort_order, p.id, u.ord) as plans
      from rate_plans p
      join cancellation_policies cp on cp.id = p.cancellation_policy_id
      cross join lateral unnest(array[p.id,
        case p.price_rule_kind when 'percent' then 0 when 'amount' then 1 else 2 end,
        p.price_rule_value,
        case when p.meal_plan = 'room_only' then 0 else 1 end,
        f_free_cancellation_days(cp.terms),
        coalesce(p.min_stay, 0), coalesce(p.min_advance_days, 0), coalesce(p.max_advance_days, -1)]) with ordinality u(e, ord)
      where p.hotel_id between ${from} and ${to} and p.active
      group by p.room_type_id
    ) p on p.room_type_id = rt.id
    left join (
      select p.room_type_id, array_agg(p.id order by p.id, d.night) as plans, array_agg(d.night order by p.id, d.night) as nights
      from rate_plans p cross join lateral unnest(p.closed_dates) d(night)
      where p.hotel_id between ${from} and ${to} and p.active
      group by p.room_type_id
    ) c on c.room_type_id = rt.id
    where rt.hotel_id between ${from} and ${to}
    on conflict (room_type_id) do update set base_cents = excluded.base_cents, time_zone = excluded.time_zone, plans = excluded.plans,
      closed_plans = excluded.closed_plans, closed_nights = excluded.closed_nights`;
}

/**
 * room_offers as f_room_offers computes it for the range's hotels (nothing for a hidden hotel; its
 * open room types, cheapest floor first, five integers each), the floor being f_rate_floor's: the
 * calendar floor (base price or lowest rule price) moved by the cheapest active plan's rule; and
 * price_cents lowered to the cheapest floor for one guest per room, plans_restricted as
 * f_hotel_plans_restricted computes it (migration 0046) and offers_at_floor as f_hotel_offers_at_floor
 * (migration 0047). Unchanged rows are not written.
 */
function refreshPlannedRoomOffers({ from, to }: HotelIdRange): SQL {
  return sql`update hotels h set room_offers = c.offers,
      price_cents = least(h.price_cents, coalesce(f_room_floor(c.offers, 1), h.price_cents)), plans_restricted = c.restricted,
      offers_at_floor = c.at_floor
    from (
      select hh.id as hotel_id, case when hh.hidden then '{}'::integer[] else coalesce(o.offers, '{}') end as offers,
        exists (select 1 from room_types rt join room_plan_offers po on po.room_type_id = rt.id
                where rt.hotel_id = hh.id and not f_plans_open(po.plans, po.closed_plans)) as restricted,
        f_hotel_offers_at_floor(hh.id) as at_floor
      from hotels hh
      left join (
        select rt.hotel_id, array_agg(u.e order by rt.floor_cents, rt.id, u.ord) as offers
        from (
          select t.id, t.hotel_id, t.max_guests, t.total_rooms, t.original_price_cents,
            coalesce(pl.floor_cents, cal.floor_cents) as floor_cents
          from room_types t
          left join (
            select x.room_type_id, min(x.price_cents) as lowest from rate_rules x join room_types xt on xt.id = x.room_type_id
            where xt.hotel_id between ${from} and ${to} group by x.room_type_id
          ) r on r.room_type_id = t.id
          cross join lateral (select least(t.price_cents, r.lowest) as floor_cents) cal
          left join lateral (
            select min(case p.price_rule_kind
                when 'percent' then round(cal.floor_cents::numeric * (100 + p.price_rule_value) / 100)::int
                when 'amount' then cal.floor_cents + p.price_rule_value
                else least(cal.floor_cents, (select min(x.price_cents) from rate_plan_prices x where x.rate_plan_id = p.id)) end) as floor_cents
            from rate_plans p where p.room_type_id = t.id and p.active
          ) pl on true
          where t.hotel_id between ${from} and ${to} and not t.closed
        ) rt
        cross join lateral unnest(array[rt.id, rt.max_guests, rt.floor_cents, rt.total_rooms, rt.original_price_cents])
          with ordinality u(e, ord)
        group by rt.hotel_id
      ) o on o.hotel_id = hh.id
      where hh.id between ${from} and ${to}
    ) c
    where h.id = c.hotel_id
      and (h.room_offers is distinct from c.offers or h.price_cents > f_room_floor(c.offers, 1) or h.plans_restricted <> c.restricted
        or h.offers_at_floor <> c.at_floor)`;
}
