import { type SQL, sql } from "drizzle-orm";
import { amenityOptionBits } from "../../../shared/amenities.ts";
import { childChargeCents } from "../../../shared/children.ts";
import { countNights, stayNights } from "../../../shared/dates.ts";
import type { PropertyType } from "../../../shared/property-types.ts";
import { averageNightlyCents, isoWeekday, stayTotalCents } from "../../../shared/rates.ts";
import type { HotelDetail, HotelSummary, RoomOffer } from "../../../shared/search.ts";
import { POPULAR_DESTINATIONS, type SortOption, type Stay, discountPercent, minRatingFor } from "../../../shared/search-options.ts";
import { type Db, queryRowsNamed } from "../../db/client.ts";
import { likeEscape } from "../../db/like.ts";
import type { HotelCatalogSupplier, SupplierSearch, SupplierSearchResult } from "./hotel-supplier.ts";
import { isDatabaseId } from "../../../shared/ids.ts";

interface HotelRow {
  id: number;
  name: string;
  location: string;
  city: string;
  country: string;
  lat: number;
  lng: number;
  rating: number;
  review_count: number;
  star_rating: number;
  currency: string;
  image: string;
  images: string[];
  amenities: string[];
  description: string | null;
  distance_from_center_km: number;
  cancellation_policy: string;
  free_cancellation_days: number;
  property_type: PropertyType;
  breakfast: boolean;
  wifi: boolean;
  parking: boolean;
  pool: boolean;
  gym: boolean;
  spa: boolean;
  price_cents: number;
  original_price_cents: number | null;
}

interface RoomRow {
  id: number;
  name: string;
  description: string;
  images: string[];
  max_guests: number;
  size_m2: number;
  bed_type: string;
  amenities: string[];
  price_cents: number;
  original_price_cents: number | null;
  currency: string;
  total_rooms: number;
  rooms_free: number;
  /** The stay's nights in order: price per room, closed, minimum stay (f_stay_nights). */
  night_prices: number[];
  any_closed: boolean;
  first_min_stay: number;
}

const HOTEL_COLUMNS = sql.raw(
  [
    "id",
    "name",
    "location",
    "city",
    "country",
    "lat",
    "lng",
    "rating",
    "review_count",
    "star_rating",
    "currency",
    "image",
    "images",
    "amenities",
    "description",
    "distance_from_center_km",
    "cancellation_policy",
    "free_cancellation_days",
    "property_type",
    "breakfast",
    "wifi",
    "parking",
    "pool",
    "gym",
    "spa",
    "price_cents",
    "original_price_cents",
  ]
    .map((c) => `h.${c}`)
    .join(", "),
);

/**
 * Search over a large catalogue (2,000,000 hotels) without touching every match:
 *
 * 1. The destination text is resolved against the small `destinations` table (one row per city)
 *    with the same matching as before (substring or close word, accent- and case-insensitive), to
 *    the cities whose hotels all match. Hotels whose NAME matches come from a trigram index over the
 *    name with the hotel's own city removed, capped at NAME_MATCH_LIMIT, so "Paris" does not read the
 *    thousands of Paris hotels called "... Paris". When no city matches ("royal tower", "hilton
 *    paris"), the whole "name city country" text is searched as before, with the same cap.
 * 2. The page is found by walking each city's hotels through a (city, sort key, id) index (several
 *    cities: one walk per row of a VALUES list, planned once; walkBranches), merged, pricing each
 *    hotel on the way (LATERAL: its room types that fit the party, and a primary-key probe into
 *    room_nights per room type); LIMIT stops the walk at the end of the page. Star, distance and
 *    amenity filters are checked on the way. The indexes carry the filter columns and `room_offers`
 *    (the hotel's room types), so all of it is index-only: no random read of a hotel row or a
 *    room_types page per hotel walked (migration 0003).
 * 3. The total is counted exactly up to TOTAL_CAP; beyond that the answer says "at least TOTAL_CAP"
 *    (totalIsCapped), which needs no more than TOTAL_CAP + 1 hotels checked.
 * 4. Price sort: see pricePage.
 */
/** Totals are exact up to this many hotels; above it the response says TOTAL_CAP with totalIsCapped. */
export const TOTAL_CAP = 1000;
/** At most this many hotels are added because their name (not their city) matches. */
export const NAME_MATCH_LIMIT = 200;
/** With more matching cities than this, one scan over all of them instead of one index walk per city. */
const MAX_CITY_WALKS = 40;

/** Columns a walk carries: the id and the sort keys only, so that no filter = an index-only scan. */
const WALK_COLUMNS: Record<SortOption, string> = {
  popularity: "h.id, h.review_count",
  rating: "h.id, h.rating, h.review_count",
  distance: "h.id, h.distance_from_center_km",
  price: "h.id, h.price_cents",
};

/* `desc nulls last` as in the (city, ..., id) indexes: the columns are not null, but the planner only
   uses an index whose null ordering matches. */
const BRANCH_ORDER_BY: Record<SortOption, string> = {
  popularity: "h.review_count desc nulls last, h.id",
  rating: "h.rating desc nulls last, h.review_count desc nulls last, h.id",
  distance: "h.distance_from_center_km asc, h.id",
  price: "h.price_cents asc, h.id",
};
const ORDER_BY: Record<SortOption, SQL> = Object.fromEntries(
  Object.entries(BRANCH_ORDER_BY).map(([sort, keys]) => [sort, sql.raw(keys.replaceAll("h.", "m."))]),
) as Record<SortOption, SQL>;

