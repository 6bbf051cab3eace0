CREATE INDEX "hotels_city_popularity_idx" ON "hotels" USING btree ("city","review_count" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "hotels_city_rating_idx" ON "hotels" USING btree ("city","rating" DESC NULLS LAST,"review_count" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "hotels_city_distance_idx" ON "hotels" USING btree ("city","distance_from_center_km","id");--> statement-breakpoint
CREATE INDEX "hotels_city_price_idx" ON "hotels" USING btree ("city","price_cents","id");--> statement-breakpoint
CREATE INDEX "hotels_name_trgm_idx" ON "hotels" USING gin (f_unaccent(lower(replace("name", "city", ''))) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "room_types_hotel_offer_idx" ON "room_types" USING btree ("hotel_id","max_guests","price_cents","id","total_rooms","original_price_cents");