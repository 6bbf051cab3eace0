-- One amenity vocabulary for our own hotels (src/shared/amenities.ts): the demo seed wrote several
-- wordings for one amenity ('High-speed WiFi', 'Rooftop pool', 'Smart TV' beside 'Flat-screen TV');
-- it now writes one label each. This rewrites the catalogues seeded before to those labels.
-- Data only; see docs/decisions/014-canonical-amenities.md.

-- amenity_mask now sets the bit of a filter amenity when the hotel has its canonical label (the
-- `bit` of AMENITIES), instead of testing every text with ILIKE '%term%'; the labels contain their
-- term, so on canonical data the two agree (tested). Strict operators only and no subquery, so the
-- planner inlines the function (the generated column no longer runs a SQL function per row).
CREATE OR REPLACE FUNCTION f_amenity_mask(text[]) RETURNS integer
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT ($1 @> '{"Free WiFi"}')::integer
    | (($1 @> '{Parking}')::integer * 2)
    | (($1 @> '{Restaurant}')::integer * 4)
    | (($1 @> '{Pool}')::integer * 8)
    | (($1 @> '{Gym}')::integer * 16)
    | (($1 @> '{Spa}')::integer * 32) $$;
--> statement-breakpoint
-- Every wording the seed ever wrote that is not a canonical label, with its label; 'WiFi' and
-- 'Breakfast' are the spec's flag labels.
CREATE TEMPORARY TABLE amenity_wordings (wording text PRIMARY KEY, label text NOT NULL);
--> statement-breakpoint
INSERT INTO amenity_wordings (wording, label) VALUES
  ('WiFi', 'Free WiFi'),
  ('High-speed WiFi', 'Free WiFi'),
  ('Breakfast', 'Breakfast included'),
  ('Free breakfast buffet', 'Breakfast included'),
  ('Outdoor pool', 'Pool'),
  ('Infinity pool', 'Pool'),
  ('Indoor pool', 'Pool'),
  ('Rooftop pool', 'Pool'),
  ('Heated pool', 'Pool'),
  ('Spa & wellness center', 'Spa'),
  ('Spa and sauna', 'Spa'),
  ('Fitness center & gym', 'Gym'),
  ('24-hour gym', 'Gym'),
  ('On-site restaurant', 'Restaurant'),
  ('Rooftop restaurant', 'Restaurant'),
  ('Free parking', 'Parking'),
  ('Private parking', 'Parking'),
  ('Valet parking', 'Parking'),
  ('Lobby bar', 'Bar'),
  ('Rooftop bar', 'Bar'),
  ('Smart TV', 'Flat-screen TV');
--> statement-breakpoint
-- One UPDATE per table, touching only the rows that hold a former wording or a mask the new
-- function would compute differently: each array is mapped element-wise, and a label that now
-- appears twice keeps its first place. amenity_mask is generated, so the UPDATE recomputes it.
UPDATE hotels h SET amenities = ARRAY(
    SELECT m.label FROM (
      SELECT coalesce(w.label, u.amenity) AS label, min(u.ord) AS ord
      FROM unnest(h.amenities) WITH ORDINALITY u(amenity, ord)
      LEFT JOIN amenity_wordings w ON w.wording = u.amenity
      GROUP BY 1) m
    ORDER BY m.ord)
  WHERE h.amenities && ARRAY(SELECT wording FROM amenity_wordings)
    OR h.amenity_mask IS DISTINCT FROM f_amenity_mask(h.amenities);
--> statement-breakpoint
-- Room amenities do not feed hotels.room_offers: its trigger would only recompute every touched
-- hotel's offers to find them unchanged (half the time of this UPDATE). Off for this statement
-- only, inside the migration's transaction, which holds the table lock until it commits.
ALTER TABLE room_types DISABLE TRIGGER room_types_room_offers_update;
--> statement-breakpoint
UPDATE room_types rt SET amenities = ARRAY(
    SELECT m.label FROM (
      SELECT coalesce(w.label, u.amenity) AS label, min(u.ord) AS ord
      FROM unnest(rt.amenities) WITH ORDINALITY u(amenity, ord)
      LEFT JOIN amenity_wordings w ON w.wording = u.amenity
      GROUP BY 1) m
    ORDER BY m.ord)
  WHERE rt.amenities && ARRAY(SELECT wording FROM amenity_wordings);
--> statement-breakpoint
ALTER TABLE room_types ENABLE TRIGGER room_types_room_offers_update;
--> statement-breakpoint
DROP TABLE amenity_wordings;
