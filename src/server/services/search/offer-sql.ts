import { type SQL, sql } from "drizzle-orm";
import type { Stay } from "../../../shared/search-options.ts";
import { fittingRoomOffers, freeFor, partySize, roomsFree } from "./availability-sql.ts";
import { ANY_RATE_PLAN, type PlanAsk, planAllows, planOffer, planOfferPrice, standardRateMatches } from "./plan-sql.ts";
import { ANY_RATE_RULE, stayNightlyPrice } from "./pricing-sql.ts";

/**
 * The offer of hotel `h.id` for the stay: the cheapest room type that fits the party and has enough
 * rooms free on every night, priced by its cheapest plan that matches (planOffer; a room type
 * without plans at its standard rate), that plan (null: the standard rate), its original price,
 * and the rooms free across such room types. All null when nothing fits. The `offset 0`s keep
 * PostgreSQL from flattening the subqueries: flattened, the price expression was copied into each
 * of its uses (computed up to four times per room type) and evaluated for room types without a
 * room free; now each room type with rooms is priced once.
 */
export function offerLateral(stay: Stay, ask: PlanAsk): SQL {
  return sql`
    select min(f.offer[1]) as offer_price_cents,
      -- The cheapest room's original price and plan: price then id decide, so no sort per hotel.
      (min(array[f.offer[1], f.id, f.original_price_cents, f.offer[2]]))[3] as offer_original_price_cents,
      (min(array[f.offer[1], f.id, f.original_price_cents, f.offer[2]]))[4] as offer_plan_id,
      (min(array[f.offer[1], f.id, f.original_price_cents, f.offer[2]]))[2] as offer_room_type_id,
      sum(f.rooms_free)::int as rooms_available
    from (
      select g.id, ${planOffer(stay, ask, sql`g.id`, sql`g.floor_cents`)} as offer, g.original_price_cents, g.rooms_free
      from (
        select h.room_offers[i] as id, h.room_offers[i + 2] as floor_cents, h.room_offers[i + 4] as original_price_cents,
          ${roomsFree(stay, sql`h.room_offers[i]`, sql`h.room_offers[i + 3]`)} as rooms_free
        from ${fittingRoomOffers(stay)} offset 0
      ) g
      where g.rooms_free >= ${stay.rooms} offset 0
    ) f
    where f.offer[1] is not null`;
}

/**
 * Whether hotel `h.id` has a room type that fits the party and is free for the stay (for counting).
 * Counting needs no price: a stay is sold unless a night is closed or the check-in night's minimum
 * stay is longer, and both need a rule that sets them on a night of the stay. So the stay is priced
 * (the costly part) only for room types with such a rule; the others cost one probe of the rules
 * index, and none at all when no such rule covers the stay's nights in any hotel (restrictionInStay).
 *
 * When that is so and the hotel's room types sell every stay their calendar sells (the catalogue
 * has no rate plan, or, without plan filters, the hotel has no room type whose plans all restrict
 * stays, hotels.plans_restricted, and the check-in is not before the hotel's today: decision 081),
 * a room type sells the stay exactly when it fits the party and has the rooms free (and the
 * hotel's standard rate matches the plan filters), so the count takes a shorter test: the first
 * UNROLLED_ROOM_TYPES room types one by one, each a cheap fit test then one room_nights probe, and
 * only the rest through generate_series. Walking room_offers with generate_series builds a function
 * scan's result per hotel, which cost about as much as the probe itself (decision 077).
 * `ratePlans` (the catalogue was last seen with plans) with plan filters leaves the short test out.
 */
export function hasOffer(stay: Stay, ask: PlanAsk, options: { ratePlans: boolean } = { ratePlans: false }): SQL {
  const full = sql`exists (
    select 1 from ${fittingRoomOffers(stay)}
      and h.room_offers[i + 3] >= ${stay.rooms}
      and ${freeFor(stay)}
      and ${planAllows(stay, ask, sql`h.room_offers[i]`)}
      and (not ${ANY_RATE_RULE} or not ${restrictionInStay(stay)} or ${noRestriction(stay, sql`h.room_offers[i]`)}
        or ${stayNightlyPrice(stay, sql`h.room_offers[i]`, sql`h.room_offers[i + 2]`)} is not null))`;
  const standard = standardRateMatches(ask);
  // With plans in the catalogue and plan filters the short test never applies: left out of the
  // statement, which then costs no more to plan than before.
  if (options.ratePlans && standard) return full;
  const free = (at: SQL) =>
    sql`h.room_offers[${at} + 1] * ${stay.rooms} >= ${partySize(stay)} and h.room_offers[${at} + 3] >= ${stay.rooms} and ${freeFor(stay, at)}`;
  const unrolled = Array.from({ length: UNROLLED_ROOM_TYPES }, (_, k) => sql`when ${free(sql.raw(String(1 + 5 * k)))} then true`);
  const rest = sql`exists (select 1 from generate_series(${1 + 5 * UNROLLED_ROOM_TYPES}, cardinality(h.room_offers), 5) i where ${free(sql`i`)})`;
  const short = sql`(case ${sql.join(unrolled, sql` `)} else ${rest} end)`;
  // Without plan filters an open plan sells what the standard rate would (planMatches).
  const plansOpen = standard
    ? sql`not ${ANY_RATE_PLAN}`
    : sql`(not ${ANY_RATE_PLAN} or (not h.plans_restricted and ${checkInFromTodayEverywhere(stay)}))`;
  return sql`(case when ${plansOpen} and (not ${ANY_RATE_RULE} or not ${restrictionInStay(stay)})
      then ${standard ? sql`${standard} and ${short}` : short}
    else ${full} end)`;
}

