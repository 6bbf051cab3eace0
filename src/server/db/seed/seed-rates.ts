/**
 * Rates for the demo and for benchmarks (decision 020), written as range rules in rate_rules: the
 * storage that keeps a year of seasonal rates on a 2,000,000-hotel catalogue to a few dozen rows
 * per room type instead of one per night.
 */
import { type SQL, sql } from "drizzle-orm";
import { addDays, todayUtc } from "../../../shared/dates.ts";
import { type Db, queryRows } from "../client.ts";

/** The demo chain (hotels 1, 2 and 3 of the seed). */
export const DEMO_CHAIN_HOTEL_IDS = [1, 2, 3] as const;
const FRI_SAT = 0b011_0000;

/**
 * The demo chain's season from `today`: weekends 25 % dearer for six months, a high season (days
 * 45-75) 40 % dearer with a two-night minimum from Saturdays, a quiet spell (days 100-120) 15 %
 * cheaper, and two closed nights (days 20-21) on each hotel's dearest room type.
 */
export async function seedDemoRates(db: Db, today = todayUtc()): Promise<number> {
  const day = (n: number) => addDays(today, n);
  const ids = sql.join(
    DEMO_CHAIN_HOTEL_IDS.map((id) => sql`${id}`),
    sql`, `,
  );
  const rules: [string, string, number, string, string, string][] = [
    // first, last, weekdays, price factor (SQL), min stay, closed
    [day(0), day(180), FRI_SAT, "1.25", "null", "null"],
    [day(45), day(75), 127, "1.40", "null", "null"],
    [day(45), day(75), FRI_SAT, "1.60", "null", "null"],
    [day(45), day(75), 0b010_0000, "null", "2", "null"],
    [day(100), day(120), 127, "0.85", "null", "null"],
  ];
  let written = 0;
  for (const [first, last, weekdays, factor, minStay, closed] of rules) {
    const price = factor === "null" ? sql`null` : sql`round(rt.price_cents * ${sql.raw(factor)})::int`;
    written += await inserted(
      db,
      sql`insert into rate_rules (room_type_id, first_night, last_night, weekdays, price_cents, min_stay, closed)
      select rt.id, ${first}::date, ${last}::date, ${weekdays}, ${price}, ${sql.raw(minStay)}, ${sql.raw(closed)}
      from room_types rt where rt.hotel_id in (${ids})`,
    );
  }
  return (
    written +
    (await inserted(
      db,
      sql`insert into rate_rules (room_type_id, first_night, last_night, weekdays, closed)
      select distinct on (rt.hotel_id) rt.id, ${day(20)}::date, ${day(21)}::date, 127, true
      from room_types rt where rt.hotel_id in (${ids}) order by rt.hotel_id, rt.price_cents desc, rt.id`,
    ))
  );
}

/** A transaction of `db`. */
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Runs an INSERT and answers how many rows it wrote. */
async function inserted(db: Db | Tx, insert: SQL): Promise<number> {
  const result = (await db.execute(sql`with ins as (${insert} returning 1) select count(*)::int as n from ins`)) as unknown as {
    rows: { n: number }[];
  };
  return Number(result.rows[0]?.n ?? 0);
}

/** Hotels whose room types get their year of rates in one statement. */
const RATES_BATCH = 20_000;

/**
 * A year of varied rates on every room type (`db:seed -- --rates`): per month a price between 80 %
 * and 130 % of the base price, varying by hotel and month, and Friday/Saturday 20 % above that
 * month's price: 24 rules per room type.
 */
