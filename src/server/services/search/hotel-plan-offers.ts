import { sql } from "drizzle-orm";
import { type PolicyTerms, cancellationSchedule, freeUntilTerms, isFreeToCancel } from "../../../shared/cancellation-policies.ts";
import { childChargeCents, type ChildPolicy } from "../../../shared/children.ts";
import { cancellationWords } from "../../../shared/cancellation-words.ts";
import { english } from "../../../shared/i18n/english.ts";
import { type RatePlanOffer, STANDARD_RATE_NAME, paymentText, restrictionBreach } from "../../../shared/rate-plan-offers.ts";
import {
  type MealPlan,
  type PaymentTiming,
  type PlanInclusion,
  type PriceRuleKind,
  amountDueNowCents,
  planNightlyCents,
  planRestrictionProblem,
} from "../../../shared/rate-plans.ts";
import { averageNightlyCents, stayTotalCents } from "../../../shared/rates.ts";
import type { RoomOffer } from "../../../shared/search.ts";
import type { Stay } from "../../../shared/search-options.ts";
import { stayPriceOf } from "../../../shared/stay-price.ts";
import type { TaxSettings } from "../../../shared/taxes.ts";
import { dateIn } from "../../../shared/time-zones.ts";
import { type Db, queryRowsNamed } from "../../db/client.ts";

export interface PlanRow {
  id: number;
  room_type_id: number;
  name: string;
  price_rule_kind: PriceRuleKind;
  price_rule_value: number;
  meal_plan: MealPlan;
  inclusions: PlanInclusion[];
  payment_timing: PaymentTiming;
  deposit_percent: number | null;
  min_stay: number | null;
  min_advance_days: number | null;
  max_advance_days: number | null;
  closed_dates: string[];
  member_prices: boolean;
  terms: PolicyTerms;
  /** An 'own' plan's price per night of the stay, null on nights its calendar does not set. */
  own_prices: (number | null)[] | null;
}

/** The active plans of a hotel's room types with their policies and own prices for the stay: one query. */
export function hotelPlanRows(db: Db, hotelId: number, stay: Stay): Promise<PlanRow[]> {
  return queryRowsNamed<PlanRow>(
    db,
    sql`
      select rp.id, rp.room_type_id, rp.name, rp.price_rule_kind, rp.price_rule_value, rp.meal_plan, rp.inclusions,
        rp.payment_timing, rp.deposit_percent, rp.min_stay, rp.min_advance_days, rp.max_advance_days, rp.member_prices,
        array(select to_char(d, 'YYYY-MM-DD') from unnest(rp.closed_dates) d) as closed_dates,
        cp.terms,
        case when rp.price_rule_kind = 'own' then array(
          select p.price_cents
          from generate_series(${stay.checkIn}::date, ${stay.checkOut}::date - 1, interval '1 day') g(night)
          left join rate_plan_prices p on p.rate_plan_id = rp.id and p.night = g.night::date
          order by g.night
        ) end as own_prices
      from rate_plans rp
      join cancellation_policies cp on cp.id = rp.cancellation_policy_id
      where rp.hotel_id = ${hotelId} and rp.active
      order by rp.room_type_id, rp.sort_order, rp.id`,
  );
}

export interface PlanPricingContext {
  stay: Stay;
  childPolicy: ChildPolicy;
  timeZone: string;
  currency: string;
  /** The hotel's old single rule, for a room type without plans. */
  freeCancellationDays: number;
  now: Date;
  /** The hotel's taxes and fees and star rating (decision 059): each offer's stayPrice. */
  taxes: TaxSettings;
  stars: number;
}

interface PlanTerms {
  id: string | null;
  name: string;
  mealPlan: MealPlan;
  inclusions: PlanInclusion[];
  paymentTiming: PaymentTiming;
  depositPercent: number | null;
  terms: PolicyTerms;
  nightly: number[];
  breachProblem: { breach: RatePlanOffer["restriction"]; text: string | null };
  memberPrices: boolean;
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

/** "$1,245.00": the API's English words write money in full, as e-mails do. */
function englishMoney(currency: string): (cents: number) => string {
  let format = moneyFormats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat("en-US", { style: "currency", currency });
    moneyFormats.set(currency, format);
  }
  return (cents) => format.format(cents / 100);
}

