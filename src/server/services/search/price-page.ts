import { type SQL, sql } from "drizzle-orm";
import type { Stay } from "../../../shared/search-options.ts";
import { type Db, queryRowsNamed } from "../../db/client.ts";
import type { SupplierSearch } from "../../integrations/suppliers/hotel-supplier.ts";
import type { OfferRow } from "./hotel-rows.ts";
import { mayOfferUpTo, offerLateral } from "./offer-sql.ts";
import { type PlanAsk, planAsk } from "./plan-sql.ts";
import { partyFloor } from "./pricing-sql.ts";
import { type Walk, walkBranches } from "./walks.ts";

/** A (key, id) or (offer, id) position in the price order. */
interface Position {
  price: number;
  id: number;
}

/** One walk of the price sort and how far it has got. */
interface PriceWalk {
  walk: Walk;
  /** The (key, id) of the last hotel it priced; null before its first batch. */
  after: Position | null;
  /** Every hotel of the walk was priced (no cutoff cut it short). */
  exhausted: boolean;
  done: boolean;
}

type BatchRow = OfferRow & { walk: number };

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
export async function pricePage(
  db: Db,
  walks: readonly Walk[],
  filters: SQL[],
  criteria: SupplierSearch,
): Promise<{ page: OfferRow[]; matched: number | null }> {
  const need = criteria.offset + criteria.limit;
  const walksLeft: PriceWalk[] = walks.map((walk) => ({ walk, after: null, exhausted: false, done: false }));
  /** Every hotel priced so far whose offer is within the price filter, over all walks. */
  const priced: OfferRow[] = [];
  /** The need-th lowest (offer, id) priced so far, once there are `need`: the page ends there or before. */
  let cutoff: Position | null = null;
  const key = partyFloor(criteria.stay);
  const keyFilters = criteria.maxPriceCents === null ? [] : [sql`${key} <= ${criteria.maxPriceCents}`];
  let batch = Math.max(need + 12, 24);
  for (;;) {
    const active = walksLeft.filter((w) => !w.done);
    if (active.length === 0) break;
    const cutoffPrice = cutoff?.price ?? null;
    const rows = await queryRowsNamed<BatchRow>(
      db,
      priceBatch(active, { key, filters: [...filters, ...keyFilters], stay: criteria.stay, ask: planAsk(criteria), cutoffPrice, batch }),
    );
    for (const r of rows) if (inRange(r, criteria)) priced.push(r);
    priced.sort(byOffer);
    const last = priced[need - 1];
    if (last) cutoff = { price: Number(last.offer_price_cents), id: Number(last.id) };
    const reached = { batch, cutoff, cutoffPrice };
    active.forEach((w, i) =>
      advance(
        w,
        rows.filter((r) => Number(r.walk) === i),
        reached,
      ),
    );
    batch = Math.min(batch * 2, 1000);
  }
  return { page: priced.slice(criteria.offset, need), matched: walksLeft.every((w) => w.exhausted) ? priced.length : null };
}

/** The next batch of every active walk, each hotel priced, in one UNION ALL. */
function priceBatch(
  active: readonly PriceWalk[],
  at: { key: SQL; filters: SQL[]; stay: Stay; ask: PlanAsk; cutoffPrice: number | null; batch: number },
): SQL {
  const { key, filters, stay, ask, cutoffPrice, batch } = at;
  // Past the cutoff nothing can make the page: later batches stop there and price only the
  // hotels that offer the stay within it.
  const cutoffFilters = cutoffPrice === null ? [] : [sql`${key} <= ${cutoffPrice}`, mayOfferUpTo(stay, ask, sql`${cutoffPrice}::int`)];
  const branches = walkBranches(
    active.map((w) => w.walk),
    // "is not null" also lets the planner use the partial index.
    ({
      condition,
      walk,
      after,
    }) => sql`select ${walk} as walk, h.id, ${key} as price_cents, o.offer_price_cents, o.offer_original_price_cents, o.offer_plan_id, o.offer_room_type_id, o.rooms_available
        from hotels h cross join lateral (${offerLateral(stay, ask)}) o
        where ${sql.join([condition, ...filters, sql`${key} is not null`, sql`(${key}, h.id) > ${after}`, ...cutoffFilters], sql` and `)}
        order by ${key}, h.id limit ${batch}`,
    (i) => active[i]!.after,
  );
  return sql.join(branches, sql` union all `);
}

/** After a batch: where the walk resumes, or that it is finished. `mine` are its rows of the batch. */
function advance(w: PriceWalk, mine: BatchRow[], at: { batch: number; cutoff: Position | null; cutoffPrice: number | null }): void {
  if (mine.length < at.batch) {
    // Every hotel of the walk is priced, or (with a cutoff) every one that can make the page.
    w.exhausted = at.cutoffPrice === null;
    w.done = true;
    return;
  }
  const lastRow = mine.sort((a, b) => Number(a.price_cents) - Number(b.price_cents) || Number(a.id) - Number(b.id))[mine.length - 1]!;
  w.after = { price: Number(lastRow.price_cents), id: Number(lastRow.id) };
  // Every hotel the walk has not reached sorts after (key, id) = after, so after the cutoff too.
  const { cutoff } = at;
  if (cutoff && (w.after.price > cutoff.price || (w.after.price === cutoff.price && w.after.id >= cutoff.id))) w.done = true;
}

function inRange(r: OfferRow, criteria: SupplierSearch): boolean {
  return (
    r.offer_price_cents !== null &&
    Number(r.offer_price_cents) >= criteria.minPriceCents &&
    (criteria.maxPriceCents === null || Number(r.offer_price_cents) <= criteria.maxPriceCents)
  );
}

function byOffer(a: OfferRow, b: OfferRow): number {
  return Number(a.offer_price_cents) - Number(b.offer_price_cents) || Number(a.id) - Number(b.id);
}
