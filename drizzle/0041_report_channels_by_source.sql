-- Decision 058: the revenue report splits bookings made through the channel API (source 'channel') and
-- imported calendars (source 'calendar') from the own site's. Only f_report_rows' channel changes (the
-- rest is 0038's definition word for word). Those bookings' contributions are taken away under the old
-- definition and added back under the new, so report_nights stays the sum over bookings.
SELECT report_nights_apply('{}'::bookings[], ARRAY(SELECT b FROM "bookings" b WHERE b.source IN ('channel', 'calendar') AND b.supplier = 'inventory'));
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
SELECT report_nights_apply(ARRAY(SELECT b FROM "bookings" b WHERE b.source IN ('channel', 'calendar') AND b.supplier = 'inventory'), '{}'::bookings[]);
