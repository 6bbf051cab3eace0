import { sql } from "drizzle-orm";
import { addDays, todayUtc } from "../../../shared/dates.ts";
import { HotelStayQuery, SearchQuery } from "../../../shared/search.ts";
import { SORT_OPTIONS } from "../../../shared/search-options.ts";
import { type Db, queryRows } from "../../db/client.ts";
import type { HotelCatalogSupplier } from "../../integrations/suppliers/hotel-supplier.ts";
import { getHotelDetails, searchHotels } from "./across-suppliers.ts";

/** Runs of each statement per connection (default): queryRowsNamed prepares a text after 3 runs, PostgreSQL may choose a generic plan after 5 more. */
export const RUNS_PER_CONNECTION = 8;

/**
 * Before an instance says it is ready (lifecycle.warmUp, /readyz), searches and hotel pages of
 * every sort, for the home page's cities and the largest city, for one and two guests, run on
 * `connections` pool connections at once, `RUNS_PER_CONNECTION` times each: their statements are
 * planned, prepared on those connections and their pages read, and the code paths compiled, before
 * the first traveller's request rather than during the first minute of traffic (issue 32). Only our
 * own inventory is asked: a partner is never called to warm up. An empty catalogue has nothing to warm.
 */
export async function warmSearch(
  suppliers: readonly HotelCatalogSupplier[],
  db: Db,
  options: { connections: number; runs?: number; today?: string },
): Promise<{ searches: number; hotelPages: number }> {
  const inventory = suppliers.filter((s) => s.id === "inventory");
  const [largest] = await queryRows<{ city: string }>(db, sql`select city from destinations order by hotel_count desc, city limit 1`);
  if (inventory.length === 0 || !largest) return { searches: 0, hotelPages: 0 };
  const { city } = largest;
  const today = options.today ?? todayUtc();
  const connections = Math.max(1, options.connections);
  let searches = 0;
  let hotelPages = 0;
  const hotelIds = new Set<string>();
  async function oneConnection(connection: number): Promise<void> {
    for (let run = 0; run < (options.runs ?? RUNS_PER_CONNECTION); run++) {
      // Another stay every run: the same statements with other values, never a count kept (answer-cache.ts).
      const checkIn = addDays(today, 14 + run * connections + connection);
      const stay = { checkIn, checkOut: addDays(checkIn, 2) };
      for (const destination of ["", city]) {
        for (const sort of SORT_OPTIONS) {
          for (const guests of ["1", "2"]) {
            const answer = await searchHotels(inventory, SearchQuery.parse({ destination, sort, guests, ...stay }));
            searches++;
            for (const hotel of answer.hotels.slice(0, 2)) hotelIds.add(hotel.id);
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
  return { searches, hotelPages };
}
