/**
 * A stand-in for the wholesaler's XML API, served by the app itself so TEST works without a
 * supplier account. It speaks the same protocol: every listed form field required, XML answers in
 * the supplier's namespace, <Error> elements for failures. Its hotels are its own (the demo
 * generator with another seed), not our inventory.
 *
 * Test hooks, so the booking flow's hard cases can be exercised on purpose:
 * - hotels whose id ends in 3 cost 5 % more at pre-book than in search ("price increased");
 * - a guest named "… Fail" makes BookV3 answer 'Room no longer available' (BookingFailed);
 * - a guest named "… Slow" makes BookV3 book, then answer only after 15 s (a timeout).
 */
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { addDays, countNights, isIsoDate } from "../../../shared/dates.ts";
import { type GeneratedHotel, generateHotel } from "../../db/seed/catalogue.ts";

const SANDBOX_NAMESPACE = "http://xml.sunhotels.net/15/";
export const SANDBOX_USERNAME = "sandbox";
/** The catalogue seed; our demo inventory uses another one, so the hotels differ. */
const SANDBOX_SEED = 2;
const SANDBOX_HOTEL_COUNT = 3000;
const SLOW_ANSWER_MS = 15_000;
const PRE_BOOK_LIFETIME_MS = 30 * 60 * 1000;
const PRICE_INCREASE_AT_PRE_BOOK = 1.05;
const BREAKFAST_CENTS_PER_GUEST_NIGHT = 1500;
const MEALS = [
  { id: 1, name: "Room only" },
  { id: 3, name: "Breakfast" },
] as const;

/** The sandbox password: derived from the app secret, so each installation has its own. */
export function sandboxPassword(appSecret: string): string {
  return createHmac("sha256", appSecret).update("supplier-sandbox").digest("hex").slice(0, 16);
}

/** Every parameter each method lists; the real API fails a call that leaves one out. */
const METHODS: Record<string, { service: "StaticXMLAPI" | "NonStaticXMLAPI"; params: readonly string[] }> = {
  GetLanguages: { service: "StaticXMLAPI", params: [] },
  GetMeals: { service: "StaticXMLAPI", params: ["language"] },
  GetStaticHotelsAndRooms: {
    service: "StaticXMLAPI",
    params: ["language", "destination", "hotelIds", "resortIds", "accommodationTypes", "sortBy", "sortOrder", "exactDestinationMatch"],
  },
  SearchV3: {
    service: "NonStaticXMLAPI",
    params: [
      "language",
      "currencies",
      "checkInDate",
      "checkOutDate",
      "numberOfRooms",
      "destination",
      "destinationID",
      "hotelIDs",
      "resortIDs",
      "accommodationTypes",
      "numberOfAdults",
      "numberOfChildren",
      "childrenAges",
      "infant",
      "sortBy",
      "sortOrder",
      "exactDestinationMatch",
      "blockSuperdeal",
      "mealIds",
      "showCoordinates",
      "showReviews",
      "referencePointLatitude",
      "referencePointLongitude",
      "maxDistanceFromReferencePoint",
      "minStarRating",
      "maxStarRating",
      "featureIds",
      "minPrice",
      "maxPrice",
      "themeIds",
      "excludeSharedRooms",
      "excludeSharedFacilities",
      "prioritizedHotelIds",
      "totalRoomsInBatch",
      "paymentMethodId",
      "customerCountry",
      "b2c",
      "showRoomTypeName",
    ],
  },
  PreBookV3: {
    service: "NonStaticXMLAPI",
    params: [
      "currency",
      "language",
      "checkInDate",
      "checkOutDate",
      "rooms",
      "adults",
      "children",
      "childrenAges",
      "infant",
      "mealId",
      "customerCountry",
      "b2c",
      "searchPrice",
      "roomId",
      "hotelId",
      "roomtypeId",
      "blockSuperDeal",
      "showPriceBreakdown",
    ],
  },
  BookV3: {
    service: "NonStaticXMLAPI",
    params: [
      "currency",
      "language",
      "email",
      "checkInDate",
      "checkOutDate",
      "roomId",
      "rooms",
      "adults",
      "children",
      "infant",
      "yourRef",
      "specialrequest",
      "mealId",
      ...numbered("adultGuest", ["FirstName", "LastName"]),
      ...numbered("childrenGuest", ["FirstName", "LastName"]),
      ...numbered("childrenGuestAge", [""]),
      "paymentMethodId",
      "creditCardType",
      "creditCardNumber",
      "creditCardHolder",
      "creditCardCVV2",
      "creditCardExpYear",
      "creditCardExpMonth",
      "customerEmail",
      "invoiceRef",
      "customerCountry",
      "b2c",
      "commissionAmountInHotelCurrency",
      "preBookCode",
    ],
  },
  CancelBooking: { service: "NonStaticXMLAPI", params: ["bookingID", "language"] },
  GetBookingInformationV3: {
    service: "NonStaticXMLAPI",
    params: ["language", "bookingID", "reference", "createdDateFrom", "createdDateTo", "arrivalDateFrom", "arrivalDateTo", "showGuests"],
  },
};

