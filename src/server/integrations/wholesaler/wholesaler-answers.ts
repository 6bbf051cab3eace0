/**
 * The wholesaler's answers: each parser turns the parsed XML into plain values and rejects an
 * answer that is not the expected result type.
 */
import { WholesalerError } from "./wholesaler-client.ts";
import { CURRENCY } from "./wholesaler-requests.ts";
import { type XmlNode, root, node, list, first, textOf, leaf, attribute, int, decimal } from "./xml-nodes.ts";

export interface CancellationRule {
  /** Hours before arrival from which `percentage` of the price is charged; null: from booking. */
  deadlineHours: number | null;
  percentage: number;
}

export interface SearchMeal {
  mealId: number;
  /** Whole stay, every room. */
  priceCents: number;
  currency: string;
  /** Whole stay's discount already taken off `priceCents`. */
  discountCents: number;
}

export interface SearchRoom {
  roomId: number;
  roomTypeId: number;
  roomTypeName: string;
  beds: number;
  meals: SearchMeal[];
  cancellation: CancellationRule[];
}

export interface SearchHotel {
  hotelId: number;
  rooms: SearchRoom[];
}

export function parseSearchResult(parsed: XmlNode): SearchHotel[] {
  const result = root(parsed, "searchresult", "SearchV3");
  return list(result, "hotels", "hotel").map((hotel) => ({
    hotelId: int(hotel, "hotel.id"),
    rooms: list(hotel, "roomtypes", "roomtype").flatMap((roomType) =>
      list(roomType, "rooms", "room").map((room) => ({
        roomId: int(room, "id"),
        roomTypeId: int(roomType, "roomtype.ID"),
        roomTypeName: leaf(roomType, "roomtype.Name"),
        beds: int(room, "beds"),
        meals: list(room, "meals", "meal")
          .map((meal) => {
            const price = first(list(meal, "prices", "price"));
            const discount = first(list(node(meal, "discount"), "amounts", "amount"));
            return {
              mealId: int(meal, "id"),
              priceCents: price ? toCents(textOf(price), false) : Number.NaN,
              currency: price ? attribute(price, "currency") || CURRENCY : CURRENCY,
              discountCents: discount ? toCents(textOf(discount), false) || 0 : 0,
            };
          })
          .filter((meal) => Number.isFinite(meal.priceCents) && meal.priceCents > 0),
        cancellation: cancellationRules(room, "cancellation_policies"),
      })),
    ),
  }));
}

export interface StaticRoomType {
  roomTypeId: number;
  name: string;
  description: string;
  bedType: string;
  sizeM2: number;
  images: string[];
  amenities: string[];
}

export interface StaticHotel {
  hotelId: number;
  name: string;
  address: string;
  city: string;
  country: string;
  /** Where the hotel is; null when the supplier gives no usable coordinates (the map leaves it out). */
  location: { lat: number; lng: number } | null;
  stars: number;
  description: string;
  /** null when the supplier gives none. */
  distanceFromCenterKm: number | null;
  rating: number;
  reviewCount: number;
  images: string[];
  amenities: string[];
  roomTypes: StaticRoomType[];
}

export function parseStaticHotels(parsed: XmlNode): StaticHotel[] {
  const result = root(parsed, "getStaticHotelsAndRoomsResult", "GetStaticHotelsAndRooms");
  return list(result, "hotels", "hotel").map((hotel) => {
    const centre = list(hotel, "distances", "distance").find((d) => attribute(d, "type") === "CityCentre");
    const coordinates = node(hotel, "coordinates");
    const review = node(hotel, "review");
    return {
      hotelId: int(hotel, "hotel.id"),
      name: leaf(hotel, "name"),
      address: leaf(hotel, "hotel.addr.1"),
      city: leaf(hotel, "hotel.addr.city"),
      country: leaf(hotel, "hotel.addr.country"),
      location: coordinatesOf(coordinates),
      stars: Math.min(5, Math.max(0, Math.round(Number.parseFloat(leaf(hotel, "classification")) || 0))),
      description: leaf(hotel, "description"),
      distanceFromCenterKm: centre && Number.isFinite(Number.parseFloat(textOf(centre))) ? Number.parseFloat(textOf(centre)) : null,
      rating: decimal(review, "rating"),
      reviewCount: int(review, "count"),
      images: imageUrls(hotel),
      amenities: featureNames(hotel),
      roomTypes: list(hotel, "roomtypes", "roomtype").map((roomType) => ({
        roomTypeId: int(roomType, "roomtype.ID"),
        name: leaf(roomType, "name"),
        description: leaf(roomType, "description"),
        bedType: leaf(roomType, "bedType"),
        sizeM2: int(roomType, "size"),
        images: imageUrls(roomType),
        amenities: featureNames(roomType),
      })),
    };
  });
}

