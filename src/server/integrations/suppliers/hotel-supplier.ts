import type { HotelDetail, HotelSummary, SortOption, Stay } from "../../../shared/search.ts";

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
  amenities: string[];
  sort: SortOption;
  limit: number;
  offset: number;
}

export interface SupplierSearchResult {
  hotels: HotelSummary[];
  /** Every match, not only the returned page. */
  total: number;
}

/**
 * A source of hotels. The journey is search → details → (booking issues) price check → book →
 * cancel; this part covers finding hotels and pricing their rooms for a stay.
 */
export interface HotelCatalogSupplier {
  /** Short stable name; also the prefix of its hotel ids unless it is our own inventory. */
  readonly id: string;
  search(criteria: SupplierSearch): Promise<SupplierSearchResult>;
  /** The hotel with every room type priced and checked for the stay; null when unknown. */
  getHotel(hotelId: string, stay: Stay): Promise<HotelDetail | null>;
  /** Whether this supplier owns a hotel id. */
  ownsHotelId(hotelId: string): boolean;
}
