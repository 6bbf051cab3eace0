/**
 * The external wholesaler (the spec's XML supplier) as a hotel supplier: search and hotel detail
 * through SearchV3 plus cached static content, and the booking-side calls (price check, book,
 * cancel, look-up by our reference) for the booking flow. Credentials are read on every call, so
 * switching the active environment in Admin > API Settings takes effect at once.
 */
import { amenityFlagsOf } from "../../../shared/amenities.ts";
import { countNights } from "../../../shared/dates.ts";
import type { HotelDetail, HotelSummary, RoomOffer } from "../../../shared/search.ts";
import { type Stay, discountPercent } from "../../../shared/search-options.ts";
import type { Logger } from "../../logger.ts";
import { currentRequest } from "../../request-context.ts";
import { WholesalerError } from "../wholesaler/wholesaler-client.ts";
import type { SupplierUrlPolicy } from "../wholesaler/supplier-url-policy.ts";
import {
  type ActiveCredentials,
  type CallPolicy,
  type SupplierCallFailure,
  createWholesalerConnection,
} from "../wholesaler/wholesaler-connection.ts";
import {
  type BookingInformation,
  type CancellationRule,
  type SearchHotel,
  type SearchMeal,
  type SearchRoom,
  type StaticHotel,
  bookV3Params,
  bookingInformationParams,
  cancelBookingParams,
  mealsParams,
  parseBook,
  parseBookingInformation,
  parseCancel,
  parseMeals,
  parsePreBook,
  parseSearchResult,
  parseStaticHotels,
  preBookV3Params,
  searchV3Params,
  staticHotelsParams,
} from "../wholesaler/wholesaler-protocol.ts";
import {
  COMPARE_HOTELS,
  type HotelCatalogSupplier,
  type SupplierSearch,
  type SupplierSearchResult,
  matchesFilters,
} from "./hotel-supplier.ts";

export const WHOLESALER_ID = "wholesaler";
const HOTEL_ID = /^wh-(\d{1,12})$/;
const ROOM_OFFER_ID = /^wh-(\d{1,15})-(\d{1,6})$/;
export const NOT_CONFIGURED_MESSAGE = "No active API configuration found. Please configure in Admin > API Settings.";

export interface WholesalerTimeouts {
  searchMs: number;
  staticMs: number;
  preBookMs: number;
  bookMs: number;
  cancelMs: number;
  lookupMs: number;
}

const DEFAULT_TIMEOUTS: WholesalerTimeouts = {
  searchMs: 8_000,
  staticMs: 15_000,
  preBookMs: 15_000,
  bookMs: 45_000,
  cancelMs: 20_000,
  lookupMs: 15_000,
};
const READ_RETRIES = 2;
/** Static content (names, photos) changes rarely and is slow to fetch. */
const STATIC_TTL_MS = 6 * 60 * 60 * 1000;
/** Paging, sorting and filtering the same search re-use one supplier answer; pre-book re-checks the price. */
const SEARCH_TTL_MS = 60 * 1000;
const MAX_CACHED_STATIC_HOTELS = 50_000;
const MAX_CACHED_SEARCHES = 500;

export interface WholesalerSupplierOptions {
  /** The active environment's credentials, or null when no environment is active. */
  activeCredentials: () => Promise<ActiveCredentials | null>;
  /**
   * One environment's stored credentials. A booking is made, looked up and cancelled in the
   * environment that priced it, even after an admin switches the active one.
   */
  environmentCredentials?: (environment: string) => Promise<ActiveCredentials | null>;
  logger: Logger;
  /** Every supplier call that finally failed (recorded for API Diagnostics). */
  onFailure?: (failure: SupplierCallFailure) => void;
  timeouts?: Partial<WholesalerTimeouts>;
  retryBackoffMs?: number;
  breaker?: { failureThreshold: number; openMs: number };
  /** Unverified protocol point: whether PreBook/Book prices are in cents rather than currency units. */
  bookingPricesInCents?: boolean;
  now?: () => number;
  /** Which supplier URLs may be called (SUPPLIER_HOSTS and the sandbox). */
  urlPolicy?: SupplierUrlPolicy;
}

