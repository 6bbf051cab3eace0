CREATE TABLE "room_plan_offers" (
	"room_type_id" integer PRIMARY KEY NOT NULL,
	"base_cents" integer NOT NULL,
	"plans" integer[] NOT NULL,
	"closed_plans" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"closed_nights" date[] DEFAULT '{}'::date[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "room_plan_offers" ADD CONSTRAINT "room_plan_offers_room_type_id_room_types_id_fk" FOREIGN KEY ("room_type_id") REFERENCES "public"."room_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written below (decision 055): what search reads of rate plans, and the floors that keep its
-- walks exact. Functions and triggers are beyond Drizzle.

-- The days before check-in until which cancelling under these terms (PolicyTerms,
-- shared/cancellation-policies.ts) is free: the last free tier's daysBefore; 0 when even the final
-- fee is free; -1 when nothing is free.
CREATE OR REPLACE FUNCTION f_free_cancellation_days(jsonb) RETURNS integer
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT CASE WHEN $1->'finalFee'->>'kind' = 'percent' AND ($1->'finalFee'->>'percent')::int = 0 THEN 0
    ELSE coalesce((SELECT min((t->>'daysBefore')::int) FROM jsonb_array_elements($1->'tiers') t
                   WHERE t->'fee'->>'kind' = 'percent' AND (t->'fee'->>'percent')::int = 0), -1) END $$;
--> statement-breakpoint
-- The lowest price room type $1 can be sold at on any night: with active rate plans, the lowest
-- plan price of its calendar floor (a plan's price rule is monotonic in the calendar price, and an
-- own calendar counts its lowest night); without, the calendar floor as before (migration 0015).
-- room_offers, f_room_floor, hotels.price_cents and the price-sort indexes stay lower bounds of
-- every offer, plans included.
CREATE OR REPLACE FUNCTION f_rate_floor(integer, integer) RETURNS integer
  LANGUAGE sql STABLE PARALLEL SAFE STRICT
  AS $$ SELECT coalesce((
      SELECT min(CASE p.price_rule_kind
          WHEN 'percent' THEN round(c.f * (100 + p.price_rule_value) / 100.0)::int
          WHEN 'amount' THEN c.f + p.price_rule_value
          ELSE least(c.f, (SELECT min(x.price_cents) FROM rate_plan_prices x WHERE x.rate_plan_id = p.id)) END)
      FROM rate_plans p WHERE p.room_type_id = $1 AND p.active), c.f)
    FROM (SELECT least($2, (SELECT min(x.price_cents) FROM rate_rules x WHERE x.room_type_id = $1)) AS f) c $$;
--> statement-breakpoint
-- Rewrites the room_plan_offers rows of room types `ids` from their active plans (none: no row),
-- then their hotels' room_offers, and lowers hotels.price_cents to the new floor as the rate rules'
-- trigger does. The room types are locked first (FOR NO KEY UPDATE, as f_refresh_rate_segments'
-- callers do), so two edits of one room type's plans at once cannot leave the first one's summary.
CREATE OR REPLACE FUNCTION f_refresh_room_plan_offers(ids integer[]) RETURNS void
  LANGUAGE plpgsql
  AS $$
BEGIN
  PERFORM 1 FROM room_types WHERE id = ANY(ids) ORDER BY id FOR NO KEY UPDATE;
  DELETE FROM room_plan_offers o WHERE o.room_type_id = ANY(ids)
    AND NOT EXISTS (SELECT 1 FROM rate_plans p WHERE p.room_type_id = o.room_type_id AND p.active);
  INSERT INTO room_plan_offers AS o (room_type_id, base_cents, plans, closed_plans, closed_nights)
  SELECT rt.id, rt.price_cents,
    (SELECT array_agg(u.e ORDER BY p.sort_order, p.id, u.ord)
     FROM rate_plans p JOIN cancellation_policies cp ON cp.id = p.cancellation_policy_id
     CROSS JOIN LATERAL unnest(ARRAY[p.id,
       CASE p.price_rule_kind WHEN 'percent' THEN 0 WHEN 'amount' THEN 1 ELSE 2 END,
       p.price_rule_value,
       CASE WHEN p.meal_plan = 'room_only' THEN 0 ELSE 1 END,
       f_free_cancellation_days(cp.terms),
       coalesce(p.min_stay, 0), coalesce(p.min_advance_days, 0), coalesce(p.max_advance_days, -1)]) WITH ORDINALITY u(e, ord)
     WHERE p.room_type_id = rt.id AND p.active),
    coalesce((SELECT array_agg(p.id ORDER BY p.id, d.night) FROM rate_plans p CROSS JOIN LATERAL unnest(p.closed_dates) d(night)
              WHERE p.room_type_id = rt.id AND p.active), '{}'),
    coalesce((SELECT array_agg(d.night ORDER BY p.id, d.night) FROM rate_plans p CROSS JOIN LATERAL unnest(p.closed_dates) d(night)
              WHERE p.room_type_id = rt.id AND p.active), '{}')
  FROM room_types rt
  WHERE rt.id = ANY(ids) AND EXISTS (SELECT 1 FROM rate_plans p WHERE p.room_type_id = rt.id AND p.active)
  ON CONFLICT (room_type_id) DO UPDATE SET base_cents = excluded.base_cents, plans = excluded.plans,
    closed_plans = excluded.closed_plans, closed_nights = excluded.closed_nights
  WHERE (o.base_cents, o.plans, o.closed_plans, o.closed_nights)
    IS DISTINCT FROM (excluded.base_cents, excluded.plans, excluded.closed_plans, excluded.closed_nights);
  UPDATE hotels h SET room_offers = c.offers, price_cents = least(h.price_cents, coalesce(f_room_floor(c.offers, 1), h.price_cents))
  FROM (SELECT x.hotel_id, f_room_offers(x.hotel_id) AS offers
        FROM (SELECT DISTINCT rt.hotel_id FROM room_types rt WHERE rt.id = ANY(ids)) x) c
  WHERE h.id = c.hotel_id AND (h.room_offers IS DISTINCT FROM c.offers OR h.price_cents > f_room_floor(c.offers, 1));
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rate_plans_refresh_room_plan_offers() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM f_refresh_room_plan_offers((SELECT array_agg(DISTINCT room_type_id) FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM f_refresh_room_plan_offers((SELECT array_agg(DISTINCT room_type_id) FROM old_rows));
  ELSE
    PERFORM f_refresh_room_plan_offers((SELECT array_agg(DISTINCT x.room_type_id)
      FROM (SELECT room_type_id FROM new_rows UNION SELECT room_type_id FROM old_rows) x));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER rate_plans_room_plan_offers_insert AFTER INSERT ON rate_plans
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rate_plans_refresh_room_plan_offers();--> statement-breakpoint
CREATE TRIGGER rate_plans_room_plan_offers_update AFTER UPDATE ON rate_plans
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rate_plans_refresh_room_plan_offers();--> statement-breakpoint
CREATE TRIGGER rate_plans_room_plan_offers_delete AFTER DELETE ON rate_plans
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION rate_plans_refresh_room_plan_offers();
--> statement-breakpoint
-- An own calendar's lowest night is part of its room type's floor.
CREATE OR REPLACE FUNCTION rate_plan_prices_refresh_room_plan_offers() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM f_refresh_room_plan_offers((SELECT array_agg(DISTINCT p.room_type_id) FROM rate_plans p WHERE p.id IN (SELECT rate_plan_id FROM new_rows)));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM f_refresh_room_plan_offers((SELECT array_agg(DISTINCT p.room_type_id) FROM rate_plans p WHERE p.id IN (SELECT rate_plan_id FROM old_rows)));
  ELSE
    PERFORM f_refresh_room_plan_offers((SELECT array_agg(DISTINCT p.room_type_id) FROM rate_plans p
      WHERE p.id IN (SELECT rate_plan_id FROM new_rows UNION SELECT rate_plan_id FROM old_rows)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER rate_plan_prices_room_plan_offers_insert AFTER INSERT ON rate_plan_prices
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rate_plan_prices_refresh_room_plan_offers();--> statement-breakpoint
CREATE TRIGGER rate_plan_prices_room_plan_offers_update AFTER UPDATE ON rate_plan_prices
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rate_plan_prices_refresh_room_plan_offers();--> statement-breakpoint
CREATE TRIGGER rate_plan_prices_room_plan_offers_delete AFTER DELETE ON rate_plan_prices
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION rate_plan_prices_refresh_room_plan_offers();
--> statement-breakpoint
-- A policy's new terms change when its plans cancel for free.
CREATE OR REPLACE FUNCTION cancellation_policies_refresh_room_plan_offers() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  PERFORM f_refresh_room_plan_offers((SELECT array_agg(DISTINCT p.room_type_id) FROM rate_plans p
    WHERE p.cancellation_policy_id IN (SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.terms IS DISTINCT FROM o.terms)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER cancellation_policies_room_plan_offers_update AFTER UPDATE ON cancellation_policies
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cancellation_policies_refresh_room_plan_offers();
--> statement-breakpoint
-- A base price change moves the calendar price of every plan of the room type (its floor follows
-- through room_offers' own trigger, f_rate_floor).
CREATE OR REPLACE FUNCTION room_types_refresh_plan_base() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  UPDATE room_plan_offers o SET base_cents = n.price_cents FROM new_rows n
  WHERE o.room_type_id = n.id AND o.base_cents <> n.price_cents;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER room_types_room_plan_offers_base AFTER UPDATE ON room_types
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION room_types_refresh_plan_base();
--> statement-breakpoint
-- Plans already there.
SELECT f_refresh_room_plan_offers(coalesce((SELECT array_agg(DISTINCT room_type_id) FROM rate_plans WHERE active), '{}'));