/**
 * The check-in is not before today in any time zone (the latest is at most a day ahead of UTC), so
 * no plan's booking window starting today refuses it: an InitPlan, answered once per statement.
 */
function checkInFromTodayEverywhere(stay: Stay): SQL {
  return sql`(select ${stay.checkIn}::date > (now() at time zone 'UTC')::date)`;
}

/** Room types hasOffer's short test checks one by one before walking the rest. */
const UNROLLED_ROOM_TYPES = 4;

/**
 * Whether any rule that closes nights or sets a minimum stay covers a night of the stay, in any
 * hotel: uncorrelated, so PostgreSQL answers it once per statement (an InitPlan) from the nights'
 * counts (rate_restriction_nights, migration 0027). When none does, counting needs no restriction
 * probe per room type. It is never false while such a rule exists (decision 034).
 */
function restrictionInStay(stay: Stay): SQL {
  return sql`(select exists (select 1 from rate_restriction_nights n
    where n.night >= ${stay.checkIn}::date and n.night < ${stay.checkOut}::date and n.rules > 0))`;
}

/**
 * No rule closing a night or setting a minimum stay overlaps the stay of room type `roomTypeId`, so
 * the calendar sells the stay whatever its price: one probe of the restrictions' partial index
 * (migration 0026). When one does, pricing the stay decides (stayNightlyPrice is null when not sold).
 */
function noRestriction(stay: Stay, roomTypeId: SQL): SQL {
  return sql`not exists (
    select 1 from rate_rules x
    where x.room_type_id = ${roomTypeId} and x.last_night >= ${stay.checkIn}::date and x.first_night < ${stay.checkOut}::date
      and (x.closed is not null or x.min_stay is not null))`;
}

/*
 * A price filter without pricing every room type. The offer (the cheapest room type that fits and
 * is free, offerLateral) is within [min, max] exactly when no free fitting room type is priced below
 * `min` (noFreeRoomBelow) and some free fitting room type is priced within the range
 * (freeRoomWithin). Floors are lower bounds of a stay's price (decision 020), so a room type whose
 * floor is at least `min` is never probed for the first, one whose floor is above `max` never for
 * the second, and the first room found ends either test; room_offers is in floor order, so a hotel
 * left out for a cheaper room is usually decided by its first room type.
 */

/**
 * The price of room type i of hotel `h` for the stay, for a price filter's tests: its floor where
 * that is what every stay it sells costs (hotels.offers_at_floor, decision 083: no rate rule, and
 * its cheapest plan, if it has plans, sells every stay from today on), which holds without plan
 * filters for a check-in not before the hotel's today; else planOfferPrice. A hotel ruled out of
 * a minimum price then costs a room_nights probe per cheaper room type, not a read of its plans.
 */
function filterPrice(stay: Stay, ask: PlanAsk): SQL {
  const priced = planOfferPrice(stay, ask, sql`h.room_offers[i]`, sql`h.room_offers[i + 2]`);
  if (standardRateMatches(ask)) return priced;
  return sql`case when h.offers_at_floor and ${checkInFromTodayEverywhere(stay)} then h.room_offers[i + 2] else ${priced} end`;
}

/** Hotel `h.id` has no free room type fitting the party priced below `minCents` for the stay. */
export function noFreeRoomBelow(stay: Stay, ask: PlanAsk, minCents: number): SQL {
  return sql`not exists (
    select 1 from (
      select ${filterPrice(stay, ask)} as price_cents
      from ${fittingRoomOffers(stay)}
        and h.room_offers[i + 2] < ${minCents} and h.room_offers[i + 3] >= ${stay.rooms} and ${freeFor(stay)} offset 0
    ) c
    where c.price_cents < ${minCents})`;
}

/** Hotel `h.id` has a free room type fitting the party priced within [minCents, maxCents] for the stay. */
export function freeRoomWithin(stay: Stay, ask: PlanAsk, minCents: number, maxCents: number | null): SQL {
  return sql`exists (
    select 1 from (
      select ${filterPrice(stay, ask)} as price_cents
      from ${fittingRoomOffers(stay)}
        ${maxCents === null ? sql`` : sql`and h.room_offers[i + 2] <= ${maxCents}`}
        and h.room_offers[i + 3] >= ${stay.rooms} and ${freeFor(stay)} offset 0
    ) w
    where w.price_cents >= ${minCents} ${maxCents === null ? sql`` : sql`and w.price_cents <= ${maxCents}`})`;
}

/**
 * Whether hotel `h.id` offers the stay at `cutoff` or less: some room type that fits the party, has
 * the rooms asked for free and sells the stay at most at the cutoff. It stops at the first such room
 * type and prices only room types whose floor is within the cutoff, so a hotel left out costs about
 * one stay priced, where pricing its offer (offerLateral) prices every free room type that fits.
 */
export function mayOfferUpTo(stay: Stay, ask: PlanAsk, cutoff: SQL): SQL {
  return sql`exists (
    select 1 from ${fittingRoomOffers(stay)}
      and h.room_offers[i + 2] <= ${cutoff} and h.room_offers[i + 3] >= ${stay.rooms}
      and ${freeFor(stay)} and ${filterPrice(stay, ask)} <= ${cutoff})`;
}
