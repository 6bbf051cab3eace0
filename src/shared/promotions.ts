/**
 * Promotions (decision 053): promo codes a hotel or the site hands out, and the lower prices of
 * signed-in loyalty members. The server applies both in the hold and the quote; the words a guest
 * reads when a code is refused are written here once.
 */
import { z } from "zod";
import { calendarDay } from "./date-fields.ts";
import { fieldError, type FieldName } from "./field-messages.ts";
import { addDays, daysBetween } from "./dates.ts";
import type { TierName } from "./loyalty.ts";

export const PROMO_DISCOUNT_KINDS = ["percent", "amount"] as const;
export type PromoDiscountKind = (typeof PROMO_DISCOUNT_KINDS)[number];

/** The longest code a guest may type: longer input is refused before any lookup. */
export const PROMO_CODE_MAX_LENGTH = 40;

/**
 * A member's price: this percentage off the stay on every plan that allows member prices. Bronze
 * (every new account) gets none, so a member price is a reward for staying, not for signing up.
 */
export const MEMBER_DISCOUNT_PERCENT: Record<TierName, number> = { Bronze: 0, Silver: 5, Gold: 10 };

/** The largest member discount any tier gets: what "sign in to see a lower price" promises at most. */
export const BEST_MEMBER_DISCOUNT_PERCENT = Math.max(...Object.values(MEMBER_DISCOUNT_PERCENT));

/** `percent` % of `cents`, rounded half up to the cent. */
function percentOf(cents: number, percent: number): number {
  return Math.floor((cents * percent + 50) / 100);
}

/** A discount that leaves at least 1 cent of the price: a stay is never free. */
function capped(discountCents: number, priceCents: number): number {
  return Math.max(0, Math.min(discountCents, priceCents - 1));
}

/** The member discount of a tier on a stay price (0 on a plan without member prices). */
export function memberDiscountCents(tier: TierName | null, planAllowsMemberPrices: boolean, priceCents: number): number {
  if (!tier || !planAllowsMemberPrices) return 0;
  return capped(percentOf(priceCents, MEMBER_DISCOUNT_PERCENT[tier]), priceCents);
}

export interface PromoDiscount {
  discountKind: PromoDiscountKind;
  /** percent: whole percent; amount: cents. */
  discountValue: number;
}

/** A code's discount on a stay price: a percentage rounded half up to the cent, or the amount, never leaving less than 1 cent. */
export function promoDiscountCents(promo: PromoDiscount, priceCents: number): number {
  const raw = promo.discountKind === "percent" ? percentOf(priceCents, promo.discountValue) : promo.discountValue;
  return capped(raw, priceCents);
}

/** What a code allows, as the server reads it (dates inclusive, YYYY-MM-DD; null: no limit). */
export interface PromoRules extends PromoDiscount {
  active: boolean;
  currency: string | null;
  bookingFrom: string | null;
  bookingTo: string | null;
  stayFrom: string | null;
  stayTo: string | null;
  minNights: number | null;
  usesLimit: number | null;
  usesCount: number;
  perGuestLimit: number | null;
  ratePlanIds: readonly number[];
}

export interface PromoStay {
  checkIn: string;
  checkOut: string;
  /** The rate plan sold (null: a room type without plans, or a partner's room). */
  ratePlanId: number | null;
  currency: string;
  /** The day the booking is made (UTC), as the hold's `today`. */
  today: string;
}

/** "30 Nov", with the year when it is not this year's ("3 Jan 2027"). */
export function promoDate(date: string, today: string): string {
  const sameYear = date.slice(0, 4) === today.slice(0, 4);
  return new Intl.DateTimeFormat("en-GB", {
    day: "numeric",
    month: "short",
    ...(sameYear ? {} : { year: "numeric" }),
    timeZone: "UTC",
  }).format(new Date(`${date}T00:00:00Z`));
}

export const PROMO_USED_UP = "This code has been fully used.";

/**
 * Why a code cannot be used for this stay, in words the guest can act on; null when it can. The
 * use limits are checked again when a use is taken (the server's conditional update), so two
 * guests racing for the last use cannot both pass.
 */
export function promoProblem(rules: PromoRules, stay: PromoStay): string | null {
  const { today } = stay;
  if (!rules.active) return "This code is no longer available.";
  if (rules.bookingFrom !== null && today < rules.bookingFrom) return `This code can be used from ${promoDate(rules.bookingFrom, today)}.`;
  if (rules.bookingTo !== null && today > rules.bookingTo) return `This code expired on ${promoDate(rules.bookingTo, today)}.`;
  const lastNight = addDays(stay.checkOut, -1);
  if ((rules.stayFrom !== null && stay.checkIn < rules.stayFrom) || (rules.stayTo !== null && lastNight > rules.stayTo)) {
    if (rules.stayFrom !== null && rules.stayTo !== null) {
      return `This code is for stays between ${promoDate(rules.stayFrom, today)} and ${promoDate(rules.stayTo, today)} (every night).`;
    }
    if (rules.stayFrom !== null) return `This code is for stays from ${promoDate(rules.stayFrom, today)}.`;
    return `This code is for stays until the night of ${promoDate(rules.stayTo!, today)}.`;
  }
  if (rules.minNights !== null && daysBetween(stay.checkIn, stay.checkOut) < rules.minNights) {
    return `This code needs a stay of at least ${rules.minNights} nights.`;
  }
  if (rules.ratePlanIds.length > 0 && (stay.ratePlanId === null || !rules.ratePlanIds.includes(stay.ratePlanId))) {
    return "This code does not apply to the rate you chose.";
  }
  if (rules.discountKind === "amount" && rules.currency !== stay.currency) {
    return `This code does not apply to prices in ${stay.currency}.`;
  }
  if (rules.usesLimit !== null && rules.usesCount >= rules.usesLimit) return PROMO_USED_UP;
  return null;
}

