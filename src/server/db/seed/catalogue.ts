/**
 * Deterministic demo catalogue. Hotel N depends only on (seed, N), so any slice of the catalogue can
 * be generated on its own: seeding streams millions of hotels in batches with flat memory, and a
 * test can ask for hotel 1234 without generating the 1233 before it.
 */
import { type AmenityKey, amenityLabel } from "../../../shared/amenities.ts";
import type { PropertyType } from "../../../shared/property-types.ts";
import type { hotels, roomTypes } from "../schema.ts";
import { generateHotelReviews, type GeneratedReview } from "./catalogue-reviews.ts";
import { destinationAt, type Destination, type StreetLanguage } from "./destinations.ts";
import { mix, Random } from "./random.ts";

/** The catalogue's columns; check-in/out times, hidden and closed (back-office settings) keep their defaults. */
export type GeneratedHotelRow = Required<
  Omit<
    typeof hotels.$inferInsert,
    | "id"
    | "createdAt"
    | "updatedAt"
    | "roomOffers"
    | "plansRestricted"
    | "offersAtFloor"
    | "checkInTime"
    | "checkOutTime"
    | "hidden"
    | "legalName"
    | "legalAddress"
    | "taxId"
    | "taxSettings"
  >
>;
/**
 * Demo hotels' rule for children, from the stars (no random draw, so nothing else shifts): budget
 * hotels keep children free, the others charge children from 6 (12 at five stars) a rate that
 * grows with the stars.
 */
function demoChildPolicy(stars: number): { childrenFreeUnderAge: number; childRateCents: number } {
  if (stars <= 2) return { childrenFreeUnderAge: 12, childRateCents: 0 };
  return { childrenFreeUnderAge: stars === 5 ? 12 : 6, childRateCents: [1000, 2000, 4000][stars - 3]! };
}

export type GeneratedRoomType = Required<Omit<typeof roomTypes.$inferInsert, "id" | "hotelId" | "closed">>;

export interface GeneratedHotel {
  hotel: GeneratedHotelRow;
  /** 2–5 room types, cheapest first; the cheapest sets the hotel's price. */
  roomTypes: GeneratedRoomType[];
  /** Reviews by demo guests of past stays; the hotel's rating and review count are theirs. */
  reviews: GeneratedReview[];
}

export const DEFAULT_CATALOGUE_SEED = 1;

type ImageKind = "exterior" | "pool" | "lobby" | "restaurant" | "room" | "bathroom";

/** Same URLs as integrations/images (kept local so the seed does not depend on the image service). */
function imageUrl(kind: ImageKind, seed: number): string {
  return `/images/${kind}-${seed}.svg`;
}

// Golden-ratio steps spread consecutive indices evenly over the destination weights, so even a
// small catalogue gives every destination close to its share (a random draw would not).
const GOLDEN_STEP = 0.6180339887498949;

