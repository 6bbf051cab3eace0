import { type SQL, sql } from "drizzle-orm";
import type { SortOption, Stay } from "../../../shared/search-options.ts";
import type { Scope } from "./destination-scope.ts";
import { offerLateral } from "./offer-sql.ts";
import type { PlanAsk } from "./plan-sql.ts";
import { intArray, textArray } from "./sql-arrays.ts";

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
/** The sort's order over the rows of a walk's result aliased `alias` (its columns: WALK_COLUMNS). */
export function orderBy(sort: SortOption, alias: "m" | "x"): SQL {
  return sql.raw(BRANCH_ORDER_BY[sort].replaceAll("h.", `${alias}.`));
}

/**
 * One index walk per place (city), or one over all of them when there are many, then one over the
 * hotels matched by name. A place walk's WHERE condition is `h.city = ...`; a walk with `condition`
 * set carries its own.
 */
export interface Walk {
  place: Scope["places"][number] | null;
  condition: SQL | null;
}

export function scopeWalks(scope: Scope): Walk[] {
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
      condition: sql`h.id = any(${intArray(scope.hotelIds)}::int[])`,
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
export function walkBranches(
  walks: readonly Walk[],
  subquery: (parts: WalkParts) => SQL,
  after: (index: number) => { price: number; id: number } | null = () => null,
): SQL[] {
  const afterValues = (index: number) => {
    const at = after(index);
    return sql`${at?.price ?? -1}::int, ${at?.id ?? 0}::int`;
  };
  const places = walks.flatMap((w, index) => (w.place ? [{ place: w.place, index, at: after(index) }] : []));
  const shared = places.length > 1;
  const branches: SQL[] = [];
  if (shared) {
    // The places as five array parameters, not a VALUES row each: one statement text for any
    // number of places (decision 080).
    const column = (f: (p: (typeof places)[number]) => number | null) => sql`${intArray(places.map(f))}::int[]`;
    const cities = sql`${textArray(places.map((p) => p.place.city))}::text[]`;
    const countries = sql`${textArray(places.map((p) => p.place.country))}::text[]`;
    branches.push(
      sql`(select w.* from unnest(${column((p) => p.index)}, ${cities}, ${countries}, ${column((p) => p.at?.price ?? -1)}, ${column((p) => p.at?.id ?? 0)}) c(walk, city, country, after_price, after_id)
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
export function walksUnion(
  walks: readonly Walk[],
  filters: SQL[],
  priceFilters: SQL[],
  offer: { stay: Stay; ask: PlanAsk },
  sort: SortOption,
  limit: number,
): SQL {
  return sql.join(
    walkBranches(
      walks,
      ({
        condition,
      }) => sql`select ${sql.raw(WALK_COLUMNS[sort])}, o.offer_price_cents, o.offer_original_price_cents, o.offer_plan_id, o.offer_room_type_id, o.rooms_available
        from hotels h cross join lateral (${offerLateral(offer.stay, offer.ask)}) o
        where ${sql.join([condition, ...filters, ...priceFilters], sql` and `)}
        order by ${sql.raw(BRANCH_ORDER_BY[sort])} limit ${limit}`,
    ),
    sql` union all `,
  );
}