/** Which hotels a destination text covers. */
interface Scope {
  /** Every hotel of these cities matches; country null means the city in any country. */
  places: { city: string; country: string | null }[];
  /** Hotels outside those places whose name (or whole text) matches. */
  hotelIds: number[];
  /** More hotels matched by name than NAME_MATCH_LIMIT: the result set is a subset. */
  partial: boolean;
}

async function resolveScope(db: Db, destination: string): Promise<Scope> {
  if (!destination) return { places: POPULAR_DESTINATIONS.map((city) => ({ city, country: null })), hotelIds: [], partial: false };
  const pattern = `%${likeEscape(destination.toLowerCase())}%`;
  // The old per-hotel condition, applied to "city country" of each destination.
  const placeMatch = sql`(d.search_text like f_unaccent(${pattern}) or f_unaccent(lower(${destination})) <% d.search_text)`;
  // The country is left out (no heap visit to check it) when no other destination has that city name.
  const places = await queryRowsNamed<{ city: string; country: string | null }>(
    db,
    sql`select d.city, case when exists (select 1 from destinations o where o.city = d.city and o.country <> d.country) then d.country end as country
        from destinations d where ${placeMatch} order by d.hotel_count desc, d.city, d.country`,
  );
  const named = await queryRowsNamed<{ id: number }>(
    db,
    places.length > 0
      ? // Hotels elsewhere whose name contains the text ("Paris" in a hotel name in Las Vegas).
        sql`select h.id from hotels h
            where f_unaccent(lower(replace(h.name, h.city, ''))) like f_unaccent(${pattern})
              and (h.city, h.country) not in (select d.city, d.country from destinations d where ${placeMatch})
            limit ${NAME_MATCH_LIMIT + 1}`
      : // No city or country matches: the hotel's whole text, substring or close word, as before.
        sql`select h.id from hotels h
            where h.search_text like f_unaccent(${pattern}) or f_unaccent(lower(${destination})) <% h.search_text
            limit ${NAME_MATCH_LIMIT + 1}`,
  );
  return {
    places,
    hotelIds: named.slice(0, NAME_MATCH_LIMIT).map((r) => Number(r.id)),
    partial: named.length > NAME_MATCH_LIMIT,
  };
}

/**
 * One index walk per place (city), or one over all of them when there are many, then one over the
 * hotels matched by name. A place walk's WHERE condition is `h.city = ...`; a walk with `condition`
 * set carries its own.
 */
interface Walk {
  place: Scope["places"][number] | null;
  condition: SQL | null;
}

