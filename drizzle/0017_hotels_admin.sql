ALTER TABLE "hotels" ADD COLUMN "check_in_time" text DEFAULT '15:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "hotels" ADD COLUMN "check_out_time" text DEFAULT '11:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "hotels" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "room_types" ADD COLUMN "closed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Hand-written below (issue 14, decision 021): what search may sell is hotels.room_offers, read from
-- the per-city INCLUDE indexes. A closed room type is left out of it and a hidden hotel's is empty,
-- so search drops them at once and stays index-only with no index rebuilt.

-- The open (not closed) room types of a hotel, as room_offers holds them: cheapest floor first, five
-- integers each, the price slot being the room type's rate floor (migration 0015, decision 020).
CREATE OR REPLACE FUNCTION f_open_room_offers(integer) RETURNS integer[]
  LANGUAGE sql STABLE PARALLEL SAFE STRICT
  AS $$ SELECT coalesce(array_agg(u.e ORDER BY rt.floor_cents, rt.id, u.ord), '{}')
    FROM (SELECT t.*, f_rate_floor(t.id, t.price_cents) AS floor_cents FROM room_types t WHERE t.hotel_id = $1 AND NOT t.closed) rt
    CROSS JOIN LATERAL unnest(ARRAY[rt.id, rt.max_guests, rt.floor_cents, rt.total_rooms, rt.original_price_cents]) WITH ORDINALITY u(e, ord) $$;
--> statement-breakpoint
-- What the room_types triggers (migration 0004) write: nothing for a hidden hotel.
CREATE OR REPLACE FUNCTION f_room_offers(integer) RETURNS integer[]
  LANGUAGE sql STABLE PARALLEL SAFE STRICT
  AS $$ SELECT CASE WHEN EXISTS (SELECT 1 FROM hotels h WHERE h.id = $1 AND h.hidden) THEN '{}'::integer[] ELSE f_open_room_offers($1) END $$;
--> statement-breakpoint
-- Hiding or showing a hotel empties or refills its room_offers in the same row version.
CREATE OR REPLACE FUNCTION hotels_hidden_room_offers() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  NEW.room_offers := CASE WHEN NEW.hidden THEN '{}'::integer[] ELSE f_open_room_offers(NEW.id) END;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER hotels_hidden_room_offers BEFORE INSERT OR UPDATE OF hidden ON hotels
  FOR EACH ROW WHEN (NEW.hidden) EXECUTE FUNCTION hotels_hidden_room_offers();
--> statement-breakpoint
CREATE TRIGGER hotels_shown_room_offers BEFORE UPDATE OF hidden ON hotels
  FOR EACH ROW WHEN (OLD.hidden AND NOT NEW.hidden) EXECUTE FUNCTION hotels_hidden_room_offers();
