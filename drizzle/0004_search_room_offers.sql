-- Search over millions of hotels reads only the per-city sort indexes: filters (stars, distance,
-- amenities, country, price ceiling) and the room types needed to price a hotel are carried in them
-- (INCLUDE), so a search no longer reads one random room_types page per hotel it checks.
-- Hand-written around Drizzle's two ADD COLUMNs: functions, triggers and INCLUDE are beyond Drizzle.

-- Bit i = AMENITY_OPTIONS[i] (src/shared/search-options.ts) appears, case-insensitively, inside one
-- of the amenity texts: the same test as the search filter's `ilike '%option%'`.
CREATE OR REPLACE FUNCTION f_amenity_mask(text[]) RETURNS integer
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT (CASE WHEN EXISTS (SELECT 1 FROM unnest($1) a WHERE a ILIKE '%WiFi%') THEN 1 ELSE 0 END)
    | (CASE WHEN EXISTS (SELECT 1 FROM unnest($1) a WHERE a ILIKE '%Parking%') THEN 2 ELSE 0 END)
    | (CASE WHEN EXISTS (SELECT 1 FROM unnest($1) a WHERE a ILIKE '%Restaurant%') THEN 4 ELSE 0 END)
    | (CASE WHEN EXISTS (SELECT 1 FROM unnest($1) a WHERE a ILIKE '%Pool%') THEN 8 ELSE 0 END)
    | (CASE WHEN EXISTS (SELECT 1 FROM unnest($1) a WHERE a ILIKE '%Gym%') THEN 16 ELSE 0 END)
    | (CASE WHEN EXISTS (SELECT 1 FROM unnest($1) a WHERE a ILIKE '%Spa%') THEN 32 ELSE 0 END) $$;
--> statement-breakpoint
-- A hotel's room types as hotels.room_offers holds them: cheapest first, five integers each.
CREATE OR REPLACE FUNCTION f_room_offers(integer) RETURNS integer[]
  LANGUAGE sql STABLE PARALLEL SAFE STRICT
  AS $$ SELECT coalesce(array_agg(u.e ORDER BY rt.price_cents, rt.id, u.ord), '{}')
    FROM room_types rt
    CROSS JOIN LATERAL unnest(ARRAY[rt.id, rt.max_guests, rt.price_cents, rt.total_rooms, rt.original_price_cents]) WITH ORDINALITY u(e, ord)
    WHERE rt.hotel_id = $1 $$;
--> statement-breakpoint
-- Rebuilt below with INCLUDE; dropped first so the table rewrites do not rebuild them twice.
DROP INDEX IF EXISTS "hotels_city_popularity_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "hotels_city_rating_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "hotels_city_distance_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "hotels_city_price_idx";--> statement-breakpoint
ALTER TABLE "hotels" ADD COLUMN "amenity_mask" integer GENERATED ALWAYS AS (f_amenity_mask(amenities)) STORED;--> statement-breakpoint
ALTER TABLE "hotels" ADD COLUMN "room_offers" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
-- Fill it for existing hotels in one table rewrite (an UPDATE would add a row version per hotel).
ALTER TABLE "hotels" ALTER COLUMN "room_offers" TYPE integer[] USING f_room_offers(id);--> statement-breakpoint
-- Statement triggers (one run per INSERT/UPDATE/DELETE or COPY, not per row) keep room_offers in
-- step with room_types; a hotel whose array is already right (the seed writes it) is not updated.
CREATE OR REPLACE FUNCTION room_types_refresh_room_offers() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE hotels h SET room_offers = c.offers
    FROM (SELECT x.hotel_id, f_room_offers(x.hotel_id) AS offers FROM (SELECT DISTINCT hotel_id FROM new_rows) x) c
    WHERE h.id = c.hotel_id AND h.room_offers IS DISTINCT FROM c.offers;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE hotels h SET room_offers = c.offers
    FROM (SELECT x.hotel_id, f_room_offers(x.hotel_id) AS offers FROM (SELECT DISTINCT hotel_id FROM old_rows) x) c
    WHERE h.id = c.hotel_id AND h.room_offers IS DISTINCT FROM c.offers;
  ELSE
    UPDATE hotels h SET room_offers = c.offers
    FROM (SELECT x.hotel_id, f_room_offers(x.hotel_id) AS offers
          FROM (SELECT hotel_id FROM new_rows UNION SELECT hotel_id FROM old_rows) x) c
    WHERE h.id = c.hotel_id AND h.room_offers IS DISTINCT FROM c.offers;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER room_types_room_offers_insert AFTER INSERT ON room_types
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION room_types_refresh_room_offers();--> statement-breakpoint
CREATE TRIGGER room_types_room_offers_update AFTER UPDATE ON room_types
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION room_types_refresh_room_offers();--> statement-breakpoint
CREATE TRIGGER room_types_room_offers_delete AFTER DELETE ON room_types
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION room_types_refresh_room_offers();--> statement-breakpoint
CREATE INDEX "hotels_city_popularity_idx" ON "hotels" USING btree ("city","review_count" DESC NULLS LAST,"id")
  INCLUDE ("country","star_rating","distance_from_center_km","price_cents","amenity_mask","room_offers");--> statement-breakpoint
CREATE INDEX "hotels_city_rating_idx" ON "hotels" USING btree ("city","rating" DESC NULLS LAST,"review_count" DESC NULLS LAST,"id")
  INCLUDE ("country","star_rating","distance_from_center_km","price_cents","amenity_mask","room_offers");--> statement-breakpoint
CREATE INDEX "hotels_city_distance_idx" ON "hotels" USING btree ("city","distance_from_center_km","id")
  INCLUDE ("country","star_rating","price_cents","amenity_mask","room_offers");--> statement-breakpoint
CREATE INDEX "hotels_city_price_idx" ON "hotels" USING btree ("city","price_cents","id")
  INCLUDE ("country","star_rating","distance_from_center_km","amenity_mask","room_offers");
