/**
 * The amenities our own hotels carry as flags: one label each, and the words by which an amenity
 * text already names it. A hotel whose texts say "High-speed WiFi" is not also listed with "WiFi".
 */
export const FLAG_AMENITIES = [
  { flag: "wifi", label: "Free WiFi", pattern: /wi-?fi|internet/i },
  { flag: "parking", label: "Parking", pattern: /parking|garage|valet/i },
  { flag: "pool", label: "Pool", pattern: /pool/i },
  { flag: "gym", label: "Gym", pattern: /gym|fitness/i },
  { flag: "spa", label: "Spa", pattern: /\bspa\b|sauna|wellness/i },
  { flag: "breakfast", label: "Breakfast included", pattern: /breakfast/i },
] as const;

export type AmenityFlag = (typeof FLAG_AMENITIES)[number]["flag"];

/**
 * A hotel's amenity list: its texts without case-insensitive repeats, then the label of each true
 * flag that no text already names.
 */
export function hotelAmenityList(amenities: readonly string[], flags: Readonly<Record<AmenityFlag, boolean>>): string[] {
  const seen = new Set<string>();
  const texts = amenities.filter((text) => {
    const key = text.trim().toLowerCase();
    if (!key || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const labels = FLAG_AMENITIES.filter((a) => flags[a.flag] && !texts.some((text) => a.pattern.test(text))).map((a) => a.label);
  return [...texts, ...labels];
}