function scopeWalks(scope: Scope): Walk[] {
  const walks: Walk[] =
    scope.places.length > MAX_CITY_WALKS
      ? [
          {
            place: null,
            condition: sql`(${sql.join(
              scope.places.map((p) => sql`(${placeCondition(p)})`),
              sql` or `,
            )})`,
          },
        ]
      : scope.places.map((place) => ({ place, condition: null }));
  if (scope.hotelIds.length > 0)
    walks.push({
      place: null,
      condition: sql`h.id in (${sql.join(
        scope.hotelIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    });
  return walks;
}

function placeCondition(p: Scope["places"][number]): SQL {
  return p.country === null ? sql`h.city = ${p.city}` : sql`h.city = ${p.city} and h.country = ${p.country}`;
}

/** What a walk's subquery is built from: its WHERE condition, its number, and (price sort) where it resumes. */
interface WalkParts {
  condition: SQL;
  /** The walk's position in the list, as an SQL int. */
  walk: SQL;
  /** The (key, id) the walk resumes after, as an SQL row; (-1, 0) = from the start (keys are positive). */
  after: SQL;
}

/**
 * The walks as UNION ALL branches, `subquery` building each walk's own. Two or more places share one
 * branch: their subquery runs once per place from a VALUES list (LATERAL), so PostgreSQL plans it
 * once, not once per city. Planning the home page's six city walks took 2-4.4 ms per statement on
 * the booked 2M catalogue, more than executing most of them (decision 033). A single place keeps its
 * city as a literal condition, as before, so the planner sees that city's own statistics.
 */
function walkBranches(
  walks: readonly Walk[],
  subquery: (parts: WalkParts) => SQL,
  after: (index: number) => { price: number; id: number } | null = () => null,
): SQL[] {
  const afterValues = (index: number) => {
    const at = after(index);
    return sql`${at?.price ?? -1}::int, ${at?.id ?? 0}::int`;
  };
  const places = walks.flatMap((w, index) => (w.place ? [{ place: w.place, index }] : []));
  const shared = places.length > 1;
  const branches: SQL[] = [];
  if (shared) {
    const rows = places.map(({ place, index }) => sql`(${index}::int, ${place.city}::text, ${place.country}::text, ${afterValues(index)})`);
    branches.push(
      sql`(select w.* from (values ${sql.join(rows, sql`, `)}) c(walk, city, country, after_price, after_id)
        cross join lateral (${subquery({
          condition: sql`h.city = c.city and (c.country is null or h.country = c.country)`,
          walk: sql`c.walk`,
          after: sql`(c.after_price, c.after_id)`,
        })}) w)`,
    );
  }
  walks.forEach((w, index) => {
    if (shared && w.place) return;
    const condition = w.place ? placeCondition(w.place) : w.condition!;
    branches.push(sql`(${subquery({ condition, walk: sql`${index}::int`, after: sql`(${afterValues(index)})` })})`);
  });
  return branches;
}

/**
 * The walks (a city each, see scopeWalks), each pricing its hotels on the way and stopping after
 * `limit` hotels that have an offer within the price range, merged into one UNION ALL. The overall first
 * `limit` are among the union of every walk's first `limit`. (A LIMIT inside each walk is what makes
 * PostgreSQL walk the (city, sort key, id) index instead of sorting every hotel of the city.)
 */
function walksUnion(walks: readonly Walk[], filters: SQL[], priceFilters: SQL[], stay: Stay, sort: SortOption, limit: number): SQL {
  return sql.join(
    walkBranches(
      walks,
      ({ condition }) => sql`select ${sql.raw(WALK_COLUMNS[sort])}, o.offer_price_cents, o.offer_original_price_cents, o.rooms_available
        from hotels h cross join lateral (${offerLateral(stay)}) o
        where ${sql.join([condition, ...filters, ...priceFilters], sql` and `)}
        order by ${sql.raw(BRANCH_ORDER_BY[sort])} limit ${limit}`,
    ),
    sql` union all `,
  );
}

/**
 * The offer of hotel `h.id` for the stay: the cheapest room type that fits the party and has enough
 * rooms free on every night, its original price, and the rooms free across such room types. All
 * null when nothing fits. The `offset 0`s keep PostgreSQL from flattening the subqueries: flattened,
 * the price expression was copied into each of its uses (computed up to four times per room type) and
 * evaluated for room types without a room free; now each room type with rooms is priced once.
 */
function offerLateral(stay: Stay): SQL {
  return sql`
    select min(f.price_cents) as offer_price_cents,
      -- The cheapest room's original price: price then id decide, so no sort per hotel.
      (min(array[f.price_cents, f.id, f.original_price_cents]))[3] as offer_original_price_cents,
      sum(f.rooms_free)::int as rooms_available
    from (
      select g.id, ${stayNightlyPrice(stay, sql`g.id`, sql`g.floor_cents`)} as price_cents, g.original_price_cents, g.rooms_free
      from (
        select h.room_offers[i] as id, h.room_offers[i + 2] as floor_cents, h.room_offers[i + 4] as original_price_cents,
          ${roomsFree(stay, sql`h.room_offers[i]`, sql`h.room_offers[i + 3]`)} as rooms_free
        from ${fittingRoomOffers(stay)} offset 0
      ) g
      where g.rooms_free >= ${stay.rooms} offset 0
    ) f
    where f.price_cents is not null`;
}

/**
 * Whether hotel `h.id` has a room type that fits the party and is free for the stay (for counting).
 * Counting needs no price: a stay is sold unless a night is closed or the check-in night's minimum
 * stay is longer, and both need a rule that sets them on a night of the stay. So the stay is priced
 * (the costly part) only for room types with such a rule; the others cost one probe of the rules
 * index, and none at all when no such rule covers the stay's nights in any hotel (restrictionInStay).
 */
function hasOffer(stay: Stay): SQL {
  return sql`exists (
    select 1 from ${fittingRoomOffers(stay)}
      and h.room_offers[i + 3] >= ${stay.rooms}
      and ${freeFor(stay)}
      and (not ${ANY_RATE_RULE} or not ${restrictionInStay(stay)} or ${noRestriction(stay, sql`h.room_offers[i]`)}
        or ${stayNightlyPrice(stay, sql`h.room_offers[i]`, sql`h.room_offers[i + 2]`)} is not null))`;
}

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

/** Hotel `h.id` has no free room type fitting the party priced below `minCents` for the stay. */
function noFreeRoomBelow(stay: Stay, minCents: number): SQL {
  return sql`not exists (
    select 1 from (
      select ${stayNightlyPrice(stay, sql`h.room_offers[i]`, sql`h.room_offers[i + 2]`)} as price_cents
      from ${fittingRoomOffers(stay)}
        and h.room_offers[i + 2] < ${minCents} and h.room_offers[i + 3] >= ${stay.rooms} and ${freeFor(stay)} offset 0
    ) c
    where c.price_cents < ${minCents})`;
}

/** Hotel `h.id` has a free room type fitting the party priced within [minCents, maxCents] for the stay. */
function freeRoomWithin(stay: Stay, minCents: number, maxCents: number | null): SQL {
  return sql`exists (
    select 1 from (
      select ${stayNightlyPrice(stay, sql`h.room_offers[i]`, sql`h.room_offers[i + 2]`)} as price_cents
      from ${fittingRoomOffers(stay)}
        ${maxCents === null ? sql`` : sql`and h.room_offers[i + 2] <= ${maxCents}`}
        and h.room_offers[i + 3] >= ${stay.rooms} and ${freeFor(stay)} offset 0
    ) w
    where w.price_cents >= ${minCents} ${maxCents === null ? sql`` : sql`and w.price_cents <= ${maxCents}`})`;
}

/**
 * Room type at position i of h.room_offers has the rooms asked for free on every night of the stay:
 * no night has fewer (roomsFree >= rooms, given total_rooms >= rooms, which every caller checks first).
 * Asked as NOT EXISTS, the probe stops at the first short night and needs no aggregate: about a third
 * of a capped count's time on the booked 2M catalogue (decision 031).
 */
function freeFor(stay: Stay): SQL {
  return sql`not exists (
    select 1 from room_nights n
    where n.room_type_id = h.room_offers[i] and n.night >= ${stay.checkIn}::date and n.night < ${stay.checkOut}::date
      and least(n.rooms_total, h.room_offers[i + 3]) - n.rooms_taken < ${stay.rooms})`;
}

/**
 * Whether the catalogue has any rate rule at all: an uncorrelated subquery, so PostgreSQL evaluates
 * it once per statement (an InitPlan), and a catalogue without rules skips the per-room-type probes
 * of the rules index (each a few microseconds, thousands per count; decision 031).
 */
const ANY_RATE_RULE = sql`(select exists (select 1 from rate_rules))`;

/**
 * The positions i of h.room_offers (five integers per room type: id, max_guests, price_cents,
 * total_rooms, original_price_cents) whose room type holds the party across the rooms asked for.
 */
function fittingRoomOffers(stay: Stay): SQL {
  return sql`generate_series(1, cardinality(h.room_offers), 5) i where h.room_offers[i + 1] * ${stay.rooms} >= ${partySize(stay)}`;
}

/**
 * The fewest rooms of room type `roomTypeId` left to sell on any night of the stay: per night the
 * calendar's rooms to sell (room_nights.rooms_total, never above the room count) less the rooms
 * taken; nights without a row have every room free.
 */
function roomsFree(stay: Stay, roomTypeId: SQL, totalRooms: SQL): SQL {
  return sql`coalesce((
    select min(least(n.rooms_total, ${totalRooms}) - n.rooms_taken) from room_nights n
    where n.room_type_id = ${roomTypeId} and n.night >= ${stay.checkIn}::date and n.night < ${stay.checkOut}::date
  ), ${totalRooms})`;
}

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

interface OfferRow {
  id: number;
  price_cents: number;
  offer_price_cents: number | null;
  offer_original_price_cents: number | null;
  rooms_available: number | null;
}

function toSummary(row: HotelRow, priceCents: number, originalPriceCents: number | null, roomsAvailable: number): HotelSummary {
  return {
    id: String(row.id),
    supplier: "inventory",
    name: row.name,
    location: row.location,
    city: row.city,
    country: row.country,
    lat: Number(row.lat),
    lng: Number(row.lng),
    rating: Math.round(Number(row.rating) * 10) / 10,
    reviewCount: Number(row.review_count),
    starRating: Number(row.star_rating),
    priceCents: Number(priceCents),
    originalPriceCents: originalPriceCents === null ? null : Number(originalPriceCents),
    discountPercent: discountPercent(Number(priceCents), originalPriceCents === null ? null : Number(originalPriceCents)),
    currency: row.currency,
    image: row.image,
    amenities: row.amenities,
    distanceFromCenterKm: Math.round(Number(row.distance_from_center_km) * 10) / 10,
    cancellationPolicy: row.cancellation_policy,
    freeCancellationDays: Number(row.free_cancellation_days),
    propertyType: row.property_type,
    roomsAvailable: Number(roomsAvailable),
    flags: { breakfast: row.breakfast, wifi: row.wifi, parking: row.parking, pool: row.pool, gym: row.gym, spa: row.spa },
  };
}

/**
 * The conditions on the hotel itself (not its offer) for both plans. Every column they read is
 * carried by the city indexes (key or INCLUDE, migration 0013), so the large-catalogue walks stay
 * index-only with any of them.
 */
function hotelFilters(criteria: SupplierSearch): SQL[] {
  const filters: SQL[] = [];
  if (criteria.stars.length > 0) {
    filters.push(
      sql`h.star_rating in (${sql.join(
        criteria.stars.map((s) => sql`${s}`),
        sql`, `,
      )})`,
    );
  }
  if (criteria.minDistanceKm > 0) filters.push(sql`h.distance_from_center_km >= ${criteria.minDistanceKm}`);
  if (criteria.maxDistanceKm !== null) filters.push(sql`h.distance_from_center_km <= ${criteria.maxDistanceKm}`);
  const amenityBits = amenityOptionBits(criteria.amenities);
  if (amenityBits !== 0) filters.push(sql`h.amenity_mask & ${amenityBits} = ${amenityBits}`);
  if (criteria.freeCancellation) filters.push(sql`h.free_cancellation_days > 0`);
  // A real literal, like the column, so the rating sort's walk can start at the threshold.
  if (criteria.guestRating !== null) filters.push(sql`h.rating >= ${sql.raw(`${minRatingFor(criteria.guestRating)}::real`)}`);
  if (criteria.propertyTypes.length > 0) {
    filters.push(
      sql`h.property_type in (${sql.join(
        criteria.propertyTypes.map((t) => sql`${t}`),
        sql`, `,
      )})`,
    );
  }
  return filters;
}

/** The party a room type must hold across the requested rooms. */
function partySize(stay: Stay): number {
  return stay.guests + stay.children;
}

// ---------------------------------------------------------------------------
// Small catalogues: one query that prices every matching hotel and counts them exactly.
// ---------------------------------------------------------------------------

/**
 * Up to this many hotels in the catalogue, search uses exactSearch: one round trip, an exact total,
 * about 10 ms on 5,000 hotels — fewer round trips than the index walks below, which win only when
 * a destination has many thousands of hotels.
 */
export const SMALL_CATALOGUE = 50_000;

interface SearchRow extends HotelRow {
  offer_price_cents: number;
  offer_original_price_cents: number | null;
  rooms_available: number;
  total: number;
}

const EXACT_ORDER_BY: Record<SortOption, SQL> = {
  popularity: sql`m.review_count desc, m.id`,
  price: sql`m.offer_price_cents asc, m.id`,
  rating: sql`m.rating desc, m.review_count desc, m.id`,
  distance: sql`m.distance_from_center_km asc, m.id`,
};

function exactDestinationCondition(destination: string): SQL {
  if (!destination) {
    return sql`h.city in (${sql.join(
      POPULAR_DESTINATIONS.map((d) => sql`${d}`),
      sql`, `,
    )})`;
  }
  const pattern = `%${likeEscape(destination.toLowerCase())}%`;
  // Substring match, or a close word (typo-tolerant) match; both use the trigram index.
  return sql`(h.search_text like f_unaccent(${pattern}) or f_unaccent(lower(${destination})) <% h.search_text)`;
}

async function exactSearch(db: Db, criteria: SupplierSearch): Promise<SupplierSearchResult> {
  const { stay } = criteria;
  const filters: SQL[] = [exactDestinationCondition(criteria.destination), sql`not h.hidden`, ...hotelFilters(criteria)];
  const priceFilters: SQL[] = [sql`o.offer_price_cents >= ${criteria.minPriceCents}`];
  if (criteria.maxPriceCents !== null) priceFilters.push(sql`o.offer_price_cents <= ${criteria.maxPriceCents}`);

  // Plan: narrow rows (id and sort keys) for every matching hotel, each priced from its own room
  // types (availability looked up per room type in room_nights, so only matched hotels cost
  // anything), counted and cut to the page; the wide hotel columns are read for the page only.
  const page = (limit: number, offset: number) =>
    queryRowsNamed<SearchRow>(
      db,
      sql`
    with offers as (
      select h.id, h.review_count, h.rating, h.distance_from_center_km,
        o.offer_price_cents, o.offer_original_price_cents, o.rooms_available
      from hotels h
      cross join lateral (
        select min(f.price_cents) as offer_price_cents,
          -- The cheapest room's original price: price then id decide, so no sort per hotel.
          (min(array[f.price_cents, f.id, f.original_price_cents]))[3] as offer_original_price_cents,
          sum(f.rooms_free)::int as rooms_available
        from (
          -- Priced once, and only with rooms free (the offset 0s: see offerLateral).
          select g.id, ${stayNightlyPrice(stay, sql`g.id`, sql`g.price_cents`)} as price_cents, g.original_price_cents, g.rooms_free
          from (
            select rt.id, rt.price_cents, rt.original_price_cents, ${roomsFree(stay, sql`rt.id`, sql`rt.total_rooms`)} as rooms_free
            from room_types rt
            where rt.hotel_id = h.id and not rt.closed and rt.max_guests * ${stay.rooms} >= ${partySize(stay)} offset 0
          ) g
          where g.rooms_free >= ${stay.rooms} offset 0
        ) f
        where f.rooms_free >= ${stay.rooms} and f.price_cents is not null
      ) o
      where ${sql.join(filters, sql` and `)}
        and o.offer_price_cents is not null
        and ${sql.join(priceFilters, sql` and `)}
    ),
    page as (
      select m.*, (count(*) over ())::int as total
      from offers m
      order by ${EXACT_ORDER_BY[criteria.sort]}
      limit ${limit} offset ${offset}
    )
    select ${HOTEL_COLUMNS}, m.offer_price_cents, m.offer_original_price_cents, m.rooms_available, m.total
    from page m join hotels h on h.id = m.id
    order by ${EXACT_ORDER_BY[criteria.sort]}`,
    );
  const rows = await page(criteria.limit, criteria.offset);
  if (rows.length === 0 && criteria.offset > 0) {
    // Past the last page: one row from the start still carries the total.
    const [first] = await page(1, 0);
    return { hotels: [], total: first?.total ?? 0, totalIsCapped: false };
  }
  return {
    total: rows[0]?.total ?? 0,
    hotels: rows.map((r) => toSummary(r, r.offer_price_cents, r.offer_original_price_cents, r.rooms_available)),
  };
}

export interface InventorySupplierOptions {
  /**
   * Catalogues up to this many hotels and without rate rules are searched with the single exact
   * query, others with the index walks (default SMALL_CATALOGUE). Tests set 0 to run the
   * large-catalogue plan on a few hotels.
   */
  smallCatalogue?: number;
}

/** How long a destination text's resolved cities and name matches are reused. */
const SCOPE_TTL_MS = 60_000;
const SCOPE_CACHE_SIZE = 1000;

/** Our own hotels, rooms and prices in the database: the default supplier. */
export function createInventorySupplier(db: Db, options: InventorySupplierOptions = {}): HotelCatalogSupplier {
  const smallCatalogue = options.smallCatalogue ?? SMALL_CATALOGUE;
  // The catalogue's size and whether it has rates pick the search plan; re-read at most once a minute.
  // The exact plan prices every matching hotel, so with rates (a stay priced night by night,
  // ~1,400 room types for the home search on 5,000 hotels) the walks, which price only the hotels
  // they return, are the faster plan at any size (decision 030).
  let size: { hotels: number; rated: boolean; at: number } | null = null;
  const exactPlan = async (): Promise<boolean> => {
    if (!size || Date.now() - size.at > 60_000) {
      const [row] = await queryRowsNamed<{ n: number; rated: boolean }>(
        db,
        sql`select coalesce(sum(hotel_count), 0)::int as n, exists (select 1 from rate_rules) as rated from destinations`,
      );
      size = { hotels: Number(row?.n ?? 0), rated: row?.rated === true, at: Date.now() };
    }
    return size.hotels <= smallCatalogue && !size.rated;
  };
  // Resolving a destination costs two queries (~3 ms) and changes only when hotels or cities are
  // added, so, like the catalogue size, it is reused for a minute (Map order = oldest first).
  const scopes = new Map<string, { scope: Promise<Scope>; at: number }>();
  const scopeOf = (destination: string): Promise<Scope> => {
    const key = destination.toLowerCase();
    const cached = scopes.get(key);
    if (cached && Date.now() - cached.at <= SCOPE_TTL_MS) return cached.scope;
    const scope = resolveScope(db, destination);
    scopes.delete(key);
    scopes.set(key, { scope, at: Date.now() });
    if (scopes.size > SCOPE_CACHE_SIZE) scopes.delete(scopes.keys().next().value!);
    // A failed lookup is not kept.
    scope.catch(() => scopes.delete(key));
    return scope;
  };
  return {
    id: "inventory",

    ownsHotelId(hotelId) {
      return /^\d{1,10}$/.test(hotelId);
    },

    async search(criteria: SupplierSearch): Promise<SupplierSearchResult> {
      if (await exactPlan()) return exactSearch(db, criteria);
      const { stay } = criteria;
      const scope = await scopeOf(criteria.destination);
      if (scope.places.length === 0 && scope.hotelIds.length === 0) return { hotels: [], total: 0, totalIsCapped: false };

      const filters: SQL[] = hotelFilters(criteria);
      // hotels.price_cents is the lowest price of all the hotel's room types, so no offer of a hotel
      // priced above the maximum can be within it: skipped before pricing.
      if (criteria.maxPriceCents !== null) filters.push(sql`h.price_cents <= ${criteria.maxPriceCents}`);
      // A hotel with a free room below the minimum has its offer there: left out before pricing in
      // the price sort's batches and the count, as most hotels a minimum leaves out are. (Not in the
      // other sorts' walks: there it made PostgreSQL give up the index walk for some searches.)
      const belowMin = criteria.minPriceCents > 0 ? [noFreeRoomBelow(stay, criteria.minPriceCents)] : [];
      const hasPriceFilter = criteria.minPriceCents > 0 || criteria.maxPriceCents !== null;
      const priceFilters: SQL[] = [sql`o.offer_price_cents is not null`];
      if (criteria.minPriceCents > 0) priceFilters.push(sql`o.offer_price_cents >= ${criteria.minPriceCents}`);
      if (criteria.maxPriceCents !== null) priceFilters.push(sql`o.offer_price_cents <= ${criteria.maxPriceCents}`);

      const walks = scopeWalks(scope);
      let page: OfferRow[];
      /** Set when every match was priced while finding the page: the total without counting. */
      let matched: number | null = null;
      if (criteria.sort === "price") {
        ({ page, matched } = await pricePage(db, walks, [...filters, ...belowMin], criteria));
      } else {
        const need = criteria.offset + criteria.limit;
        page = await queryRowsNamed<OfferRow>(
          db,
          sql`select m.* from (${walksUnion(walks, filters, priceFilters, stay, criteria.sort, need)}) m
              order by ${ORDER_BY[criteria.sort]} limit ${criteria.limit} offset ${criteria.offset}`,
        );
      }

      let total: number;
      let totalIsCapped = false;
      if (matched !== null) {
        total = matched;
      } else if ((page.length > 0 && page.length < criteria.limit) || (page.length === 0 && criteria.offset === 0)) {
        // The page is the last one: the total follows from it.
        total = criteria.offset + page.length;
      } else {
        // Exact up to TOTAL_CAP: every walk stops there, and so does the count over them.
        const offerCheck = hasPriceFilter ? [freeRoomWithin(stay, criteria.minPriceCents, criteria.maxPriceCents)] : [hasOffer(stay)];
        const countUpTo = async (conditions: SQL[], cap: number): Promise<number> => {
          const counted = sql.join(
            walkBranches(
              walks,
              ({ condition }) => sql`select 1 as one from hotels h
                where ${sql.join([condition, ...filters, ...conditions, ...offerCheck], sql` and `)} limit ${cap}`,
            ),
            sql` union all `,
          );
          const [row] = await queryRowsNamed<{ n: number }>(
            db,
            sql`select count(*)::int as n from (select 1 from (${counted}) c limit ${cap}) c`,
          );
          return Number(row?.n ?? 0);
        };
        // Counted through the party's floor (partyFloor): for 2-4 guests a room, hotels without a room
        // type that sleeps them are not in hotels_city_price_for_N_idx, so the count does not walk
        // them (for 4 guests most hotels of a city; 12,032 walked for 1,001 counted in one search).
        const floor = partyFloor(stay);
        let n: number;
        if (criteria.minPriceCents > 0) {
          // Hotels whose fitting rooms' floor is at the minimum or above first: none of their rooms
          // can be priced below it (belowMin holds without pricing a room). Only when they are not
          // enough to reach the cap are the cheaper hotels counted, each ruled out by pricing its
          // rooms below the minimum: a home search with a $150 minimum priced ~37,000 room types for
          // that on the seasonal 2M catalogue.
          n = await countUpTo([sql`${floor} >= ${criteria.minPriceCents}`], TOTAL_CAP + 1);
          if (n <= TOTAL_CAP) n += await countUpTo([sql`${floor} < ${criteria.minPriceCents}`, ...belowMin], TOTAL_CAP + 1 - n);
        } else {
          n = await countUpTo([sql`${floor} is not null`], TOTAL_CAP + 1);
        }
        totalIsCapped = n > TOTAL_CAP;
        total = Math.min(n, TOTAL_CAP);
      }
      if (scope.partial) totalIsCapped = true;

      if (page.length === 0) return { hotels: [], total, totalIsCapped };
      const ids = page.map((r) => Number(r.id));
      const hotelRows = await queryRowsNamed<HotelRow>(
        db,
        sql`select ${HOTEL_COLUMNS} from hotels h where h.id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
      const byId = new Map(hotelRows.map((h) => [Number(h.id), h]));
      const hotels = page.flatMap((r) => {
        const hotel = byId.get(Number(r.id));
        return hotel ? [toSummary(hotel, r.offer_price_cents!, r.offer_original_price_cents, r.rooms_available ?? 0)] : [];
      });
      return { hotels, total, totalIsCapped };
    },

    async getHotel(hotelId: string, stay: Stay): Promise<HotelDetail | null> {
      if (!isDatabaseId(hotelId)) return null;
      const id = Number(hotelId);
      const [hotel] = await queryRowsNamed<HotelRow & { children_free_under_age: number; child_rate_cents: number }>(
        db,
        sql`select ${HOTEL_COLUMNS}, h.children_free_under_age, h.child_rate_cents from hotels h where h.id = ${id} and not h.hidden`,
      );
      if (!hotel) return null;
      const childPolicy = { freeUnderAge: Number(hotel.children_free_under_age), childRateCents: Number(hotel.child_rate_cents) };
      const nights = countNights(stay.checkIn, stay.checkOut);
      const roomRows = await queryRowsNamed<RoomRow>(
        db,
        sql`
        select rt.id, rt.name, rt.description, rt.images, rt.max_guests, rt.size_m2, rt.bed_type, rt.amenities,
          rt.price_cents, rt.original_price_cents, rt.currency, rt.total_rooms,
          ${roomsFree(stay, sql`rt.id`, sql`rt.total_rooms`)}::int as rooms_free,
          r.night_prices, r.any_closed, r.first_min_stay
        from room_types rt
        cross join lateral (
          select array_agg(n.price_cents order by n.night) as night_prices, bool_or(n.closed) as any_closed,
            (array_agg(n.min_stay order by n.night))[1] as first_min_stay
          from f_stay_nights(rt.id, ${stay.checkIn}::date, ${stay.checkOut}::date) n
        ) r
        where rt.hotel_id = ${id} and not rt.closed`,
      );
      const rooms = roomRows
        .map((r) => toRoomOffer(r, stay))
        .sort((a, b) => a.stayPriceCents - b.stayPriceCents || Number(a.id) - Number(b.id));
      const bookable = rooms.filter((r) => r.bookable);
      const cheapest = bookable[0] ?? null;
      const summary = toSummary(
        hotel,
        cheapest?.priceCents ?? hotel.price_cents,
        cheapest ? cheapest.originalPriceCents : hotel.original_price_cents,
        bookable.reduce((sum, r) => sum + r.roomsAvailable, 0),
      );
      return {
        ...summary,
        description: hotel.description,
        images: hotel.images.length > 0 ? hotel.images : [hotel.image],
        rooms,
        stay,
        nights,
        childPolicy,
        childChargeCents: childChargeCents(stay.childAges, childPolicy, nights),
      };
    },
  };
}

