ALTER TABLE "hotels" ADD COLUMN "offers_at_floor" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- Hand-written below (decision 083). Search rules a hotel out of a minimum price by pricing its
-- cheaper rooms for the stay; with rate plans each such price reads the room type's plans. A room
-- type without rate rules sells every night at its base price, and each plan priced by a percentage
-- or an amount then costs the same every night: when its cheapest plan is also open (sells every
-- stay from today on, f_plans_open), every stay it sells costs exactly its room_offers floor.
-- hotels.offers_at_floor marks the hotels where that holds for every open room type; it is written
-- wherever room_offers is, and carried in the city indexes so the rule-out stays index-only.
CREATE OR REPLACE FUNCTION f_plans_at_floor(base integer, plans integer[], closed_plans integer[]) RETURNS boolean
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
  -- No plan: the standard rate, at the floor. Else no plan with prices of its own, and an open plan
  -- among the cheapest (none open: min(...) FILTER is null, so not at the floor).
  SELECT count(*) = 0 OR (bool_and(p.kind <> 2) AND coalesce(min(p.price) FILTER (WHERE p.open) = min(p.price), false))
  FROM (SELECT plans[k + 1] AS kind,
          CASE plans[k + 1] WHEN 0 THEN round(base::numeric * (100 + plans[k + 2]) / 100)::int WHEN 1 THEN base + plans[k + 2] END AS price,
          plans[k + 5] <= 1 AND plans[k + 6] = 0 AND plans[k + 7] < 0 AND NOT (plans[k] = ANY(closed_plans)) AS open
        FROM generate_series(1, cardinality(plans), 8) k) p
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION f_hotel_offers_at_floor(hotel integer) RETURNS boolean
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$
  SELECT NOT EXISTS (SELECT 1 FROM room_types rt
    WHERE rt.hotel_id = hotel AND NOT rt.closed
      AND (EXISTS (SELECT 1 FROM rate_rules x WHERE x.room_type_id = rt.id)
        OR NOT coalesce((SELECT f_plans_at_floor(rt.price_cents, o.plans, o.closed_plans) FROM room_plan_offers o
                         WHERE o.room_type_id = rt.id), true)))
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION room_types_refresh_room_offers() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE hotels h SET room_offers = c.offers, offers_at_floor = c.at_floor
    FROM (SELECT x.hotel_id, f_room_offers(x.hotel_id) AS offers, f_hotel_offers_at_floor(x.hotel_id) AS at_floor
          FROM (SELECT DISTINCT hotel_id FROM new_rows) x) c
    WHERE h.id = c.hotel_id AND (h.room_offers IS DISTINCT FROM c.offers OR h.offers_at_floor <> c.at_floor);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE hotels h SET room_offers = c.offers, offers_at_floor = c.at_floor
    FROM (SELECT x.hotel_id, f_room_offers(x.hotel_id) AS offers, f_hotel_offers_at_floor(x.hotel_id) AS at_floor
          FROM (SELECT DISTINCT hotel_id FROM old_rows) x) c
    WHERE h.id = c.hotel_id AND (h.room_offers IS DISTINCT FROM c.offers OR h.offers_at_floor <> c.at_floor);
  ELSE
    UPDATE hotels h SET room_offers = c.offers, offers_at_floor = c.at_floor
    FROM (SELECT x.hotel_id, f_room_offers(x.hotel_id) AS offers, f_hotel_offers_at_floor(x.hotel_id) AS at_floor
          FROM (SELECT hotel_id FROM new_rows UNION SELECT hotel_id FROM old_rows) x) c
    WHERE h.id = c.hotel_id AND (h.room_offers IS DISTINCT FROM c.offers OR h.offers_at_floor <> c.at_floor);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rate_rules_refresh_room_offers() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE hotels h SET room_offers = c.offers, price_cents = least(h.price_cents, coalesce(f_room_floor(c.offers, 1), h.price_cents)),
      offers_at_floor = c.at_floor
    FROM (SELECT x.hotel_id, f_room_offers(x.hotel_id) AS offers, f_hotel_offers_at_floor(x.hotel_id) AS at_floor
          FROM (SELECT DISTINCT rt.hotel_id FROM room_types rt WHERE rt.id IN (SELECT room_type_id FROM new_rows)) x) c
    WHERE h.id = c.hotel_id
      AND (h.room_offers IS DISTINCT FROM c.offers OR h.price_cents > f_room_floor(c.offers, 1) OR h.offers_at_floor <> c.at_floor);
  ELSE
    UPDATE hotels h SET room_offers = c.offers, offers_at_floor = c.at_floor
    FROM (SELECT x.hotel_id, f_room_offers(x.hotel_id) AS offers, f_hotel_offers_at_floor(x.hotel_id) AS at_floor
          FROM (SELECT DISTINCT rt.hotel_id FROM room_types rt WHERE rt.id IN (SELECT room_type_id FROM old_rows)) x) c
    WHERE h.id = c.hotel_id AND (h.room_offers IS DISTINCT FROM c.offers OR h.offers_at_floor <> c.at_floor);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION f_refresh_room_plan_offers(ids integer[]) RETURNS void
  LANGUAGE plpgsql
  AS $$
