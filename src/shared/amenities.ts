/**
 * The amenity vocabulary of our own hotels and rooms: every amenity text the catalogue holds is one
 * of these labels, at most once per hotel or room (the seed writes only these; migration 0009
 * rewrote the wordings written before). Fields:
 * - `term`: the word by which a text names the amenity: the search filter's option (spec section 9)
 *   and, for partner hotels, the word their texts are matched on;
 * - `bit`: the amenity's bit in hotels.amenity_mask, for the six the search filter offers
 *   (f_amenity_mask in migration 0009 sets it for exactly this label);
 * - `flag`: the hotel's boolean column that says it has the amenity.
 */
export const AMENITIES = [
  { key: "wifi", label: "Free WiFi", term: "WiFi", bit: 1, flag: "wifi" },
  { key: "parking", label: "Parking", term: "Parking", bit: 2, flag: "parking" },
  { key: "restaurant", label: "Restaurant", term: "Restaurant", bit: 4 },
  { key: "pool", label: "Pool", term: "Pool", bit: 8, flag: "pool" },
  { key: "gym", label: "Gym", term: "Gym", bit: 16, flag: "gym" },
  { key: "spa", label: "Spa", term: "Spa", bit: 32, flag: "spa" },
  { key: "breakfast", label: "Breakfast included", term: "Breakfast", flag: "breakfast" },
  { key: "bar", label: "Bar" },
  { key: "beach-access", label: "Beach access" },
  { key: "room-service", label: "Room service" },
  { key: "business-center", label: "Business center" },
  { key: "shared-lounge", label: "Shared lounge" },
  { key: "luggage-storage", label: "Luggage storage" },
  { key: "concierge", label: "Concierge" },
  { key: "air-conditioning", label: "Air conditioning" },
  { key: "front-desk-24h", label: "24-hour front desk" },
  { key: "airport-shuttle", label: "Airport shuttle" },
  { key: "pet-friendly", label: "Pet friendly" },
  { key: "laundry", label: "Laundry service" },
  { key: "non-smoking-rooms", label: "Non-smoking rooms" },
  { key: "family-rooms", label: "Family rooms" },
  { key: "terrace", label: "Terrace" },
  { key: "garden", label: "Garden" },
  { key: "ev-charging", label: "EV charging station" },
  { key: "private-bathroom", label: "Private bathroom" },
  { key: "tv", label: "Flat-screen TV" },
  { key: "desk", label: "Desk" },
  { key: "hairdryer", label: "Hairdryer" },
  { key: "heating", label: "Heating" },
  { key: "wardrobe", label: "Wardrobe" },
  { key: "minibar", label: "Minibar" },
  { key: "safe", label: "Safe" },
  { key: "coffee-machine", label: "Coffee machine" },
  { key: "bathrobe", label: "Bathrobe & slippers" },
  { key: "rain-shower", label: "Rain shower" },
  { key: "bathtub", label: "Bathtub" },
  { key: "soundproofing", label: "Soundproofing" },
  { key: "iron", label: "Iron" },
  { key: "city-view", label: "City view" },
  { key: "balcony", label: "Balcony" },
  { key: "garden-view", label: "Garden view" },
  { key: "sea-view", label: "Sea view" },
  { key: "courtyard-view", label: "Courtyard view" },
] as const satisfies readonly AmenityDefinition[];

interface AmenityDefinition {
  key: string;
  label: string;
  term?: string;
  bit?: number;
  flag?: string;
}

type Amenity = (typeof AMENITIES)[number];
export type AmenityKey = Amenity["key"];
export type AmenityFlag = Extract<Amenity, { flag: string }>["flag"];
/** A search filter option: the term of an amenity that has a mask bit. */
export type AmenityOption = Extract<Amenity, { bit: number }>["term"];

const FILTERED = AMENITIES.filter((a): a is Extract<Amenity, { bit: number }> => "bit" in a);
const FLAGGED = AMENITIES.filter((a): a is Extract<Amenity, { flag: string }> => "flag" in a);
const LABELS = new Map<AmenityKey, string>(AMENITIES.map((a) => [a.key, a.label]));

/** Spec section 9: the amenity filter's options, in the order the filter lists them. */
export const AMENITY_OPTIONS: readonly AmenityOption[] = FILTERED.map((a) => a.term);

export function amenityLabel(key: AmenityKey): string {
  return LABELS.get(key)!;
}

/** The label a filter option shows: the amenity's own label, as hotel cards write it ('Free WiFi' for the option 'WiFi'). */
export function amenityOptionText(option: AmenityOption): Extract<Amenity, { bit: number }>["label"] {
  return FILTERED.find((a) => a.term === option)!.label;
}

/** The filter option matching `text` in any case, or undefined. */
export function amenityOption(text: string): AmenityOption | undefined {
  const wanted = text.toLowerCase();
  return AMENITY_OPTIONS.find((option) => option.toLowerCase() === wanted);
}

/** The hotels.amenity_mask bits a hotel must all have to match every chosen filter option. */
export function amenityOptionBits(options: readonly AmenityOption[]): number {
  return FILTERED.reduce((bits, a) => (options.includes(a.term) ? bits | a.bit : bits), 0);
}

/** The amenity flags a partner's texts imply: a flag is set when some text contains its term, in any case. */
export function amenityFlagsOf(texts: readonly string[]): Record<AmenityFlag, boolean> {
  const lower = texts.map((text) => text.toLowerCase());
  return Object.fromEntries(FLAGGED.map((a) => [a.flag, lower.some((text) => text.includes(a.term.toLowerCase()))])) as Record<
    AmenityFlag,
    boolean
  >;
}

/**
 * Spec section 3: a hotel's amenity list: its texts without case-insensitive repeats, then the label
 * of each true flag that no text names (contains its term), so 'Free WiFi' never sits beside 'WiFi'.
 */
export function hotelAmenityList(amenities: readonly string[], flags: Readonly<Record<AmenityFlag, boolean>>): string[] {
  const seen = new Set<string>();
  const texts = amenities.filter((text) => {
    const key = text.trim().toLowerCase();
    if (!key || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const named = amenityFlagsOf(texts);
  return [...texts, ...FLAGGED.filter((a) => flags[a.flag] && !named[a.flag]).map((a) => a.label)];
}
