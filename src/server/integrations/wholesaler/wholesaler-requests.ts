/**
 * The wholesaler's methods as typed requests: each builder lists every parameter the method takes
 * (the API fails calls that leave one out). Their answers are read in wholesaler-answers.ts.
 */

const LANGUAGE = "en";
export const CURRENCY = "USD";
/** Invoice: the agency pays the supplier, the guest pays us. */
const PAYMENT_METHOD_INVOICE = "1";
const MAX_NAMED_GUESTS = 9;

export interface StayParty {
  checkIn: string;
  checkOut: string;
  rooms: number;
  adults: number;
  /** Each child's age; the supplier prices and sleeps children by them. */
  childAges: number[];
}

export function searchV3Params(request: StayParty & { destination: string; hotelIds: number[] }): Record<string, string> {
  return {
    language: LANGUAGE,
    currencies: CURRENCY,
    checkInDate: request.checkIn,
    checkOutDate: request.checkOut,
    numberOfRooms: String(request.rooms),
    destination: request.destination,
    destinationID: "",
    hotelIDs: request.hotelIds.join(","),
    resortIDs: "",
    accommodationTypes: "",
    numberOfAdults: String(request.adults),
    numberOfChildren: String(request.childAges.length),
    childrenAges: request.childAges.join(","),
    infant: "0",
    sortBy: "",
    sortOrder: "",
    exactDestinationMatch: "",
    blockSuperdeal: "",
    mealIds: "",
    showCoordinates: "",
    showReviews: "",
    referencePointLatitude: "",
    referencePointLongitude: "",
    maxDistanceFromReferencePoint: "",
    minStarRating: "",
    maxStarRating: "",
    featureIds: "",
    minPrice: "",
    maxPrice: "",
    themeIds: "",
    excludeSharedRooms: "",
    excludeSharedFacilities: "",
    prioritizedHotelIds: "",
    totalRoomsInBatch: "",
    paymentMethodId: "",
    customerCountry: "",
    b2c: "",
    showRoomTypeName: "1",
  };
}

export function staticHotelsParams(hotelIds: number[]): Record<string, string> {
  return {
    language: LANGUAGE,
    destination: "",
    hotelIds: hotelIds.join(","),
    resortIds: "",
    accommodationTypes: "",
    sortBy: "",
    sortOrder: "",
    exactDestinationMatch: "",
  };
}

export function mealsParams(): Record<string, string> {
  return { language: LANGUAGE };
}

export interface PreBookRequest extends StayParty {
  roomId: number;
  mealId: number;
  /** The whole stay's price the guest was shown, in cents. */
  shownPriceCents: number;
}

export function preBookV3Params(request: PreBookRequest, pricesInCents: boolean): Record<string, string> {
  return {
    currency: CURRENCY,
    language: LANGUAGE,
    checkInDate: request.checkIn,
    checkOutDate: request.checkOut,
    rooms: String(request.rooms),
    adults: String(request.adults),
    children: String(request.childAges.length),
    childrenAges: request.childAges.join(","),
    infant: "0",
    mealId: String(request.mealId),
    customerCountry: "",
    b2c: "",
    searchPrice: formatPrice(request.shownPriceCents, pricesInCents),
    roomId: String(request.roomId),
    hotelId: "",
    roomtypeId: "",
    blockSuperDeal: "",
    showPriceBreakdown: "",
  };
}

export interface BookRequest extends StayParty {
  roomId: number;
  mealId: number;
  preBookCode: string;
  /** Our booking reference: how the booking is found again after a timeout. */
  yourRef: string;
  email: string;
  /** Adult guests' names; the first is the lead guest. */
  guests: { firstName: string; lastName: string }[];
  specialRequest: string;
}

export function bookV3Params(request: BookRequest): Record<string, string> {
  const guests: Record<string, string> = {};
  for (let i = 1; i <= MAX_NAMED_GUESTS; i++) {
    const guest = request.guests[i - 1];
    guests[`adultGuest${i}FirstName`] = guest?.firstName ?? "";
    guests[`adultGuest${i}LastName`] = guest?.lastName ?? "";
    // We ask children's ages, not their names.
    guests[`childrenGuest${i}FirstName`] = "";
    guests[`childrenGuest${i}LastName`] = "";
    const age = request.childAges[i - 1];
    guests[`childrenGuestAge${i}`] = age === undefined ? "" : String(age);
  }
  return {
    currency: CURRENCY,
    language: LANGUAGE,
    email: request.email,
    checkInDate: request.checkIn,
    checkOutDate: request.checkOut,
    roomId: String(request.roomId),
    rooms: String(request.rooms),
    adults: String(request.adults),
    children: String(request.childAges.length),
    infant: "0",
    yourRef: request.yourRef,
    specialrequest: request.specialRequest,
    mealId: String(request.mealId),
    ...guests,
    paymentMethodId: PAYMENT_METHOD_INVOICE,
    creditCardType: "",
    creditCardNumber: "",
    creditCardHolder: "",
    creditCardCVV2: "",
    creditCardExpYear: "",
    creditCardExpMonth: "",
    customerEmail: request.email,
    invoiceRef: request.yourRef,
    customerCountry: "",
    b2c: "",
    commissionAmountInHotelCurrency: "",
    preBookCode: request.preBookCode,
  };
}

export function cancelBookingParams(bookingNumber: string): Record<string, string> {
  return { bookingID: bookingNumber, language: LANGUAGE };
}

export function bookingInformationParams(lookup: { bookingNumber?: string; reference?: string }): Record<string, string> {
  return {
    language: LANGUAGE,
    bookingID: lookup.bookingNumber ?? "",
    reference: lookup.reference ?? "",
    createdDateFrom: "",
    createdDateTo: "",
    arrivalDateFrom: "",
    arrivalDateTo: "",
    showGuests: "",
  };
}

function formatPrice(cents: number, inCents: boolean): string {
  return inCents ? String(cents) : (cents / 100).toFixed(2);
}
