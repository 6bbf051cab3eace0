CREATE TABLE "report_nights" (
	"room_type_id" integer,
	"night" date NOT NULL,
	"channel" text NOT NULL,
	"rooms_sold" integer DEFAULT 0 NOT NULL,
	"revenue_cents" bigint DEFAULT 0 NOT NULL,
	"stays" integer DEFAULT 0 NOT NULL,
	"stay_starts" integer DEFAULT 0 NOT NULL,
	"bookings_made" integer DEFAULT 0 NOT NULL,
	"cancellations" integer DEFAULT 0 NOT NULL,
	"arrivals" integer DEFAULT 0 NOT NULL,
	"arrival_nights" integer DEFAULT 0 NOT NULL,
	"lead_days" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "report_nights_key" UNIQUE NULLS NOT DISTINCT("room_type_id","night","channel")
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "report_nights" ADD CONSTRAINT "report_nights_room_type_id_room_types_id_fk" FOREIGN KEY ("room_type_id") REFERENCES "public"."room_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_nights_night_idx" ON "report_nights" USING btree ("night","channel","room_type_id","rooms_sold","revenue_cents","stays","stay_starts","bookings_made","cancellations","arrivals","arrival_nights","lead_days");--> statement-breakpoint
CREATE INDEX "room_nights_night_idx" ON "room_nights" USING btree ("night","room_type_id","rooms_total");--> statement-breakpoint
-- What a refund gave back, for the bookings refunded before the column existed (decision 023).
UPDATE "bookings" b SET "refunded_cents" = p.refunded
  FROM (SELECT booking_id, sum(refunded_cents)::integer AS refunded FROM payments GROUP BY booking_id) p
  WHERE p.booking_id = b.id AND p.refunded > 0;
--> statement-breakpoint
-- One booking's contribution to the revenue reports (decision 023), as report_nights rows:
-- * sold (confirmed; paid by card, partly refunded, or pay at hotel): one row per stay night with its
--   rooms and its share of the amount kept. The amount is what was charged less the points discount and
--   what was refunded (pay at hotel: the nights still in the stay at their prices, less the discount).
--   Night k of n gets amount * C(k) / S - amount * C(k-1) / S (integer division), where C(k) is the sum
--   of the first k nightly prices and S of all n: shares follow the prices the booking was made at and
--   add up to the amount exactly. Bookings without nightly prices weigh every night the same.
-- * our own rooms, counted as a booking (decision 010): one row on the check-in night with the arrival figures.
CREATE OR REPLACE FUNCTION f_report_rows(b bookings)
  RETURNS TABLE (room_type_id integer, night date, channel text, rooms_sold integer, revenue_cents bigint, stays integer,
    stay_starts integer, bookings_made integer, cancellations integer, arrivals integer, arrival_nights integer, lead_days integer)
  LANGUAGE sql STABLE
  AS $$
  WITH s AS (
    SELECT
      b.status = 'confirmed' AND b.payment_status IN ('completed', 'pay_at_hotel', 'refunding', 'refund_pending', 'refunded') AS sold,
      b.supplier = 'inventory' AND b.room_type_id IS NOT NULL AS own,
      b.payment_status IN ('completed', 'refunding', 'refunded', 'refund_pending') OR b.status = 'confirmed'
        OR b.supplier_state IN ('booking', 'unknown') AS counts,
      CASE WHEN b.supplier <> 'inventory' THEN 'partner' WHEN b.created_by_staff_id IS NOT NULL THEN 'front_desk' ELSE 'own_site' END AS channel,
      b.check_out - b.check_in AS n,
      CASE WHEN cardinality(b.nightly_price_cents) >= b.check_out - b.check_in
        AND 0 < ALL (b.nightly_price_cents[1:b.check_out - b.check_in])
        THEN b.nightly_price_cents[1:b.check_out - b.check_in] END AS prices
  ), w AS (
    SELECT s.*, coalesce(s.prices, array_fill(1, ARRAY[s.n])) AS weights,
      CASE
        WHEN b.pay_at_hotel AND s.prices IS NOT NULL THEN (SELECT sum(p) FROM unnest(s.prices) p) * b.num_rooms
        WHEN b.pay_at_hotel THEN b.total_price_cents::bigint
        ELSE b.total_price_cents::bigint - b.refunded_cents
      END - b.discount_cents AS amount
    FROM s
  ), stay AS (
    SELECT u.k, u.p, sum(u.p) OVER (ORDER BY u.k) AS cum, sum(u.p) OVER () AS total
    FROM w, unnest(w.weights) WITH ORDINALITY AS u(p, k)
    WHERE w.sold
  )
  SELECT b.room_type_id, b.check_in + (stay.k - 1)::integer, w.channel, b.num_rooms,
    w.amount * stay.cum / stay.total - w.amount * (stay.cum - stay.p) / stay.total, 1, (stay.k = 1)::integer, 0, 0, 0, 0, 0
  FROM w, stay
  UNION ALL
  SELECT b.room_type_id, b.check_in, w.channel, 0, 0, 0, 0, 1, (b.status = 'cancelled')::integer, w.sold::integer,
    CASE WHEN w.sold THEN w.n ELSE 0 END,
    CASE WHEN w.sold THEN b.check_in - (b.created_at AT TIME ZONE 'UTC')::date ELSE 0 END
  FROM w
  WHERE w.own AND w.counts
$$;
--> statement-breakpoint
-- Adds the contribution of `added` and takes away that of `removed`, in key order (two statements
-- touching the same rows lock them in the same order: no deadlock); rows that do not change are not written.
CREATE OR REPLACE FUNCTION report_nights_apply(added bookings[], removed bookings[]) RETURNS void
  LANGUAGE sql
  AS $$
  INSERT INTO report_nights AS t (room_type_id, night, channel, rooms_sold, revenue_cents, stays, stay_starts,
    bookings_made, cancellations, arrivals, arrival_nights, lead_days)
  SELECT r.room_type_id, r.night, r.channel, sum(d.sign * r.rooms_sold), sum(d.sign * r.revenue_cents), sum(d.sign * r.stays),
    sum(d.sign * r.stay_starts), sum(d.sign * r.bookings_made), sum(d.sign * r.cancellations), sum(d.sign * r.arrivals),
    sum(d.sign * r.arrival_nights), sum(d.sign * r.lead_days)
  FROM (SELECT 1 AS sign, a AS b FROM unnest(added) a UNION ALL SELECT -1, x FROM unnest(removed) x) d, f_report_rows(d.b) r
  GROUP BY r.room_type_id, r.night, r.channel
  HAVING sum(d.sign * r.rooms_sold) <> 0 OR sum(d.sign * r.revenue_cents) <> 0 OR sum(d.sign * r.stays) <> 0
    OR sum(d.sign * r.stay_starts) <> 0 OR sum(d.sign * r.bookings_made) <> 0 OR sum(d.sign * r.cancellations) <> 0
    OR sum(d.sign * r.arrivals) <> 0 OR sum(d.sign * r.arrival_nights) <> 0 OR sum(d.sign * r.lead_days) <> 0
  ORDER BY r.room_type_id, r.night, r.channel
  ON CONFLICT ON CONSTRAINT report_nights_key DO UPDATE SET
    rooms_sold = t.rooms_sold + excluded.rooms_sold, revenue_cents = t.revenue_cents + excluded.revenue_cents,
    stays = t.stays + excluded.stays, stay_starts = t.stay_starts + excluded.stay_starts,
    bookings_made = t.bookings_made + excluded.bookings_made, cancellations = t.cancellations + excluded.cancellations,
    arrivals = t.arrivals + excluded.arrivals, arrival_nights = t.arrival_nights + excluded.arrival_nights,
    lead_days = t.lead_days + excluded.lead_days
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bookings_report_nights() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM report_nights_apply(ARRAY(SELECT n::bookings FROM new_rows n), '{}'::bookings[]);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM report_nights_apply('{}'::bookings[], ARRAY(SELECT o::bookings FROM old_rows o));
  ELSE
    PERFORM report_nights_apply(ARRAY(SELECT n::bookings FROM new_rows n), ARRAY(SELECT o::bookings FROM old_rows o));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER bookings_report_nights_insert AFTER INSERT ON bookings
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bookings_report_nights();--> statement-breakpoint
CREATE TRIGGER bookings_report_nights_update AFTER UPDATE ON bookings
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bookings_report_nights();--> statement-breakpoint
CREATE TRIGGER bookings_report_nights_delete AFTER DELETE ON bookings
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bookings_report_nights();--> statement-breakpoint
INSERT INTO report_nights (room_type_id, night, channel, rooms_sold, revenue_cents, stays, stay_starts,
    bookings_made, cancellations, arrivals, arrival_nights, lead_days)
  SELECT r.room_type_id, r.night, r.channel, sum(r.rooms_sold), sum(r.revenue_cents), sum(r.stays), sum(r.stay_starts),
    sum(r.bookings_made), sum(r.cancellations), sum(r.arrivals), sum(r.arrival_nights), sum(r.lead_days)
  FROM bookings b, f_report_rows(b) r
  GROUP BY r.room_type_id, r.night, r.channel;