/** Hotel number `index` (0-based) of the catalogue for `seed`; the same on every call and machine. */
export function generateHotel(index: number, seed: number = DEFAULT_CATALOGUE_SEED): GeneratedHotel {
  const seedHash = mix(seed, 0x5eed);
  const r = new Random(mix(seedHash, index));
  const destination = destinationAt((index * GOLDEN_STEP + seedHash / 2 ** 32) % 1);

  const stars = r.weighted(STAR_WEIGHTS) + 1;
  const features = pickFeatures(r, stars, destination);
  const resort = stars >= 4 && (destination.beach || features.pool) && r.chance(destination.beach ? 0.5 : 0.2);
  const kind = hotelKind(r, stars, resort);
  const name = hotelName(r, stars, kind, features.spa, destination);

  const distance = 0.1 + 14.9 * r.next() ** 2;
  const bearing = r.next() * 2 * Math.PI;
  const lat = round(destination.lat + (distance / KM_PER_DEGREE) * Math.cos(bearing), 6);
  const lng = round(destination.lng + (distance / (KM_PER_DEGREE * Math.cos((destination.lat * Math.PI) / 180))) * Math.sin(bearing), 6);
  const distanceFromCenterKm = Math.max(0.1, round(haversineKm(destination.lat, destination.lng, lat, lng), 1));

  const rooms = generateRooms(r, index, stars, destination);
  const cheapest = rooms[0]!;

  const { amenities, pool } = hotelAmenities(r, stars, features, destination);
  const hotelImages = generateHotelImages(r, index, features);
  const freeCancellationDays = CANCELLATION_DAYS[r.weighted(CANCELLATION_WEIGHTS)]!;
  // Drawn from their own stream, so they do not shift the hotel's other attributes.
  const reviews = generateHotelReviews(
    new Random(mix(seedHash ^ 0x7e71e3, index)),
    index,
    stars,
    rooms.map((room) => room.name),
    hotelImages,
  );

  const hotel: GeneratedHotelRow = {
    name,
    location: `${streetAddress(r, destination.language)}, ${destination.city}`,
    city: destination.city,
    country: destination.country,
    countryCode: destination.countryCode,
    timeZone: destination.timeZone,
    lat,
    lng,
    rating: reviews.length === 0 ? 0 : round(reviews.reduce((sum, review) => sum + review.rating, 0) / reviews.length, 1),
    reviewCount: reviews.length,
    starRating: stars,
    priceCents: cheapest.priceCents,
    originalPriceCents: cheapest.originalPriceCents,
    currency: "USD",
    image: hotelImages[0]!,
    images: hotelImages,
    amenities,
    description: hotelDescription(r, name, stars, kind, distanceFromCenterKm, destination.city, features, pool),
    distanceFromCenterKm,
    cancellationPolicy:
      freeCancellationDays === 0
        ? "Non-refundable"
        : `Free cancellation up to ${freeCancellationDays} ${freeCancellationDays === 1 ? "day" : "days"} before check-in`,
    freeCancellationDays,
    propertyType: PROPERTY_TYPE_OF_KIND[kind],
    ...demoChildPolicy(stars),
    breakfast: features.breakfast,
    wifi: features.wifi,
    parking: features.parking,
    pool: features.pool,
    gym: features.gym,
    spa: features.spa,
  };
  return { hotel, roomTypes: rooms, reviews };
}

// ---------------------------------------------------------------------------
// Hotel attributes
// ---------------------------------------------------------------------------

const STAR_WEIGHTS = [5, 13, 37, 33, 12];
const CANCELLATION_DAYS = [0, 1, 2, 3, 7, 14];
const CANCELLATION_WEIGHTS = [20, 25, 20, 15, 12, 8];
const KM_PER_DEGREE = 111.32;

interface Features {
  wifi: boolean;
  breakfast: boolean;
  parking: boolean;
  pool: boolean;
  gym: boolean;
  spa: boolean;
  restaurant: boolean;
  bar: boolean;
}

function pickFeatures(r: Random, stars: number, destination: Destination): Features {
  const upscale = stars >= 4;
  return {
    wifi: r.chance(0.93),
    breakfast: r.chance(0.25 + 0.05 * stars),
    parking: r.chance(destination.population < 1_000_000 ? 0.7 : 0.4),
    pool: r.chance((stars === 5 ? 0.7 : stars === 4 ? 0.45 : stars === 3 ? 0.25 : 0.06) + (destination.beach ? 0.25 : 0)),
    gym: r.chance(stars === 5 ? 0.95 : stars === 4 ? 0.75 : stars === 3 ? 0.4 : 0.08),
    spa: r.chance(stars === 5 ? 0.8 : stars === 4 ? 0.4 : stars === 3 ? 0.1 : 0.02),
    restaurant: r.chance(upscale ? 0.9 : stars === 3 ? 0.6 : 0.25),
    bar: r.chance(upscale ? 0.85 : stars === 3 ? 0.55 : 0.3),
  };
}

type HotelKind = "hotel" | "boutique hotel" | "resort" | "hostel" | "guesthouse" | "aparthotel" | "inn";

/**
 * The kind a hotel's name and description speak of, as the filterable property type. Migration 0013
 * maps the kind named in older catalogues' descriptions the same way.
 */