/**
 * Whether hotel `h.id` offers the stay at `cutoff` or less: some room type that fits the party, has
 * the rooms asked for free and sells the stay at most at the cutoff. It stops at the first such room
 * type and prices only room types whose floor is within the cutoff, so a hotel left out costs about
 * one stay priced, where pricing its offer (offerLateral) prices every free room type that fits.
 */
function mayOfferUpTo(stay: Stay, cutoff: SQL): SQL {
  return sql`exists (
    select 1 from ${fittingRoomOffers(stay)}
      and h.room_offers[i + 2] <= ${cutoff} and h.room_offers[i + 3] >= ${stay.rooms}
      and ${freeFor(stay)} and ${stayNightlyPrice(stay, sql`h.room_offers[i]`, sql`h.room_offers[i + 2]`)} <= ${cutoff})`;
}

/** Guests per room for which hotels_city_price_for_N_idx exists (migration 0004). */
const PRICE_FLOOR_INDEXED = [2, 3, 4];

/**
 * The cheapest floor among hotel `h`'s room types that fit the party: f_room_floor(room_offers, N),
 * null when none sleeps its N guests per room, where hotels_city_price_for_N_idx has it; else
 * hotels.price_cents, the cheapest room of any size. Either is at most every fitting room type's
 * floor, so at most the offer.
 */
