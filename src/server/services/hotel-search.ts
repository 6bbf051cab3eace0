import { sql } from "drizzle-orm";
import { countNights, todayUtc } from "../../shared/dates.ts";
import type { DestinationSuggestion, HotelDetail, HotelStayQuery, SearchQuery, SearchResponse } from "../../shared/search.ts";
import { DISTANCE_SLIDER, POPULAR_DESTINATIONS, PRICE_SLIDER, type Stay, resolveStay } from "../../shared/search-options.ts";
import { type Db, queryRows } from "../db/client.ts";
import { likeEscape } from "../db/like.ts";
import { DomainError } from "../domain-error.ts";
import { COMPARE_HOTELS, type HotelCatalogSupplier, type SupplierSearch } from "../integrations/suppliers/hotel-supplier.ts";

/** The stay from a request, or a 400 naming the rule it breaks. */
export function stayFromQuery(query: HotelStayQuery, today = todayUtc()): Stay {
  const result = resolveStay(query, today);
  if (!result.ok) throw new DomainError("VALIDATION_ERROR", result.message);
  return result.stay;
}

/**
 * Searches every supplier with the same filters and merges their best results into one sorted
 * page. Our own inventory must answer; any other supplier that fails only adds a notice.
 */
export async function searchHotels(suppliers: HotelCatalogSupplier[], query: SearchQuery, today = todayUtc()): Promise<SearchResponse> {
  const stay = stayFromQuery(query, today);
  const offset = (query.page - 1) * query.pageSize;
  const single = suppliers.length === 1;
  const criteria: SupplierSearch = {
    destination: query.destination,
    stay,
    minPriceCents: query.minPrice * 100,
    maxPriceCents: query.maxPrice >= PRICE_SLIDER.max ? null : query.maxPrice * 100,
    minDistanceKm: query.minDistance,
    maxDistanceKm: query.maxDistance >= DISTANCE_SLIDER.max ? null : query.maxDistance,
    stars: query.stars,
    amenities: query.amenities,
    freeCancellation: query.freeCancellation,
    breakfast: query.breakfast,
    guestRating: query.guestRating ?? null,
    propertyTypes: query.propertyTypes,
    sort: query.sort,
    // Merging needs every supplier's best results up to the end of the page.
    limit: single ? query.pageSize : offset + query.pageSize,
    offset: single ? offset : 0,
    // Without dates there is no stay the traveller chose: the cards show the nightly price as before (decision 061).
    stayPrices: query.checkIn !== undefined || query.checkOut !== undefined,
  };
  const notices: string[] = [];
  const results = await Promise.all(
    suppliers.map(async (supplier) => {
      try {
        return await supplier.search(criteria);
      } catch (error) {
        if (supplier.id === "inventory") throw error;
        notices.push(`Supplier API Error: ${error instanceof Error ? error.message : String(error)}`);
        return { hotels: [], total: 0, totalIsCapped: false };
      }
    }),
  );
  const merged = single
    ? (results[0]?.hotels ?? [])
    : results
        .flatMap((r) => r.hotels)
        .sort(COMPARE_HOTELS[query.sort])
        .slice(offset, offset + query.pageSize);
  return {
    hotels: merged,
    total: results.reduce((sum, r) => sum + r.total, 0),
    totalIsCapped: results.some((r) => r.totalIsCapped === true),
    page: query.page,
    pageSize: query.pageSize,
    stay,
    nights: countNights(stay.checkIn, stay.checkOut),
    notices,
  };
}

export async function getHotelDetails(
  suppliers: HotelCatalogSupplier[],
  hotelId: string,
  query: HotelStayQuery,
  today = todayUtc(),
): Promise<HotelDetail> {
  const stay = stayFromQuery(query, today);
  const supplier = suppliers.find((s) => s.ownsHotelId(hotelId));
  let hotel: HotelDetail | null;
  try {
    hotel = supplier ? await supplier.getHotel(hotelId, stay) : null;
  } catch (error) {
    if (!supplier || supplier.id === "inventory") throw error;
    throw new DomainError("SUPPLIER_ERROR", `Supplier API Error: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!hotel) throw new DomainError("HOTEL_NOT_FOUND");
  return hotel;
}

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