BEGIN
  PERFORM 1 FROM room_types WHERE id = ANY(ids) ORDER BY id FOR NO KEY UPDATE;
  DELETE FROM room_plan_offers o WHERE o.room_type_id = ANY(ids)
    AND NOT EXISTS (SELECT 1 FROM rate_plans p WHERE p.room_type_id = o.room_type_id AND p.active);
  INSERT INTO room_plan_offers AS o (room_type_id, base_cents, time_zone, plans, closed_plans, closed_nights)
  SELECT rt.id, rt.price_cents, (SELECT h.time_zone FROM hotels h WHERE h.id = rt.hotel_id),
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
  ON CONFLICT (room_type_id) DO UPDATE SET base_cents = excluded.base_cents, time_zone = excluded.time_zone, plans = excluded.plans,
    closed_plans = excluded.closed_plans, closed_nights = excluded.closed_nights
  WHERE (o.base_cents, o.time_zone, o.plans, o.closed_plans, o.closed_nights)
    IS DISTINCT FROM (excluded.base_cents, excluded.time_zone, excluded.plans, excluded.closed_plans, excluded.closed_nights);
  UPDATE hotels h SET room_offers = c.offers, price_cents = least(h.price_cents, coalesce(f_room_floor(c.offers, 1), h.price_cents)),
    plans_restricted = c.restricted, offers_at_floor = c.at_floor
  FROM (SELECT x.hotel_id, f_room_offers(x.hotel_id) AS offers, f_hotel_plans_restricted(x.hotel_id) AS restricted,
          f_hotel_offers_at_floor(x.hotel_id) AS at_floor
        FROM (SELECT DISTINCT rt.hotel_id FROM room_types rt WHERE rt.id = ANY(ids)) x) c
  WHERE h.id = c.hotel_id
    AND (h.room_offers IS DISTINCT FROM c.offers OR h.price_cents > f_room_floor(c.offers, 1) OR h.plans_restricted <> c.restricted
      OR h.offers_at_floor <> c.at_floor);
END $$;
--> statement-breakpoint
-- Existing hotels: the ones with a rate rule, or with a room type whose cheapest plan is not open.
UPDATE hotels h SET offers_at_floor = false
FROM (SELECT rt.hotel_id FROM rate_rules x JOIN room_types rt ON rt.id = x.room_type_id WHERE NOT rt.closed
      UNION
      SELECT rt.hotel_id FROM room_plan_offers o JOIN room_types rt ON rt.id = o.room_type_id
      WHERE NOT rt.closed AND NOT f_plans_at_floor(rt.price_cents, o.plans, o.closed_plans)) x
WHERE h.id = x.hotel_id;
--> statement-breakpoint
DROP INDEX IF EXISTS "hotels_city_popularity_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "hotels_city_rating_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "hotels_city_distance_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "hotels_city_price_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "hotels_city_price_for_2_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "hotels_city_price_for_3_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "hotels_city_price_for_4_idx";--> statement-breakpoint
CREATE INDEX "hotels_city_popularity_idx" ON "hotels" USING btree ("city","review_count" DESC NULLS LAST,"id")
  INCLUDE ("country","star_rating","distance_from_center_km","price_cents","amenity_mask","room_offers","rating","free_cancellation_days","property_type","plans_restricted","offers_at_floor");--> statement-breakpoint
CREATE INDEX "hotels_city_rating_idx" ON "hotels" USING btree ("city","rating" DESC NULLS LAST,"review_count" DESC NULLS LAST,"id")
  INCLUDE ("country","star_rating","distance_from_center_km","price_cents","amenity_mask","room_offers","free_cancellation_days","property_type","plans_restricted","offers_at_floor");--> statement-breakpoint
CREATE INDEX "hotels_city_distance_idx" ON "hotels" USING btree ("city","distance_from_center_km","id")
  INCLUDE ("country","star_rating","price_cents","amenity_mask","room_offers","rating","free_cancellation_days","property_type","plans_restricted","offers_at_floor");--> statement-breakpoint
CREATE INDEX "hotels_city_price_idx" ON "hotels" USING btree ("city","price_cents","id")
  INCLUDE ("country","star_rating","distance_from_center_km","amenity_mask","room_offers","rating","free_cancellation_days","property_type","plans_restricted","offers_at_floor");--> statement-breakpoint
CREATE INDEX "hotels_city_price_for_2_idx" ON "hotels" USING btree ("city",f_room_floor(room_offers, 2),"id")
  INCLUDE ("country","star_rating","distance_from_center_km","price_cents","amenity_mask","room_offers","rating","free_cancellation_days","property_type","plans_restricted","offers_at_floor")
  WHERE f_room_floor(room_offers, 2) is not null;--> statement-breakpoint
CREATE INDEX "hotels_city_price_for_3_idx" ON "hotels" USING btree ("city",f_room_floor(room_offers, 3),"id")
  INCLUDE ("country","star_rating","distance_from_center_km","price_cents","amenity_mask","room_offers","rating","free_cancellation_days","property_type","plans_restricted","offers_at_floor")
  WHERE f_room_floor(room_offers, 3) is not null;--> statement-breakpoint
CREATE INDEX "hotels_city_price_for_4_idx" ON "hotels" USING btree ("city",f_room_floor(room_offers, 4),"id")
  INCLUDE ("country","star_rating","distance_from_center_km","price_cents","amenity_mask","room_offers","rating","free_cancellation_days","property_type","plans_restricted","offers_at_floor")
  WHERE f_room_floor(room_offers, 4) is not null;
