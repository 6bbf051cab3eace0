import { type SQL, sql } from "drizzle-orm";
import type { Stay } from "../../../shared/search-options.ts";
import { type Db, queryRowsNamed } from "../../db/client.ts";
import type { SupplierSearch, SupplierSearchResult } from "../../integrations/suppliers/hotel-supplier.ts";
import { type AnswerCache, createAnswerCache } from "./answer-cache.ts";
import { TOTAL_CAP, countUpToCap } from "./capped-count.ts";
import type { Scope } from "./destination-scope.ts";
import { hotelFilters } from "./hotel-filters.ts";
import type { OfferRow } from "./hotel-rows.ts";
import { noFreeRoomBelow } from "./offer-sql.ts";
import { type DetailRow, type PageDetail, detailsSql, pageDetails, toCard, toPageDetail } from "./page-details.ts";
import { planAsk } from "./plan-sql.ts";
import { pricePage } from "./price-page.ts";
import { type Walk, orderBy, scopeWalks, walksUnion } from "./walks.ts";

/**
 * Search over a large catalogue (2,000,000 hotels) without touching every match:
 *
 * 1. The destination text is resolved against the small `destinations` table (one row per city)
 *    with the same matching as before (substring or close word, accent- and case-insensitive), to
 *    the cities whose hotels all match. Hotels whose NAME matches come from a trigram index over the
 *    name with the hotel's own city removed, capped at NAME_MATCH_LIMIT (destination-scope.ts), so
 *    "Paris" does not read the thousands of Paris hotels called "... Paris". When no city matches
 *    ("royal tower", "hilton paris"), the whole "name city country" text is searched as before, with
 *    the same cap. The answer is kept for a minute (scope-cache.ts).
 * 2. The page is found by walking each city's hotels through a (city, sort key, id) index (several
 *    cities: one walk per row of a VALUES list, planned once; walkBranches), merged, pricing each
 *    hotel on the way (LATERAL: its room types that fit the party, and a primary-key probe into
 *    room_nights per room type); LIMIT stops the walk at the end of the page. Star, distance and
 *    amenity filters are checked on the way. The indexes carry the filter columns and `room_offers`
 *    (the hotel's room types), so all of it is index-only: no random read of a hotel row or a
 *    room_types page per hotel walked (migration 0003).
 * 3. The total is counted exactly up to TOTAL_CAP (capped-count.ts); beyond that the answer says "at
 *    least TOTAL_CAP" (totalIsCapped), which needs no more than TOTAL_CAP + 1 hotels checked.
 * 4. Price sort: see pricePage (price-page.ts).
 */
export async function walkSearch(
  db: Db,
  scope: Scope,
  criteria: SupplierSearch,
  counts: AnswerCache<number> = UNCACHED,
  ratePlans = true,
): Promise<SupplierSearchResult> {
  if (scope.places.length === 0 && scope.hotelIds.length === 0) return { hotels: [], total: 0, totalIsCapped: false };
  const { stay } = criteria;
  const filters: SQL[] = hotelFilters(criteria);
  // hotels.price_cents is the lowest price of all the hotel's room types, so no offer of a hotel
  // priced above the maximum can be within it: skipped before pricing.
  if (criteria.maxPriceCents !== null) filters.push(sql`h.price_cents <= ${criteria.maxPriceCents}`);
  // A hotel with a free room below the minimum has its offer there: left out before pricing in
  // the price sort's batches and the count, as most hotels a minimum leaves out are. (Not in the
  // other sorts' walks: there it made PostgreSQL give up the index walk for some searches.)
  const belowMin = criteria.minPriceCents > 0 ? [noFreeRoomBelow(stay, planAsk(criteria), criteria.minPriceCents)] : [];

  const walks = scopeWalks(scope);
  const withStayPrices = criteria.stayPrices === true;
  // The page with each hotel's card details (page-details.ts); matched is set when every match was
  // priced while finding the page: the total without counting.
  const { page, matched } =
    criteria.sort === "price"
      ? await withDetails(db, await pricePage(db, walks, [...filters, ...belowMin], criteria), stay, withStayPrices)
      : { page: await sortedPage(db, walks, filters, criteria), matched: null };

  let total: number;
  let totalIsCapped = false;
  if (matched !== null) {
    total = matched;
  } else if ((page.length > 0 && page.length < criteria.limit) || (page.length === 0 && criteria.offset === 0)) {
    // The page is the last one: the total follows from it.
    total = criteria.offset + page.length;
  } else {
    // The count does not depend on the sort or the page: paging and re-sorting reuse it.
    const key = JSON.stringify({ ...criteria, sort: null, limit: null, offset: null, stayPrices: null });
    const n = await counts.get(key, () => countUpToCap(db, walks, filters, belowMin, criteria, ratePlans));
    totalIsCapped = n > TOTAL_CAP;
    total = Math.min(n, TOTAL_CAP);
  }
  if (scope.partial) totalIsCapped = true;
  return { hotels: page.map((r) => toCard(r, r.detail, withStayPrices)), total, totalIsCapped };
}

const UNCACHED = createAnswerCache<number>(0);

/** A page row: the hotel's offer and what its card shows beyond it. */
type DetailedOffer = OfferRow & { detail: PageDetail };

/**
 * The page of every sort but price, with its hotels' card details, in ONE statement: the walks'
 * first offset + limit each, merged and cut to the page, then the details joined to the page's
 * rows only (detailsSql).
 */
async function sortedPage(db: Db, walks: readonly Walk[], filters: SQL[], criteria: SupplierSearch): Promise<DetailedOffer[]> {
  const { stay, sort } = criteria;
  const withStayPrices = criteria.stayPrices === true;
  const priceFilters: SQL[] = [sql`o.offer_price_cents is not null`];
  if (criteria.minPriceCents > 0) priceFilters.push(sql`o.offer_price_cents >= ${criteria.minPriceCents}`);
  if (criteria.maxPriceCents !== null) priceFilters.push(sql`o.offer_price_cents <= ${criteria.maxPriceCents}`);
  const need = criteria.offset + criteria.limit;
  const page = sql`(select m.*, m.id as hotel_id, m.offer_room_type_id as room_type_id, m.offer_plan_id as plan_id
      from (${walksUnion(walks, filters, priceFilters, { stay, ask: planAsk(criteria) }, sort, need)}) m
      order by ${orderBy(sort, "m")} limit ${criteria.limit} offset ${criteria.offset}) x`;
  const rows = await queryRowsNamed<DetailRow & OfferRow>(
    db,
    sql`${detailsSql(
      page,
      stay,
      withStayPrices,
      sql`, x.offer_price_cents, x.offer_original_price_cents, x.offer_plan_id, x.offer_room_type_id, x.rooms_available`,
    )}
      order by ${orderBy(sort, "x")}`,
  );
  return rows.map((r) => ({ ...r, detail: toPageDetail(r, stay, withStayPrices) }));
}

/** A page found without its details (the price sort's), with them: one more statement, by ids. */
async function withDetails(
  db: Db,
  found: { page: OfferRow[]; matched: number | null },
  stay: Stay,
  withStayPrices: boolean,
): Promise<{ page: DetailedOffer[]; matched: number | null }> {
  const details = await pageDetails(db, found.page, stay, withStayPrices);
  return {
    page: found.page.flatMap((r) => {
      const detail = details.get(Number(r.id));
      return detail ? [{ ...r, detail }] : [];
    }),
    matched: found.matched,
  };
}