export interface PriceCheckInput {
  /** A RoomOffer id from getHotel: `wh-{roomId}-{mealId}`. */
  roomOfferId: string;
  stay: Stay;
  /** The nightly price per room the guest was shown (RoomOffer.priceCents). */
  shownNightlyPriceCents: number;
}

export type PriceCheckResult =
  | {
      status: "available";
      environment: string;
      /** Pass to `book`; the supplier holds the price for it (lifetime unverified, others assume 30 min). */
      preBookCode: string;
      /** The supplier's price for the whole stay, every room. */
      totalPriceCents: number;
      /** The same, per night and room, comparable with what the guest was shown. */
      nightlyPriceCents: number;
      currency: string;
      priceChanged: boolean;
      /** The guest must accept the new price before paying. */
      priceIncreased: boolean;
      freeCancellationDays: number;
      notes: string[];
    }
  | { status: "unavailable"; environment: string; reason: string };

export interface BookInput {
  /** The environment that priced the room (PriceCheckResult.environment). */
  environment: string;
  roomOfferId: string;
  stay: Stay;
  preBookCode: string;
  /** Our booking reference; the supplier stores it, so a timed-out booking can be found. */
  yourRef: string;
  email: string;
  /** Adult guests, lead guest first; at least one. */
  guests: { firstName: string; lastName: string }[];
  specialRequest?: string;
}

export type BookResult =
  | {
      status: "confirmed";
      environment: string;
      bookingNumber: string;
      totalPriceCents: number;
      currency: string;
      voucher: string;
      freeCancellationUntil: string | null;
    }
  /** The supplier refused, or the call never left: certainly not booked, safe to refund. */
  | { status: "failed"; environment: string | null; errorType: string; reason: string }
  /** No clear answer (timeout, cut-off reply): look up by reference before doing anything else. */
  | { status: "unknown"; environment: string; errorType: string; reason: string };

export type CancelResult = { status: "cancelled"; alreadyCancelled: boolean; feeCents: number; environment: string };

export interface LookupResult {
  environment: string;
  bookings: BookingInformation[];
}

export interface DiagnosticSearchResult {
  environment: string;
  apiUrl: string;
  hotels: HotelSummary[];
}

export interface WholesalerSupplier extends HotelCatalogSupplier {
  /** A search of the active environment straight from the supplier (no cache), failures thrown. */
  diagnosticSearch(destination: string, stay: Stay): Promise<DiagnosticSearchResult>;
  /** PreBookV3: the current price of a room offer, and a code that holds it for `book`. */
  priceCheck(input: PriceCheckInput): Promise<PriceCheckResult>;
  /** BookV3 in the given environment, sent exactly once (never retried: the API has no idempotency key). */
  book(input: BookInput): Promise<BookResult>;
  /** CancelBooking in the environment that booked; a booking that is already cancelled counts as cancelled. */
  cancel(bookingNumber: string, environment?: string): Promise<CancelResult>;
  /** GetBookingInformationV3 by our reference (yourRef): the check before retrying a timed-out book. */
  lookupByReference(yourRef: string, environment?: string): Promise<LookupResult>;
}

interface Cached<T> {
  value: T;
  expires: number;
}