function partyFloor(stay: Stay): SQL {
  const perRoom = Math.ceil(partySize(stay) / stay.rooms);
  return PRICE_FLOOR_INDEXED.includes(perRoom) ? sql.raw(`f_room_floor(h.room_offers, ${perRoom})`) : sql`h.price_cents`;
}

/**
 * The page of the price sort, which orders by the OFFER price (cheapest free room that fits the
 * party), known only after pricing a hotel. Hotels are walked in (key, id) order and priced in
 * batches; the key is f_room_floor(room_offers, N), the cheapest room type sleeping the party's N
 * guests per room, through hotels_city_price_for_N_idx (N = 2, 3, 4), else hotels.price_cents through
 * the (city, price_cents, id) index.
 *
 * Why stopping early is correct: the key is the lowest price over a set of the hotel's room types
 * that contains every room type that can make the offer (the offer needs a room type sleeping N),
 * so offer >= key. After a batch ending at candidate (P, I), every hotel not yet walked has
 * (key, id) > (P, I), hence (offer, id) >= (key, id) > (P, I). So every priced hotel with
 * (offer, id) <= (P, I) sorts before all unwalked ones; once there are offset + limit of them, the
 * page is final. Offers usually equal the key, so one batch usually suffices.
 *
 * Several walks (cities) share the page: once they have priced offset + limit offers together, the
 * highest of the lowest offset + limit (offer, id) is the cutoff, and a walk whose position is past
 * it is finished, as nothing it has not reached can make the page.
 *
 * With rates the key is a floor over the whole year (decision 020): a December stay of a hotel with
 * a cheaper winter costs well above its key, and a walk went on far past the page (thousands of
 * hotels for the home search on the seasonal 2M catalogue). So later batches walk keys up to the
 * cutoff only and price only the hotels that offer the stay within it (mayOfferUpTo), each ruled out
 * after pricing one room type.
 */