function toOffer(room: RoomOffer, plan: PlanTerms, ctx: PlanPricingContext): RatePlanOffer {
  const { stay } = ctx;
  const nights = plan.nightly.length;
  const nightlyPrices = (room.nightlyPrices ?? []).map((n, i) => ({ night: n.night, priceCents: plan.nightly[i] ?? n.priceCents }));
  const stayPriceCents = stayTotalCents(nightlyPrices);
  const childCharge = childChargeCents(stay.childAges, ctx.childPolicy, nights);
  const childPerNight = nights > 0 ? childCharge / nights : 0;
  const totalPriceCents = stayPriceCents * stay.rooms + childCharge;
  const schedule = cancellationSchedule(
    plan.terms,
    {
      checkIn: stay.checkIn,
      nightTotalsCents: nightlyPrices.map((n) => n.priceCents * stay.rooms + childPerNight),
      priceCents: totalPriceCents,
    },
    ctx.timeZone,
  );
  const dueNowCents = amountDueNowCents(plan.paymentTiming, totalPriceCents, plan.depositPercent);
  const payment = {
    paymentTiming: plan.paymentTiming,
    depositPercent: plan.depositPercent,
    dueNowCents,
    dueAtHotelCents: totalPriceCents - dueNowCents,
  };
  const money = englishMoney(ctx.currency);
  const unavailableReason = room.unavailableReason ?? plan.breachProblem.text;
  return {
    id: plan.id,
    name: plan.name,
    mealPlan: plan.mealPlan,
    inclusions: plan.inclusions,
    priceCents: averageNightlyCents(stayPriceCents, nights),
    stayPriceCents,
    nightlyPrices,
    totalPriceCents,
    stayPrice: stayPriceOf({
      currency: ctx.currency,
      nights,
      rooms: stay.rooms,
      adults: stay.guests,
      childAges: stay.childAges,
      stars: ctx.stars,
      roomsCents: stayPriceCents * stay.rooms,
      childChargeCents: childCharge,
      taxes: ctx.taxes,
    }),
    ...payment,
    cancellation: schedule,
    freeCancellation: isFreeToCancel(schedule, ctx.now),
    cancellationText: cancellationWords(schedule, { t: english, language: "en", money, now: ctx.now }),
    paymentText: paymentText(payment, money),
    bookable: unavailableReason === null,
    restriction: plan.breachProblem.breach,
    unavailableReason,
    memberPrices: plan.memberPrices,
  };
}

/**
 * Each room type's plans priced for the stay from the same nightly calendar prices as the room
 * (planNightlyCents night by night, × rooms, plus the hotel's child charges: what the hold
 * charges). A plan whose own restriction this stay breaks is listed, not bookable, with the reason.
 * A room type without active plans gets one standard rate: today's price and rule, paid now.
 */
export function planOffersFor(room: RoomOffer, plans: readonly PlanRow[], ctx: PlanPricingContext): RatePlanOffer[] {
  const calendar = (room.nightlyPrices ?? []).map((n) => n.priceCents);
  const noBreach = { breach: null, text: null };
  if (plans.length === 0) {
    return [
      toOffer(
        room,
        {
          id: null,
          name: STANDARD_RATE_NAME,
          mealPlan: "room_only",
          inclusions: [],
          paymentTiming: "pay_now",
          depositPercent: null,
          terms: freeUntilTerms(ctx.freeCancellationDays),
          nightly: calendar,
          breachProblem: noBreach,
          memberPrices: false,
        },
        ctx,
      ),
    ];
  }
  const today = dateIn(ctx.now, ctx.timeZone);
  return plans.map((p) => {
    const restrictions = {
      minStay: p.min_stay === null ? null : Number(p.min_stay),
      minAdvanceDays: p.min_advance_days === null ? null : Number(p.min_advance_days),
      maxAdvanceDays: p.max_advance_days === null ? null : Number(p.max_advance_days),
      closedDates: p.closed_dates,
    };
    const rule = { kind: p.price_rule_kind, value: Number(p.price_rule_value) };
    return toOffer(
      room,
      {
        id: String(p.id),
        name: p.name,
        mealPlan: p.meal_plan,
        inclusions: p.inclusions,
        paymentTiming: p.payment_timing,
        depositPercent: p.deposit_percent === null ? null : Number(p.deposit_percent),
        terms: p.terms,
        nightly: calendar.map((cents, i) => planNightlyCents(cents, rule, p.own_prices?.[i] ?? null)),
        breachProblem: {
          breach: restrictionBreach(restrictions, ctx.stay.checkIn, ctx.stay.checkOut, today),
          text: planRestrictionProblem(restrictions, ctx.stay.checkIn, ctx.stay.checkOut, today),
        },
        memberPrices: p.member_prices,
      },
      ctx,
    );
  });
}
