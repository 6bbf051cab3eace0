-- Pay-at-hotel bookings (front-desk phone bookings) were written without their nightly prices, and a
-- shortened one (early departure, no-show) kept the whole stay's total, so the desk showed the whole
-- stay as due and the revenue report spread that total over the nights kept (decision 039).
--
-- 1. Each night's price per room as sold, from the stored total: the rooms' part of it (less the child
--    charges) per room, shared evenly over the booked nights in whole cents that add up exactly.
UPDATE "bookings" b SET "nightly_price_cents" = p.prices
  FROM (
    SELECT x.id, array_agg((x.per_room * k / x.n - x.per_room * (k - 1) / x.n)::integer ORDER BY k) AS prices
    FROM (
      SELECT id, coalesce(booked_check_out, check_out) - check_in AS n,
        (total_price_cents - child_charge_cents)::bigint / num_rooms AS per_room
      FROM "bookings"
      WHERE pay_at_hotel AND nightly_price_cents IS NULL AND num_rooms > 0
    ) x, generate_series(1, x.n) AS k
    WHERE x.n > 0
    GROUP BY x.id
  ) p
  WHERE p.id = b.id;
--> statement-breakpoint
-- 2. A shortened pay-at-hotel stay is due for the nights kept only: those nights at their prices for
--    every room, plus the child charges of those nights (the same each night).
UPDATE "bookings" b SET
  "total_price_cents" = (SELECT coalesce(sum(p), 0) FROM unnest(b.nightly_price_cents[1:b.check_out - b.check_in]) p)::integer * b.num_rooms
    + b.child_charge_cents * (b.check_out - b.check_in) / (b.booked_check_out - b.check_in),
  "child_charge_cents" = b.child_charge_cents * (b.check_out - b.check_in) / (b.booked_check_out - b.check_in)
  WHERE b.pay_at_hotel AND b.booked_check_out > b.check_out
    AND cardinality(b.nightly_price_cents) >= b.booked_check_out - b.check_in;
--> statement-breakpoint
-- 3. A booking's revenue is its total less what was refunded and the points discount, pay at hotel
--    included: its total is what is due for the nights it keeps (child charges too, which the sum of
--    its nightly prices left out). Pay-at-hotel bookings' contributions are taken away under the old
--    definition and added back under the new one, so report_nights stays exact.
SELECT report_nights_apply('{}'::bookings[], ARRAY(SELECT b FROM "bookings" b WHERE b.pay_at_hotel));
--> statement-breakpoint
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
      b.total_price_cents::bigint - b.refunded_cents - b.discount_cents AS amount
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
SELECT report_nights_apply(ARRAY(SELECT b FROM "bookings" b WHERE b.pay_at_hotel), '{}'::bookings[]);
