/**
 * What hotel staff send to write cancellation policies and rate plans (issue 29 items 1-2,
 * decision 052): one set of rules, checked by the server and by the back-office forms alike.
 * The rules a form cannot know (the room type's cheapest calendar night, names already taken,
 * bookings on a policy) are checked by services/rate-plans.ts.
 */
import { z } from "zod";
import { PolicyTerms } from "./cancellation-policies.ts";
import { calendarDay } from "./date-fields.ts";
import {
  MEAL_PLANS,
  PAYMENT_TIMINGS,
  PLAN_INCLUSIONS,
  PRICE_RULE_KINDS,
  PRICE_RULE_PERCENT_MAX,
  PRICE_RULE_PERCENT_MIN,
} from "./rate-plans.ts";
import { MAX_ROOM_PRICE_CENTS } from "./property-hotels.ts";

/** Most closed dates one plan keeps (a year of nights). */
export const MAX_CLOSED_DATES = 366;
/** The longest range of nights one edit of a plan's own calendar sets. */
export const MAX_PLAN_PRICE_RANGE_NIGHTS = 366;
export const MAX_MIN_STAY = 30;
export const MAX_ADVANCE_DAYS = 365;

const name = (label: string, max: number) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

export const PolicyInput = z.object({
  name: name("Policy name", 80),
  terms: PolicyTerms,
});
export type PolicyInput = z.infer<typeof PolicyInput>;

const optionalDays = (label: string, min: number, max: number) =>
  z
    .number({ message: `${label} must be a whole number of days, or empty` })
    .int(`${label} must be a whole number of days`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`)
    .nullable()
    .default(null);

export const RatePlanInput = z
  .object({
    name: name("Plan name", 80),
    priceRule: z.object({
      kind: z.enum(PRICE_RULE_KINDS, { message: "Choose how the price follows the room's price: percentage, amount or own prices" }),
      value: z
        .number({ message: "The price difference must be a number" })
        .int("The price difference must be a whole number (a whole percentage, or cents)")
        .min(-MAX_ROOM_PRICE_CENTS, "The price difference is too large")
        .max(MAX_ROOM_PRICE_CENTS, "The price difference is too large"),
    }),
    mealPlan: z.enum(MEAL_PLANS, { message: "Choose a meal plan: room only, breakfast, half board or full board" }).default("room_only"),
    inclusions: z
      .array(z.enum(PLAN_INCLUSIONS, { message: `Choose inclusions from the list: ${PLAN_INCLUSIONS.join(", ")}` }))
      .max(PLAN_INCLUSIONS.length)
      .refine((list) => new Set(list).size === list.length, "Each inclusion may be chosen once")
      .default([]),
    cancellationPolicyId: z
      .number({ message: "Choose a cancellation policy" })
      .int("Choose a cancellation policy")
      .positive("Choose a cancellation policy"),
    paymentTiming: z.enum(PAYMENT_TIMINGS, { message: "Choose when the guest pays: now, at the hotel or a deposit" }).default("pay_now"),
    depositPercent: z
      .number({ message: "The deposit must be a whole percentage" })
      .int("The deposit must be a whole percentage")
      .min(1, "A deposit must be between 1 % and 99 %")
      .max(99, "A deposit must be between 1 % and 99 %")
      .nullable()
      .default(null),
    minStay: optionalDays("Minimum stay", 1, MAX_MIN_STAY),
    minAdvanceDays: optionalDays("Book at least … days ahead", 0, MAX_ADVANCE_DAYS),
    maxAdvanceDays: optionalDays("Book within … days of check-in", 0, MAX_ADVANCE_DAYS),
    closedDates: z
      .array(calendarDay("closedDate"))
      .max(MAX_CLOSED_DATES, `A plan can have at most ${MAX_CLOSED_DATES} closed dates`)
      .default([]),
    memberPrices: z.boolean({ message: "memberPrices must be true or false" }).default(true),
    active: z.boolean({ message: "active must be true or false" }).default(true),
    sortOrder: z.number().int().min(0).max(1000).default(0),
  })
  .superRefine((plan, ctx) => {
    const { kind, value } = plan.priceRule;
    if (kind === "percent" && (value < PRICE_RULE_PERCENT_MIN || value > PRICE_RULE_PERCENT_MAX)) {
      ctx.addIssue({
        code: "custom",
        path: ["priceRule", "value"],
        message: `A percentage difference must be between ${PRICE_RULE_PERCENT_MIN} % and +${PRICE_RULE_PERCENT_MAX} %`,
      });
    }
    if (kind === "own" && value !== 0) {
      ctx.addIssue({
        code: "custom",
        path: ["priceRule", "value"],
        message: "A plan with its own prices has no difference: leave it at 0",
      });
    }
    if (plan.paymentTiming === "deposit" && plan.depositPercent === null) {
      ctx.addIssue({ code: "custom", path: ["depositPercent"], message: "Enter the deposit as a percentage from 1 to 99" });
    }
    if (plan.paymentTiming !== "deposit" && plan.depositPercent !== null) {
      ctx.addIssue({
        code: "custom",
        path: ["depositPercent"],
        message: "A deposit percentage only applies when the guest pays a deposit: leave it empty",
      });
    }
    if (plan.minAdvanceDays !== null && plan.maxAdvanceDays !== null && plan.minAdvanceDays > plan.maxAdvanceDays) {
      ctx.addIssue({
        code: "custom",
        path: ["maxAdvanceDays"],
        message: `No date could be booked: "book at least ${plan.minAdvanceDays} days ahead" and "within ${plan.maxAdvanceDays} days of check-in" exclude each other`,
      });
    }
    if (new Set(plan.closedDates).size !== plan.closedDates.length) {
      ctx.addIssue({ code: "custom", path: ["closedDates"], message: "Each closed date may be listed once" });
    }
  });
export type RatePlanInput = z.infer<typeof RatePlanInput>;
/** What a form holds before defaults are applied. */
export type RatePlanFormInput = z.input<typeof RatePlanInput>;

/** Sets (or, with null, clears) a plan's own price on every night of [from, to]. */
export const PlanPricesInput = z
  .object({
    from: calendarDay("planFrom"),
    to: calendarDay("planTo"),
    priceCents: z
      .number({ message: "Price must be a number, or empty to follow the room's calendar" })
      .int("Price must be in whole cents")
      .positive("Price must be more than 0")
      .max(MAX_ROOM_PRICE_CENTS, `Price must be at most $${(MAX_ROOM_PRICE_CENTS / 100).toLocaleString("en-US")}`)
      .nullable(),
  })
  .superRefine((input, ctx) => {
    if (input.to < input.from) ctx.addIssue({ code: "custom", path: ["to"], message: "To must be on or after From" });
    else if ((Date.parse(input.to) - Date.parse(input.from)) / 86_400_000 + 1 > MAX_PLAN_PRICE_RANGE_NIGHTS) {
      ctx.addIssue({ code: "custom", path: ["to"], message: `Set at most ${MAX_PLAN_PRICE_RANGE_NIGHTS} nights at a time` });
    }
  });
export type PlanPricesInput = z.infer<typeof PlanPricesInput>;
