/**
 * The wholesaler's answers we keep: search offers for a minute (shared by concurrent callers),
 * static content (names, photos, room types) and meal names for hours, per account.
 */
import type { Stay } from "../../../shared/search-options.ts";
import { currentRequest } from "../../request-context.ts";
import type { ActiveCredentials } from "../wholesaler/wholesaler-connection.ts";
import { type SearchHotel, type StaticHotel, parseMeals, parseSearchResult, parseStaticHotels } from "../wholesaler/wholesaler-answers.ts";
import { mealsParams, searchV3Params, staticHotelsParams } from "../wholesaler/wholesaler-requests.ts";
import { type WholesalerCalls, readPolicy } from "./wholesaler-calls.ts";
import { WHOLESALER_ID, party } from "./wholesaler-hotels.ts";

/** Static content (names, photos) changes rarely and is slow to fetch. */
const STATIC_TTL_MS = 6 * 60 * 60 * 1000;
/** Paging, sorting and filtering the same search re-use one supplier answer; pre-book re-checks the price. */
const SEARCH_TTL_MS = 60 * 1000;
const MAX_CACHED_STATIC_HOTELS = 50_000;
const MAX_CACHED_SEARCHES = 500;

interface Cached<T> {
  value: T;
  expires: number;
}

/** Where a search looks: a destination text, or given hotel ids. */
export interface SearchPlace {
  destination: string;
  hotelIds: number[];
}

/** One account-keyed cache of each kind, for one supplier instance. */
export interface WholesalerContent {
  calls: WholesalerCalls;
  staticCache: Map<string, Cached<StaticHotel>>;
  mealCache: Map<string, Cached<Map<number, string>>>;
  searchCache: Map<string, Cached<Promise<SearchHotel[]>>>;
}

export function createWholesalerContent(calls: WholesalerCalls): WholesalerContent {
  return { calls, staticCache: new Map(), mealCache: new Map(), searchCache: new Map() };
}

function accountKey(credentials: ActiveCredentials): string {
  return `${credentials.apiUrl}|${credentials.username}`;
}

/** One SearchV3 answer per (account, place, stay), shared while fresh and by concurrent callers. */
export function searchOffers(
  content: WholesalerContent,
  credentials: ActiveCredentials,
  where: SearchPlace,
  stay: Stay,
  fresh = false,
): Promise<SearchHotel[]> {
  const { connection, timeouts, now } = content.calls;
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
  const hit = content.searchCache.get(key);
  if (hit && hit.expires > now() && !fresh) return hit.value;
  const value = connection
    .call(credentials, "NonStaticXMLAPI", "SearchV3", searchV3Params({ ...where, ...party(stay) }), readPolicy(timeouts.searchMs))
    .then(parseSearchResult);
  value.catch(() => content.searchCache.delete(key));
  remember(content.searchCache, key, { value, expires: now() + SEARCH_TTL_MS }, MAX_CACHED_SEARCHES);
  return value;
}

export async function staticContent(
  content: WholesalerContent,
  credentials: ActiveCredentials,
  hotelIds: number[],
): Promise<Map<number, StaticHotel>> {
  const { connection, timeouts, now } = content.calls;
  const account = accountKey(credentials);
  const found = new Map<number, StaticHotel>();
  const missing: number[] = [];
  for (const id of hotelIds) {
    const hit = content.staticCache.get(`${account}|${id}`);
    if (hit && hit.expires > now()) found.set(id, hit.value);
    else missing.push(id);
  }
  if (missing.length > 0) {
    const answer = await connection.call(
      credentials,
      "StaticXMLAPI",
      "GetStaticHotelsAndRooms",
      staticHotelsParams(missing),
      readPolicy(timeouts.staticMs),
    );
    for (const hotel of parseStaticHotels(answer)) {
      found.set(hotel.hotelId, hotel);
      remember(
        content.staticCache,
        `${account}|${hotel.hotelId}`,
        { value: hotel, expires: now() + STATIC_TTL_MS },
        MAX_CACHED_STATIC_HOTELS,
      );
    }
  }
  return found;
}

export async function mealNames(content: WholesalerContent, credentials: ActiveCredentials): Promise<Map<number, string>> {
  const { connection, timeouts, now } = content.calls;
  const key = accountKey(credentials);
  const hit = content.mealCache.get(key);
  if (hit && hit.expires > now()) return hit.value;
  const meals = parseMeals(await connection.call(credentials, "StaticXMLAPI", "GetMeals", mealsParams(), readPolicy(timeouts.staticMs)));
  content.mealCache.set(key, { value: meals, expires: now() + STATIC_TTL_MS });
  return meals;
}

/** Offers and their static content, for hotels that have both. */
export async function pricedHotels(
  content: WholesalerContent,
  credentials: ActiveCredentials,
  where: SearchPlace,
  stay: Stay,
  fresh = false,
): Promise<{ offer: SearchHotel; hotel: StaticHotel }[]> {
  const offers = (await searchOffers(content, credentials, where, stay, fresh)).filter((h) => h.rooms.some((r) => r.meals.length > 0));
  if (offers.length === 0) return [];
  const statics = await staticContent(
    content,
    credentials,
    offers.map((h) => h.hotelId),
  );
  const complete = offers.flatMap((offer) => {
    const hotel = statics.get(offer.hotelId);
    return hotel ? [{ offer, hotel }] : [];
  });
  if (complete.length < offers.length) {
    content.calls.logger.warn(
      { requestId: currentRequest()?.requestId, supplier: WHOLESALER_ID, missing: offers.length - complete.length },
      "wholesaler hotels without static content left out",
    );
  }
  return complete;
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