/** The refusal when a guest has used a code as often as it allows. */
export function perGuestLimitMessage(limit: number): string {
  return limit === 1 ? "You have already used this code." : `You have already used this code ${limit} times, the most it allows.`;
}

/** The refusal of a code nobody issued for this hotel (or the whole site). */
export function unknownCodeMessage(code: string): string {
  return `We do not know the code ${code}. Check the spelling, or book without it.`;
}

/** The guest's code as typed: trimmed, at most PROMO_CODE_MAX_LENGTH characters; empty (or absent) means none. */
export const PromoCodeEntry = z
  .string()
  .trim()
  .max(PROMO_CODE_MAX_LENGTH, `A promo code has at most ${PROMO_CODE_MAX_LENGTH} characters`)
  .optional();

const optionalDay = (field: FieldName) => calendarDay(field).nullable().default(null);
const optionalCount = (field: FieldName, max: number) =>
  z
    .number({ message: fieldError("fieldWhole", { field }) })
    .int(fieldError("fieldWhole", { field }))
    .min(1, fieldError("fieldAtLeast", { field, min: 1 }))
    .max(max, fieldError("fieldAtMost", { field, max }))
    .nullable()
    .default(null);

/** A new promo code from the back office (a hotel's: its currency is the hotel's; site-wide amount codes name theirs). */
export const CreatePromoCodeInput = z
  .object({
    code: z
      .string()
      .trim()
      .min(3, "A code has at least 3 characters")
      .max(PROMO_CODE_MAX_LENGTH, `A code has at most ${PROMO_CODE_MAX_LENGTH} characters`)
      .regex(/^[A-Za-z0-9_-]+$/, "A code uses only letters, digits, - and _"),
    discountKind: z.enum(PROMO_DISCOUNT_KINDS, { message: "Choose a percentage or an amount" }),
    /** percent: whole percent 1–100; amount: cents. */
    discountValue: z
      .number({ message: "Enter the discount" })
      .int("The discount must be a whole number")
      .min(1, "The discount must be at least 1"),
    currency: z
      .string()
      .trim()
      .regex(/^[A-Z]{3}$/, "A currency is a three-letter code like USD")
      .nullable()
      .default(null),
    bookingFrom: optionalDay("bookableFrom"),
    bookingTo: optionalDay("bookableUntil"),
    stayFrom: optionalDay("staysFrom"),
    stayTo: optionalDay("staysUntil"),
    minNights: optionalCount("minimumNights", 365),
    usesLimit: optionalCount("totalUses", 1_000_000),
    perGuestLimit: optionalCount("usesPerGuest", 1000),
    ratePlanIds: z.array(z.number().int().positive()).max(200).default([]),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.discountKind === "percent" && v.discountValue > 100) {
      ctx.addIssue({ code: "custom", path: ["discountValue"], message: "A percentage must be between 1 and 100" });
    }
    if (v.discountKind === "amount" && v.discountValue > 100_000_000) {
      ctx.addIssue({ code: "custom", path: ["discountValue"], message: "This amount is too large" });
    }
    if (v.bookingFrom && v.bookingTo && v.bookingFrom > v.bookingTo) {
      ctx.addIssue({ code: "custom", path: ["bookingTo"], message: "Bookable until must not be before Bookable from" });
    }
    if (v.stayFrom && v.stayTo && v.stayFrom > v.stayTo) {
      ctx.addIssue({ code: "custom", path: ["stayTo"], message: "Stays until must not be before Stays from" });
    }
  });
export type CreatePromoCodeInput = z.infer<typeof CreatePromoCodeInput>;

/** A promo code as the back office lists it. */
export interface PromoCodeView {
  id: number;
  hotelId: number | null;
  code: string;
  discountKind: PromoDiscountKind;
  discountValue: number;
  currency: string | null;
  bookingFrom: string | null;
  bookingTo: string | null;
  stayFrom: string | null;
  stayTo: string | null;
  minNights: number | null;
  usesLimit: number | null;
  usesCount: number;
  perGuestLimit: number | null;
  ratePlanIds: number[];
  active: boolean;
  createdAt: string;
}

/** The price lines of promotions on one stay, as the quote and the hold compute them. */
export interface PromotionLines {
  /** The stay's price before promotions. */
  priceCents: number;
  memberDiscountCents: number;
  /** The member tier whose price applies (null: none). */
  memberTier: TierName | null;
  promoCode: string | null;
  promoDiscountCents: number;
  /** The price after both: what total_price_cents stores. */
  totalCents: number;
  /** A visitor would get a lower member price by signing in (a plan that allows member prices). */
  memberPriceAvailable: boolean;
}
