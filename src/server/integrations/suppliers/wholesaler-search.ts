/** Search and hotel pages from the wholesaler: its offers with their static content, as our cards and rooms. */
import { countNights } from "../../../shared/dates.ts";
import type { HotelDetail, HotelSummary } from "../../../shared/search.ts";
import type { Stay } from "../../../shared/search-options.ts";
import type { ActiveCredentials } from "../wholesaler/wholesaler-connection.ts";
import { COMPARE_HOTELS, type SupplierSearch, type SupplierSearchResult, matchesFilters } from "./hotel-supplier.ts";
import { type WholesalerContent, mealNames, pricedHotels, searchOffers, staticContent } from "./wholesaler-content.ts";
import { toRoomOffer, toSummary, unavailableSummary } from "./wholesaler-hotels.ts";

export async function searchWholesaler(
  content: WholesalerContent,
  credentials: ActiveCredentials,
  criteria: SupplierSearch,
): Promise<SupplierSearchResult> {
  const needsDistance = criteria.sort === "distance" || criteria.minDistanceKm > 0 || criteria.maxDistanceKm !== null;
  const hotels = (await pricedHotels(content, credentials, { destination: criteria.destination.trim(), hotelIds: [] }, criteria.stay))
    .map(({ offer, hotel }) => toSummary(hotel, offer, criteria.stay))
    .filter((h): h is HotelSummary => h !== null && matchesFilters(h, criteria) && (h.distanceFromCenterKm >= 0 || !needsDistance))
    .sort(COMPARE_HOTELS[criteria.sort]);
  return { hotels: hotels.slice(criteria.offset, criteria.offset + criteria.limit), total: hotels.length };
}

/** The hotel with every room and board it sells for the stay; null when the supplier does not know it. */
export async function wholesalerHotel(
  content: WholesalerContent,
  credentials: ActiveCredentials,
  id: number,
  stay: Stay,
): Promise<HotelDetail | null> {
  const [statics, offers, meals] = await Promise.all([
    staticContent(content, credentials, [id]),
    searchOffers(content, credentials, { destination: "", hotelIds: [id] }, stay),
    mealNames(content, credentials),
  ]);
  const hotel = statics.get(id);
  if (!hotel) return null;
  const offer = offers.find((h) => h.hotelId === id);
  const rooms = (offer?.rooms ?? [])
    .flatMap((room) => room.meals.map((meal) => toRoomOffer(hotel, room, meal, meals, stay)))
    .sort((a, b) => a.priceCents - b.priceCents || a.id.localeCompare(b.id));
  const summary = (offer && toSummary(hotel, offer, stay)) ?? unavailableSummary(hotel);
  return {
    ...summary,
    description: hotel.description || null,
    images: hotel.images,
    rooms,
    stay,
    nights: countNights(stay.checkIn, stay.checkOut),
    // The supplier prices children by the ages it is sent: its rooms' prices include them.
    childPolicy: null,
    childChargeCents: 0,
  };
}

/** A destination's hotels straight from the supplier (no cached search), most reviewed first. */
export async function diagnosticHotels(
  content: WholesalerContent,
  credentials: ActiveCredentials,
  destination: string,
  stay: Stay,
): Promise<HotelSummary[]> {
  return (await pricedHotels(content, credentials, { destination, hotelIds: [] }, stay, true))
    .map(({ offer, hotel }) => toSummary(hotel, offer, stay))
    .filter((h): h is HotelSummary => h !== null)
    .sort(COMPARE_HOTELS.popularity);
}
