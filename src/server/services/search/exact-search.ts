/**
 * Small catalogues: one query that prices every matching hotel and counts them exactly.
 */
import { type SQL, sql } from "drizzle-orm";
import { POPULAR_DESTINATIONS, type SortOption } from "../../../shared/search-options.ts";
import { type Db, queryRowsNamed } from "../../db/client.ts";
import { likeEscape } from "../../db/like.ts";
import type { SupplierSearch, SupplierSearchResult } from "../../integrations/suppliers/hotel-supplier.ts";
import { partySize, roomsFree } from "./availability-sql.ts";
import { hotelFilters } from "./hotel-filters.ts";
import { type DetailRow, detailsSql, toCard, toPageDetail } from "./page-details.ts";
import { planAsk, planOffer } from "./plan-sql.ts";

/**
 * Up to this many hotels in the catalogue, search uses exactSearch: one round trip, an exact total,
 * about 10 ms on 5,000 hotels — fewer round trips than the index walks (walk-search.ts), which win
 * only when a destination has many thousands of hotels.
 */
export const SMALL_CATALOGUE = 50_000;

/** A page row: the hotel's card details (page-details.ts), its offer and the total of every match. */
interface SearchRow extends DetailRow {
  offer_price_cents: number;
  offer_original_price_cents: number | null;
  offer_plan_id: number | null;
  offer_room_type_id: number;
  rooms_available: number;
  total: number;
}

/** The sort over the rows of `offers` aliased `alias`. */
const EXACT_ORDER_BY: Record<SortOption, string> = {
  popularity: "m.review_count desc, m.id",
  price: "m.offer_price_cents asc, m.id",
  rating: "m.rating desc, m.review_count desc, m.id",
  distance: "m.distance_from_center_km asc, m.id",
};
const exactOrderBy = (sort: SortOption, alias: "m" | "x") => sql.raw(EXACT_ORDER_BY[sort].replaceAll("m.", `${alias}.`));

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

export async function exactSearch(db: Db, criteria: SupplierSearch): Promise<SupplierSearchResult> {
  const filters: SQL[] = [exactDestinationCondition(criteria.destination), sql`not h.hidden`, ...hotelFilters(criteria)];
  const priceFilters: SQL[] = [sql`o.offer_price_cents >= ${criteria.minPriceCents}`];
  if (criteria.maxPriceCents !== null) priceFilters.push(sql`o.offer_price_cents <= ${criteria.maxPriceCents}`);
  const page = (limit: number, offset: number) =>
    queryRowsNamed<SearchRow>(db, exactPageSql(criteria, filters, priceFilters, { limit, offset }));
  const rows = await page(criteria.limit, criteria.offset);
  if (rows.length === 0 && criteria.offset > 0) {
    // Past the last page: one row from the start still carries the total.
    const [first] = await page(1, 0);
    return { hotels: [], total: first?.total ?? 0, totalIsCapped: false };
  }
  const withStayPrices = criteria.stayPrices === true;
  return {
    total: rows[0]?.total ?? 0,
    hotels: rows.map((r) => toCard(r, toPageDetail(r, criteria.stay, withStayPrices), withStayPrices)),
  };
}

/**
 * Plan: narrow rows (id and sort keys) for every matching hotel, each priced from its own room
 * types (availability looked up per room type in room_nights, so only matched hotels cost
 * anything), counted and cut to the page; the card's details are read for the page only (detailsSql).
 */
function exactPageSql(
  criteria: SupplierSearch,
  filters: SQL[],
  priceFilters: SQL[],
  { limit, offset }: { limit: number; offset: number },
): SQL {
  const { stay } = criteria;
  return sql`
    with offers as (
      select h.id, h.review_count, h.rating, h.distance_from_center_km,
        o.offer_price_cents, o.offer_original_price_cents, o.offer_plan_id, o.offer_room_type_id, o.rooms_available
      from hotels h
      cross join lateral (
        select min(f.offer[1]) as offer_price_cents,
          -- The cheapest room's original price and plan: price then id decide, so no sort per hotel.
          (min(array[f.offer[1], f.id, f.original_price_cents, f.offer[2]]))[3] as offer_original_price_cents,
          (min(array[f.offer[1], f.id, f.original_price_cents, f.offer[2]]))[4] as offer_plan_id,
          (min(array[f.offer[1], f.id, f.original_price_cents, f.offer[2]]))[2] as offer_room_type_id,
          sum(f.rooms_free)::int as rooms_available
        from (
          -- Priced once, and only with rooms free (the offset 0s: see offerLateral).
          select g.id, ${planOffer(stay, planAsk(criteria), sql`g.id`, sql`g.price_cents`)} as offer, g.original_price_cents, g.rooms_free
          from (
            select rt.id, rt.price_cents, rt.original_price_cents, ${roomsFree(stay, sql`rt.id`, sql`rt.total_rooms`)} as rooms_free
            from room_types rt
            where rt.hotel_id = h.id and not rt.closed and rt.max_guests * ${stay.rooms} >= ${partySize(stay)} offset 0
          ) g
          where g.rooms_free >= ${stay.rooms} offset 0
        ) f
        where f.rooms_free >= ${stay.rooms} and f.offer[1] is not null
      ) o
      where ${sql.join(filters, sql` and `)}
        and o.offer_price_cents is not null
        and ${sql.join(priceFilters, sql` and `)}
    ),
    page as (
      select m.*, m.id as hotel_id, m.offer_room_type_id as room_type_id, m.offer_plan_id as plan_id, (count(*) over ())::int as total
      from offers m
      order by ${exactOrderBy(criteria.sort, "m")}
      limit ${limit} offset ${offset}
    )
    ${detailsSql(
      sql`page x`,
      stay,
      criteria.stayPrices === true,
      sql`, x.offer_price_cents, x.offer_original_price_cents, x.offer_plan_id, x.offer_room_type_id, x.rooms_available, x.total`,
    )}
    order by ${exactOrderBy(criteria.sort, "x")}`;
}