const PROPERTY_TYPE_OF_KIND: Record<HotelKind, PropertyType> = {
  hotel: "hotel",
  "boutique hotel": "hotel",
  resort: "resort",
  hostel: "hostel",
  guesthouse: "guest_house",
  inn: "guest_house",
  aparthotel: "apartment",
};

function hotelKind(r: Random, stars: number, resort: boolean): HotelKind {
  if (resort) return "resort";
  if (stars <= 2) return r.pick(["hostel", "guesthouse", "inn", "hotel", "hotel"] as const);
  if (stars === 3) return r.pick(["hotel", "hotel", "hotel", "boutique hotel", "aparthotel", "inn"] as const);
  return r.pick(["hotel", "hotel", "boutique hotel", "aparthotel"] as const);
}

/**
 * The hotel's amenity labels (src/shared/amenities.ts) in the order a card shows them (the first
 * four are displayed): one per flag, so the flags, the labels and the amenity filter always agree,
 * and never two for one amenity. `pool` is the kind of pool, for the description.
 */
function hotelAmenities(r: Random, stars: number, f: Features, destination: Destination): { amenities: string[]; pool: string | null } {
  // Each feature once drew its label among wordings that are now one label; the draws stay, so that
  // every later draw, and with it the rest of the catalogue, is what it was.
  const keys: AmenityKey[] = [];
  let pool: string | null = null;
  if (f.wifi) keys.push(drawn(r, "wifi"));
  if (f.breakfast) keys.push(drawn(r, "breakfast"));
  if (f.pool) {
    pool = destination.beach
      ? r.pick(["outdoor pool", "infinity pool"])
      : r.pick(["outdoor pool", "indoor pool", "rooftop pool", "heated pool"]);
    keys.push("pool");
  }
  if (f.spa) keys.push(drawn(r, "spa"));
  if (f.gym) keys.push(drawn(r, "gym"));
  if (f.restaurant) keys.push(drawn(r, "restaurant"));
  if (f.parking) keys.push(drawn(r, "parking"));
  if (f.bar) keys.push(drawn(r, "bar"));
  if (destination.beach && r.chance(0.5)) keys.push("beach-access");
  const extras: AmenityKey[] = [
    ...(stars >= 3 ? (["room-service", "business-center"] as const) : (["shared-lounge", "luggage-storage"] as const)),
    ...(stars >= 4 ? (["concierge"] as const) : []),
    "air-conditioning",
    "front-desk-24h",
    "airport-shuttle",
    "pet-friendly",
    "laundry",
    "non-smoking-rooms",
    "family-rooms",
    "terrace",
    "garden",
    ...(f.parking ? (["ev-charging"] as const) : []),
  ];
  keys.push(...r.sample(extras, r.int(2, stars + 3)));
  return { amenities: keys.map(amenityLabel), pool };
}

/** `key`, after the draw that once chose its wording. */
function drawn(r: Random, key: AmenityKey): AmenityKey {
  r.next();
  return key;
}

function generateHotelImages(r: Random, index: number, f: Features): string[] {
  const kinds: ImageKind[] = ["exterior", "lobby", "room", "bathroom"];
  if (f.pool) kinds.push("pool");
  if (f.restaurant) kinds.push("restaurant");
  if (r.chance(0.5)) kinds.push("room");
  if (r.chance(0.4)) kinds.push("exterior");
  return kinds.slice(0, 8).map((kind, i) => imageUrl(kind, index * 8 + i));
}

// ---------------------------------------------------------------------------
// Names, addresses and descriptions
// ---------------------------------------------------------------------------

const EN_ADJECTIVES = [
  "Grand",
  "Royal",
  "Golden",
  "Silver",
  "Azure",
  "Coral",
  "Emerald",
  "Ivory",
  "Amber",
  "Sapphire",
  "Velvet",
  "Crystal",
  "Majestic",
  "Imperial",
  "Serene",
  "Urban",
  "Noble",
  "Sunset",
  "Blue",
  "White",
  "Stone",
  "Copper",
];
const EN_NOUNS = [
  "Harbour",
  "River",
  "Garden",
  "Park",
  "Crown",
  "Regent",
  "Meridian",
  "Oak",
  "Willow",
  "Bay",
  "Bridge",
  "Market",
  "Station",
  "Cathedral",
  "Riverside",
  "Skyline",
  "Summit",
  "Lighthouse",
  "Heritage",
  "Palm",
  "Cedar",
  "Maple",
  "Orchard",
  "Lantern",
  "Compass",
  "Anchor",
  "Pearl",
  "Horizon",
  "Quarter",
  "Square",
  "Gate",
  "Tower",
  "Canal",
  "Hill",
];
const BEACH_NOUNS = ["Bay", "Cove", "Lagoon", "Dunes", "Reef", "Shore", "Sands", "Tides"];

