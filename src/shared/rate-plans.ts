/**
 * Rate plans (decision 049): the ways one room type is sold. A plan prices each night from the room
 * type's calendar price (a percentage or a fixed difference) or from its own calendar, says what is
 * included, which cancellation policy applies, when the guest pays, and its own restrictions.
 */
import { addDays, daysBetween } from "./dates.ts";

export const MEAL_PLANS = ["room_only", "breakfast", "half_board", "full_board"] as const;
export type MealPlan = (typeof MEAL_PLANS)[number];

/** What a plan may include beside meals: a fixed vocabulary, translated in the catalogues. */
export const PLAN_INCLUSIONS = [
  "parking",
  "wifi",
  "late_checkout",
  "early_checkin",
  "airport_transfer",
  "spa_access",
  "welcome_drink",
] as const;
export type PlanInclusion = (typeof PLAN_INCLUSIONS)[number];

/**
 * How a plan's nightly price follows the room type's calendar price: `percent` adds value % (−10 =
 * 10 % cheaper), `amount` adds value cents (−1500 = $15 cheaper), `own` uses the plan's own calendar
 * (rate_plan_prices) and falls back to the calendar price on nights it does not set.
 */
export const PRICE_RULE_KINDS = ["percent", "amount", "own"] as const;
export type PriceRuleKind = (typeof PRICE_RULE_KINDS)[number];
export interface PriceRule {
  kind: PriceRuleKind;
  value: number;
}

/** pay_now: all charged at booking; pay_at_hotel: a card guarantee (authorised, not captured); deposit: depositPercent % now, the rest at the hotel. */
export const PAYMENT_TIMINGS = ["pay_now", "pay_at_hotel", "deposit"] as const;
export type PaymentTiming = (typeof PAYMENT_TIMINGS)[number];

/** Bounds a manager's price rule must stay within. */
export const PRICE_RULE_PERCENT_MIN = -90;
export const PRICE_RULE_PERCENT_MAX = 200;

/**
 * One night's price of a plan, in cents: the calendar price moved by the rule, rounded to the cent
 * (half up). A result under 1 cent is refused by validation before it can be saved (see
 * planPriceProblem), never clamped silently here.
 */
export function planNightlyCents(calendarCents: number, rule: PriceRule, ownCents?: number | null): number {
  switch (rule.kind) {
    case "percent":
      return Math.round((calendarCents * (100 + rule.value)) / 100);
    case "amount":
      return calendarCents + rule.value;
    case "own":
      return ownCents ?? calendarCents;
  }
}

/** A rule that would price a night at zero or less: the message a manager reads, else null. */
export function planPriceProblem(rule: PriceRule, cheapestCalendarCents: number): string | null {
  if (rule.kind === "percent" && (rule.value < PRICE_RULE_PERCENT_MIN || rule.value > PRICE_RULE_PERCENT_MAX)) {
    return `A percentage difference must be between ${PRICE_RULE_PERCENT_MIN} % and +${PRICE_RULE_PERCENT_MAX} %`;
  }
  if (planNightlyCents(cheapestCalendarCents, rule) < 1) {
    return "This difference would make the plan free or cheaper than zero on some nights: make it smaller";
  }
  return null;
}

/** A plan's own booking window and stay rules (all optional). */
export interface PlanRestrictions {
  minStay: number | null;
  /** Advance purchase: book at least this many days before check-in. */
  minAdvanceDays: number | null;
  /** Last minute: book at most this many days before check-in. */
  maxAdvanceDays: number | null;
  /** Nights the plan is not sold (any night of the stay on one closes it). */
  closedDates: readonly string[];
}

/** Why a plan cannot sell this stay booked today, in words a traveller reads; null when it can. */
export function planRestrictionProblem(r: PlanRestrictions, checkIn: string, checkOut: string, today: string): string | null {
  const nights = daysBetween(checkIn, checkOut);
  if (r.minStay !== null && nights < r.minStay) return `This rate needs a stay of at least ${r.minStay} nights.`;
  const ahead = daysBetween(today, checkIn);
  if (r.minAdvanceDays !== null && ahead < r.minAdvanceDays) {
    return `This rate must be booked at least ${r.minAdvanceDays} days before check-in.`;
  }
  if (r.maxAdvanceDays !== null && ahead > r.maxAdvanceDays) {
    return `This rate can only be booked within ${r.maxAdvanceDays} days of check-in.`;
  }
  if (r.closedDates.length > 0) {
    const closed = new Set(r.closedDates);
    for (let night = checkIn; night < checkOut; night = addDays(night, 1)) {
      if (closed.has(night)) return `This rate is not sold for the night of ${night}.`;
    }
  }
  return null;
}

/** What the card is charged at booking for a plan's payment timing (the rest is paid at the hotel). */
export function amountDueNowCents(timing: PaymentTiming, priceCents: number, depositPercent: number | null): number {
  if (timing === "pay_now") return priceCents;
  if (timing === "pay_at_hotel") return 0;
  return Math.round((priceCents * (depositPercent ?? 0)) / 100);
}
