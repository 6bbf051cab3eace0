/**
 * What kind of place a hotel is: one list for the database enum (hotels.property_type), the search
 * filter, the seed and the labels on cards and the hotel page. Partner hotels whose supplier does
 * not say have none (null) and are left out while the property type filter is on.
 */
export const PROPERTY_TYPES = ["hotel", "apartment", "resort", "guest_house", "hostel"] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];

export const PROPERTY_TYPE_LABELS: Record<PropertyType, string> = {
  hotel: "Hotel",
  apartment: "Apartment",
  resort: "Resort",
  guest_house: "Guest house",
  hostel: "Hostel",
};

/** The type for a URL or API value, accepted by its key or its label in any case ("Guest house", "guest_house"). */
export function propertyTypeOf(value: string): PropertyType | undefined {
  const wanted = value.trim().toLowerCase();
  return PROPERTY_TYPES.find((type) => type === wanted || PROPERTY_TYPE_LABELS[type].toLowerCase() === wanted);
}
