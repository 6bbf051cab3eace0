/**
 * What a page of search results shows beyond its ranking, read in ONE statement for the page
 * (decision 086; before it, three: the hotels' card columns, the offers' rate plans and the stay
 * prices, each a round trip costing the app and PostgreSQL a write, a read and a statement):
 *
 * - each hotel's card columns (SUMMARY_COLUMNS; the hotel page's wide columns are not read);
 * - its offer's rate plan as the card words it: free cancellation is open when today in the
 *   hotel's time zone is at most check-in minus the free tier's days, the rule search selects
 *   plans by (plan-sql.ts);
 * - with dates, the stay's price with the hotel's taxes and fees (decision 061), read for the
 *   page's hotels only, after the ranking (the ranking over the catalogue never reads
 *   tax_settings): each offer (room type and plan) priced for the stay night by night as the hotel
 *   page and the hold price it (f_stay_nights, planNightlyCents, every room, the hotel's child
 *   charges), then computeCharges adds the hotel's taxes and fees.
 *
 * `detailsSql` joins these to any FROM item `x` with the columns hotel_id, room_type_id and plan_id,
 * so the sorted walks fold it into their page statement (walk-search.ts) and a page found otherwise
 * reads it by ids (pageDetails).
 */
import { type SQL, sql } from "drizzle-orm";
import { childChargeCents } from "../../../shared/children.ts";
import { countNights } from "../../../shared/dates.ts";
import type { MealPlan } from "../../../shared/rate-plans.ts";
import { type PriceRuleKind, planNightlyCents } from "../../../shared/rate-plans.ts";
import type { Stay } from "../../../shared/search-options.ts";
import { type StayPrice, stayPriceOf } from "../../../shared/stay-price.ts";
import type { TaxSettings } from "../../../shared/taxes.ts";
import { type Db, queryRowsNamed } from "../../db/client.ts";
import type { SupplierSearchResult } from "../../integrations/suppliers/hotel-supplier.ts";
import { type HotelRow, type OfferPlanTerms, SUMMARY_COLUMNS, toSummary } from "./hotel-rows.ts";
import { intArray } from "./sql-arrays.ts";

/** An offer on the page: the hotel, the room type and plan (null: the standard rate) it is sold at. */
export interface PageOffer {
  id: number;
  offer_room_type_id: number | null;
  offer_plan_id: number | null;
}

/** What one page hotel's card shows beyond its offer. */
export interface PageDetail {
  hotel: HotelRow;
  plan: OfferPlanTerms | null;
  /** The stay's price with taxes and fees; null when not asked for or not priced night by night. */
  stayPrice: StayPrice | null;
}

export interface DetailRow extends HotelRow {
  tax_settings: TaxSettings;
  children_free_under_age: number;
  child_rate_cents: number;
  /** The offer's plan; null: the standard rate. */
  plan_id: number | null;
  plan_name: string | null;
  plan_meal_plan: MealPlan | null;
  /** f_free_cancellation_days: -1 when no tier is free. */
  plan_free_days: number | null;
  /** Days from today in the hotel's time zone to check-in. */
  plan_ahead: number;
  /** The offer's room type per night of the stay (f_stay_nights); null without stay prices. */
  night_prices: number[] | null;
  price_rule_kind: PriceRuleKind | null;
  price_rule_value: number | null;
  /** An 'own' plan's price per night of the stay, null on nights its calendar does not set. */
  own_prices: (number | null)[] | null;
}

/**
 * The details' columns and joins for the offers of `source`, a FROM item aliased `x` with the
 * columns hotel_id, room_type_id and plan_id; `more` are further columns of x to select. The
 * night-by-night prices are computed only when `withStayPrices` (a scalar subquery in a CASE runs
 * only when its branch is taken), so the statement text is the same either way.
 */