export async function seedYearOfRates(
  db: Db,
  options: { today?: string; onProgress?: (hotelsDone: number, hotels: number) => void } = {},
): Promise<number> {
  const today = options.today ?? todayUtc();
  const [bounds] = await queryRows<{ lo: number; hi: number }>(
    db,
    sql`select coalesce(min(id), 0)::int as lo, coalesce(max(id), -1)::int as hi from hotels`,
  );
  let written = 0;
  for (let lo = Number(bounds?.lo ?? 0); lo <= Number(bounds?.hi ?? -1); lo += RATES_BATCH) {
    const hi = lo + RATES_BATCH - 1;
    written += await inserted(
      db,
      sql`insert into rate_rules (room_type_id, first_night, last_night, weekdays, price_cents)
      select rt.id, m.first, m.last, w.weekdays,
        round(rt.price_cents * (0.8 + 0.05 * ((rt.hotel_id * 7 + m.k * 5) % 11)) * w.factor)::int
      from room_types rt
      cross join lateral (
        select k, (${today}::date + make_interval(months => k))::date as first,
          (${today}::date + make_interval(months => k + 1) - interval '1 day')::date as last
        from generate_series(0, 11) k
      ) m
      cross join (values (127, 1.0), (${FRI_SAT}, 1.2)) w(weekdays, factor)
      where rt.hotel_id between ${lo} and ${hi}
      order by rt.id, m.k, w.weekdays desc`,
    );
    options.onProgress?.(Math.min(hi, Number(bounds?.hi ?? 0)), Number(bounds?.hi ?? 0));
  }
  return written;
}

/** Hotels whose room types get their seasons in one statement (`--seasonal-rates`). */
const SEASONAL_BATCH = 50_000;
const EVERY_DAY = 127;

/** A seasonal rule: nights, week days, price factor on the base price (null: no price), min stay, closed, and which hotels get it. */
interface SeasonRule {
  first: string;
  last: string;
  weekdays: number;
  factor: number | null;
  minStay: number | null;
  closed: boolean | null;
  /** Only hotels whose id modulo this is 0 (1: every hotel). */
  everyNthHotel: number;
}

/**
 * The season rules of the year from `today` (nights today .. today + 364), in the order they are
 * written (a later rule wins a night): Friday/Saturday 15 % dearer all year; a winter low season
 * (7 January - 20 March) 15 % cheaper, weekends 15 % above that; a summer high season (15 June - 15
 * September) 30 % dearer, weekends 15 % above that; Christmas (20 December - 2 January) a two-night
 * minimum stay for every 4th hotel; and three closed nights in November for every 50th hotel.
 */
export function seasonRules(today = todayUtc()): SeasonRule[] {
  const end = addDays(today, 364);
  const year = Number(today.slice(0, 4));
  const rules: SeasonRule[] = [];
  const add = (first: string, last: string, rule: Omit<SeasonRule, "first" | "last">) => {
    const from = first < today ? today : first;
    const to = last > end ? end : last;
    if (from <= to) rules.push({ first: from, last: to, ...rule });
  };
  const price = (weekdays: number, factor: number) => ({ weekdays, factor, minStay: null, closed: null, everyNthHotel: 1 });
  add(today, end, price(FRI_SAT, 1.15));
  for (const y of [year, year + 1]) {
    add(`${y}-01-07`, `${y}-03-20`, price(EVERY_DAY, 0.85));
    add(`${y}-01-07`, `${y}-03-20`, price(FRI_SAT, 0.85 * 1.15));
    add(`${y}-06-15`, `${y}-09-15`, price(EVERY_DAY, 1.3));
    add(`${y}-06-15`, `${y}-09-15`, price(FRI_SAT, 1.3 * 1.15));
  }
  for (const y of [year - 1, year]) {
    add(`${y}-12-20`, `${y + 1}-01-02`, { weekdays: EVERY_DAY, factor: null, minStay: 2, closed: null, everyNthHotel: 4 });
  }
  for (const y of [year, year + 1]) {
    add(`${y}-11-10`, `${y}-11-12`, { weekdays: EVERY_DAY, factor: null, minStay: null, closed: true, everyNthHotel: 50 });
  }
  return rules;
}

/**
 * Seasonal rates on every room type (`db:seed -- --seasonal-rates`), for the big catalogue: the
 * handful of rules of `seasonRules`, written set-based (one INSERT ... SELECT over room_types per
 * batch of hotels). The rate_rules insert trigger would then recompute each hotel's room_offers
 * through f_room_offers, one call per hotel (~0.4 ms each, most of 53 min for 2,000,000 hotels), so
 * each batch writes its rules with that trigger off and refreshes its hotels in one set-based UPDATE
 * (`refreshRoomOffers`) that writes what the trigger writes (checked by seasonal-seed.pg.test.ts).
 * The same goes for the trigger that compiles the room types' rates (room_rate_segments, migration
 * 0028): its set-based compile expands every rule over the segments and week days it covers and
 * aggregates per cell, up to a millisecond a room type, so the seed writes the compiled rows from
 * the season rules compiled once here (`writeRateSegments`). The triggers are switched off inside the batch's transaction: DDL is
 * transactional, so no other session ever sees them off, and an error leaves them on. (It locks
 * rate_rules for the batch: a seed is not run under traffic.)
 */