function hotelName(r: Random, stars: number, kind: HotelKind, spa: boolean, d: Destination): string {
  const noun = r.pick(d.beach && r.chance(0.4) ? BEACH_NOUNS : EN_NOUNS);
  const adjective = r.pick(EN_ADJECTIVES);
  if (kind === "resort") return spa ? `${adjective} ${noun} Resort & Spa` : `${adjective} ${noun} Resort`;
  if (d.language !== "en" && r.chance(0.6)) return localName(r, stars, d.city, d.language);
  if (kind === "hostel") return r.pick([`${d.city} ${noun} Hostel`, `${adjective} ${noun} Hostel`, `The ${noun} Backpackers`]);
  if (kind === "guesthouse") return r.pick([`The ${noun} Guesthouse`, `${noun} House`, `${adjective} ${noun} Rooms`]);
  if (kind === "inn") return r.pick([`${noun} Inn`, `The ${adjective} ${noun} Inn`, `${d.city} ${noun} Inn`]);
  if (kind === "aparthotel") return r.pick([`${noun} Suites ${d.city}`, `The ${noun} Residences`, `${adjective} ${noun} Apartments`]);
  if (kind === "boutique hotel") return r.pick([`The ${noun} House`, `${adjective} ${noun} Boutique Hotel`, `Atelier ${noun}`]);
  if (stars <= 3)
    return r.pick([`Hotel ${noun}`, `${d.city} ${noun} Hotel`, `${noun} Court Hotel`, `The ${noun} View`, `${adjective} ${noun} Hotel`]);
  return r.pick([
    `The ${adjective} ${noun}`,
    `${adjective} ${noun} Hotel & Suites`,
    `The ${noun} ${d.city}`,
    `The ${noun} View`,
    `${adjective} ${noun} Palace`,
  ]);
}

type Words = readonly string[];
interface LocalWords {
  masculine: Words;
  feminine: Words;
  patterns(r: Random, stars: number, city: string, m: string, f: string): string;
}

