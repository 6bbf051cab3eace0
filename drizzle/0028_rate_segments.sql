CREATE TABLE "room_rate_segments" (
	"room_type_id" integer PRIMARY KEY NOT NULL,
	"starts" date[] NOT NULL,
	"prices" integer[] NOT NULL,
	"min_stays" integer[]
);
--> statement-breakpoint
ALTER TABLE "room_rate_segments" ADD CONSTRAINT "room_rate_segments_room_type_id_room_types_id_fk" FOREIGN KEY ("room_type_id") REFERENCES "public"."room_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written below (decision 035): each room type's rate rules compiled for search. The nights
-- where a rule starts, or the night after one ends, cut the calendar into segments covered by the
-- same rules; per segment and ISO week day the latest rule that sets a field wins (the highest id,
-- packed above the value so that one max() finds it), as in f_stay_nights. Bucket 0 (before the
-- first start) and the last bucket (after every rule) are covered by no rule: the base price, open,
-- no minimum stay. A closed cell's price is null.
CREATE OR REPLACE FUNCTION f_refresh_rate_segments(ids integer[]) RETURNS void
  LANGUAGE sql
  AS $$
  DELETE FROM room_rate_segments s WHERE s.room_type_id IN (SELECT unnest(ids))
    AND NOT EXISTS (SELECT 1 FROM rate_rules x WHERE x.room_type_id = s.room_type_id);
  WITH r AS MATERIALIZED (
    SELECT x.id, x.room_type_id, x.first_night, x.last_night, x.weekdays, x.price_cents, x.closed, x.min_stay
    FROM rate_rules x WHERE x.room_type_id IN (SELECT unnest(ids))
  ), b AS (
    SELECT e.room_type_id, array_agg(e.night ORDER BY e.night) AS starts
    FROM (SELECT r.room_type_id, r.first_night AS night FROM r UNION SELECT r.room_type_id, r.last_night + 1 FROM r) e
    GROUP BY e.room_type_id
  ), covered AS (
    -- Each rule covers the buckets from the one its first night starts to the one before the night
    -- after its last, on its week days only.
    SELECT r.room_type_id, k, w,
      (max((r.id::bigint << 32) | r.price_cents) FILTER (WHERE r.price_cents IS NOT NULL) & 4294967295)::int AS price,
      max(r.id::bigint * 2 + r.closed::int) FILTER (WHERE r.closed IS NOT NULL) % 2 = 1 AS closed,
      (max((r.id::bigint << 8) | r.min_stay) FILTER (WHERE r.min_stay IS NOT NULL) & 255)::int AS min_stay
    FROM r JOIN b ON b.room_type_id = r.room_type_id
    CROSS JOIN generate_series(array_position(b.starts, r.first_night), array_position(b.starts, r.last_night + 1) - 1) k
    CROSS JOIN generate_series(1, 7) w
    WHERE r.weekdays & (1 << (w - 1)) <> 0
    GROUP BY r.room_type_id, k, w
  )
  INSERT INTO room_rate_segments (room_type_id, starts, prices, min_stays)
  SELECT b.room_type_id, b.starts,
    array_agg(CASE WHEN c.closed THEN NULL ELSE coalesce(c.price, rt.price_cents) END ORDER BY k.k, w.w),
    CASE WHEN max(c.min_stay) > 1 THEN array_agg(coalesce(c.min_stay, 1) ORDER BY k.k, w.w) END
  FROM b JOIN room_types rt ON rt.id = b.room_type_id
  CROSS JOIN generate_series(0, cardinality(b.starts)) k CROSS JOIN generate_series(1, 7) w
  LEFT JOIN covered c ON c.room_type_id = b.room_type_id AND c.k = k.k AND c.w = w.w
  GROUP BY b.room_type_id, b.starts
  ON CONFLICT (room_type_id) DO UPDATE SET starts = excluded.starts, prices = excluded.prices, min_stays = excluded.min_stays
$$;
--> statement-breakpoint
-- After rules change, their room types are compiled again. Two edits of one room type's rules at
-- once: the second waits for the first at the row lock, and its compile (a later statement, so a
-- newer snapshot) then sees the rules of both.
CREATE OR REPLACE FUNCTION rate_rules_refresh_rate_segments() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  ids integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    ids := ARRAY(SELECT DISTINCT n.room_type_id FROM new_rows n ORDER BY 1);
  ELSIF TG_OP = 'DELETE' THEN
    ids := ARRAY(SELECT DISTINCT o.room_type_id FROM old_rows o ORDER BY 1);
  ELSE
    ids := ARRAY(SELECT n.room_type_id FROM new_rows n UNION SELECT o.room_type_id FROM old_rows o ORDER BY 1);
  END IF;
  PERFORM 1 FROM room_types t WHERE t.id IN (SELECT unnest(ids)) ORDER BY t.id FOR NO KEY UPDATE;
  PERFORM f_refresh_rate_segments(ids);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER rate_rules_rate_segments_insert AFTER INSERT ON rate_rules
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rate_rules_refresh_rate_segments();--> statement-breakpoint
CREATE TRIGGER rate_rules_rate_segments_update AFTER UPDATE ON rate_rules
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rate_rules_refresh_rate_segments();--> statement-breakpoint
CREATE TRIGGER rate_rules_rate_segments_delete AFTER DELETE ON rate_rules
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION rate_rules_refresh_rate_segments();--> statement-breakpoint
-- The base price fills the nights no rule prices: a new base price is compiled in.
CREATE OR REPLACE FUNCTION room_types_refresh_rate_segments() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  PERFORM f_refresh_rate_segments(ARRAY(
    SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE n.price_cents IS DISTINCT FROM o.price_cents
      AND EXISTS (SELECT 1 FROM room_rate_segments s WHERE s.room_type_id = n.id)
    ORDER BY 1));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER room_types_rate_segments_update AFTER UPDATE ON room_types
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION room_types_refresh_rate_segments();--> statement-breakpoint
-- The rules already there.
SELECT f_refresh_rate_segments(ARRAY(SELECT DISTINCT room_type_id FROM rate_rules ORDER BY 1));