export function parseMeals(parsed: XmlNode): Map<number, string> {
  const result = root(parsed, "getMealsResult", "GetMeals");
  return new Map(list(result, "meals", "meal").map((meal) => [int(meal, "id"), leaf(meal, "name")]));
}

/**
 * A tax or fee line of the supplier's pre-book answer (decision 062): the taxes inside its price
 * (`<Tax>`), and each `<Fees><Fee>` with its title, amount and whether it is paid at the hotel
 * (`<PayableAtHotel>true</PayableAtHotel>`; otherwise it is inside the price). The element names
 * beyond `<Tax>` are unverified against the live API: absent or unreadable lines are skipped.
 */
export interface SupplierChargeLine {
  kind: "tax" | "fee";
  name: string;
  amountCents: number;
  /** Paid to the hotel at the stay (not in the price we take); else included in the supplier's price. */
  payableAtHotel: boolean;
}

export interface PreBookAnswer {
  preBookCode: string;
  /** Whole stay, every room. */
  priceCents: number;
  currency: string;
  notes: string[];
  cancellation: CancellationRule[];
  /** The taxes and fees the supplier names, for the whole stay (decision 062). */
  charges: SupplierChargeLine[];
}

function supplierCharges(result: XmlNode | undefined, pricesInCents: boolean): SupplierChargeLine[] {
  const lines: SupplierChargeLine[] = [];
  const tax = toCents(leaf(result, "Tax"), pricesInCents);
  if (Number.isFinite(tax) && tax > 0) lines.push({ kind: "tax", name: "Taxes", amountCents: tax, payableAtHotel: false });
  for (const fee of list(result, "Fees", "Fee")) {
    const amount = toCents(leaf(fee, "Value") || leaf(fee, "Amount"), pricesInCents);
    if (!Number.isFinite(amount) || amount <= 0) continue;
    const name = (leaf(fee, "FeeTitle") || leaf(fee, "Name") || "Fee").slice(0, 100);
    lines.push({ kind: "fee", name, amountCents: amount, payableAtHotel: leaf(fee, "PayableAtHotel").toLowerCase() === "true" });
  }
  return lines;
}

export function parsePreBook(parsed: XmlNode, pricesInCents: boolean): PreBookAnswer {
  const result = root(parsed, "preBookResultWithTaxAndFees", "PreBookV3");
  const price = node(result, "Price");
  const preBookCode = leaf(result, "PreBookCode");
  if (!preBookCode || !price) throw new WholesalerError("The supplier's pre-book answer has no PreBookCode or price", "MalformedResponse");
  return {
    preBookCode,
    priceCents: toCents(textOf(price), pricesInCents),
    currency: attribute(price, "currency") || CURRENCY,
    notes: list(result, "Notes", "Note")
      .map((note) => leaf(note, "text"))
      .filter(Boolean),
    cancellation: cancellationRules(node(result, "CancellationPolicies"), "cancellation_policies"),
    charges: supplierCharges(result, pricesInCents),
  };
}

export interface BookAnswer {
  bookingNumber: string;
  hotelName: string;
  checkIn: string;
  checkOut: string;
  priceCents: number;
  currency: string;
  yourRef: string;
  voucher: string;
  /** Last day the booking can be cancelled free of charge, as the supplier states it. */
  freeCancellationUntil: string | null;
}