const LOCAL_NAMES: Record<Exclude<StreetLanguage, "en">, LocalWords> = {
  fr: {
    masculine: [
      "Marais",
      "Jardin",
      "Soleil",
      "Quai",
      "Printemps",
      "Château",
      "Tilleul",
      "Mistral",
      "Palais",
      "Cloître",
      "Lys",
      "Parc",
      "Beffroi",
      "Chêne",
    ],
    feminine: ["Fontaine", "Lumière", "Étoile", "Horloge", "Vigne", "Rivière", "Tour", "Place", "Colline", "Gare"],
    patterns: (r, stars, city, m, f) =>
      stars <= 2
        ? r.pick([`Auberge du ${m}`, `Hôtel de la ${f}`, `Le Petit ${m}`])
        : r.pick([
            `Hôtel Le ${m}`,
            `Hôtel de la ${f}`,
            `Hôtel Le ${m} ${r.pick(["Lumière", "Étoile", "Opéra", "Azur", "Élégance"])}`,
            `Les Jardins de ${city}`,
            `Maison ${m}`,
          ]),
  },
  es: {
    masculine: ["Sol", "Mar", "Mirador", "Olivo", "Palacio", "Puerto", "Jardín", "Patio", "Faro", "Azahar", "Castillo", "Naranjo"],
    feminine: ["Alameda", "Catedral", "Luna", "Plaza", "Fuente", "Torre", "Marina", "Brisa", "Ribera"],
    patterns: (r, stars, city, m, f) =>
      stars <= 2
        ? r.pick([`Hostal ${m}`, `Pensión La ${f}`, `Posada del ${m}`])
        : r.pick([
            `Hotel Casa del ${m}`,
            `Hotel ${m} Plaza`,
            `Hotel Boutique La ${f}`,
            stars >= 4 ? `Gran Hotel ${city}` : `Hotel ${city} Centro`,
            `Palacio de la ${f}`,
          ]),
  },
  it: {
    masculine: ["Duomo", "Giardino", "Ponte", "Borgo", "Mulino", "Faro", "Chiostro", "Castello", "Sole"],
    feminine: ["Fontana", "Stella", "Aurora", "Vittoria", "Torre", "Loggia", "Piazza", "Corte", "Luna", "Marina"],
    patterns: (r, stars, city, m, f) =>
      stars <= 2
        ? r.pick([`Albergo ${f}`, `Locanda del ${m}`, `Pensione ${f}`])
        : r.pick([
            `Hotel Palazzo ${f}`,
            `Hotel ${f} Centrale`,
            `Residenza del ${m}`,
            stars >= 4 ? `Grand Hotel ${city}` : `Hotel ${city} Bellavista`,
            `Locanda del ${m}`,
          ]),
  },
  de: {
    masculine: ["Adler", "Hirschen", "Löwen", "Schwan", "Ochsen", "Bären"],
    feminine: ["Linden", "Rosen", "Berg", "See", "Park", "Stern", "Tannen", "Eichen", "Sonnen", "Brunnen", "Wald"],
    patterns: (r, stars, city, m, f) =>
      stars <= 2
        ? r.pick([`Gasthof Zum ${m}`, `Pension ${f}blick`, `Gästehaus ${f}hof`])
        : r.pick([
            `Hotel ${f}hof`,
            `Hotel Zum ${m}`,
            `Parkhotel ${city}`,
            stars >= 4 ? `Schlosshotel ${city}` : `Hotel ${f}garten`,
            `${f}hotel ${city}`,
          ]),
  },
  pt: {
    masculine: ["Mar", "Sol", "Jardim", "Farol", "Miradouro", "Castelo", "Porto", "Oceano", "Ipê", "Convento"],
    feminine: ["Estrela", "Brisa", "Vila", "Praia", "Ribeira", "Torre", "Lua", "Fonte", "Baía"],
    patterns: (r, stars, city, m, f) =>
      stars <= 2
        ? r.pick([`Residencial ${m}`, `Pousada do ${m}`, `Hostel Casa da ${f}`])
        : r.pick([
            `Hotel Casa da ${f}`,
            `Pousada do ${m}`,
            `Hotel ${m} Palace`,
            stars >= 4 ? `Grande Hotel ${city}` : `Hotel ${city} Centro`,
            `Hotel Vila ${f}`,
          ]),
  },
};

function localName(r: Random, stars: number, city: string, language: Exclude<StreetLanguage, "en">): string {
  const words = LOCAL_NAMES[language];
  return words.patterns(r, stars, city, r.pick(words.masculine), r.pick(words.feminine));
}

