import type { AmenityOption } from "../../../shared/amenities.ts";
import type { PropertyType } from "../../../shared/property-types.ts";
import { type GuestRatingOption, minRatingFor } from "../../../shared/search-options.ts";
import type { HotelDetail, HotelSummary, SortOption, Stay } from "../../../shared/search.ts";

/**
 * The tie-break of every sort: shorter ids first, then character by character. For our own hotels'
 * ids (integers written without leading zeros) that is numeric order, the order the database walks
 * them in (services/search/walks.ts), so a page merged from several suppliers takes the same hotels the
 * database chose. ("11" before "4", as localeCompare has it, repeated or skipped hotels of equal
 * price between pages.)
 */
export function compareHotelIds(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}

/** The order of each sort, for merging suppliers and for suppliers that sort in memory; ties by id. */
export const COMPARE_HOTELS: Record<SortOption, (a: HotelSummary, b: HotelSummary) => number> = {
  popularity: (a, b) => b.reviewCount - a.reviewCount || compareHotelIds(a.id, b.id),
  price: (a, b) => a.priceCents - b.priceCents || compareHotelIds(a.id, b.id),
  rating: (a, b) => b.rating - a.rating || b.reviewCount - a.reviewCount || compareHotelIds(a.id, b.id),
  distance: (a, b) => a.distanceFromCenterKm - b.distanceFromCenterKm || compareHotelIds(a.id, b.id),
};

/** What a supplier is asked for: the stay, the filters and how many of the best results. */
export interface SupplierSearch {
  /** Empty means the popular destinations. */
  destination: string;
  stay: Stay;
  minPriceCents: number;
  /** null: no upper bound (the slider's top end means "and above"). */
  maxPriceCents: number | null;
  minDistanceKm: number;
  maxDistanceKm: number | null;
  stars: number[];
  amenities: AmenityOption[];
  /** Only hotels refundable in full up to some day before check-in. */
  freeCancellation: boolean;
  /** Only rates with a meal included (our rooms: a plan whose meal plan is not room only); absent: any. */
  breakfast?: boolean;
  /** 10-point guest rating threshold (8 or 9); null: any rating. */
  guestRating: GuestRatingOption | null;
  /** Empty: any type. */
  propertyTypes: PropertyType[];
  sort: SortOption;
  limit: number;
  offset: number;
  /** Our inventory: give each result the stay's price with the hotel's taxes and fees (the search has dates; decision 061). */
  stayPrices?: boolean;
}

/**
 * The search filters as our inventory applies them in SQL, for suppliers that filter in memory:
 * nightly price, distance, stars, and every chosen amenity as a case-insensitive substring of a
 * partner's texts (spec section 9), which on our canonical labels picks what amenity_mask picks;
 * free cancellation, the guest rating on the hotel's shown rating, and the property type (a hotel
 * whose type is unknown is left out while that filter is on).
 */
export function matchesFilters(hotel: HotelSummary, criteria: SupplierSearch): boolean {
  if (hotel.priceCents < criteria.minPriceCents) return false;
  if (criteria.maxPriceCents !== null && hotel.priceCents > criteria.maxPriceCents) return false;
  if (criteria.minDistanceKm > 0 && hotel.distanceFromCenterKm < criteria.minDistanceKm) return false;
  if (criteria.maxDistanceKm !== null && hotel.distanceFromCenterKm > criteria.maxDistanceKm) return false;
  if (criteria.stars.length > 0 && !criteria.stars.includes(hotel.starRating)) return false;
  if (criteria.freeCancellation && hotel.freeCancellationDays <= 0) return false;
  if (criteria.breakfast && !hotel.flags.breakfast) return false;
  if (criteria.guestRating !== null && hotel.rating < minRatingFor(criteria.guestRating)) return false;
  if (criteria.propertyTypes.length > 0 && (hotel.propertyType === null || !criteria.propertyTypes.includes(hotel.propertyType))) {
    return false;
  }
  const amenities = hotel.amenities.map((a) => a.toLowerCase());
  return criteria.amenities.every((wanted) => amenities.some((a) => a.includes(wanted.toLowerCase())));
}

export interface SupplierSearchResult {
  hotels: HotelSummary[];
  /** Every match, not only the returned page (at most the supplier's cap, see totalIsCapped). */
  total: number;
  /** There are more matches than `total` (a supplier that counts only up to a cap). */
  totalIsCapped?: boolean;
}

/**
 * A source of hotels. The journey is search → details → (booking issues) price check → book →
 * cancel; this part covers finding hotels and pricing their rooms for a stay.
 */
export interface HotelCatalogSupplier {
  /** Short stable name; also the prefix of its hotel ids unless it is our own inventory. */
  readonly id: string;
  search(criteria: SupplierSearch): Promise<SupplierSearchResult>;
  /**
   * Whether a search with these criteria would ask this supplier at all (absent: always). A search
   * that only one supplier answers is asked for its page alone, not for every result up to it.
   */
  answers?(criteria: SupplierSearch): Promise<boolean>;
  /** Forgets what this supplier keeps of earlier answers: called after a write in this instance. */
  forgetAnswers?(): void;
  /** The hotel with every room type priced and checked for the stay; null when unknown. */
  getHotel(hotelId: string, stay: Stay): Promise<HotelDetail | null>;
  /** Whether this supplier owns a hotel id. */
  ownsHotelId(hotelId: string): boolean;
}