export function detailsSql(source: SQL, stay: Stay, withStayPrices: boolean, more: SQL = sql``): SQL {
  const priced = sql`${withStayPrices}::boolean and x.room_type_id is not null`;
  return sql`select ${SUMMARY_COLUMNS}, h.tax_settings, h.children_free_under_age, h.child_rate_cents,
      rp.id as plan_id, rp.name as plan_name, rp.meal_plan as plan_meal_plan,
      f_free_cancellation_days(cp.terms) as plan_free_days,
      ${stay.checkIn}::date - (now() at time zone h.time_zone)::date as plan_ahead,
      case when ${priced} then (
        select array_agg(s.price_cents order by s.night)
        from f_stay_nights(x.room_type_id, ${stay.checkIn}::date, ${stay.checkOut}::date) s
      ) end as night_prices,
      rp.price_rule_kind, rp.price_rule_value,
      case when ${priced} and rp.price_rule_kind = 'own' then array(
        select p.price_cents
        from generate_series(${stay.checkIn}::date, ${stay.checkOut}::date - 1, interval '1 day') g(night)
        left join rate_plan_prices p on p.rate_plan_id = rp.id and p.night = g.night::date
        order by g.night
      ) end as own_prices${more}
    from ${source}
    join hotels h on h.id = x.hotel_id
    left join rate_plans rp on rp.id = x.plan_id
    left join cancellation_policies cp on cp.id = rp.cancellation_policy_id`;
}

/** The details of a page found without them (the price sort, the exact plan), by hotel id. */
export async function pageDetails(
  db: Db,
  page: readonly PageOffer[],
  stay: Stay,
  withStayPrices: boolean,
): Promise<Map<number, PageDetail>> {
  if (page.length === 0) return new Map();
  const rows = await queryRowsNamed<DetailRow>(
    db,
    // Three array parameters: one text for any page length (decision 080).
    detailsSql(
      sql`unnest(${intArray(page.map((o) => o.id))}::int[], ${intArray(page.map((o) => o.offer_room_type_id))}::int[],
        ${intArray(page.map((o) => o.offer_plan_id))}::int[]) x(hotel_id, room_type_id, plan_id)`,
      stay,
      withStayPrices,
    ),
  );
  return new Map(rows.map((r) => [Number(r.id), toPageDetail(r, stay, withStayPrices)]));
}

/** A details row as the card's parts. */
export function toPageDetail(row: DetailRow, stay: Stay, withStayPrices: boolean): PageDetail {
  return { hotel: row, plan: planTerms(row), stayPrice: withStayPrices ? stayPrice(row, stay) : null };
}

/** An offer and its details as the card search answers with; `stayPrice` only when the search asked for it. */
export function toCard(
  offer: { offer_price_cents: number | null; offer_original_price_cents: number | null; rooms_available: number | null },
  detail: PageDetail,
  withStayPrices: boolean,
): SupplierSearchResult["hotels"][number] {
  const summary = toSummary(
    detail.hotel,
    offer.offer_price_cents!,
    offer.offer_original_price_cents,
    offer.rooms_available ?? 0,
    detail.plan,
  );
  return withStayPrices ? { ...summary, stayPrice: detail.stayPrice } : summary;
}

function planTerms(row: DetailRow): OfferPlanTerms | null {
  if (row.plan_id === null) return null;
  const freeDays = Number(row.plan_free_days);
  return {
    plan: {
      id: String(row.plan_id),
      name: row.plan_name!,
      mealPlan: row.plan_meal_plan!,
      freeCancellation: freeDays >= 0 && freeDays <= Number(row.plan_ahead),
      nonRefundable: freeDays < 0,
    },
    freeCancellationDays: Math.max(freeDays, 0),
  };
}

function stayPrice(row: DetailRow, stay: Stay): StayPrice | null {
  const nights = countNights(stay.checkIn, stay.checkOut);
  if (!row.night_prices || row.night_prices.length !== nights) return null;
  const rule = row.price_rule_kind === null ? null : { kind: row.price_rule_kind, value: Number(row.price_rule_value) };
  const perRoom = row.night_prices.reduce((sum, cents, i) => {
    const own = row.own_prices?.[i];
    return sum + (rule ? planNightlyCents(Number(cents), rule, own === null || own === undefined ? null : Number(own)) : Number(cents));
  }, 0);
  const childPolicy = { freeUnderAge: Number(row.children_free_under_age), childRateCents: Number(row.child_rate_cents) };
  return stayPriceOf({
    currency: row.currency,
    nights,
    rooms: stay.rooms,
    adults: stay.guests,
    childAges: stay.childAges,
    stars: Number(row.star_rating),
    roomsCents: perRoom * stay.rooms,
    childChargeCents: childChargeCents(stay.childAges, childPolicy, nights),
    taxes: row.tax_settings,
  });
}