function numbered(prefix: string, suffixes: string[]): string[] {
  return Array.from({ length: 9 }, (_, i) => suffixes.map((s) => `${prefix}${i + 1}${s}`)).flat();
}

/** The parameters a method requires, for tests of our request building. */
export function sandboxMethodParameters(method: string): readonly string[] | undefined {
  return METHODS[method]?.params;
}

// ---------------------------------------------------------------------------
// Catalogue
// ---------------------------------------------------------------------------

interface SandboxHotel extends GeneratedHotel {
  id: number;
  destinationId: number;
  cityKey: string;
  countryKey: string;
}

let catalogue: SandboxHotel[] | undefined;

/** Built on first use and kept: a few thousand hotels take about half a second. */
function hotels(): SandboxHotel[] {
  if (catalogue) return catalogue;
  const destinationIds = new Map<string, number>();
  catalogue = Array.from({ length: SANDBOX_HOTEL_COUNT }, (_, index) => {
    const generated = generateHotel(index, SANDBOX_SEED);
    const place = `${generated.hotel.city}|${generated.hotel.countryCode}`;
    if (!destinationIds.has(place)) destinationIds.set(place, destinationIds.size + 1);
    return {
      ...generated,
      id: index + 1,
      destinationId: destinationIds.get(place)!,
      cityKey: fold(generated.hotel.city),
      countryKey: fold(generated.hotel.country),
    };
  });
  return catalogue;
}

function fold(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().trim();
}

/** Room type i of hotel h has id h*10+i, and its one sellable room id (roomtype*10)+1. */
function roomTypeId(hotelId: number, index: number): number {
  return hotelId * 10 + index;
}
function roomIdOf(roomTypeIdValue: number): number {
  return roomTypeIdValue * 10 + 1;
}
function findRoom(roomId: number): { hotel: SandboxHotel; index: number } | null {
  if (!Number.isInteger(roomId) || roomId % 10 !== 1) return null;
  const typeId = Math.floor(roomId / 10);
  const hotel = hotels()[Math.floor(typeId / 10) - 1];
  const index = typeId % 10;
  return hotel && hotel.roomTypes[index] ? { hotel, index } : null;
}

// ---------------------------------------------------------------------------
// XML
// ---------------------------------------------------------------------------

