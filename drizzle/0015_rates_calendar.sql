CREATE TABLE "rate_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"room_type_id" integer NOT NULL,
	"first_night" date NOT NULL,
	"last_night" date NOT NULL,
	"weekdays" integer DEFAULT 127 NOT NULL,
	"price_cents" integer,
	"min_stay" integer,
	"closed" boolean,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rate_rules_nights_order" CHECK ("rate_rules"."last_night" >= "rate_rules"."first_night"),
	CONSTRAINT "rate_rules_weekdays_range" CHECK ("rate_rules"."weekdays" between 1 and 127),
	CONSTRAINT "rate_rules_price_positive" CHECK ("rate_rules"."price_cents" is null or "rate_rules"."price_cents" > 0),
	CONSTRAINT "rate_rules_min_stay_range" CHECK ("rate_rules"."min_stay" is null or "rate_rules"."min_stay" between 1 and 30)
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "nightly_price_cents" integer[];--> statement-breakpoint
ALTER TABLE "rate_rules" ADD CONSTRAINT "rate_rules_room_type_id_room_types_id_fk" FOREIGN KEY ("room_type_id") REFERENCES "public"."room_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_rules" ADD CONSTRAINT "rate_rules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rate_rules_room_type_nights_idx" ON "rate_rules" USING btree ("room_type_id","last_night","first_night");--> statement-breakpoint
-- Hand-written below (decision 020): the night-by-night rate of a stay, the search's price floor and
-- the trigger that keeps hotels.room_offers a lower bound of every price a room type can have.

-- Each night of the stay [$2, $3) of room type $1: its price (the latest rule that prices it, else the
-- room type's base price, read only when some night has no priced rule), whether it is closed and its
-- minimum stay (latest rule that sets each, else open and 1). The one definition of a night's rate.
CREATE OR REPLACE FUNCTION f_stay_nights(integer, date, date)
  RETURNS TABLE (night date, price_cents integer, closed boolean, min_stay integer)
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$
  WITH r AS MATERIALIZED (
    SELECT x.id, x.first_night, x.last_night, x.weekdays, x.price_cents, x.min_stay, x.closed
    FROM rate_rules x WHERE x.room_type_id = $1 AND x.last_night >= $2 AND x.first_night < $3
  ), d AS (
    SELECT g::date AS night, 1 << (extract(isodow FROM g)::int - 1) AS bit
    FROM generate_series($2::timestamp, $3::timestamp - interval '1 day', interval '1 day') g
  )
  SELECT d.night,
    coalesce(
      (SELECT r.price_cents FROM r WHERE r.price_cents IS NOT NULL AND d.night BETWEEN r.first_night AND r.last_night
         AND r.weekdays & d.bit <> 0 ORDER BY r.id DESC LIMIT 1),
      (SELECT rt.price_cents FROM room_types rt WHERE rt.id = $1)),
    coalesce(
      (SELECT r.closed FROM r WHERE r.closed IS NOT NULL AND d.night BETWEEN r.first_night AND r.last_night
         AND r.weekdays & d.bit <> 0 ORDER BY r.id DESC LIMIT 1), false),
    coalesce(
      (SELECT r.min_stay FROM r WHERE r.min_stay IS NOT NULL AND d.night BETWEEN r.first_night AND r.last_night
         AND r.weekdays & d.bit <> 0 ORDER BY r.id DESC LIMIT 1), 1)
  FROM d ORDER BY d.night
$$;
--> statement-breakpoint
-- The price of one room of room type $1 for the stay [$3, $4): the sum of its nights, or null when a
-- night is closed or the stay is shorter than its check-in night's minimum stay. $2 is the room
-- type's floor from hotels.room_offers, which equals its base price when it has no rule at all, so
-- room types without rules cost one index probe.
CREATE OR REPLACE FUNCTION f_stay_price(integer, integer, date, date) RETURNS integer
  LANGUAGE plpgsql STABLE PARALLEL SAFE
  AS $$
DECLARE
  total bigint;
  any_closed boolean;
  first_min integer;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM rate_rules x WHERE x.room_type_id = $1) THEN
    RETURN $2 * ($4 - $3);
  END IF;
  SELECT sum(n.price_cents), bool_or(n.closed), (array_agg(n.min_stay ORDER BY n.night))[1]
    INTO total, any_closed, first_min
    FROM f_stay_nights($1, $3, $4) n;
  IF any_closed OR first_min > $4 - $3 THEN
    RETURN NULL;
  END IF;
  RETURN total;
END $$;
--> statement-breakpoint
-- The lowest price room type $1 can have on any night: its base price or a rule's price. Every rule
-- counts, past ones too, so the floor only loosens with time and f_stay_price's shortcut stays exact.
CREATE OR REPLACE FUNCTION f_rate_floor(integer, integer) RETURNS integer
  LANGUAGE sql STABLE PARALLEL SAFE STRICT
  AS $$ SELECT least($2, (SELECT min(x.price_cents) FROM rate_rules x WHERE x.room_type_id = $1)) $$;
--> statement-breakpoint
-- hotels.room_offers now carries each room type's floor (not its base price) in the price slot, so
-- f_room_floor, the price-sort indexes and the max-price skip stay lower bounds of every offer.
CREATE OR REPLACE FUNCTION f_room_offers(integer) RETURNS integer[]
  LANGUAGE sql STABLE PARALLEL SAFE STRICT
  AS $$ SELECT coalesce(array_agg(u.e ORDER BY rt.floor_cents, rt.id, u.ord), '{}')
    FROM (SELECT t.*, f_rate_floor(t.id, t.price_cents) AS floor_cents FROM room_types t WHERE t.hotel_id = $1) rt
    CROSS JOIN LATERAL unnest(ARRAY[rt.id, rt.max_guests, rt.floor_cents, rt.total_rooms, rt.original_price_cents]) WITH ORDINALITY u(e, ord) $$;
--> statement-breakpoint
-- Statement triggers: after rules change, the hotels concerned get their room_offers again, and
-- hotels.price_cents (the walk key of the price sort for one guest per room) drops to the floor.
CREATE OR REPLACE FUNCTION rate_rules_refresh_room_offers() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE hotels h SET room_offers = c.offers, price_cents = least(h.price_cents, coalesce(f_room_floor(c.offers, 1), h.price_cents))
    FROM (SELECT x.hotel_id, f_room_offers(x.hotel_id) AS offers
          FROM (SELECT DISTINCT rt.hotel_id FROM room_types rt WHERE rt.id IN (SELECT room_type_id FROM new_rows)) x) c
    WHERE h.id = c.hotel_id AND (h.room_offers IS DISTINCT FROM c.offers OR h.price_cents > f_room_floor(c.offers, 1));
  ELSE
    UPDATE hotels h SET room_offers = c.offers
    FROM (SELECT x.hotel_id, f_room_offers(x.hotel_id) AS offers
          FROM (SELECT DISTINCT rt.hotel_id FROM room_types rt WHERE rt.id IN (SELECT room_type_id FROM old_rows)) x) c
    WHERE h.id = c.hotel_id AND h.room_offers IS DISTINCT FROM c.offers;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER rate_rules_room_offers_insert AFTER INSERT ON rate_rules
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rate_rules_refresh_room_offers();--> statement-breakpoint
CREATE TRIGGER rate_rules_room_offers_delete AFTER DELETE ON rate_rules
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION rate_rules_refresh_room_offers();
