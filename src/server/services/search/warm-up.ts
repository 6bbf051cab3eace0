import { sql } from "drizzle-orm";
import { addDays, todayUtc } from "../../../shared/dates.ts";
import { HotelStayQuery, SearchQuery } from "../../../shared/search.ts";
import { SORT_OPTIONS } from "../../../shared/search-options.ts";
import { type Db, queryRows } from "../../db/client.ts";
import type { HotelCatalogSupplier } from "../../integrations/suppliers/hotel-supplier.ts";
import { getHotelDetails, searchHotels } from "./across-suppliers.ts";

/** Runs of each statement per connection (default): queryRowsNamed prepares a text after 3 runs, PostgreSQL may choose a generic plan after 5 more. */
export const RUNS_PER_CONNECTION = 8;

/** A broad warm-up only from this many hotels on: a small catalogue plans fast, and its app starts in tests. */
const BROAD_FROM_HOTELS = 50_000;
/**
 * A broad warm-up starts no new round of its searches after this long: on the seasonal 2M catalogue
 * its price-filtered searches cost ten times what they cost on the booked one, and all of it took 233 s.
 */
const BROAD_BUDGET_MS = 60_000;
/** Connections a narrow warm-up runs on at most. */
const NARROW_CONNECTIONS = 4;

/**
 * The parties a broad warm-up searches for: each of the search form's presets of one room (its own
 * party floor and city index, partyFloor), and two rooms.
 */
const WARM_PARTIES = [{ guests: "1" }, { guests: "2" }, { guests: "3" }, { guests: "4" }, { guests: "4", rooms: "2" }] as const;

/**
 * The filters a broad warm-up searches with, beside none: a price range with a minimum (its own
 * count and price tests), stars with an amenity (the hotel filters' texts), a distance from the centre.
 */
const WARM_FILTERS = [{}, { minPrice: "100", maxPrice: "300" }, { stars: "3,4", amenities: "WiFi" }, { maxDistance: "5" }] as const;

/**
 * Before an instance says it is ready (lifecycle.warmUp, /readyz), searches and hotel pages of
 * every sort, for the home page's cities and the largest city, run on `connections` pool
 * connections at once, `RUNS_PER_CONNECTION` times each: their statements are planned, prepared on
 * those connections and their pages read, and the code paths compiled, before the first
 * traveller's request rather than during the first minute of traffic (issue 32). Only our own
 * inventory is asked: a partner is never called to warm up. An empty catalogue has nothing to warm.
 *
 * `broad` (PostgreSQL, main.ts; decision 087), from BROAD_FROM_HOTELS hotels on, runs on every connection asked
 * for (the pool's size) and searches for every party of
 * WARM_PARTIES with every filter of WARM_FILTERS, each its own statement texts, then every
 * destination once (its scope resolved into the cache, its hotels' pages read). Without it (one and
 * two guests, no filter, four connections) a fresh instance's first 5 s at 100 req/s on the booked 2M
 * catalogue had p95 0.8-2.4 s, planning 477 statements in its first 500 searches against 227 once
 * warm; broad, it takes about 50 s there (13,600 searches), and no round of it starts after
 * BROAD_BUDGET_MS. Else one and two guests without filters on at most NARROW_CONNECTIONS connections.
 */
export async function warmSearch(
  suppliers: readonly HotelCatalogSupplier[],
  db: Db,
  options: { connections: number; runs?: number; today?: string; broad?: boolean; broadFromHotels?: number; broadBudgetMs?: number },
): Promise<{ searches: number; hotelPages: number }> {
  const inventory = suppliers.filter((s) => s.id === "inventory");
  const [largest] = await queryRows<{ city: string; hotels: number }>(
    db,
    sql`select city, (select coalesce(sum(hotel_count), 0)::int from destinations) as hotels from destinations order by hotel_count desc, city limit 1`,
  );
  if (inventory.length === 0 || !largest) return { searches: 0, hotelPages: 0 };
  const { city } = largest;
  const today = options.today ?? todayUtc();
  const broad = options.broad === true && Number(largest.hotels) >= (options.broadFromHotels ?? BROAD_FROM_HOTELS);
  const connections = Math.max(1, broad ? options.connections : Math.min(options.connections, NARROW_CONNECTIONS));
  const parties = broad ? WARM_PARTIES : WARM_PARTIES.slice(0, 2);
  const filterSets = broad ? WARM_FILTERS : WARM_FILTERS.slice(0, 1);
  const deadline = Date.now() + (options.broadBudgetMs ?? BROAD_BUDGET_MS);
  let searches = 0;
  let hotelPages = 0;
  const hotelIds = new Set<string>();
  const search = async (query: Record<string, string>) => {
    const answer = await searchHotels(inventory, SearchQuery.parse(query));
    searches++;
    return answer;
  };
  async function oneConnection(connection: number): Promise<void> {
    for (let run = 0; run < (options.runs ?? RUNS_PER_CONNECTION); run++) {
      if (broad && run > 0 && Date.now() > deadline) return;
      // Another stay every run: the same statements with other values, never a count kept (answer-cache.ts).
      const checkIn = addDays(today, 14 + run * connections + connection);
      const stay = { checkIn, checkOut: addDays(checkIn, 2) };
      for (const destination of ["", city]) {
        for (const sort of SORT_OPTIONS) {
          for (const party of parties) {
            for (const filters of filterSets) {
              const answer = await search({ destination, sort, ...party, ...filters, ...stay });
              for (const hotel of answer.hotels.slice(0, 2)) hotelIds.add(hotel.id);
            }
          }
        }
      }
      for (const id of [...hotelIds].slice(0, 4)) {
        await getHotelDetails(inventory, id, HotelStayQuery.parse({ ...stay, guests: "2" }));
        hotelPages++;
      }
    }
  }
  // Concurrent, so that each holds its own connection of the pool.
  await Promise.all(Array.from({ length: connections }, (_, i) => oneConnection(i)));
  if (broad) {
    const cities = await queryRows<{ city: string }>(db, sql`select distinct city from destinations order by city`);
    const stay = { checkIn: addDays(today, 30), checkOut: addDays(today, 32) };
    let next = 0;
    const everyDestination = async () => {
      while (next < cities.length) await search({ destination: cities[next++]!.city, guests: "2", ...stay });
    };
    await Promise.all(Array.from({ length: connections }, everyDestination));
  }
  return { searches, hotelPages };
}
