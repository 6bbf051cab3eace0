/**
 * The request mix: what a crowd of travellers asks the search and hotel pages for.
 * Deterministic for a given seed, so two runs send the same kind of traffic.
 */
import { addDays, todayUtc } from "../src/shared/dates.ts";
import { AMENITY_OPTIONS } from "../src/shared/amenities.ts";
import { GUEST_ROOM_PRESETS, POPULAR_DESTINATIONS, SORT_OPTIONS } from "../src/shared/search-options.ts";

export type Random = () => number;

/** mulberry32: small, fast, good enough to vary requests. */
export function createRandom(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const int = (rnd: Random, min: number, max: number) => min + Math.floor(rnd() * (max - min + 1));
const pick = <T>(rnd: Random, items: readonly T[]): T => items[Math.floor(rnd() * items.length)] as T;

/** A stay within the next 120 days, 1-7 nights, one of the search form's guests/rooms presets. */
export function randomStay(rnd: Random, today = todayUtc()): Record<string, string> {
  const checkIn = addDays(today, int(rnd, 1, 120));
  const checkOut = addDays(checkIn, int(rnd, 1, 7));
  const [guests, rooms] = pick(rnd, GUEST_ROOM_PRESETS);
  return { checkIn, checkOut, guests: String(guests), rooms: String(rooms) };
}

/**
 * Cities of the catalogue, from the suggestion endpoint the search box uses: the popular ones
 * (empty text) plus up to 8 per letter and per common two-letter start.
 */
export async function fetchDestinations(baseUrl: string): Promise<string[]> {
  const prompts = ["", ..."abcdefghijklmnoprstuvwyz".split(""), "sa", "ma", "ba", "ca", "la", "be", "ko", "ch", "to", "mo"];
  const cities = new Set<string>();
  for (const q of prompts) {
    const res = await fetch(`${baseUrl}/api/destinations?q=${encodeURIComponent(q)}`);
    if (!res.ok) throw new Error(`GET /api/destinations?q=${q} answered ${res.status}`);
    const body = (await res.json()) as { suggestions: { city: string }[] };
    for (const s of body.suggestions) cities.add(s.city);
  }
  if (cities.size === 0) throw new Error("The catalogue has no destinations: is the database seeded?");
  return [...cities];
}

export interface SearchMixOptions {
  destinations: string[];
  seed: number;
}

/**
 * Search paths: 15 % the home page's default search (no destination = the popular cities),
 * 45 % a popular city, 40 % any other catalogue city; ~30 % with filters; random sort;
 * pages 1-3 (60/25/15 %).
 */
export function searchPathGenerator(options: SearchMixOptions): () => string {
  const rnd = createRandom(options.seed);
  const others = options.destinations.filter((d) => !(POPULAR_DESTINATIONS as readonly string[]).includes(d));
  const today = todayUtc();
  return () => {
    const params: Record<string, string> = {};
    const roll = rnd();
    if (roll < 0.15) params.destination = "";
    else if (roll < 0.6 || others.length === 0) params.destination = pick(rnd, POPULAR_DESTINATIONS);
    else params.destination = pick(rnd, others);
    Object.assign(params, randomStay(rnd, today));
    if (rnd() < 0.3) addFilters(rnd, params);
    params.sort = pick(rnd, SORT_OPTIONS);
    const p = rnd();
    params.page = p < 0.6 ? "1" : p < 0.85 ? "2" : "3";
    return `/api/hotels/search?${new URLSearchParams(params)}`;
  };
}

function addFilters(rnd: Random, params: Record<string, string>): void {
  const kinds = int(rnd, 1, 2);
  for (let i = 0; i < kinds; i++) {
    switch (int(rnd, 0, 3)) {
      case 0: {
        const stars = [5, 4, 3, 2, 1].filter(() => rnd() < 0.4);
        params.stars = (stars.length > 0 ? stars : [int(rnd, 3, 5)]).join(",");
        break;
      }
      case 1: {
        const amenities = AMENITY_OPTIONS.filter(() => rnd() < 0.25);
        params.amenities = (amenities.length > 0 ? amenities : [pick(rnd, AMENITY_OPTIONS)]).join(",");
        break;
      }
      case 2: {
        const min = int(rnd, 0, 3) * 50;
        params.minPrice = String(min);
        params.maxPrice = String(min + int(rnd, 2, 8) * 50);
        break;
      }
      default:
        params.maxDistance = String(int(rnd, 1, 8));
    }
  }
}

/** Hotel ids as a traveller finds them: from the results of searches of the mix. */
export async function collectHotelIds(baseUrl: string, destinations: string[], seed: number, wanted = 400): Promise<string[]> {
  const rnd = createRandom(seed ^ 0x5eed);
  const ids = new Set<string>();
  const cities = [...POPULAR_DESTINATIONS, ...destinations];
  for (let i = 0; i < 80 && ids.size < wanted; i++) {
    const params = new URLSearchParams({
      destination: pick(rnd, cities),
      ...randomStay(rnd),
      sort: pick(rnd, SORT_OPTIONS),
      pageSize: "24",
    });
    const res = await fetch(`${baseUrl}/api/hotels/search?${params}`);
    if (!res.ok) throw new Error(`search for hotel ids answered ${res.status}`);
    const body = (await res.json()) as { hotels: { id: string }[] };
    for (const h of body.hotels) ids.add(h.id);
  }
  if (ids.size === 0) throw new Error("No hotels found to benchmark the detail page with");
  return [...ids];
}

export function detailPathGenerator(ids: string[], seed: number): () => string {
  const rnd = createRandom(seed);
  const today = todayUtc();
  return () => `/api/hotels/${encodeURIComponent(pick(rnd, ids))}?${new URLSearchParams(randomStay(rnd, today))}`;
}