type Node = string | null | undefined | false;

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&${{ "<": "lt", ">": "gt", "&": "amp", '"': "quot", "'": "apos" }[c]};`);
}

/** One element; string children that are not elements are escaped text. */
function el(name: string, attrs: Record<string, string | number> | null, ...children: Node[]): string {
  const attributes = attrs
    ? Object.entries(attrs)
        .map(([k, v]) => ` ${k}="${escapeXml(String(v))}"`)
        .join("")
    : "";
  const body = children.filter((c): c is string => typeof c === "string").join("");
  return body ? `<${name}${attributes}>${body}</${name}>` : `<${name}${attributes}/>`;
}
function text(name: string, value: string | number | null | undefined): string {
  return el(name, null, value === null || value === undefined ? "" : escapeXml(String(value)));
}
function document(root: string, ...children: Node[]): string {
  return `<?xml version="1.0" encoding="utf-8"?>${el(root, { xmlns: SANDBOX_NAMESPACE }, ...children)}`;
}
function money(cents: number): string {
  return (cents / 100).toFixed(2);
}

export interface SandboxAnswer {
  status: number;
  xml: string;
  /** Wait this long before answering (the "Slow" guest). */
  delayMs: number;
  /** The caller's user name or password was wrong (failed attempts are rate-limited). */
  authFailed?: boolean;
}

/** Compares two secrets in time independent of where they differ (hashes first, so lengths match too). */
function sameSecret(given: string | null, expected: string): boolean {
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(given ?? ""), digest(expected)) && given !== null;
}

class SandboxError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly status = 200,
    readonly code?: number,
  ) {
    super(message);
  }
}

// ---------------------------------------------------------------------------
// The service
// ---------------------------------------------------------------------------

interface StayRequest {
  checkIn: string;
  checkOut: string;
  nights: number;
  rooms: number;
  adults: number;
  children: number;
}

interface PreBooked extends StayRequest {
  roomId: number;
  mealId: number;
  priceCents: number;
  expires: number;
}

/** A booking the sandbox made. */
export interface SandboxBooking {
  bookingNumber: number;
  yourRef: string;
  hotelId: number;
  roomTypeName: string;
  mealId: number;
  checkIn: string;
  checkOut: string;
  priceCents: number;
  /** YYYY-MM-DD */
  createdAt: string;
  active: boolean;
  guests: string[];
  email: string;
}

/** Where the sandbox keeps its bookings: in memory (tests), or the app's database (see sandbox-store.ts). */
export interface SandboxBookingStore {
  add(booking: Omit<SandboxBooking, "bookingNumber">): Promise<SandboxBooking>;
  /** Cancels an active booking: 'cancelled', or why not. */
  cancel(bookingNumber: number): Promise<"cancelled" | "not-found" | "already-cancelled">;
  find(filter: { bookingNumber?: number; yourRef?: string }): Promise<SandboxBooking[]>;
}

export function memorySandboxStore(): SandboxBookingStore {
  const bookings = new Map<number, SandboxBooking>();
  let next = 7_000_001;
  return {
    async add(booking) {
      const stored = { ...booking, bookingNumber: next++ };
      bookings.set(stored.bookingNumber, stored);
      return stored;
    },
    async cancel(bookingNumber) {
      const booking = bookings.get(bookingNumber);
      if (!booking) return "not-found";
      if (!booking.active) return "already-cancelled";
      booking.active = false;
      return "cancelled";
    },
    async find(filter) {
      return [...bookings.values()].filter(
        (b) =>
          (filter.bookingNumber === undefined || b.bookingNumber === filter.bookingNumber) &&
          (filter.yourRef === undefined || b.yourRef === filter.yourRef),
      );
    },
  };
}

/**
 * One sandbox with its own bookings; `handle` answers one call. Photos are the app's own generated
 * images, addressed from `publicUrl` as a supplier's would be from its image host.
 */
export function createWholesalerSandbox(options: { appSecret: string; publicUrl: string; now?: () => Date; store?: SandboxBookingStore }) {
  const { appSecret, publicUrl } = options;
  const now = options.now ?? (() => new Date());
  const password = sandboxPassword(appSecret);
  const signingKey = createHmac("sha256", appSecret).update("supplier-sandbox-prebook").digest();
  const bookings = options.store ?? memorySandboxStore();

  function sign(payload: string): string {
    return createHmac("sha256", signingKey).update(payload).digest("base64url");
  }

  function preBookCode(p: PreBooked): string {
    const payload = Buffer.from(JSON.stringify(p)).toString("base64url");
    return `${payload}.${sign(payload)}`;
  }

  function readPreBookCode(code: string): PreBooked {
    const [payload, signature] = code.split(".");
    const expected = payload ? Buffer.from(sign(payload)) : null;
    if (!payload || !signature || !expected || expected.length !== signature.length || !timingSafeEqual(expected, Buffer.from(signature))) {
      throw new SandboxError("InvalidPreBookCode", "The PreBookCode is not valid");
    }
    const parsed = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as PreBooked;
    if (parsed.expires < now().getTime()) throw new SandboxError("PreBookCodeExpired", "The PreBookCode has expired; pre-book again");
    return parsed;
  }

  function stayFrom(form: URLSearchParams, names: { rooms: string; adults: string; children: string }): StayRequest {
    const checkIn = form.get("checkInDate") ?? "";
    const checkOut = form.get("checkOutDate") ?? "";
    if (!isIsoDate(checkIn) || !isIsoDate(checkOut)) throw new SandboxError("InvalidParameter", "Dates must be yyyy-MM-dd");
    const nights = countNights(checkIn, checkOut);
    if (nights < 1 || nights > 30) throw new SandboxError("InvalidParameter", "checkOutDate must be 1 to 30 days after checkInDate");
    const rooms = whole(form, names.rooms, 1, 9);
    const adults = whole(form, names.adults, 1, 36);
    const children = form.get(names.children) ? whole(form, names.children, 0, 9) : 0;
    return { checkIn, checkOut, nights, rooms, adults, children };
  }

  function mealsFor(hotel: SandboxHotel): readonly (typeof MEALS)[number][] {
    // Where breakfast is part of the rate, it is the only board sold.
    return hotel.hotel.breakfast ? MEALS.filter((m) => m.id === 3) : MEALS;
  }

  function stayPriceCents(hotel: SandboxHotel, index: number, mealId: number, stay: StayRequest): number {
    const room = hotel.roomTypes[index]!;
    const breakfast =
      mealId === 3 && !hotel.hotel.breakfast ? BREAKFAST_CENTS_PER_GUEST_NIGHT * (stay.adults + stay.children) * stay.nights : 0;
    return room.priceCents * stay.nights * stay.rooms + breakfast;
  }

  function fits(hotel: SandboxHotel, index: number, stay: StayRequest): boolean {
    return hotel.roomTypes[index]!.maxGuests * stay.rooms >= stay.adults + stay.children;
  }

  function cancellationPolicies(hotel: SandboxHotel): string {
    const days = hotel.hotel.freeCancellationDays;
    return el(
      "cancellation_policies",
      null,
      el("cancellation_policy", null, text("deadline", days > 0 ? days * 24 : null), text("percentage", 100)),
    );
  }

  function searchV3(form: URLSearchParams): string {
    const stay = stayFrom(form, { rooms: "numberOfRooms", adults: "numberOfAdults", children: "numberOfChildren" });
    const destination = fold(form.get("destination") ?? "");
    const hotelIds = ids(form.get("hotelIDs") ?? "");
    if (!destination && hotelIds.length === 0) throw new SandboxError("InvalidParameter", "Give a destination or hotelIDs");
    const exact = form.get("exactDestinationMatch") === "1" || form.get("exactDestinationMatch") === "true";
    const matches =
      hotelIds.length > 0
        ? hotelIds.map((id) => hotels()[id - 1]).filter((h): h is SandboxHotel => Boolean(h))
        : hotels().filter((h) =>
            exact
              ? h.cityKey === destination || h.countryKey === destination
              : h.cityKey.includes(destination) || h.countryKey.includes(destination),
          );
    const hotelNodes = matches.map((hotel) => {
      const roomTypes = hotel.roomTypes
        .map((room, index) => ({ room, index }))
        .filter(({ index }) => fits(hotel, index, stay))
        .map(({ room, index }) => {
          const typeId = roomTypeId(hotel.id, index);
          const meals = mealsFor(hotel).map((meal) => {
            const discount = room.originalPriceCents ? (room.originalPriceCents - room.priceCents) * stay.nights * stay.rooms : 0;
            return el(
              "meal",
              null,
              text("id", meal.id),
              el("prices", null, el("price", { currency: "USD" }, money(stayPriceCents(hotel, index, meal.id, stay)))),
              discount > 0
                ? el("discount", null, el("amounts", null, el("amount", { currency: "USD" }, money(discount))))
                : el("discount", null),
            );
          });
          return el(
            "roomtype",
            null,
            text("roomtype.ID", typeId),
            form.get("showRoomTypeName") === "1" || form.get("showRoomTypeName") === "true" ? text("roomtype.Name", room.name) : null,
            el(
              "rooms",
              null,
              el(
                "room",
                null,
                text("id", roomIdOf(typeId)),
                text("beds", room.maxGuests),
                text("extrabeds", 0),
                el("meals", null, ...meals),
                cancellationPolicies(hotel),
                text("isSuperDeal", "false"),
                el("paymentMethods", null, el("paymentMethod", { id: 1, name: "Invoice" })),
              ),
            ),
          );
        });
      if (roomTypes.length === 0) return null;
      return el(
        "hotel",
        null,
        text("hotel.id", hotel.id),
        text("destination_id", hotel.destinationId),
        text("resort_id", ""),
        el("roomtypes", null, ...roomTypes),
      );
    });
    return document("searchresult", el("hotels", null, ...hotelNodes.filter((n): n is string => n !== null)));
  }

  function staticHotels(form: URLSearchParams): string {
    const wanted = ids(form.get("hotelIds") ?? "");
    const destination = fold(form.get("destination") ?? "");
    if (wanted.length === 0 && !destination) throw new SandboxError("InvalidParameter", "Give a destination or hotelIds");
    const matches =
      wanted.length > 0
        ? wanted.map((id) => hotels()[id - 1]).filter((h): h is SandboxHotel => Boolean(h))
        : hotels().filter((h) => h.cityKey === destination || h.countryKey === destination);
    const image = (path: string) => el("image", null, el("fullSizeImage", { url: `${publicUrl}${path}` }));
    const feature = (name: string, i: number) => el("feature", { id: i + 1, name });
    const nodes = matches.map(({ id, hotel, roomTypes }) =>
      el(
        "hotel",
        null,
        text("hotel.id", id),
        text("name", hotel.name),
        text("hotel.addr.1", hotel.location),
        text("hotel.addr.city", hotel.city),
        text("hotel.addr.country", hotel.country),
        text("hotel.addr.countrycode", hotel.countryCode),
        el("coordinates", null, text("latitude", hotel.lat), text("longitude", hotel.lng)),
        text("classification", `${hotel.starRating}*`),
        text("description", hotel.description),
        el("distances", null, el("distance", { type: "CityCentre", unit: "km" }, String(hotel.distanceFromCenterKm))),
        el("review", null, text("rating", hotel.rating), text("count", hotel.reviewCount)),
        el("images", null, ...hotel.images.map(image)),
        el("features", null, ...hotel.amenities.map(feature)),
        el(
          "roomtypes",
          null,
          ...roomTypes.map((room, index) =>
            el(
              "roomtype",
              null,
              text("roomtype.ID", roomTypeId(id, index)),
              text("name", room.name),
              text("description", room.description),
              text("bedType", room.bedType),
              text("size", room.sizeM2),
              text("maxOccupancy", room.maxGuests),
              el("images", null, ...room.images.map(image)),
              el("features", null, ...room.amenities.map(feature)),
            ),
          ),
        ),
      ),
    );
    return document("getStaticHotelsAndRoomsResult", el("hotels", null, ...nodes));
  }

  function preBookV3(form: URLSearchParams): string {
    const stay = stayFrom(form, { rooms: "rooms", adults: "adults", children: "children" });
    const roomId = Number(form.get("roomId"));
    const mealId = Number(form.get("mealId"));
    const found = findRoom(roomId);
    if (!found) throw new SandboxError("RoomNotFound", "Room no longer available");
    const { hotel, index } = found;
    if (!mealsFor(hotel).some((m) => m.id === mealId)) throw new SandboxError("InvalidParameter", "That meal is not sold with this room");
    if (!fits(hotel, index, stay)) throw new SandboxError("InvalidParameter", "The room does not sleep that many guests");
    const base = stayPriceCents(hotel, index, mealId, stay);
    const priceCents = hotel.id % 10 === 3 ? Math.round(base * PRICE_INCREASE_AT_PRE_BOOK) : base;
    const code = preBookCode({ ...stay, roomId, mealId, priceCents, expires: now().getTime() + PRE_BOOK_LIFETIME_MS });
    const searchPrice = Number(form.get("searchPrice"));
    const changed = Number.isFinite(searchPrice) && form.get("searchPrice") !== "" && Math.round(searchPrice * 100) !== priceCents;
    return document(
      "preBookResultWithTaxAndFees",
      text("PreBookCode", code),
      el("Price", { currency: "USD" }, money(priceCents)),
      el("Tax", { currency: "USD" }, "0.00"),
      el("Fees", null),
      el("Notes", null, changed ? el("Note", null, text("text", "The price has changed since the search")) : null),
      el("CancellationPolicies", null, cancellationPolicies(hotel)),
    );
  }

  async function bookV3(form: URLSearchParams): Promise<SandboxAnswer> {
    const pre = readPreBookCode(form.get("preBookCode") ?? "");
    const stay = stayFrom(form, { rooms: "rooms", adults: "adults", children: "children" });
    if (
      pre.roomId !== Number(form.get("roomId")) ||
      pre.mealId !== Number(form.get("mealId")) ||
      pre.checkIn !== stay.checkIn ||
      pre.checkOut !== stay.checkOut ||
      pre.rooms !== stay.rooms ||
      pre.adults !== stay.adults
    ) {
      throw new SandboxError("InvalidParameter", "The booking does not match the PreBookCode");
    }
    const yourRef = form.get("yourRef") ?? "";
    const email = form.get("email") ?? "";
    if (!email) throw new SandboxError("InvalidParameter", "email is required");
    const guests = Array.from(
      { length: 9 },
      (_, i) => [form.get(`adultGuest${i + 1}FirstName`) ?? "", form.get(`adultGuest${i + 1}LastName`) ?? ""] as const,
    ).filter(([first, last]) => first || last);
    if (guests.length === 0) throw new SandboxError("InvalidParameter", "Give the name of at least one adult guest");
    const lastNames = guests.map(([, last]) => last.trim().toLowerCase());
    if (lastNames.includes("fail")) throw new SandboxError("BookingFailed", "Room no longer available");
    const { hotel, index } = findRoom(pre.roomId)!;
    const booking = await bookings.add({
      yourRef,
      hotelId: hotel.id,
      roomTypeName: hotel.roomTypes[index]!.name,
      mealId: pre.mealId,
      checkIn: pre.checkIn,
      checkOut: pre.checkOut,
      priceCents: pre.priceCents,
      createdAt: now().toISOString().slice(0, 10),
      active: true,
      guests: guests.map(([first, last]) => `${first} ${last}`.trim()),
      email,
    });
    const days = hotel.hotel.freeCancellationDays;
    const xml = document(
      "bookResult",
      el(
        "booking",
        null,
        text("bookingnumber", booking.bookingNumber),
        text("hotel.id", hotel.id),
        text("hotel.name", hotel.hotel.name),
        text("hotel.address", hotel.hotel.location),
        text("room.type", booking.roomTypeName),
        text("mealId", booking.mealId),
        text("checkindate", booking.checkIn),
        text("checkoutdate", booking.checkOut),
        el("prices", null, el("price", { currency: "USD" }, money(booking.priceCents))),
        cancellationPolicies(hotel),
        text("earliestNonFreeCancellationDate.CET", days > 0 ? addDays(booking.checkIn, -days) : booking.createdAt),
        text("yourref", yourRef),
        text("voucher", `SBX-${booking.bookingNumber}`),
        el("paymentmethod", { id: 1, name: "Invoice" }),
      ),
    );
    // The booking is made either way; a slow answer is what a timeout looks like to the caller.
    return { status: 200, xml, delayMs: lastNames.includes("slow") ? SLOW_ANSWER_MS : 0 };
  }

  async function cancelBooking(form: URLSearchParams): Promise<string> {
    const outcome = await bookings.cancel(Number(form.get("bookingID")));
    if (outcome === "not-found") throw new SandboxError("BookingNotFound", "No booking with that bookingID");
    if (outcome === "already-cancelled")
      throw new SandboxError("BookingAlreadyCancelledException", "The booking is already cancelled", 200, -2);
    return document(
      "result",
      text("Code", 1),
      el("CancellationPaymentMethod", { id: 1, name: "Invoice" }, el("cancellationfee", { currency: "USD" }, "0.00")),
    );
  }

  async function bookingInformation(form: URLSearchParams): Promise<string> {
    const bookingId = form.get("bookingID") ?? "";
    const reference = form.get("reference") ?? "";
    if (!bookingId && !reference) throw new SandboxError("InvalidParameter", "Give a bookingID or a reference");
    const number = Number(bookingId);
    if (bookingId && !Number.isSafeInteger(number)) return document("getBookingInformationResult", el("bookings", null));
    const found = (
      await bookings.find({ ...(bookingId ? { bookingNumber: number } : {}), ...(reference ? { yourRef: reference } : {}) })
    ).map((b) => ({
      ...b,
      hotel: hotels()[b.hotelId - 1]!,
    }));
    const showGuests = form.get("showGuests") === "1" || form.get("showGuests") === "true";
    return document(
      "getBookingInformationResult",
      el(
        "bookings",
        null,
        ...found.map((b) =>
          el(
            "booking",
            null,
            text("bookingnumber", b.bookingNumber),
            text("yourref", b.yourRef),
            text("bookingStatus", b.active ? "Active" : "NotActive"),
            text("hotel.id", b.hotel.id),
            text("hotel.name", b.hotel.hotel.name),
            text("room.type", b.roomTypeName),
            text("mealId", b.mealId),
            text("checkindate", b.checkIn),
            text("checkoutdate", b.checkOut),
            el("prices", null, el("price", { currency: "USD" }, money(b.priceCents))),
            text("bookingdate", b.createdAt),
            showGuests ? el("guests", null, ...b.guests.map((g) => text("guest", g))) : null,
          ),
        ),
      ),
    );
  }

  async function dispatch(method: string, form: URLSearchParams): Promise<SandboxAnswer> {
    const answer = (xml: string): SandboxAnswer => ({ status: 200, xml, delayMs: 0 });
    switch (method) {
      case "GetLanguages":
        return answer(
          document(
            "languages",
            ...[
              ["en", "English"],
              ["fr", "French"],
              ["de", "German"],
              ["es", "Spanish"],
            ].map(([code, name]) => el("language", null, text("isoCode", code), text("name", name))),
          ),
        );
      case "GetMeals":
        return answer(
          document("getMealsResult", el("meals", null, ...MEALS.map((m) => el("meal", null, text("id", m.id), text("name", m.name))))),
        );
      case "GetStaticHotelsAndRooms":
        return answer(staticHotels(form));
      case "SearchV3":
        return answer(searchV3(form));
      case "PreBookV3":
        return answer(preBookV3(form));
      case "BookV3":
        return bookV3(form);
      case "CancelBooking":
        return answer(await cancelBooking(form));
      default:
        return answer(await bookingInformation(form));
    }
  }

  return {
    async handle(service: string, method: string, form: URLSearchParams): Promise<SandboxAnswer> {
      try {
        const spec = METHODS[method];
        if (!spec || spec.service !== service) throw new SandboxError("UnknownMethod", `${service} has no method ${method}`, 404);
        // Both compared, always: which of the two was wrong must not show in the time taken.
        const userOk = sameSecret(form.get("userName"), SANDBOX_USERNAME);
        const passwordOk = sameSecret(form.get("password"), password);
        if (!userOk || !passwordOk) {
          throw new SandboxError("Authentication", "Invalid username or password");
        }
        const missing = spec.params.find((p) => !form.has(p));
        if (missing) throw new SandboxError("MissingParameter", `Missing parameter: ${missing}`, 500);
        return await dispatch(method, form);
      } catch (error) {
        if (!(error instanceof SandboxError)) throw error;
        const xml = document(
          "Error",
          text("ErrorType", error.type),
          text("Message", error.message),
          error.code === undefined ? null : text("Code", error.code),
        );
        return { status: error.status, xml, delayMs: 0, ...(error.type === "Authentication" ? { authFailed: true } : {}) };
      }
    },
  };
}

function whole(form: URLSearchParams, name: string, min: number, max: number): number {
  const value = Number(form.get(name));
  if (!Number.isInteger(value) || value < min || value > max)
    throw new SandboxError("InvalidParameter", `${name} must be a whole number from ${min} to ${max}`);
  return value;
}

function ids(list: string): number[] {
  return list
    .split(",")
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
}
