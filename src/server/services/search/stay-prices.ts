/**
 * The stay's price with the hotel's taxes and fees for a page of search results (decision 061):
 * read for the page's hotels only, after the ranking, in one small query by ids (the ranking query
 * over the catalogue never reads tax_settings). Each offer (room type and plan) is priced for the
 * stay night by night as the hotel page and the hold price it (f_stay_nights, planNightlyCents,
 * every room, the hotel's child charges), then computeCharges adds the hotel's taxes and fees.
 */
import { sql } from "drizzle-orm";
import { childChargeCents } from "../../../shared/children.ts";
import { countNights } from "../../../shared/dates.ts";
import { type PriceRuleKind, planNightlyCents } from "../../../shared/rate-plans.ts";
import type { Stay } from "../../../shared/search-options.ts";
import { type StayPrice, stayPriceOf } from "../../../shared/stay-price.ts";
import type { TaxSettings } from "../../../shared/taxes.ts";
import { type Db, queryRowsNamed } from "../../db/client.ts";

interface StayPriceRow {
  hotel_id: number;
  currency: string;
  star_rating: number;
  tax_settings: TaxSettings;
  children_free_under_age: number;
  child_rate_cents: number;
  night_prices: number[] | null;
  price_rule_kind: PriceRuleKind | null;
  price_rule_value: number | null;
  /** An 'own' plan's price per night of the stay, null on nights its calendar does not set. */
  own_prices: (number | null)[] | null;
}

/** An offer on the page: the hotel, the room type and plan (null: the standard rate) it is sold at. */
export interface PageOffer {
  id: number;
  offer_room_type_id: number | null;
  offer_plan_id: number | null;
}

const intArray = (values: readonly (number | null)[]) => `{${values.map((v) => (v === null ? "NULL" : String(Number(v)))).join(",")}}`;

/** Each page hotel's stay price, by hotel id. */
export async function pageStayPrices(db: Db, page: readonly PageOffer[], stay: Stay): Promise<Map<number, StayPrice>> {
  const offers = page.filter((o) => o.offer_room_type_id !== null);
  if (offers.length === 0) return new Map();
  const rows = await queryRowsNamed<StayPriceRow>(
    db,
    sql`select x.hotel_id, h.currency, h.star_rating, h.tax_settings, h.children_free_under_age, h.child_rate_cents,
        n.night_prices, rp.price_rule_kind, rp.price_rule_value,
        case when rp.price_rule_kind = 'own' then array(
          select p.price_cents
          from generate_series(${stay.checkIn}::date, ${stay.checkOut}::date - 1, interval '1 day') g(night)
          left join rate_plan_prices p on p.rate_plan_id = rp.id and p.night = g.night::date
          order by g.night
        ) end as own_prices
      from unnest(${intArray(offers.map((o) => o.id))}::int[], ${intArray(offers.map((o) => o.offer_room_type_id))}::int[],
        ${intArray(offers.map((o) => o.offer_plan_id))}::int[]) x(hotel_id, room_type_id, plan_id)
      join hotels h on h.id = x.hotel_id
      cross join lateral (
        select array_agg(s.price_cents order by s.night) as night_prices
        from f_stay_nights(x.room_type_id, ${stay.checkIn}::date, ${stay.checkOut}::date) s
      ) n
      left join rate_plans rp on rp.id = x.plan_id`,
  );
  const nights = countNights(stay.checkIn, stay.checkOut);
  const prices = new Map<number, StayPrice>();
  for (const row of rows) {
    if (!row.night_prices || row.night_prices.length !== nights) continue;
    const rule = row.price_rule_kind === null ? null : { kind: row.price_rule_kind, value: Number(row.price_rule_value) };
    const perRoom = row.night_prices.reduce((sum, cents, i) => {
      const own = row.own_prices?.[i];
      return sum + (rule ? planNightlyCents(Number(cents), rule, own === null || own === undefined ? null : Number(own)) : Number(cents));
    }, 0);
    const childPolicy = { freeUnderAge: Number(row.children_free_under_age), childRateCents: Number(row.child_rate_cents) };
    prices.set(
      Number(row.hotel_id),
      stayPriceOf({
        currency: row.currency,
        nights,
        rooms: stay.rooms,
        adults: stay.guests,
        childAges: stay.childAges,
        stars: Number(row.star_rating),
        roomsCents: perRoom * stay.rooms,
        childChargeCents: childChargeCents(stay.childAges, childPolicy, nights),
        taxes: row.tax_settings,
      }),
    );
  }
  return prices;
}
