import { sql } from "drizzle-orm";
import { stayNights } from "../../../shared/dates.ts";
import type { PropertyType } from "../../../shared/property-types.ts";
import { averageNightlyCents, closedNightsMessage, stayTotalCents } from "../../../shared/rates.ts";
import type { HotelSummary, OfferPlan, RoomOffer } from "../../../shared/search.ts";
import { type Stay, discountPercent } from "../../../shared/search-options.ts";
import { partySize } from "./availability-sql.ts";

export interface HotelRow {
  id: number;
  name: string;
  location: string;
  city: string;
  country: string;
  lat: number;
  lng: number;
  rating: number;
  review_count: number;
  star_rating: number;
  currency: string;
  image: string;
  amenities: string[];
  distance_from_center_km: number;
  cancellation_policy: string;
  free_cancellation_days: number;
  property_type: PropertyType;
  breakfast: boolean;
  wifi: boolean;
  parking: boolean;
  pool: boolean;
  gym: boolean;
  spa: boolean;
  price_cents: number;
  original_price_cents: number | null;
}

/** The hotel page's row: the card's columns and the wide ones only the page shows. */
export interface HotelDetailRow extends HotelRow {
  images: string[];
  description: string | null;
}

export interface RoomRow {
  id: number;
  name: string;
  description: string;
  images: string[];
  max_guests: number;
  size_m2: number;
  bed_type: string;
  amenities: string[];
  price_cents: number;
  original_price_cents: number | null;
  currency: string;
  total_rooms: number;
  rooms_free: number;
  /** The stay's nights in order: price per room, closed, minimum stay (f_stay_nights). */
  night_prices: number[];
  /** The stay's closed nights ('YYYY-MM-DD'), null when none is. */
  closed_nights: string[] | null;
  first_min_stay: number;
}

/** A hotel card's columns (HotelRow): a search reads these for its page's hotels only. */
const CARD_COLUMNS = [
  "id",
  "name",
  "location",
  "city",
  "country",
  "lat",
  "lng",
  "rating",
  "review_count",
  "star_rating",
  "currency",
  "image",
  "amenities",
  "distance_from_center_km",
  "cancellation_policy",
  "free_cancellation_days",
  "property_type",
  "breakfast",
  "wifi",
  "parking",
  "pool",
  "gym",
  "spa",
  "price_cents",
  "original_price_cents",
];
const hotelColumns = (columns: string[]) => sql.raw(columns.map((c) => `h.${c}`).join(", "));

export const SUMMARY_COLUMNS = hotelColumns(CARD_COLUMNS);
/** The hotel page's columns (HotelDetailRow): the card's and the photos and description. */
export const HOTEL_COLUMNS = hotelColumns([...CARD_COLUMNS, "images", "description"]);

/** An offer's plan as a card shows it, and its free-cancellation days (0: none free) for freeCancellationDays. */
export interface OfferPlanTerms {
  plan: OfferPlan;
  freeCancellationDays: number;
}

export interface OfferRow {
  id: number;
  price_cents: number;
  offer_price_cents: number | null;
  offer_original_price_cents: number | null;
  /** The offer's rate plan; null: the standard rate. */
  offer_plan_id: number | null;
  /** The offer's room type (the cheapest; ties: the lowest id). */
  offer_room_type_id: number | null;
  rooms_available: number | null;
}

export function toSummary(
  row: HotelRow,
  priceCents: number,
  originalPriceCents: number | null,
  roomsAvailable: number,
  ratePlan: OfferPlanTerms | null = null,
): HotelSummary {
  return {
    id: String(row.id),
    supplier: "inventory",
    name: row.name,
    location: row.location,
    city: row.city,
    country: row.country,
    lat: Number(row.lat),
    lng: Number(row.lng),
    rating: Math.round(Number(row.rating) * 10) / 10,
    reviewCount: Number(row.review_count),
    starRating: Number(row.star_rating),
    priceCents: Number(priceCents),
    originalPriceCents: originalPriceCents === null ? null : Number(originalPriceCents),
    discountPercent: discountPercent(Number(priceCents), originalPriceCents === null ? null : Number(originalPriceCents)),
    currency: row.currency,
    image: row.image,
    amenities: row.amenities,
    distanceFromCenterKm: Math.round(Number(row.distance_from_center_km) * 10) / 10,
    cancellationPolicy: row.cancellation_policy,
    freeCancellationDays: ratePlan ? ratePlan.freeCancellationDays : Number(row.free_cancellation_days),
    propertyType: row.property_type,
    roomsAvailable: Number(roomsAvailable),
    flags: { breakfast: row.breakfast, wifi: row.wifi, parking: row.parking, pool: row.pool, gym: row.gym, spa: row.spa },
    ratePlan: ratePlan ? ratePlan.plan : null,
  };
}

export function toRoomOffer(row: RoomRow, stay: Stay): RoomOffer {
  const roomsAvailable = Math.max(0, Number(row.rooms_free));
  const fitsParty = Number(row.max_guests) * stay.rooms >= partySize(stay);
  const nightlyPrices = stayNights(stay.checkIn, stay.checkOut).map((night, i) => ({
    night,
    priceCents: Number(row.night_prices[i] ?? row.price_cents),
  }));
  const stayPriceCents = stayTotalCents(nightlyPrices);
  const priceCents = averageNightlyCents(stayPriceCents, nightlyPrices.length);
  const minStay = Number(row.first_min_stay ?? 1);
  let unavailableReason: string | null = null;
  if (!fitsParty) {
    unavailableReason = `Sleeps up to ${row.max_guests} per room: too small for ${partySize(stay)} guests in ${stay.rooms} room${stay.rooms > 1 ? "s" : ""}`;
  } else if (row.closed_nights?.length) {
    unavailableReason = closedNightsMessage(row.closed_nights);
  } else if (nightlyPrices.length < minStay) {
    unavailableReason = `Minimum stay ${minStay} nights from this check-in date`;
  } else if (roomsAvailable === 0) {
    unavailableReason = "Sold out for these dates";
  } else if (roomsAvailable < stay.rooms) {
    unavailableReason = `Only ${roomsAvailable} room${roomsAvailable > 1 ? "s" : ""} left for these dates`;
  }
  const originalPriceCents = row.original_price_cents === null ? null : Number(row.original_price_cents);
  return {
    id: String(row.id),
    name: row.name,
    description: row.description,
    images: row.images,
    maxGuests: Number(row.max_guests),
    sizeM2: Number(row.size_m2),
    bedType: row.bed_type,
    amenities: row.amenities,
    priceCents,
    stayPriceCents,
    nightlyPrices,
    originalPriceCents,
    discountPercent: discountPercent(priceCents, originalPriceCents),
    currency: row.currency,
    totalRooms: Number(row.total_rooms),
    roomsAvailable,
    fitsParty,
    bookable: unavailableReason === null,
    unavailableReason,
  };
}
