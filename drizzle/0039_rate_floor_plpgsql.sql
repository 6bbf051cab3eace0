-- Custom SQL migration file, put your code below! --
-- Decision 055: f_rate_floor as PL/pgSQL, same result. As a SQL function with the plans' subquery,
-- PostgreSQL 15 planned its statement again on every call (decision 031): refreshing room_offers
-- took ~5.7 ms a hotel on the 5,000-hotel catalogue with rates and plans; with its plans cached
-- for the session ~2.2 ms, the same arrays for every hotel.
CREATE OR REPLACE FUNCTION f_rate_floor(integer, integer) RETURNS integer
  LANGUAGE plpgsql STABLE PARALLEL SAFE STRICT
  AS $$
DECLARE
  calendar integer;
  planned integer;
BEGIN
  calendar := least($2, (SELECT min(x.price_cents) FROM rate_rules x WHERE x.room_type_id = $1));
  SELECT min(CASE p.price_rule_kind
      WHEN 'percent' THEN round(calendar::numeric * (100 + p.price_rule_value) / 100)::int
      WHEN 'amount' THEN calendar + p.price_rule_value
      ELSE least(calendar, (SELECT min(x.price_cents) FROM rate_plan_prices x WHERE x.rate_plan_id = p.id)) END)
    INTO planned
    FROM rate_plans p WHERE p.room_type_id = $1 AND p.active;
  RETURN coalesce(planned, calendar);
END $$;
