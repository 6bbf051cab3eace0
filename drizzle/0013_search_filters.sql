-- Filters travellers expect (issue 15, decision 026): free cancellation, guest rating and property
-- type, checked inside the per-city search indexes so a search over millions of hotels stays
-- index-only. Hand-written around Drizzle's ADD COLUMN and CHECK: the data rewrite and INCLUDE are
-- beyond Drizzle. Self-contained: it drops and recreates the seven city indexes with their full
-- INCLUDE lists (migrations 0004 and 0005 plus rating, free_cancellation_days, property_type).

-- Rebuilt below; dropped first so the table rewrite does not rebuild them twice.
DROP INDEX IF EXISTS "hotels_city_popularity_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "hotels_city_rating_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "hotels_city_distance_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "hotels_city_price_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "hotels_city_price_for_2_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "hotels_city_price_for_3_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "hotels_city_price_for_4_idx";--> statement-breakpoint
ALTER TABLE "hotels" ADD COLUMN "property_type" text DEFAULT 'hotel' NOT NULL;--> statement-breakpoint
-- Catalogues seeded before this migration: the demo generator names the hotel's kind in the first
-- sentence of its description ("... a welcoming two-star guesthouse ...", "This stylish resort
-- sits ..."), the same kind the seed now maps to property_type. Any other hotel stays 'hotel'. One
-- table rewrite (an UPDATE would leave a dead row version per hotel).
ALTER TABLE "hotels" ALTER COLUMN "property_type" TYPE text USING (
  CASE substring(coalesce("description", '') from '(?:-star|^This [a-z-]+) (boutique hotel|hotel|resort|hostel|guesthouse|aparthotel|inn)')
    WHEN 'resort' THEN 'resort'
    WHEN 'hostel' THEN 'hostel'
    WHEN 'guesthouse' THEN 'guest_house'
    WHEN 'inn' THEN 'guest_house'
    WHEN 'aparthotel' THEN 'apartment'
    ELSE 'hotel'
  END);--> statement-breakpoint
ALTER TABLE "hotels" ADD CONSTRAINT "hotels_property_type_known" CHECK (property_type in ('hotel', 'apartment', 'resort', 'guest_house', 'hostel'));--> statement-breakpoint
CREATE INDEX "hotels_city_popularity_idx" ON "hotels" USING btree ("city","review_count" DESC NULLS LAST,"id")
  INCLUDE ("country","star_rating","distance_from_center_km","price_cents","amenity_mask","room_offers","rating","free_cancellation_days","property_type");--> statement-breakpoint
CREATE INDEX "hotels_city_rating_idx" ON "hotels" USING btree ("city","rating" DESC NULLS LAST,"review_count" DESC NULLS LAST,"id")
  INCLUDE ("country","star_rating","distance_from_center_km","price_cents","amenity_mask","room_offers","free_cancellation_days","property_type");--> statement-breakpoint
CREATE INDEX "hotels_city_distance_idx" ON "hotels" USING btree ("city","distance_from_center_km","id")
  INCLUDE ("country","star_rating","price_cents","amenity_mask","room_offers","rating","free_cancellation_days","property_type");--> statement-breakpoint
CREATE INDEX "hotels_city_price_idx" ON "hotels" USING btree ("city","price_cents","id")
  INCLUDE ("country","star_rating","distance_from_center_km","amenity_mask","room_offers","rating","free_cancellation_days","property_type");--> statement-breakpoint
CREATE INDEX "hotels_city_price_for_2_idx" ON "hotels" USING btree ("city",f_room_floor(room_offers, 2),"id")
  INCLUDE ("country","star_rating","distance_from_center_km","price_cents","amenity_mask","room_offers","rating","free_cancellation_days","property_type")
  WHERE f_room_floor(room_offers, 2) is not null;--> statement-breakpoint
CREATE INDEX "hotels_city_price_for_3_idx" ON "hotels" USING btree ("city",f_room_floor(room_offers, 3),"id")
  INCLUDE ("country","star_rating","distance_from_center_km","price_cents","amenity_mask","room_offers","rating","free_cancellation_days","property_type")
  WHERE f_room_floor(room_offers, 3) is not null;--> statement-breakpoint
CREATE INDEX "hotels_city_price_for_4_idx" ON "hotels" USING btree ("city",f_room_floor(room_offers, 4),"id")
  INCLUDE ("country","star_rating","distance_from_center_km","price_cents","amenity_mask","room_offers","rating","free_cancellation_days","property_type")
  WHERE f_room_floor(room_offers, 4) is not null;
