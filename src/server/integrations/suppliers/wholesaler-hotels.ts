/** The wholesaler's answers as our hotel cards and room offers. */
import { amenityFlagsOf } from "../../../shared/amenities.ts";
import { countNights } from "../../../shared/dates.ts";
import type { HotelSummary, RoomOffer } from "../../../shared/search.ts";
import { type Stay, discountPercent } from "../../../shared/search-options.ts";
import type { CancellationRule, SearchHotel, SearchMeal, SearchRoom, StaticHotel } from "../wholesaler/wholesaler-answers.ts";

export const WHOLESALER_ID = "wholesaler";

/** The party as the supplier takes it: adults, and children by age (it prices them itself). */
export function party(stay: Stay) {
  return { checkIn: stay.checkIn, checkOut: stay.checkOut, rooms: stay.rooms, adults: stay.guests, childAges: stay.childAges };
}

function cheapest(rooms: SearchRoom[]) {
  let best: { room: SearchRoom; priceCents: number; discountCents: number } | undefined;
  for (const room of rooms) {
    for (const meal of room.meals) {
      if (!best || meal.priceCents < best.priceCents) best = { room, priceCents: meal.priceCents, discountCents: meal.discountCents };
    }
  }
  return best;
}

export function freeCancellationDays(rules: CancellationRule[]): number {
  // Read conservatively: no rules, or a charge from the moment of booking, is non-refundable.
  const charged = rules.filter((r) => r.percentage > 0);
  if (charged.length === 0 || charged.some((r) => r.deadlineHours === null)) return 0;
  return Math.floor(Math.max(...charged.map((r) => r.deadlineHours ?? 0)) / 24);
}

function cancellationText(days: number): string {
  return days === 0 ? "Non-refundable" : `Free cancellation up to ${days} ${days === 1 ? "day" : "days"} before check-in`;
}

/** Whole-stay cents to the nightly price per room that our cards show. */
function nightly(stayCents: number, stay: Stay): number {
  return Math.round(stayCents / countNights(stay.checkIn, stay.checkOut) / stay.rooms);
}

function baseSummary(
  hotel: StaticHotel,
): Omit<
  HotelSummary,
  "priceCents" | "originalPriceCents" | "discountPercent" | "roomsAvailable" | "cancellationPolicy" | "freeCancellationDays"
> {
  return {
    id: `wh-${hotel.hotelId}`,
    supplier: WHOLESALER_ID,
    name: hotel.name,
    location: hotel.address,
    city: hotel.city,
    country: hotel.country,
    lat: hotel.location?.lat ?? null,
    lng: hotel.location?.lng ?? null,
    rating: Math.round(hotel.rating * 10) / 10,
    reviewCount: hotel.reviewCount,
    starRating: hotel.stars,
    currency: "USD",
    image: hotel.images[0] ?? "",
    amenities: hotel.amenities,
    // -1: the supplier gave no distance; such hotels are left out of distance filters and sorts.
    distanceFromCenterKm: hotel.distanceFromCenterKm ?? -1,
    // The protocol's static content does not say what kind of property a hotel is.
    propertyType: null,
    flags: amenityFlagsOf(hotel.amenities),
  };
}

export function toSummary(hotel: StaticHotel, offer: SearchHotel, stay: Stay): HotelSummary | null {
  const best = cheapest(offer.rooms);
  if (!best) return null;
  const priceCents = nightly(best.priceCents, stay);
  const originalPriceCents = best.discountCents > 0 ? nightly(best.priceCents + best.discountCents, stay) : null;
  return {
    ...baseSummary(hotel),
    priceCents,
    originalPriceCents,
    discountPercent: discountPercent(priceCents, originalPriceCents),
    // The supplier confirms the rooms asked for, not how many more it has.
    roomsAvailable: stay.rooms,
    cancellationPolicy: cancellationText(freeCancellationDays(best.room.cancellation)),
    // The cheapest room's terms: the free-cancellation filter keeps a partner hotel only when they refund.
    freeCancellationDays: freeCancellationDays(best.room.cancellation),
  };
}

export function unavailableSummary(hotel: StaticHotel): HotelSummary {
  return {
    ...baseSummary(hotel),
    priceCents: 0,
    originalPriceCents: null,
    discountPercent: 0,
    roomsAvailable: 0,
    cancellationPolicy: "",
    freeCancellationDays: 0,
  };
}

export function toRoomOffer(hotel: StaticHotel, room: SearchRoom, meal: SearchMeal, mealNames: Map<number, string>, stay: Stay): RoomOffer {
  const content = hotel.roomTypes.find((t) => t.roomTypeId === room.roomTypeId);
  const priceCents = nightly(meal.priceCents, stay);
  const originalPriceCents = meal.discountCents > 0 ? nightly(meal.priceCents + meal.discountCents, stay) : null;
  const board = mealNames.get(meal.mealId) ?? `Meal plan ${meal.mealId}`;
  const name = room.roomTypeName || content?.name || "Room";
  const party = stay.guests + stay.children;
  const fitsParty = room.beds * stay.rooms >= party;
  return {
    id: `wh-${room.roomId}-${meal.mealId}`,
    name: `${name} · ${board}`,
    description: content?.description ?? "",
    images: content?.images ?? [],
    maxGuests: room.beds,
    sizeM2: content?.sizeM2 ?? 0,
    bedType: content?.bedType ?? "",
    amenities: content?.amenities ?? [],
    priceCents,
    // The supplier prices the stay as a whole: no night-by-night breakdown.
    stayPriceCents: priceCents * countNights(stay.checkIn, stay.checkOut),
    nightlyPrices: null,
    originalPriceCents,
    discountPercent: discountPercent(priceCents, originalPriceCents),
    currency: meal.currency,
    totalRooms: stay.rooms,
    roomsAvailable: stay.rooms,
    fitsParty,
    bookable: fitsParty,
    unavailableReason: fitsParty
      ? null
      : `Sleeps up to ${room.beds} per room: too small for ${party} guests in ${stay.rooms} room${stay.rooms > 1 ? "s" : ""}`,
  };
}
