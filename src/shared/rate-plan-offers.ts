/**
 * A room type's rate plans as the hotel page offers them for one stay (decision 054): each plan
 * priced for the stay, with what it includes, its cancellation schedule (in words by
 * shared/cancellation-words.ts) and payment timing, and whether this stay breaks one of its
 * restrictions. The server builds the offers (services/search/hotel-plan-offers.ts); the words
 * here are English by default and in the reader's language when the browser passes its `t`.
 */
import type { CancellationSchedule } from "./cancellation-policies.ts";
import { addDays, daysBetween } from "./dates.ts";
import { english, type Translate } from "./i18n/english.ts";
import type { MealPlan, PaymentTiming, PlanInclusion, PlanRestrictions } from "./rate-plans.ts";
import type { NightPrice } from "./rates.ts";
import type { StayPrice } from "./stay-price.ts";

/** The one plan a room type without rate plans sells: today's price, the hotel's own cancellation rule, paid now. */
export const STANDARD_RATE_NAME = "Standard rate";

/** Which restriction of a plan this stay breaks, booked today. */
export type RestrictionBreach =
  | { kind: "minStay"; nights: number }
  | { kind: "minAdvance"; days: number }
  | { kind: "maxAdvance"; days: number }
  | { kind: "closed"; night: string };

export interface RatePlanOffer {
  /** null: the room type has no plans; its standard rate is held without a rate plan. */
  id: string | null;
  name: string;
  mealPlan: MealPlan;
  inclusions: PlanInclusion[];
  /** The stay's average nightly price of one room. */
  priceCents: number;
  /** One room for the whole stay: the sum of its nights. */
  stayPriceCents: number;
  nightlyPrices: NightPrice[];
  /** What the hold charges: every room's nights plus the hotel's child charges. */
  totalPriceCents: number;
  /** totalPriceCents with the hotel's taxes and fees, as the quote adds them without extras or discounts (decision 061). */
  stayPrice: StayPrice;
  paymentTiming: PaymentTiming;
  depositPercent: number | null;
  /** Charged at booking; the rest is paid at the hotel. */
  dueNowCents: number;
  dueAtHotelCents: number;
  /** The plan's cancellation policy as a schedule for this stay (deadlines in the hotel's time zone). */
  cancellation: CancellationSchedule;
  /** Cancelling right now would cost nothing. */
  freeCancellation: boolean;
  /** The cancellation terms in plain English with their dates (cancellationWords; the browser writes them in the reader's language). */
  cancellationText: string;
  /** When the guest pays, in plain English. */
  paymentText: string;
  bookable: boolean;
  /** The plan's own restriction this stay breaks (the room itself may be fine). */
  restriction: RestrictionBreach | null;
  /** Why it cannot be booked, in English: the room's reason, else the restriction's. */
  unavailableReason: string | null;
  /** Signed-in members pay less on this plan (decision 053): a visitor reads "Sign in to see a lower price". */
  memberPrices: boolean;
}

/** The first restriction of a plan this stay breaks when booked on `today` (the same order as planRestrictionProblem). */
export function restrictionBreach(r: PlanRestrictions, checkIn: string, checkOut: string, today: string): RestrictionBreach | null {
  const nights = daysBetween(checkIn, checkOut);
  if (r.minStay !== null && nights < r.minStay) return { kind: "minStay", nights: r.minStay };
  const ahead = daysBetween(today, checkIn);
  if (r.minAdvanceDays !== null && ahead < r.minAdvanceDays) return { kind: "minAdvance", days: r.minAdvanceDays };
  if (r.maxAdvanceDays !== null && ahead > r.maxAdvanceDays) return { kind: "maxAdvance", days: r.maxAdvanceDays };
  if (r.closedDates.length > 0) {
    const closed = new Set(r.closedDates);
    for (let night = checkIn; night < checkOut; night = addDays(night, 1)) {
      if (closed.has(night)) return { kind: "closed", night };
    }
  }
  return null;
}

/** A restriction's refusal in words, e.g. "Book at least 14 days before check-in". */
export function restrictionText(breach: RestrictionBreach, formatDate: (date: string) => string, t: Translate = english): string {
  switch (breach.kind) {
    case "minStay":
      return t("This rate needs a stay of at least {{count}} nights", { count: breach.nights });
    case "minAdvance":
      return t("This rate must be booked at least {{count}} days before check-in", { count: breach.days });
    case "maxAdvance":
      return t("This rate can only be booked within {{count}} days of check-in", { count: breach.days });
    case "closed":
      return t("This rate is not sold for the night of {{date}}", { date: formatDate(breach.night) });
  }
}

/** When the guest pays: "Pay $450.00 now", "Pay at the hotel: nothing charged now", "Deposit of 30 % ($135.00) now, $315.00 at the hotel". */
export function paymentText(
  offer: Pick<RatePlanOffer, "paymentTiming" | "depositPercent" | "dueNowCents" | "dueAtHotelCents">,
  money: (cents: number) => string,
  t: Translate = english,
): string {
  switch (offer.paymentTiming) {
    case "pay_now":
      return t("Pay {{amount}} now", { amount: money(offer.dueNowCents) });
    case "pay_at_hotel":
      return t("Pay at the hotel: nothing charged now, your card guarantees the booking");
    case "deposit":
      return t("Deposit of {{percent}} % ({{now}}) now, {{rest}} at the hotel", {
        percent: offer.depositPercent ?? 0,
        now: money(offer.dueNowCents),
        rest: money(offer.dueAtHotelCents),
      });
  }
}

/** A meal plan in words. */
export function mealPlanText(meal: MealPlan, t: Translate = english): string {
  switch (meal) {
    case "room_only":
      return t("Room only");
    case "breakfast":
      return t("Breakfast included");
    case "half_board":
      return t("Half board (breakfast and dinner)");
    case "full_board":
      return t("Full board (all meals)");
  }
}

/** An inclusion in words. */
export function inclusionText(inclusion: PlanInclusion, t: Translate = english): string {
  switch (inclusion) {
    case "parking":
      return t("Free parking");
    case "wifi":
      return t("Free WiFi");
    case "late_checkout":
      return t("Late check-out");
    case "early_checkin":
      return t("Early check-in");
    case "airport_transfer":
      return t("Airport transfer");
    case "spa_access":
      return t("Spa access");
    case "welcome_drink":
      return t("Welcome drink");
  }
}
