ALTER TABLE "room_plan_offers" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
-- Hand-written below (decision 055): search reads "today" in the hotel's time zone, as the hotel
-- page does, so the summary carries it and follows the hotel's setting.
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
  UPDATE hotels h SET room_offers = c.offers, price_cents = least(h.price_cents, coalesce(f_room_floor(c.offers, 1), h.price_cents))
  FROM (SELECT x.hotel_id, f_room_offers(x.hotel_id) AS offers
        FROM (SELECT DISTINCT rt.hotel_id FROM room_types rt WHERE rt.id = ANY(ids)) x) c
  WHERE h.id = c.hotel_id AND (h.room_offers IS DISTINCT FROM c.offers OR h.price_cents > f_room_floor(c.offers, 1));
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION hotels_refresh_plan_time_zone() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  UPDATE room_plan_offers o SET time_zone = NEW.time_zone
  FROM room_types rt WHERE rt.hotel_id = NEW.id AND o.room_type_id = rt.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A row trigger that fires only when the time zone changes: hotels are updated often and in bulk
-- (room_offers, review counts), which a statement trigger's transition table would copy each time.
CREATE TRIGGER hotels_room_plan_offers_time_zone AFTER UPDATE OF time_zone ON hotels
  FOR EACH ROW WHEN (OLD.time_zone IS DISTINCT FROM NEW.time_zone) EXECUTE FUNCTION hotels_refresh_plan_time_zone();
--> statement-breakpoint
UPDATE room_plan_offers o SET time_zone = h.time_zone FROM room_types rt JOIN hotels h ON h.id = rt.hotel_id
WHERE o.room_type_id = rt.id AND o.time_zone <> h.time_zone;