const STREETS: Record<StreetLanguage, (r: Random) => string> = {
  en: (r) =>
    `${r.int(1, 250)} ${r.pick(["King", "Queen", "Harbour", "Market", "Church", "Mill", "Station", "Park", "Elm", "Maple", "Cedar", "Bridge", "Castle", "Garden", "Orchard", "Lake", "River", "Hill", "Ocean", "Palm", "Central", "Victoria"])} ${r.pick(["Street", "Street", "Road", "Avenue", "Lane", "Boulevard", "Way", "Square"])}`,
  fr: (r) =>
    `${r.int(1, 180)} ${r.pick(["Rue", "Rue", "Avenue", "Boulevard", "Quai"])} ${r.pick(["du Commerce", "de la République", "des Lilas", "du Marché", "Saint-Michel", "de la Gare", "des Écoles", "Victor Hugo", "du Château", "de l'Église", "des Fleurs", "Jean Jaurès"])}`,
  es: (r) =>
    `${r.pick(["Calle", "Calle", "Avenida", "Paseo"])} ${r.pick(["del Sol", "Mayor", "de la Paz", "San Martín", "de Colón", "Real", "de las Flores", "del Mar", "de Cervantes", "de la Constitución"])} ${r.int(1, 160)}`,
  it: (r) =>
    `${r.pick(["Via", "Via", "Corso", "Piazza"])} ${r.pick(["Garibaldi", "Roma", "Dante", "Mazzini", "Cavour", "dei Mille", "della Repubblica", "Vittorio Emanuele", "San Marco", "Verdi"])} ${r.int(1, 140)}`,
  de: (r) =>
    `${r.pick(["Haupt", "Bahnhof", "Linden", "Garten", "Schiller", "Goethe", "Markt", "Kirch", "Berg", "See", "Mozart", "Rosen", "Burg"])}${r.pick(["straße", "straße", "weg", "gasse", "platz"])} ${r.int(1, 120)}`,
  pt: (r) =>
    `${r.pick(["Rua", "Rua", "Avenida", "Praça"])} ${r.pick(["das Flores", "do Comércio", "da Liberdade", "Augusta", "do Sol", "Sete de Setembro", "da Praia", "São João", "das Palmeiras", "Dom Pedro II"])}, ${r.int(1, 900)}`,
};

function streetAddress(r: Random, language: StreetLanguage): string {
  return STREETS[language](r);
}

const STAR_WORDS = ["one", "two", "three", "four", "five"];

function hotelDescription(
  r: Random,
  name: string,
  stars: number,
  kind: HotelKind,
  distanceKm: number,
  city: string,
  f: Features,
  pool: string | null,
): string {
  const where = distanceKm < 1 ? `in the heart of ${city}` : `${distanceKm} km from the center of ${city}`;
  const adjective = r.pick(
    stars >= 4 ? ["elegant", "stylish", "contemporary", "refined"] : ["friendly", "welcoming", "comfortable", "family-run"],
  );
  const starWord = STAR_WORDS[stars - 1]!;
  const sentences = [
    r.pick([
      `${name} is a ${adjective} ${starWord}-star ${kind} ${where}.`,
      `Located ${where}, ${name} is a ${adjective} ${starWord}-star ${kind}.`,
      `This ${adjective} ${kind} sits ${where}.`,
    ]),
  ];
  if (pool) {
    sentences.push(`Guests can unwind by the ${pool}${f.spa ? " or book a treatment at the spa" : ""}.`);
  } else if (f.restaurant) {
    sentences.push(
      `The on-site restaurant serves ${r.pick(["local", "seasonal", "Mediterranean", "international", "regional", "Asian-fusion"])} dishes${f.bar ? ", and the bar stays open late" : ""}.`,
    );
  } else if (f.gym) {
    sentences.push("A well-equipped gym is open to guests around the clock.");
  } else {
    sentences.push(
      r.pick([
        "Rooms are simple, clean and comfortable.",
        "Rooms are bright and quiet, with everything needed for a good night's sleep.",
        "Each room is individually decorated.",
      ]),
    );
  }
  if (r.chance(0.7)) {
    if (f.breakfast)
      sentences.push(`A ${r.pick(["buffet", "continental", "hearty", "freshly prepared"])} breakfast is included in every stay.`);
    else if (f.parking) sentences.push("Parking is available on site.");
    else sentences.push("Public transport stops are a short walk away.");
  }
  if (r.chance(0.5)) {
    sentences.push(
      `It is a popular choice for ${r.pick(["couples", "families", "business travelers", "solo travelers", "weekend getaways"])}.`,
    );
  }
  return sentences.join(" ");
}

// ---------------------------------------------------------------------------
// Rooms and prices
// ---------------------------------------------------------------------------

interface RoomTemplate {
  name: string;
  /** Price relative to the hotel's cheapest room. */
  factor: number;
  guests: number;
  beds: readonly string[];
  size: readonly [number, number];
  /** Share of the hotel's rooms of this type (before randomness). */
  share: number;
}

