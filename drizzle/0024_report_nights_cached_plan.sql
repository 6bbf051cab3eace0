-- report_nights_apply (migration 0019) was a SQL-language function called with PERFORM from the
-- bookings trigger: PostgreSQL plans a SQL function's statement again on every call, so each write to
-- bookings (a hold, its payment id, the confirmation) paid ~2 ms of planning inside its transaction,
-- under the hold's per-address lock. The same statement in PL/pgSQL keeps its plan for the session.
-- Same rows, same order, same arithmetic: only the language changes (decision 031).
CREATE OR REPLACE FUNCTION report_nights_apply(added bookings[], removed bookings[]) RETURNS void
  LANGUAGE plpgsql
  AS $$
BEGIN
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
    lead_days = t.lead_days + excluded.lead_days;
END
$$;
