import { type SQL, sql } from "drizzle-orm";
import { type Db, queryRowsNamed } from "../../db/client.ts";
import type { SupplierSearch } from "../../integrations/suppliers/hotel-supplier.ts";
import { freeRoomWithin, hasOffer } from "./offer-sql.ts";
import { planAsk } from "./plan-sql.ts";
import { partyFloor } from "./pricing-sql.ts";
import { type Walk, walkBranches } from "./walks.ts";

/** Totals are exact up to this many hotels; above it the response says TOTAL_CAP with totalIsCapped. */
export const TOTAL_CAP = 1000;

/**
 * The hotels of the walks that match and have an offer within the price filter, counted exactly up
 * to TOTAL_CAP + 1 (more than TOTAL_CAP: the total is capped): every walk stops there, and so does
 * the count over them. `belowMin` rules out hotels with a free room below the minimum price.
 * `ratePlans`: whether the catalogue was last seen with rate plans; with them and plan filters, the
 * count's statement leaves out hasOffer's short test (which checks again what it relies on).
 */
export async function countUpToCap(
  db: Db,
  walks: readonly Walk[],
  filters: SQL[],
  belowMin: SQL[],
  criteria: SupplierSearch,
  ratePlans = true,
): Promise<number> {
  const { stay } = criteria;
  const hasPriceFilter = criteria.minPriceCents > 0 || criteria.maxPriceCents !== null;
  const ask = planAsk(criteria);
  const offerCheck = hasPriceFilter
    ? [freeRoomWithin(stay, ask, criteria.minPriceCents, criteria.maxPriceCents)]
    : [hasOffer(stay, ask, { ratePlans })];
  const count = (conditions: SQL[], cap: number) => countWalks(db, walks, [...filters, ...conditions, ...offerCheck], cap);
  // Counted through the party's floor (partyFloor): for 2-4 guests a room, hotels without a room
  // type that sleeps them are not in hotels_city_price_for_N_idx, so the count does not walk
  // them (for 4 guests most hotels of a city; 12,032 walked for 1,001 counted in one search).
  const floor = partyFloor(stay);
  if (criteria.minPriceCents <= 0) return count([sql`${floor} is not null`], TOTAL_CAP + 1);
  // Hotels whose fitting rooms' floor is at the minimum or above first: none of their rooms
  // can be priced below it (belowMin holds without pricing a room). Only when they are not
  // enough to reach the cap are the cheaper hotels counted, each ruled out by pricing its
  // rooms below the minimum: a home search with a $150 minimum priced ~37,000 room types for
  // that on the seasonal 2M catalogue.
  const n = await count([sql`${floor} >= ${criteria.minPriceCents}`], TOTAL_CAP + 1);
  if (n > TOTAL_CAP) return n;
  return n + (await count([sql`${floor} < ${criteria.minPriceCents}`, ...belowMin], TOTAL_CAP + 1 - n));
}

/** The hotels of the walks meeting `conditions`, counted up to `cap`. */
async function countWalks(db: Db, walks: readonly Walk[], conditions: SQL[], cap: number): Promise<number> {
  const counted = sql.join(
    walkBranches(
      walks,
      ({ condition }) => sql`select 1 as one from hotels h
                where ${sql.join([condition, ...conditions], sql` and `)} limit ${cap}`,
    ),
    sql` union all `,
  );
  const [row] = await queryRowsNamed<{ n: number }>(db, sql`select count(*)::int as n from (select 1 from (${counted}) c limit ${cap}) c`);
  return Number(row?.n ?? 0);
}