const BUDGET_ROOMS: readonly RoomTemplate[] = [
  { name: "Standard Double Room", factor: 1, guests: 2, beds: ["1 Double bed"], size: [15, 20], share: 0.4 },
  { name: "Single Room", factor: 0.8, guests: 1, beds: ["1 Single bed"], size: [14, 16], share: 0.25 },
  { name: "Twin Room", factor: 1, guests: 2, beds: ["2 Twin beds"], size: [15, 20], share: 0.3 },
  { name: "Triple Room", factor: 1.3, guests: 3, beds: ["3 Single beds", "1 Double bed + 1 Single bed"], size: [20, 26], share: 0.15 },
  { name: "Family Room", factor: 1.55, guests: 4, beds: ["2 Double beds", "1 Double bed + 2 Bunk beds"], size: [24, 32], share: 0.1 },
];

const STANDARD_ROOMS: readonly RoomTemplate[] = [
  { name: "Standard Double Room", factor: 1, guests: 2, beds: ["1 Queen bed", "1 Double bed"], size: [18, 24], share: 0.4 },
  { name: "Twin Room", factor: 1, guests: 2, beds: ["2 Twin beds"], size: [18, 24], share: 0.25 },
  { name: "Superior Queen Room", factor: 1.2, guests: 2, beds: ["1 Queen bed"], size: [22, 28], share: 0.2 },
  { name: "Deluxe King Room", factor: 1.4, guests: 2, beds: ["1 King bed"], size: [26, 34], share: 0.15 },
  { name: "Family Room", factor: 1.6, guests: 4, beds: ["2 Queen beds", "1 King bed + 2 Single beds"], size: [30, 42], share: 0.1 },
  { name: "Junior Suite", factor: 1.9, guests: 3, beds: ["1 King bed + sofa bed"], size: [36, 50], share: 0.06 },
];

const LUXURY_ROOMS: readonly RoomTemplate[] = [
  { name: "Deluxe King Room", factor: 1, guests: 2, beds: ["1 King bed"], size: [28, 36], share: 0.4 },
  { name: "Deluxe Twin Room", factor: 1, guests: 2, beds: ["2 Twin beds", "2 Queen beds"], size: [28, 36], share: 0.25 },
  { name: "Premier Room", factor: 1.25, guests: 3, beds: ["1 King bed + sofa bed"], size: [32, 42], share: 0.15 },
  { name: "Junior Suite", factor: 1.6, guests: 3, beds: ["1 King bed + sofa bed"], size: [40, 55], share: 0.1 },
  {
    name: "Two-Bedroom Apartment",
    factor: 2.2,
    guests: 6,
    beds: ["2 Queen beds + sofa bed", "1 King bed + 2 Twin beds + sofa bed"],
    size: [60, 85],
    share: 0.05,
  },
  { name: "Executive Suite", factor: 2.4, guests: 4, beds: ["1 King bed + sofa bed"], size: [55, 75], share: 0.05 },
  { name: "Presidential Suite", factor: 4, guests: 4, beds: ["1 King bed + 1 Queen bed"], size: [80, 90], share: 0.01 },
];

/** Cheapest room per night in US dollars, by star rating, for a mid-priced city. */
const BASE_PRICE: readonly (readonly [number, number])[] = [
  [30, 55],
  [45, 85],
  [75, 150],
  [120, 260],
  [220, 520],
];

const MIN_ROOM_DOLLARS = 35;

const ROOM_AMENITIES_BASIC: readonly AmenityKey[] = [
  "air-conditioning",
  "private-bathroom",
  "tv",
  "wifi",
  "desk",
  "hairdryer",
  "heating",
  "wardrobe",
];
// The last "tv" was once a second TV wording: kept so the draws stay what they were; a room lists its TV once.
const ROOM_AMENITIES_UPSCALE: readonly AmenityKey[] = [
  "minibar",
  "safe",
  "coffee-machine",
  "bathrobe",
  "rain-shower",
  "bathtub",
  "soundproofing",
  "iron",
  "tv",
];