/** Hotels from the wholesaler's XML API; ids are `wh-{supplier hotel id}`. */
export function createWholesalerSupplier(options: WholesalerSupplierOptions): WholesalerSupplier {
  const now = options.now ?? Date.now;
  const timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  const inCents = options.bookingPricesInCents ?? false;
  const connection = createWholesalerConnection({
    logger: options.logger,
    now,
    ...(options.onFailure ? { onFailure: options.onFailure } : {}),
    ...(options.retryBackoffMs !== undefined ? { retryBackoffMs: options.retryBackoffMs } : {}),
    ...(options.breaker ? { breaker: options.breaker } : {}),
    ...(options.urlPolicy ? { urlPolicy: options.urlPolicy } : {}),
  });
  const staticCache = new Map<string, Cached<StaticHotel>>();
  const mealCache = new Map<string, Cached<Map<number, string>>>();
  const searchCache = new Map<string, Cached<Promise<SearchHotel[]>>>();
  const read = (budgetMs: number): CallPolicy => ({ budgetMs, retries: READ_RETRIES });
  const once = (budgetMs: number): CallPolicy => ({ budgetMs, retries: 0 });

  /** The named environment's credentials (falling back to the active one when it is that environment), else the active one's. */
  async function credentialsFor(environment?: string): Promise<ActiveCredentials | null> {
    if (environment === undefined) return options.activeCredentials();
    const stored = options.environmentCredentials ? await options.environmentCredentials(environment) : null;
    if (stored) return stored;
    const active = await options.activeCredentials();
    return active?.environment === environment ? active : null;
  }

  async function credentialsOrThrow(environment?: string): Promise<ActiveCredentials> {
    const credentials = await credentialsFor(environment);
    if (!credentials) throw new WholesalerError(NOT_CONFIGURED_MESSAGE, "NotConfigured");
    return credentials;
  }

  function accountKey(credentials: ActiveCredentials): string {
    return `${credentials.apiUrl}|${credentials.username}`;
  }

  /** One SearchV3 answer per (account, place, stay), shared while fresh and by concurrent callers. */
  function searchOffers(
    credentials: ActiveCredentials,
    where: { destination: string; hotelIds: number[] },
    stay: Stay,
    fresh = false,
  ): Promise<SearchHotel[]> {
    const key = [
      accountKey(credentials),
      where.destination.toLowerCase(),
      where.hotelIds.join(","),
      stay.checkIn,
      stay.checkOut,
      stay.rooms,
      stay.guests,
      stay.childAges.join(","),
    ].join("|");
    const hit = searchCache.get(key);
    if (hit && hit.expires > now() && !fresh) return hit.value;
    const value = connection
      .call(credentials, "NonStaticXMLAPI", "SearchV3", searchV3Params({ ...where, ...party(stay) }), read(timeouts.searchMs))
      .then(parseSearchResult);
    value.catch(() => searchCache.delete(key));
    remember(searchCache, key, { value, expires: now() + SEARCH_TTL_MS }, MAX_CACHED_SEARCHES);
    return value;
  }

  async function staticContent(credentials: ActiveCredentials, hotelIds: number[]): Promise<Map<number, StaticHotel>> {
    const account = accountKey(credentials);
    const found = new Map<number, StaticHotel>();
    const missing: number[] = [];
    for (const id of hotelIds) {
      const hit = staticCache.get(`${account}|${id}`);
      if (hit && hit.expires > now()) found.set(id, hit.value);
      else missing.push(id);
    }
    if (missing.length > 0) {
      const answer = await connection.call(
        credentials,
        "StaticXMLAPI",
        "GetStaticHotelsAndRooms",
        staticHotelsParams(missing),
        read(timeouts.staticMs),
      );
      for (const hotel of parseStaticHotels(answer)) {
        found.set(hotel.hotelId, hotel);
        remember(staticCache, `${account}|${hotel.hotelId}`, { value: hotel, expires: now() + STATIC_TTL_MS }, MAX_CACHED_STATIC_HOTELS);
      }
    }
    return found;
  }

  async function mealNames(credentials: ActiveCredentials): Promise<Map<number, string>> {
    const key = accountKey(credentials);
    const hit = mealCache.get(key);
    if (hit && hit.expires > now()) return hit.value;
    const meals = parseMeals(await connection.call(credentials, "StaticXMLAPI", "GetMeals", mealsParams(), read(timeouts.staticMs)));
    mealCache.set(key, { value: meals, expires: now() + STATIC_TTL_MS });
    return meals;
  }

  /** Offers and their static content, for hotels that have both. */
  async function priced(credentials: ActiveCredentials, where: { destination: string; hotelIds: number[] }, stay: Stay, fresh = false) {
    const offers = (await searchOffers(credentials, where, stay, fresh)).filter((h) => h.rooms.some((r) => r.meals.length > 0));
    if (offers.length === 0) return [];
    const content = await staticContent(
      credentials,
      offers.map((h) => h.hotelId),
    );
    const complete = offers.flatMap((offer) => {
      const hotel = content.get(offer.hotelId);
      return hotel ? [{ offer, hotel }] : [];
    });
    if (complete.length < offers.length) {
      options.logger.warn(
        { requestId: currentRequest()?.requestId, supplier: WHOLESALER_ID, missing: offers.length - complete.length },
        "wholesaler hotels without static content left out",
      );
    }
    return complete;
  }

  return {
    id: WHOLESALER_ID,

    ownsHotelId(hotelId) {
      return HOTEL_ID.test(hotelId);
    },

    async search(criteria: SupplierSearch): Promise<SupplierSearchResult> {
      const credentials = await options.activeCredentials();
      // No environment active: the supplier is simply not in use. An empty destination (the home
      // page's browse) is not worth a slow supplier call per popular city.
      if (!credentials || !criteria.destination.trim()) return { hotels: [], total: 0 };
      const needsDistance = criteria.sort === "distance" || criteria.minDistanceKm > 0 || criteria.maxDistanceKm !== null;
      const hotels = (await priced(credentials, { destination: criteria.destination.trim(), hotelIds: [] }, criteria.stay))
        .map(({ offer, hotel }) => toSummary(hotel, offer, criteria.stay))
        .filter((h): h is HotelSummary => h !== null && matchesFilters(h, criteria) && (h.distanceFromCenterKm >= 0 || !needsDistance))
        .sort(COMPARE_HOTELS[criteria.sort]);
      return { hotels: hotels.slice(criteria.offset, criteria.offset + criteria.limit), total: hotels.length };
    },

    async getHotel(hotelId: string, stay: Stay): Promise<HotelDetail | null> {
      const match = HOTEL_ID.exec(hotelId);
      const credentials = await options.activeCredentials();
      if (!match || !credentials) return null;
      const id = Number(match[1]);
      const [content, offers, meals] = await Promise.all([
        staticContent(credentials, [id]),
        searchOffers(credentials, { destination: "", hotelIds: [id] }, stay),
        mealNames(credentials),
      ]);
      const hotel = content.get(id);
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
    },

    async diagnosticSearch(destination: string, stay: Stay): Promise<DiagnosticSearchResult> {
      const credentials = await credentialsOrThrow();
      const hotels = (await priced(credentials, { destination, hotelIds: [] }, stay, true))
        .map(({ offer, hotel }) => toSummary(hotel, offer, stay))
        .filter((h): h is HotelSummary => h !== null)
        .sort(COMPARE_HOTELS.popularity);
      return { environment: credentials.environment, apiUrl: credentials.apiUrl, hotels };
    },

    async priceCheck(input: PriceCheckInput): Promise<PriceCheckResult> {
      const credentials = await credentialsOrThrow();
      const { roomId, mealId } = parseRoomOfferId(input.roomOfferId);
      const { stay } = input;
      const nights = countNights(stay.checkIn, stay.checkOut);
      try {
        const answer = parsePreBook(
          await connection.call(
            credentials,
            "NonStaticXMLAPI",
            "PreBookV3",
            preBookV3Params(
              { ...party(stay), roomId, mealId, shownPriceCents: input.shownNightlyPriceCents * nights * stay.rooms },
              inCents,
            ),
            once(timeouts.preBookMs),
          ),
          inCents,
        );
        const nightlyPriceCents = Math.round(answer.priceCents / nights / stay.rooms);
        return {
          status: "available",
          environment: credentials.environment,
          preBookCode: answer.preBookCode,
          totalPriceCents: answer.priceCents,
          nightlyPriceCents,
          currency: answer.currency,
          priceChanged: nightlyPriceCents !== input.shownNightlyPriceCents,
          priceIncreased: nightlyPriceCents > input.shownNightlyPriceCents,
          freeCancellationDays: freeCancellationDays(answer.cancellation),
          notes: answer.notes,
        };
      } catch (error) {
        // The supplier answered and said no: the room cannot be sold as shown.
        if (error instanceof WholesalerError && !isTransportFailure(error)) {
          return { status: "unavailable", environment: credentials.environment, reason: error.message };
        }
        throw error;
      }
    },

    async book(input: BookInput): Promise<BookResult> {
      const credentials = await credentialsFor(input.environment);
      if (!credentials) return { status: "failed", environment: null, errorType: "NotConfigured", reason: NOT_CONFIGURED_MESSAGE };
      const { roomId, mealId } = parseRoomOfferId(input.roomOfferId);
      try {
        const answer = parseBook(
          await connection.call(
            credentials,
            "NonStaticXMLAPI",
            "BookV3",
            bookV3Params({
              ...party(input.stay),
              roomId,
              mealId,
              preBookCode: input.preBookCode,
              yourRef: input.yourRef,
              email: input.email,
              guests: input.guests,
              specialRequest: input.specialRequest ?? "",
            }),
            once(timeouts.bookMs),
          ),
          inCents,
        );
        return {
          status: "confirmed",
          environment: credentials.environment,
          bookingNumber: answer.bookingNumber,
          totalPriceCents: answer.priceCents,
          currency: answer.currency,
          voucher: answer.voucher,
          freeCancellationUntil: answer.freeCancellationUntil,
        };
      } catch (error) {
        const failure = error instanceof WholesalerError ? error : new WholesalerError(String(error), "Unexpected", true);
        // Refused before sending (circuit open, bad URL) or answered with an <Error>: not booked.
        const certain = !isTransportFailure(failure) || failure.type === "CircuitOpen" || failure.type === "InvalidUrl";
        return {
          status: certain ? "failed" : "unknown",
          environment: credentials.environment,
          errorType: failure.type,
          reason: failure.message,
        };
      }
    },

    async cancel(bookingNumber: string, environment?: string): Promise<CancelResult> {
      const credentials = await credentialsOrThrow(environment);
      try {
        const answer = parseCancel(
          await connection.call(
            credentials,
            "NonStaticXMLAPI",
            "CancelBooking",
            cancelBookingParams(bookingNumber),
            once(timeouts.cancelMs),
          ),
        );
        if (!answer.cancelled) throw new WholesalerError("The supplier did not confirm the cancellation", "CancelNotConfirmed");
        return { status: "cancelled", alreadyCancelled: false, feeCents: answer.feeCents, environment: credentials.environment };
      } catch (error) {
        if (error instanceof WholesalerError && /BookingAlreadyCancelled/i.test(error.type)) {
          return { status: "cancelled", alreadyCancelled: true, feeCents: 0, environment: credentials.environment };
        }
        throw error;
      }
    },

    async lookupByReference(yourRef: string, environment?: string): Promise<LookupResult> {
      const credentials = await credentialsOrThrow(environment);
      const answer = await connection.call(
        credentials,
        "NonStaticXMLAPI",
        "GetBookingInformationV3",
        bookingInformationParams({ reference: yourRef }),
        read(timeouts.lookupMs),
      );
      return {
        environment: credentials.environment,
        bookings: parseBookingInformation(answer, inCents).filter((b) => b.yourRef === yourRef),
      };
    },
  };
}