export async function seedSeasonalRates(
  db: Db,
  options: { today?: string; batch?: number; onProgress?: (hotelsDone: number, hotels: number) => void } = {},
): Promise<number> {
  const rules = seasonRules(options.today);
  const batch = options.batch ?? SEASONAL_BATCH;
  const values = sql.join(
    rules.map(
      (r, k) =>
        sql`(${k}::int, ${r.first}::date, ${r.last}::date, ${r.weekdays}::int, ${r.factor}::numeric, ${r.minStay}::int, ${r.closed}::boolean, ${r.everyNthHotel}::int)`,
    ),
    sql`, `,
  );
  const [bounds] = await queryRows<{ lo: number; hi: number }>(
    db,
    sql`select coalesce(min(id), 0)::int as lo, coalesce(max(id), -1)::int as hi from hotels`,
  );
  const top = Number(bounds?.hi ?? -1);
  let written = 0;
  for (let lo = Number(bounds?.lo ?? 0); lo <= top; lo += batch) {
    const hi = lo + batch - 1;
    written += await db.transaction(async (tx) => {
      await tx.execute(sql`alter table rate_rules disable trigger rate_rules_room_offers_insert`);
      await tx.execute(sql`alter table rate_rules disable trigger rate_rules_rate_segments_insert`);
      const rows = await inserted(
        tx,
        sql`insert into rate_rules (room_type_id, first_night, last_night, weekdays, price_cents, min_stay, closed)
        select rt.id, s.first, s.last, s.weekdays, round(rt.price_cents * s.factor)::int, s.min_stay, s.closed
        from room_types rt
        cross join (values ${values}) s(k, first, last, weekdays, factor, min_stay, closed, every)
        where rt.hotel_id between ${lo} and ${hi} and rt.hotel_id % s.every = 0
        order by rt.id, s.k`,
      );
      await tx.execute(refreshRoomOffers(lo, hi));
      await tx.execute(writeRateSegments(rules, lo, hi));
      await tx.execute(sql`alter table rate_rules enable trigger rate_rules_rate_segments_insert`);
      await tx.execute(sql`alter table rate_rules enable trigger rate_rules_room_offers_insert`);
      return rows;
    });
    options.onProgress?.(Math.min(hi, top), top);
  }
  return written;
}

/**
 * What the rate_rules insert trigger writes (migrations 0015 and 0017), for every hotel with an id in
 * [lo, hi], in one statement: room_offers as f_room_offers computes it (nothing for a hidden hotel;
 * else its open room types, cheapest rate floor first, five integers each, the floor being the base
 * price or the lowest rule price if lower, as f_rate_floor), and price_cents lowered to the cheapest
 * floor for one guest per room, and offers_at_floor as f_hotel_offers_at_floor computes it (migration
 * 0047). Rows that would not change are not written, as in the trigger.
 */
function refreshRoomOffers(lo: number, hi: number): SQL {
  return sql`update hotels h set room_offers = c.offers,
      price_cents = least(h.price_cents, coalesce(f_room_floor(c.offers, 1), h.price_cents)), offers_at_floor = c.at_floor
    from (
      select hh.id as hotel_id, case when hh.hidden then '{}'::integer[] else coalesce(o.offers, '{}') end as offers,
        f_hotel_offers_at_floor(hh.id) as at_floor
      from hotels hh
      left join (
        select rt.hotel_id, array_agg(u.e order by rt.floor_cents, rt.id, u.ord) as offers
        from (
          select t.*, least(t.price_cents, r.lowest) as floor_cents
          from room_types t
          left join (
            select x.room_type_id, min(x.price_cents) as lowest
            from rate_rules x join room_types xt on xt.id = x.room_type_id
            where xt.hotel_id between ${lo} and ${hi}
            group by x.room_type_id
          ) r on r.room_type_id = t.id
          where t.hotel_id between ${lo} and ${hi} and not t.closed
        ) rt
        cross join lateral unnest(array[rt.id, rt.max_guests, rt.floor_cents, rt.total_rooms, rt.original_price_cents])
          with ordinality u(e, ord)
        group by rt.hotel_id
      ) o on o.hotel_id = hh.id
      where hh.id between ${lo} and ${hi}
    ) c
    where h.id = c.hotel_id
      and (h.room_offers is distinct from c.offers or h.price_cents > f_room_floor(c.offers, 1) or h.offers_at_floor <> c.at_floor)`;
}

