import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../db/client.ts";

/** What the home page may say about the catalogue: counts of what this installation holds. */
export interface SiteStats {
  hotels: number;
  destinations: number;
  countries: number;
  /** Approved reviews: the ones guests can read. */
  reviews: number;
}

const FRESH_MS = 5 * 60_000;

/**
 * Reads the figures from the small `destinations` table (one row per city, with its hotel count)
 * and the approved-reviews index, so the cost does not grow with a catalogue of millions; one
 * reading serves every visitor for five minutes (and concurrent first visitors share it).
 */
export function createSiteStats(db: Db): () => Promise<SiteStats> {
  let cached: { stats: Promise<SiteStats>; at: number } | null = null;
  return () => {
    if (!cached || Date.now() - cached.at > FRESH_MS) {
      const stats = readSiteStats(db);
      cached = { stats, at: Date.now() };
      // A failed reading is not kept: the next visitor tries again.
      stats.catch(() => {
        if (cached?.stats === stats) cached = null;
      });
    }
    return cached.stats;
  };
}

async function readSiteStats(db: Db): Promise<SiteStats> {
  const [places] = await queryRows<{ hotels: number; destinations: number; countries: number }>(
    db,
    sql`select coalesce(sum(hotel_count), 0)::bigint as hotels, count(*)::int as destinations, count(distinct country)::int as countries from destinations`,
  );
  const [reviews] = await queryRows<{ n: number }>(db, sql`select count(*)::bigint as n from reviews where status = 'approved'`);
  return {
    hotels: Number(places?.hotels ?? 0),
    destinations: Number(places?.destinations ?? 0),
    countries: Number(places?.countries ?? 0),
    reviews: Number(reviews?.n ?? 0),
  };
}