/** Failures where the supplier gave no clear answer, as opposed to an <Error> it sent. */
function isTransportFailure(error: WholesalerError): boolean {
  return (
    error.retryable || ["MalformedResponse", "EmptyResponse", "HttpError", "CircuitOpen", "InvalidUrl", "Unexpected"].includes(error.type)
  );
}

function parseRoomOfferId(roomOfferId: string): { roomId: number; mealId: number } {
  const match = ROOM_OFFER_ID.exec(roomOfferId);
  if (!match) throw new WholesalerError(`Not a wholesaler room offer: ${roomOfferId}`, "InvalidRoomOffer");
  return { roomId: Number(match[1]), mealId: Number(match[2]) };
}

/** The party as the supplier takes it: adults, and children by age (it prices them itself). */
function party(stay: Stay) {
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

function freeCancellationDays(rules: CancellationRule[]): number {
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

function toSummary(hotel: StaticHotel, offer: SearchHotel, stay: Stay): HotelSummary | null {
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

function unavailableSummary(hotel: StaticHotel): HotelSummary {
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

function toRoomOffer(hotel: StaticHotel, room: SearchRoom, meal: SearchMeal, mealNames: Map<number, string>, stay: Stay): RoomOffer {
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

/** Map insertion order doubles as age: the oldest entries go first when the cache is full. */
function remember<T>(cache: Map<string, T>, key: string, value: T, max: number): void {
  cache.delete(key);
  cache.set(key, value);
  while (cache.size > max) {
    const oldest = cache.keys().next().value;
    if (oldest === undefined) break;
    cache.delete(oldest);
  }
}
