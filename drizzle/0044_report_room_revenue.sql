-- Decision 063: the revenue report counts room revenue only. A booking that stores its price breakdown
-- (decision 059) has room_revenue_cents (rooms and child charges less discounts, net of VAT); its nights
-- share room_revenue_cents x kept / the breakdown's total (kept: total - refunds - points, the rule of
-- decision 023; a stay shortened at the desk keeps its breakdown and lowers its total), so extras, fees and
-- taxes never reach ADR or RevPAR and a refund takes its share off every part alike.
-- Bookings without it (made before taxes and extras) keep what they kept. Only f_report_rows' amount
-- changes (the rest is 0041's definition word for word). Backfill kept cheap: only the bookings with
-- room_revenue_cents (made since 0042) are taken away under the old definition and added back under the new.
SELECT report_nights_apply('{}'::bookings[], ARRAY(SELECT b FROM "bookings" b WHERE b.room_revenue_cents IS NOT NULL));
--> statement-breakpoint
CREATE OR REPLACE FUNCTION f_report_rows(b bookings)
  RETURNS TABLE (room_type_id integer, night date, channel text, rooms_sold integer, revenue_cents bigint, stays integer,
    stay_starts integer, bookings_made integer, cancellations integer, arrivals integer, arrival_nights integer, lead_days integer)
  LANGUAGE sql STABLE
  AS $$
  WITH s AS (
    SELECT
      b.status = 'confirmed' AND b.payment_status IN ('completed', 'pay_at_hotel', 'guaranteed', 'refunding', 'refund_pending', 'refunded') AS sold,
      b.supplier = 'inventory' AND b.room_type_id IS NOT NULL AS own,
      b.payment_status IN ('completed', 'refunding', 'refunded', 'refund_pending',
        'guaranteed', 'capturing', 'capture_pending', 'captured', 'release_pending', 'released') OR b.status = 'confirmed'
        OR b.supplier_state IN ('booking', 'unknown') AS counts,
      CASE WHEN b.supplier <> 'inventory' THEN 'partner' WHEN b.source IN ('channel', 'calendar') THEN b.source
        WHEN b.created_by_staff_id IS NOT NULL THEN 'front_desk' ELSE 'own_site' END AS channel,
      b.check_out - b.check_in AS n,
      CASE WHEN cardinality(b.nightly_price_cents) >= b.check_out - b.check_in
        AND 0 < ALL (b.nightly_price_cents[1:b.check_out - b.check_in])
        THEN b.nightly_price_cents[1:b.check_out - b.check_in] END AS prices
  ), w AS (
    SELECT s.*, coalesce(s.prices, array_fill(1, ARRAY[s.n])) AS weights,
      CASE WHEN b.room_revenue_cents IS NOT NULL AND (b.charges->>'totalCents')::bigint > 0
        THEN b.room_revenue_cents::bigint * (b.total_price_cents::bigint - b.refunded_cents - b.discount_cents)
          / (b.charges->>'totalCents')::bigint
        ELSE b.total_price_cents::bigint - b.refunded_cents - b.discount_cents END AS amount
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
SELECT report_nights_apply(ARRAY(SELECT b FROM "bookings" b WHERE b.room_revenue_cents IS NOT NULL), '{}'::bookings[]);
