import { countNights, todayUtc } from "../../../shared/dates.ts";
import type { HotelDetail, HotelStayQuery, SearchQuery, SearchResponse } from "../../../shared/search.ts";
import { DISTANCE_SLIDER, PRICE_SLIDER } from "../../../shared/search-options.ts";
import { DomainError } from "../../domain-error.ts";
import { COMPARE_HOTELS, type HotelCatalogSupplier, type SupplierSearch } from "../../integrations/suppliers/hotel-supplier.ts";
import { stayFromQuery } from "../stay-query.ts";

/*
 * The catalogue across suppliers: a search asks every supplier and merges their pages; a hotel page
 * asks the supplier that owns the hotel's id.
 */

/**
 * Searches every supplier with the same filters and merges their best results into one sorted
 * page. Our own inventory must answer; any other supplier that fails only adds a notice.
 */
export async function searchHotels(allSuppliers: HotelCatalogSupplier[], query: SearchQuery, today = todayUtc()): Promise<SearchResponse> {
  const stay = stayFromQuery(query, today);
  const offset = (query.page - 1) * query.pageSize;
  const filters: SupplierSearch = {
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
    limit: query.pageSize,
    offset,
    // Without dates there is no stay the traveller chose: the cards show the nightly price as before (decision 061).
    stayPrices: query.checkIn !== undefined || query.checkOut !== undefined,
  };
  // Only the suppliers that would answer are asked: with one left (our inventory, while no partner
  // is active, or on the home page's browse) it reads and prices its page alone, not every result
  // up to the page's end (page 3: 20 hotels instead of 60).
  const answering = await Promise.all(allSuppliers.map((s) => (s.answers ? s.answers(filters).catch(() => true) : true)));
  const suppliers = allSuppliers.filter((s, i) => answering[i] || s.id === "inventory");
  const single = suppliers.length === 1;
  // Merging needs every supplier's best results up to the end of the page.
  const criteria: SupplierSearch = single ? filters : { ...filters, limit: offset + query.pageSize, offset: 0 };
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
  // Sorted again by the cards' own (rounded) ratings and distances, also a single supplier's page,
  // as when every search was merged: the page's order does not depend on how many suppliers answered.
  const sorted = results.flatMap((r) => r.hotels).sort(COMPARE_HOTELS[query.sort]);
  const merged = single ? sorted : sorted.slice(offset, offset + query.pageSize);
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