/** One season rule set compiled as f_refresh_rate_segments compiles a room type's rules (migration 0028). */
interface CompiledSeasons {
  starts: string[];
  /** Per bucket k (0 .. starts.length) and ISO week day w, at k * 7 + w - 1: the winning price factor (null: the base price), closed, minimum stay. */
  cells: { factor: number | null; closed: boolean; minStay: number }[];
}

/**
 * Compiles rules in the order they are written (a later rule wins each field of a night) into
 * segments: the nights where a rule starts or the night after one ends cut the calendar, and within
 * a segment each week day has one winner per field. Exported for the seed's test.
 */
export function compileSeasons(rules: readonly Omit<SeasonRule, "everyNthHotel">[]): CompiledSeasons {
  const starts = [...new Set(rules.flatMap((r) => [r.first, addDays(r.last, 1)]))].sort();
  const cells: CompiledSeasons["cells"] = [];
  for (let k = 0; k <= starts.length; k++) {
    for (let w = 1; w <= 7; w++) {
      const at = k === 0 ? null : starts[k - 1]!;
      const covering = at === null ? [] : rules.filter((r) => r.first <= at && r.last >= at && (r.weekdays & (1 << (w - 1))) !== 0);
      const last = <K extends "factor" | "closed" | "minStay">(field: K) => covering.findLast((r) => r[field] !== null)?.[field] ?? null;
      cells.push({ factor: last("factor"), closed: last("closed") === true, minStay: last("minStay") ?? 1 });
    }
  }
  return { starts, cells };
}

/**
 * room_rate_segments for the room types of hotels [lo, hi] that `seedSeasonalRates` gave the season
 * rules: each hotel's rules (which depends on which everyNthHotel divide its id) compiled once, then
 * every room type's prices written from its base price exactly as the rules price it
 * (round(base * factor)), the base price itself where no rule prices a night, null where closed.
 */
function writeRateSegments(rules: readonly SeasonRule[], lo: number, hi: number): SQL {
  const divisors = [...new Set(rules.map((r) => r.everyNthHotel).filter((n) => n > 1))];
  const variants = Array.from({ length: 2 ** divisors.length }, (_, mask) => {
    const applies = (r: SeasonRule) => r.everyNthHotel === 1 || (mask & (1 << divisors.indexOf(r.everyNthHotel))) !== 0;
    const compiled = compileSeasons(rules.filter(applies));
    const minStays = compiled.cells.some((c) => c.minStay > 1) ? `{${compiled.cells.map((c) => c.minStay).join(",")}}` : null;
    // One array constructor per kind of hotel, evaluated per room type without a subquery: about a
    // third of the time of unnesting the factors for each room type.
    const prices = sql.join(
      compiled.cells.map((c) =>
        c.closed ? sql`null` : c.factor === null ? sql`rt.price_cents` : sql`round(rt.price_cents * ${c.factor}::numeric)::int`,
      ),
      sql`, `,
    );
    return {
      row: sql`(${mask}::int, ${`{${compiled.starts.join(",")}}`}::date[], ${minStays}::int[])`,
      prices: sql`when ${mask} then array[${prices}]::int[]`,
    };
  });
  const mask =
    divisors.length === 0
      ? sql`0`
      : sql.join(
          divisors.map((d, i) => sql`(case when rt.hotel_id % ${d} = 0 then ${1 << i} else 0 end)`),
          sql` | `,
        );
  return sql`insert into room_rate_segments (room_type_id, starts, prices, min_stays)
    select rt.id, v.starts, case v.mask ${sql.join(
      variants.map((v) => v.prices),
      sql` `,
    )} end, v.min_stays
    from room_types rt
    join (values ${sql.join(
      variants.map((v) => v.row),
      sql`, `,
    )}) v(mask, starts, min_stays) on v.mask = ${mask}
    where rt.hotel_id between ${lo} and ${hi}
    on conflict (room_type_id) do update set starts = excluded.starts, prices = excluded.prices, min_stays = excluded.min_stays`;
}