async function pricePage(
  db: Db,
  walks: readonly Walk[],
  filters: SQL[],
  criteria: SupplierSearch,
): Promise<{ page: OfferRow[]; matched: number | null }> {
  const need = criteria.offset + criteria.limit;
  const inRange = (r: OfferRow) =>
    r.offer_price_cents !== null &&
    Number(r.offer_price_cents) >= criteria.minPriceCents &&
    (criteria.maxPriceCents === null || Number(r.offer_price_cents) <= criteria.maxPriceCents);
  const byOffer = (a: OfferRow, b: OfferRow) => Number(a.offer_price_cents) - Number(b.offer_price_cents) || Number(a.id) - Number(b.id);
  const walksLeft = walks.map((walk) => ({
    walk,
    after: null as { price: number; id: number } | null,
    /** Every hotel of the walk was priced (no cutoff cut it short). */
    exhausted: false,
    done: false,
  }));
  /** Every hotel priced so far whose offer is within the price filter, over all walks. */
  const priced: OfferRow[] = [];
  /** The need-th lowest (offer, id) priced so far, once there are `need`: the page ends there or before. */
  let cutoff: { price: number; id: number } | null = null;
  const key = partyFloor(criteria.stay);
  const keyFilters = criteria.maxPriceCents === null ? [] : [sql`${key} <= ${criteria.maxPriceCents}`];
  let batch = Math.max(need + 12, 24);
  for (;;) {
    const active = walksLeft.filter((w) => !w.done);
    if (active.length === 0) break;
    const cutoffPrice = cutoff?.price ?? null;
    // Past the cutoff nothing can make the page: later batches stop there and price only the
    // hotels that offer the stay within it.
    const cutoffFilters =
      cutoffPrice === null ? [] : [sql`${key} <= ${cutoffPrice}`, mayOfferUpTo(criteria.stay, sql`${cutoffPrice}::int`)];
    const branches = walkBranches(
      active.map((w) => w.walk),
      // "is not null" also lets the planner use the partial index.
      ({
        condition,
        walk,
        after,
      }) => sql`select ${walk} as walk, h.id, ${key} as price_cents, o.offer_price_cents, o.offer_original_price_cents, o.rooms_available
        from hotels h cross join lateral (${offerLateral(criteria.stay)}) o
        where ${sql.join(
          [condition, ...filters, ...keyFilters, sql`${key} is not null`, sql`(${key}, h.id) > ${after}`, ...cutoffFilters],
          sql` and `,
        )}
        order by ${key}, h.id limit ${batch}`,
      (i) => active[i]!.after,
    );
    const rows = await queryRowsNamed<OfferRow & { walk: number }>(db, sql.join(branches, sql` union all `));
    for (const r of rows) if (inRange(r)) priced.push(r);
    priced.sort(byOffer);
    const last = priced[need - 1];
    if (last) cutoff = { price: Number(last.offer_price_cents), id: Number(last.id) };
    active.forEach((w, i) => {
      const mine = rows
        .filter((r) => Number(r.walk) === i)
        .sort((a, b) => Number(a.price_cents) - Number(b.price_cents) || Number(a.id) - Number(b.id));
      if (mine.length < batch) {
        // Every hotel of the walk is priced, or (with a cutoff) every one that can make the page.
        w.exhausted = cutoffPrice === null;
        w.done = true;
        return;
      }
      const lastRow = mine[mine.length - 1]!;
      w.after = { price: Number(lastRow.price_cents), id: Number(lastRow.id) };
      // Every hotel the walk has not reached sorts after (key, id) = after, so after the cutoff too.
      if (cutoff && (w.after.price > cutoff.price || (w.after.price === cutoff.price && w.after.id >= cutoff.id))) w.done = true;
    });
    batch = Math.min(batch * 2, 1000);
  }
  return { page: priced.slice(criteria.offset, need), matched: walksLeft.every((w) => w.exhausted) ? priced.length : null };
}

