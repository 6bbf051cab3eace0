import type { AmenityOption } from "../../shared/amenities.ts";
import type { PropertyType } from "../../shared/property-types.ts";
import type { GuestRatingOption, SortOption } from "../../shared/search-options.ts";
import type { TFunction } from "./i18n.ts";

/**
 * The labels of the fixed lists the shared code defines (property types, sort orders, guest rating
 * and amenity filter options) in the reader's language. Each key is written out, so the catalogue
 * check sees it; the shared English labels stay the keys (and what the server and URLs accept).
 */

export function propertyTypeLabel(t: TFunction, type: PropertyType): string {
  const labels: Record<PropertyType, string> = {
    hotel: t("Hotel"),
    apartment: t("Apartment"),
    resort: t("Resort"),
    guest_house: t("Guest house"),
    hostel: t("Hostel"),
  };
  return labels[type];
}

export function sortLabel(t: TFunction, option: SortOption): string {
  const labels: Record<SortOption, string> = {
    popularity: t("Most popular"),
    price: t("Price (lowest first)"),
    rating: t("Guest rating (highest first)"),
    distance: t("Distance from centre"),
  };
  return labels[option];
}

export function guestRatingLabel(t: TFunction, option: GuestRatingOption): string {
  const labels: Record<GuestRatingOption, string> = {
    9: t("Wonderful: 9+"),
    8: t("Very good: 8+"),
  };
  return labels[option];
}

export function amenityOptionLabel(t: TFunction, option: AmenityOption): string {
  const labels: Record<AmenityOption, string> = {
    WiFi: t("WiFi"),
    Parking: t("Parking"),
    Restaurant: t("Restaurant"),
    Pool: t("Pool"),
    Gym: t("Gym"),
    Spa: t("Spa"),
  };
  return labels[option];
}
