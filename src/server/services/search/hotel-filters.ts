import { type SQL, sql } from "drizzle-orm";
import { amenityOptionBits } from "../../../shared/amenities.ts";
import { minRatingFor } from "../../../shared/search-options.ts";
import type { SupplierSearch } from "../../integrations/suppliers/hotel-supplier.ts";
import { ANY_RATE_PLAN } from "./plan-sql.ts";

/**
 * The conditions on the hotel itself (not its offer) for both plans. Every column they read is
 * carried by the city indexes (key or INCLUDE, migration 0013), so the large-catalogue walks stay
 * index-only with any of them.
 */
export function hotelFilters(criteria: SupplierSearch): SQL[] {
  const filters: SQL[] = [];
  if (criteria.stars.length > 0) {
    filters.push(
      sql`h.star_rating in (${sql.join(
        criteria.stars.map((s) => sql`${s}`),
        sql`, `,
      )})`,
    );
  }
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
  if (criteria.propertyTypes.length > 0) {
    filters.push(
      sql`h.property_type in (${sql.join(
        criteria.propertyTypes.map((t) => sql`${t}`),
        sql`, `,
      )})`,
    );
  }
  return filters;
}
