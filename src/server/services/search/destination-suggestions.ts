import { sql } from "drizzle-orm";
import type { DestinationSuggestion } from "../../../shared/search.ts";
import { POPULAR_DESTINATIONS } from "../../../shared/search-options.ts";
import { type Db, queryRows } from "../../db/client.ts";
import { likeEscape } from "../../db/like.ts";

/** Up to 8 destinations for what the user has typed so far; the popular ones when nothing is typed. */
export async function suggestDestinations(db: Db, text: string): Promise<DestinationSuggestion[]> {
  const q = text.trim().toLowerCase();
  const escaped = likeEscape(q);
  const rows = q
    ? await queryRows<{ city: string; country: string; hotel_count: number }>(
        db,
        sql`select city, country, hotel_count from destinations
            where search_text like f_unaccent(${`${escaped}%`})
               or search_text like f_unaccent(${`% ${escaped}%`})
               or f_unaccent(${q}) <% search_text
            order by (search_text like f_unaccent(${`${escaped}%`})) desc, hotel_count desc, city
            limit 8`,
      )
    : await queryRows<{ city: string; country: string; hotel_count: number }>(
        db,
        sql`select city, country, hotel_count from destinations
            where city in (${sql.join(
              POPULAR_DESTINATIONS.map((d) => sql`${d}`),
              sql`, `,
            )})
            order by hotel_count desc limit 8`,
      );
  return rows.map((r) => ({ city: r.city, country: r.country, hotelCount: Number(r.hotel_count) }));
}
