import { sql } from "drizzle-orm";
import type { HotelDetail } from "../../../shared/search.ts";
import type { Stay } from "../../../shared/search-options.ts";
import { type Db, queryRowsNamed } from "../../db/client.ts";
import type { HotelCatalogSupplier, SupplierSearch, SupplierSearchResult } from "../../integrations/suppliers/hotel-supplier.ts";
import { createAnswerCache } from "./answer-cache.ts";
import { SMALL_CATALOGUE, exactSearch } from "./exact-search.ts";
import { inventoryHotel } from "./hotel-detail.ts";
import { createScopeCache } from "./scope-cache.ts";
import { walkSearch } from "./walk-search.ts";

/** How long an instance on PostgreSQL reuses a search's count (decision 073): well within the 30 s browsers and CDNs may keep it. */
export const SEARCH_COUNT_TTL_MS = 5000;

export interface InventorySupplierOptions {
  /**
   * Catalogues up to this many hotels and without rate rules are searched with the single exact
   * query, others with the index walks (default SMALL_CATALOGUE). Tests set 0 to run the
   * large-catalogue plan on a few hotels.
   */
  smallCatalogue?: number;
  /** How long a search's count is reused for its other sorts and pages (answer-cache.ts); 0 (default): never. */
  countTtlMs?: number;
}

/** Our own hotels, rooms and prices in the database: the default supplier. */
export function createInventorySupplier(db: Db, options: InventorySupplierOptions = {}): HotelCatalogSupplier {
  const exactPlan = createPlanChoice(db, options.smallCatalogue ?? SMALL_CATALOGUE);
  const scopeOf = createScopeCache(db);
  // Counts only: a page is always read afresh, so no instance lists a room another has just sold.
  const counts = createAnswerCache<number>(options.countTtlMs ?? 0);
  return {
    id: "inventory",

    forgetAnswers() {
      counts.forget();
    },

    ownsHotelId(hotelId) {
      return /^\d{1,10}$/.test(hotelId);
    },

    async search(criteria: SupplierSearch): Promise<SupplierSearchResult> {
      const plan = await exactPlan();
      if (plan.exact) return exactSearch(db, criteria);
      return walkSearch(db, await scopeOf(criteria.destination), criteria, counts, plan.ratePlans);
    },

    getHotel(hotelId: string, stay: Stay): Promise<HotelDetail | null> {
      return inventoryHotel(db, hotelId, stay);
    },
  };
}

/**
 * Whether a search takes the exact plan. The catalogue's size and whether it has rates pick the
 * search plan; re-read at most once a minute. The exact plan prices every matching hotel, so with
 * rates (a stay priced night by night, ~1,400 room types for the home search on 5,000 hotels) the
 * walks, which price only the hotels they return, are the faster plan at any size (decision 030).
 * `ratePlans` (whether any room type has an active plan, as of that read) only chooses the count's
 * statement text: the statement itself checks again (hasOffer), so a stale answer costs time, never
 * a wrong count (decision 077).
 */
function createPlanChoice(db: Db, smallCatalogue: number): () => Promise<{ exact: boolean; ratePlans: boolean }> {
  let size: { hotels: number; rated: boolean; ratePlans: boolean; at: number } | null = null;
  return async () => {
    if (!size || Date.now() - size.at > 60_000) {
      const [row] = await queryRowsNamed<{ n: number; rated: boolean; plans: boolean }>(
        db,
        sql`select coalesce(sum(hotel_count), 0)::int as n, exists (select 1 from rate_rules) as rated,
          exists (select 1 from room_plan_offers) as plans from destinations`,
      );
      size = { hotels: Number(row?.n ?? 0), rated: row?.rated === true, ratePlans: row?.plans !== false, at: Date.now() };
    }
    return { exact: size.hotels <= smallCatalogue && !size.rated, ratePlans: size.ratePlans };
  };
}
