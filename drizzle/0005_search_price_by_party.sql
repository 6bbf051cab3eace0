-- Price sort over millions of hotels: the offer for a party needing N guests per room is never below
-- the hotel's cheapest room type that sleeps N, so walking hotels in that order (not by the cheapest
-- room of any size) reaches the page after pricing a few hotels more than the page holds.
-- Hand-written around Drizzle's CREATE INDEX lines: the function and INCLUDE are beyond Drizzle.

-- The lowest price among the room types of hotels.room_offers that sleep at least $2; null if none.
CREATE OR REPLACE FUNCTION f_room_floor(integer[], integer) RETURNS integer
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT min($1[i + 2]) FROM generate_series(1, cardinality($1), 5) i WHERE $1[i + 1] >= $2 $$;
--> statement-breakpoint
CREATE INDEX "hotels_city_price_for_2_idx" ON "hotels" USING btree ("city",f_room_floor(room_offers, 2),"id")
  INCLUDE ("country","star_rating","distance_from_center_km","price_cents","amenity_mask","room_offers") WHERE f_room_floor(room_offers, 2) is not null;--> statement-breakpoint
CREATE INDEX "hotels_city_price_for_3_idx" ON "hotels" USING btree ("city",f_room_floor(room_offers, 3),"id")
  INCLUDE ("country","star_rating","distance_from_center_km","price_cents","amenity_mask","room_offers") WHERE f_room_floor(room_offers, 3) is not null;--> statement-breakpoint
CREATE INDEX "hotels_city_price_for_4_idx" ON "hotels" USING btree ("city",f_room_floor(room_offers, 4),"id")
  INCLUDE ("country","star_rating","distance_from_center_km","price_cents","amenity_mask","room_offers") WHERE f_room_floor(room_offers, 4) is not null;
