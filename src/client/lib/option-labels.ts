import { type AMENITIES, type AmenityOption, amenityOptionText } from "../../shared/amenities.ts";
import type { PropertyType } from "../../shared/property-types.ts";
import type { GuestRatingOption, SortOption } from "../../shared/search-options.ts";
import type { TFunction } from "./i18n.ts";

type AmenityLabel = (typeof AMENITIES)[number]["label"];

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
  // One name per amenity: the filter says what the cards say ("Free WiFi"), while the address keeps the option ("WiFi").
  return amenityText(t, amenityOptionText(option));
}

/** An amenity text in the reader's language: the catalogue's own labels are translated, a partner's own words stay as they are. */
export function amenityText(t: TFunction, text: string): string {
  switch (text as AmenityLabel) {
    case "Free WiFi":
      return t("Free WiFi");
    case "Parking":
      return t("Parking");
    case "Restaurant":
      return t("Restaurant");
    case "Pool":
      return t("Pool");
    case "Gym":
      return t("Gym");
    case "Spa":
      return t("Spa");
    case "Breakfast included":
      return t("Breakfast included");
    case "Bar":
      return t("Bar");
    case "Beach access":
      return t("Beach access");
    case "Room service":
      return t("Room service");
    case "Business center":
      return t("Business center");
    case "Shared lounge":
      return t("Shared lounge");
    case "Luggage storage":
      return t("Luggage storage");
    case "Concierge":
      return t("Concierge");
    case "Air conditioning":
      return t("Air conditioning");
    case "24-hour front desk":
      return t("24-hour front desk");
    case "Airport shuttle":
      return t("Airport shuttle");
    case "Pet friendly":
      return t("Pet friendly");
    case "Laundry service":
      return t("Laundry service");
    case "Non-smoking rooms":
      return t("Non-smoking rooms");
    case "Family rooms":
      return t("Family rooms");
    case "Terrace":
      return t("Terrace");
    case "Garden":
      return t("Garden");
    case "EV charging station":
      return t("EV charging station");
    case "Private bathroom":
      return t("Private bathroom");
    case "Flat-screen TV":
      return t("Flat-screen TV");
    case "Desk":
      return t("Desk");
    case "Hairdryer":
      return t("Hairdryer");
    case "Heating":
      return t("Heating");
    case "Wardrobe":
      return t("Wardrobe");
    case "Minibar":
      return t("Minibar");
    case "Safe":
      return t("Safe");
    case "Coffee machine":
      return t("Coffee machine");
    case "Bathrobe & slippers":
      return t("Bathrobe & slippers");
    case "Rain shower":
      return t("Rain shower");
    case "Bathtub":
      return t("Bathtub");
    case "Soundproofing":
      return t("Soundproofing");
    case "Iron":
      return t("Iron");
    case "City view":
      return t("City view");
    case "Balcony":
      return t("Balcony");
    case "Garden view":
      return t("Garden view");
    case "Sea view":
      return t("Sea view");
    case "Courtyard view":
      return t("Courtyard view");
    default:
      return text;
  }
}