export function parseBook(parsed: XmlNode, pricesInCents: boolean): BookAnswer {
  const booking = node(root(parsed, "bookResult", "BookV3"), "booking");
  const bookingNumber = leaf(booking, "bookingnumber");
  if (!bookingNumber) throw new WholesalerError("The supplier's booking answer has no booking number", "MalformedResponse");
  const price = first(list(booking, "prices", "price"));
  return {
    bookingNumber,
    hotelName: leaf(booking, "hotel.name"),
    checkIn: leaf(booking, "checkindate"),
    checkOut: leaf(booking, "checkoutdate"),
    priceCents: price ? toCents(textOf(price), pricesInCents) : 0,
    currency: price ? attribute(price, "currency") || CURRENCY : CURRENCY,
    yourRef: leaf(booking, "yourref"),
    voucher: leaf(booking, "voucher"),
    freeCancellationUntil: leaf(booking, "earliestNonFreeCancellationDate.CET") || null,
  };
}

export function parseCancel(parsed: XmlNode): { cancelled: boolean; feeCents: number } {
  const result = root(parsed, "result", "CancelBooking");
  const fee = node(node(result, "CancellationPaymentMethod"), "cancellationfee");
  return { cancelled: leaf(result, "Code") === "1", feeCents: fee ? toCents(textOf(fee), false) : 0 };
}

export interface BookingInformation {
  bookingNumber: string;
  yourRef: string;
  status: "Active" | "NotActive";
  hotelName: string;
  checkIn: string;
  checkOut: string;
  priceCents: number;
}

export function parseBookingInformation(parsed: XmlNode, pricesInCents: boolean): BookingInformation[] {
  const result = root(parsed, "getBookingInformationResult", "GetBookingInformationV3");
  return list(result, "bookings", "booking").map((booking) => {
    const price = first(list(booking, "prices", "price"));
    return {
      bookingNumber: leaf(booking, "bookingnumber"),
      yourRef: leaf(booking, "yourref"),
      status: leaf(booking, "bookingStatus") === "Active" ? "Active" : "NotActive",
      hotelName: leaf(booking, "hotel.name"),
      checkIn: leaf(booking, "checkindate"),
      checkOut: leaf(booking, "checkoutdate"),
      priceCents: price ? toCents(textOf(price), pricesInCents) : 0,
    };
  });
}

/** Prices come in currency units ("123.45"); one integration reports PreBook and Book prices in cents (unverified). */
function toCents(value: string, alreadyCents: boolean): number {
  const amount = Number.parseFloat(value);
  if (!Number.isFinite(amount)) return Number.NaN;
  return alreadyCents ? Math.round(amount) : Math.round(amount * 100);
}
/** Coordinates in range; none for missing ones and for 0,0 (what a blank record gives, not a hotel in the Gulf of Guinea). */
function coordinatesOf(coordinates: XmlNode | undefined): { lat: number; lng: number } | null {
  const lat = Number.parseFloat(leaf(coordinates, "latitude"));
  const lng = Number.parseFloat(leaf(coordinates, "longitude"));
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return lat === 0 && lng === 0 ? null : { lat, lng };
}
function cancellationRules(parent: XmlNode | undefined, container: string): CancellationRule[] {
  return list(parent, container, "cancellation_policy").map((rule) => {
    const deadline = leaf(rule, "deadline");
    return { deadlineHours: deadline === "" ? null : Number.parseInt(deadline, 10), percentage: decimal(rule, "percentage") };
  });
}
function imageUrls(parent: XmlNode): string[] {
  return list(parent, "images", "image")
    .map((image) => attribute(node(image, "fullSizeImage") ?? {}, "url"))
    .filter((url) => /^https?:\/\//i.test(url));
}
function featureNames(parent: XmlNode): string[] {
  return list(parent, "features", "feature")
    .map((feature) => attribute(feature, "name"))
    .filter(Boolean);
}