function toRoomOffer(row: RoomRow, stay: Stay): RoomOffer {
  const roomsAvailable = Math.max(0, Number(row.rooms_free));
  const fitsParty = Number(row.max_guests) * stay.rooms >= partySize(stay);
  const nightlyPrices = stayNights(stay.checkIn, stay.checkOut).map((night, i) => ({
    night,
    priceCents: Number(row.night_prices[i] ?? row.price_cents),
  }));
  const stayPriceCents = stayTotalCents(nightlyPrices);
  const priceCents = averageNightlyCents(stayPriceCents, nightlyPrices.length);
  const minStay = Number(row.first_min_stay ?? 1);
  let unavailableReason: string | null = null;
  if (!fitsParty) {
    unavailableReason = `Sleeps up to ${row.max_guests} per room: too small for ${partySize(stay)} guests in ${stay.rooms} room${stay.rooms > 1 ? "s" : ""}`;
  } else if (row.any_closed) {
    unavailableReason = "Not available on some of these dates";
  } else if (nightlyPrices.length < minStay) {
    unavailableReason = `Minimum stay ${minStay} nights from this check-in date`;
  } else if (roomsAvailable === 0) {
    unavailableReason = "Sold out for these dates";
  } else if (roomsAvailable < stay.rooms) {
    unavailableReason = `Only ${roomsAvailable} room${roomsAvailable > 1 ? "s" : ""} left for these dates`;
  }
  const originalPriceCents = row.original_price_cents === null ? null : Number(row.original_price_cents);
  return {
    id: String(row.id),
    name: row.name,
    description: row.description,
    images: row.images,
    maxGuests: Number(row.max_guests),
    sizeM2: Number(row.size_m2),
    bedType: row.bed_type,
    amenities: row.amenities,
    priceCents,
    stayPriceCents,
    nightlyPrices,
    originalPriceCents,
    discountPercent: discountPercent(priceCents, originalPriceCents),
    currency: row.currency,
    totalRooms: Number(row.total_rooms),
    roomsAvailable,
    fitsParty,
    bookable: unavailableReason === null,
    unavailableReason,
  };
}
