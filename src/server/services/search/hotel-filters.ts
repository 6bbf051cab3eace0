import { type SQL, sql } from "drizzle-orm";
import { amenityOptionBits } from "../../../shared/amenities.ts";
import { PROPERTY_TYPES } from "../../../shared/property-types.ts";
import { minRatingFor } from "../../../shared/search-options.ts";
import type { SupplierSearch } from "../../integrations/suppliers/hotel-supplier.ts";
import { ANY_RATE_PLAN } from "./plan-sql.ts";
import { intArray, textArray } from "./sql-arrays.ts";

/** Every star rating a hotel can have (check hotels_star_rating_range). */
const ALL_STARS = [1, 2, 3, 4, 5];

/**
 * The conditions on the hotel itself (not its offer) for both plans. Every column they read is
 * carried by the city indexes (key or INCLUDE, migration 0013), so the large-catalogue walks stay
 * index-only with any of them.
 */
export function hotelFilters(criteria: SupplierSearch): SQL[] {
  const filters: SQL[] = [];
  // Always written, as one array parameter: one statement text with or without stars or types, of
  // any number, so the texts repeat and run prepared (decision 080). Without a choice the array
  // holds every value the column's check constraint allows (hotels_star_rating_range,
  // hotels_property_type_known): it matches every hotel, and the planner estimates it so, a
  // custom plan from the values and a generic one from the column's few distinct values.
  filters.push(sql`h.star_rating = any(${intArray(criteria.stars.length > 0 ? criteria.stars : ALL_STARS)}::int[])`);
  if (criteria.minDistanceKm > 0) filters.push(sql`h.distance_from_center_km >= ${criteria.minDistanceKm}`);
  if (criteria.maxDistanceKm !== null) filters.push(sql`h.distance_from_center_km <= ${criteria.maxDistanceKm}`);
  const amenityBits = amenityOptionBits(criteria.amenities);
  if (amenityBits !== 0) filters.push(sql`h.amenity_mask & ${amenityBits} = ${amenityBits}`);
  // Free cancellation and breakfast select plans (plan-sql.ts); without any plan in the catalogue
  // only the hotel's own free-cancellation rule can match, read here from the index as before.
  if (criteria.freeCancellation) filters.push(sql`(h.free_cancellation_days > 0 or ${ANY_RATE_PLAN})`);
  if (criteria.breakfast) filters.push(ANY_RATE_PLAN);
  // A real literal, like the column, so the rating sort's walk can start at the threshold.
  if (criteria.guestRating !== null) filters.push(sql`h.rating >= ${sql.raw(`${minRatingFor(criteria.guestRating)}::real`)}`);
  filters.push(
    sql`h.property_type = any(${textArray(criteria.propertyTypes.length > 0 ? criteria.propertyTypes : PROPERTY_TYPES)}::text[])`,
  );
  return filters;
}
