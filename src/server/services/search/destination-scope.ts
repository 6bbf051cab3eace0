import { sql } from "drizzle-orm";
import { POPULAR_DESTINATIONS } from "../../../shared/search-options.ts";
import { type Db, queryRowsNamed } from "../../db/client.ts";
import { likeEscape } from "../../db/like.ts";

/** At most this many hotels are added because their name (not their city) matches. */
const NAME_MATCH_LIMIT = 200;

/** Which hotels a destination text covers. */
export interface Scope {
  /** Every hotel of these cities matches; country null means the city in any country. */
  places: { city: string; country: string | null }[];
  /** Hotels outside those places whose name (or whole text) matches. */
  hotelIds: number[];
  /** More hotels matched by name than NAME_MATCH_LIMIT: the result set is a subset. */
  partial: boolean;
}

/** The cities a destination text names (empty: the popular ones) and the hotels elsewhere whose name matches. */
export async function resolveScope(db: Db, destination: string): Promise<Scope> {
  if (!destination) return { places: POPULAR_DESTINATIONS.map((city) => ({ city, country: null })), hotelIds: [], partial: false };
  const pattern = `%${likeEscape(destination.toLowerCase())}%`;
  // The old per-hotel condition, applied to "city country" of each destination.
  const placeMatch = sql`(d.search_text like f_unaccent(${pattern}) or f_unaccent(lower(${destination})) <% d.search_text)`;
  return withTrigramIndex(db, destination, async (tx) => {
    // The country is left out (no heap visit to check it) when no other destination has that city name.
    const places = await queryRowsNamed<{ city: string; country: string | null }>(
      tx,
      sql`select d.city, case when exists (select 1 from destinations o where o.city = d.city and o.country <> d.country) then d.country end as country
        from destinations d where ${placeMatch} order by d.hotel_count desc, d.city, d.country`,
    );
    const named = await queryRowsNamed<{ id: number }>(
      tx,
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
  });
}

/**
 * Runs the destination's statements with the trigram indexes taken (a transaction with
 * enable_seqscan off). PostgreSQL reads the small destinations table by a sequential scan, as the
 * trigram operators are costed like an equality; it then computed the close-word match of every
 * city, 2-12 ms per search of a destination not yet resolved (0.1-0.2 ms through the GIN index, 774
 * cities of the 5,000-hotel catalogue; more cities, more saved). Texts under 3 characters have no
 * trigram to look up: they keep the planner's choice.
 */
async function withTrigramIndex<T>(db: Db, destination: string, run: (db: Db) => Promise<T>): Promise<T> {
  if (destination.trim().length < 3) return run(db);
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    return run(tx as unknown as Db);
  });
}
