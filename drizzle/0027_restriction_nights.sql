CREATE TABLE "rate_restriction_nights" (
	"night" date PRIMARY KEY NOT NULL,
	"rules" integer NOT NULL
);
--> statement-breakpoint
-- Hand-written below (decision 034): kept by statement triggers on rate_rules, next to the
-- room_offers ones (migration 0015). Nights are counted in order, so two edits lock them in the
-- same order. Weekdays are ignored: a count too high only costs search its restriction probes.
CREATE OR REPLACE FUNCTION rate_rules_count_restriction_nights() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO rate_restriction_nights AS n (night, rules)
    SELECT d::date, count(*)::int FROM new_rows r
      CROSS JOIN generate_series(r.first_night::timestamp, r.last_night::timestamp, interval '1 day') d
      WHERE r.closed IS NOT NULL OR r.min_stay IS NOT NULL
      GROUP BY d::date ORDER BY d::date
    ON CONFLICT (night) DO UPDATE SET rules = n.rules + excluded.rules;
  ELSE
    UPDATE rate_restriction_nights n SET rules = n.rules - c.rules
    FROM (SELECT d::date AS night, count(*)::int AS rules FROM old_rows r
            CROSS JOIN generate_series(r.first_night::timestamp, r.last_night::timestamp, interval '1 day') d
            WHERE r.closed IS NOT NULL OR r.min_stay IS NOT NULL
            GROUP BY d::date ORDER BY d::date) c
    WHERE n.night = c.night;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER rate_rules_restriction_nights_insert AFTER INSERT ON rate_rules
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rate_rules_count_restriction_nights();--> statement-breakpoint
CREATE TRIGGER rate_rules_restriction_nights_delete AFTER DELETE ON rate_rules
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION rate_rules_count_restriction_nights();--> statement-breakpoint
-- The rules already there.
INSERT INTO rate_restriction_nights (night, rules)
SELECT d::date, count(*)::int FROM rate_rules r
  CROSS JOIN generate_series(r.first_night::timestamp, r.last_night::timestamp, interval '1 day') d
  WHERE r.closed IS NOT NULL OR r.min_stay IS NOT NULL
  GROUP BY d::date ORDER BY d::date;