function generateRooms(r: Random, index: number, stars: number, d: Destination): GeneratedRoomType[] {
  const templates = stars <= 2 ? BUDGET_ROOMS : stars <= 4 ? STANDARD_ROOMS : LUXURY_ROOMS;
  // The first template is always offered: every hotel has a plain double or king room.
  const chosen = [templates[0]!, ...r.sample(templates.slice(1), r.int(1, Math.min(4, templates.length - 1)))].sort(
    (a, b) => a.factor - b.factor,
  );

  const [low, high] = BASE_PRICE[stars - 1]!;
  const flagship = stars === 5 && d.costLevel >= 1.3 && r.chance(0.04);
  const drawn = (low + (high - low) * r.next() ** 1.5) * d.costLevel * (flagship ? 2.2 : 1);
  // Only flagships break the $900 ceiling for a standard room; others flatten out below it.
  const baseDollars = Math.max(MIN_ROOM_DOLLARS, flagship ? drawn : Math.min(drawn, 820 + 80 * r.next()));
  const discounted = r.chance(0.3);
  const hotelRooms = stars * 12 + r.int(0, 40);

  let previousCents = 0;
  return chosen.map((t, i): GeneratedRoomType => {
    const dollars = Math.max(MIN_ROOM_DOLLARS, Math.round(baseDollars * t.factor * (i === 0 ? 1 : 0.95 + 0.13 * r.next())));
    // Strictly increasing, so the first room is the hotel's one cheapest room.
    const cents = Math.max(previousCents + 500, dollars * 100);
    previousCents = cents;
    const onSale = discounted && (i === 0 || r.chance(0.6));
    const bedType = r.pick(t.beds);
    const sizeM2 = r.int(t.size[0], t.size[1]);
    const roomAmenities: AmenityKey[] = [
      ...r.sample(ROOM_AMENITIES_BASIC, r.int(3, 5)),
      ...(stars >= 3 ? r.sample(ROOM_AMENITIES_UPSCALE, r.int(stars - 2, stars + 1)) : []),
      ...(r.chance(0.3) ? [r.pick(["city-view", "balcony", "garden-view", d.beach ? "sea-view" : "courtyard-view"] as const)] : []),
    ];
    const imageSeed = index * 20 + i * 4;
    const images = [imageUrl("room", imageSeed), imageUrl("bathroom", imageSeed + 1)];
    if (r.chance(0.6)) images.push(imageUrl("room", imageSeed + 2));
    if (images.length === 3 && r.chance(0.4)) images.push(imageUrl("bathroom", imageSeed + 3));
    return {
      name: t.name,
      description: roomDescription(r, t, bedType, sizeM2, roomAmenities),
      images,
      maxGuests: t.guests,
      sizeM2,
      bedType,
      amenities: [...new Set(roomAmenities)].map(amenityLabel),
      priceCents: cents,
      originalPriceCents: onSale ? Math.round((cents / 100) * (1.1 + 0.3 * r.next()) + 1) * 100 : null,
      currency: "USD",
      // Some small room types run out, so sold-out dates appear in the demo.
      totalRooms: r.chance(0.07) ? r.int(1, 2) : clamp(Math.round(hotelRooms * t.share * (0.6 + 0.8 * r.next())), 1, 40),
    };
  });
}

function roomDescription(r: Random, t: RoomTemplate, bedType: string, sizeM2: number, amenities: readonly AmenityKey[]): string {
  const opening = r.pick(["A", "A bright", "A quiet", "A spacious", "A cozy", "A modern"]);
  const noun = t.name.includes("Suite") ? "suite" : t.name.includes("Apartment") ? "apartment" : "room";
  const highlights = [...new Set(r.sample(amenities, 3))].map((key) => lowerFirst(amenityLabel(key)));
  return `${opening} ${sizeM2} m² ${noun} with ${bedType.toLowerCase()}, sleeping up to ${t.guests}. Features ${highlights.slice(0, -1).join(", ")} and ${highlights.at(-1)}.`;
}

// ---------------------------------------------------------------------------
// Maths
// ---------------------------------------------------------------------------

/** Lower-cases only the first letter so that "Flat-screen TV" reads "flat-screen TV" mid-sentence. */
function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

function round(value: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

export function haversineKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const toRad = Math.PI / 180;
  const dLat = (lat2 - lat1) * toRad;
  const dLng = (lng2 - lng1) * toRad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * toRad) * Math.cos(lat2 * toRad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(a));
}
