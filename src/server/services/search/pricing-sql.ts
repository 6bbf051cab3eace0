import { type SQL, sql } from "drizzle-orm";
import { stayNights } from "../../../shared/dates.ts";
import { isoWeekday } from "../../../shared/rates.ts";
import type { Stay } from "../../../shared/search-options.ts";
import { partySize } from "./availability-sql.ts";

/**
 * Whether the catalogue has any rate rule at all: an uncorrelated subquery, so PostgreSQL evaluates
 * it once per statement (an InitPlan), and a catalogue without rules skips the per-room-type probes
 * of the rules index (each a few microseconds, thousands per count; decision 031).
 */
export const ANY_RATE_RULE = sql`(select exists (select 1 from rate_rules))`;

/**
 * The stay's average nightly price of one room of `roomTypeId` (its nights' sum over the nights,
 * rounded half up like averageNightlyCents), null when the calendar does not sell the stay (a
 * closed night, a minimum stay). `floor` is the room type's price slot in room_offers (decision 020).
 */
export function stayNightlyPrice(stay: Stay, roomTypeId: SQL, floor: SQL): SQL {
  const nights = stayNights(stay.checkIn, stay.checkOut);
  // A room type without any rule has no compiled row and sells every night at its base price, which
  // is then its floor. Otherwise each night's price is read from the room type's compiled rates
  // (room_rate_segments, decision 035): a binary search for the night's segment and an array read,
  // about 5 µs a room type where f_stay_nights (the rules joined to the nights, per night the
  // latest rule of each field) took 40-50 µs on the seasonal catalogue. A closed night reads null, so
  // fewer prices than nights. The array wraps the answer so that "no row" (the floor) and "not
  // sold" (null) differ.
  return sql`case when ${ANY_RATE_RULE} then (coalesce((
      select array[case when coalesce(c.min_stays[width_bucket(${stay.checkIn}::date, c.starts) * 7 + ${isoWeekday(stay.checkIn)}], 1) <= ${nights.length}
        then (select case when count(p.price) = ${nights.length} then round(sum(p.price)::numeric / ${nights.length})::int end
              from (select c.prices[width_bucket(u.night, c.starts) * 7 + u.weekday] as price
                    from unnest(${`{${nights.join(",")}}`}::date[], ${`{${nights.map(isoWeekday).join(",")}}`}::int[]) u(night, weekday)) p) end]
      from room_rate_segments c where c.room_type_id = ${roomTypeId}), array[${floor}]))[1]
    else ${floor} end`;
}

/** Guests per room for which hotels_city_price_for_N_idx exists (migration 0004). */
const PRICE_FLOOR_INDEXED = [2, 3, 4];

/**
 * The cheapest floor among hotel `h`'s room types that fit the party: f_room_floor(room_offers, N),
 * null when none sleeps its N guests per room, where hotels_city_price_for_N_idx has it; else
 * hotels.price_cents, the cheapest room of any size. Either is at most every fitting room type's
 * floor, so at most the offer.
 */
export function partyFloor(stay: Stay): SQL {
  const perRoom = Math.ceil(partySize(stay) / stay.rooms);
  return PRICE_FLOOR_INDEXED.includes(perRoom) ? sql.raw(`f_room_floor(h.room_offers, ${perRoom})`) : sql`h.price_cents`;
}
