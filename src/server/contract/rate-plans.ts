import { z } from "@hono/zod-openapi";
import { MEAL_PLANS, PAYMENT_TIMINGS, PLAN_INCLUSIONS, PRICE_RULE_KINDS } from "../../shared/rate-plans.ts";

/** Answers of the rate plans back office (decision 052); tsc checks them against services/rate-plans.ts. */
const Fee = z.union([
  z.object({ kind: z.literal("percent"), percent: z.number().int() }),
  z.object({ kind: z.literal("nights"), nights: z.number().int() }),
]);

export const PolicyTermsSchema = z
  .object({
    tiers: z.array(z.object({ daysBefore: z.number().int(), fee: Fee })),
    finalFee: Fee,
  })
  .openapi("PolicyTerms");

export const CancellationPolicySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    terms: PolicyTermsSchema,
    planCount: z.number().int().describe("Plans (on sale or not) that use the policy"),
    booked: z.boolean().describe("A booking was made on a plan using it: its terms can no longer change"),
  })
  .openapi("CancellationPolicy");

export const RatePlanSchema = z
  .object({
    id: z.number().int(),
    roomTypeId: z.number().int(),
    name: z.string(),
    priceRule: z.object({ kind: z.enum(PRICE_RULE_KINDS), value: z.number().int() }),
    mealPlan: z.enum(MEAL_PLANS),
    inclusions: z.array(z.enum(PLAN_INCLUSIONS)),
    cancellationPolicyId: z.number().int(),
    paymentTiming: z.enum(PAYMENT_TIMINGS),
    depositPercent: z.number().int().nullable(),
    minStay: z.number().int().nullable(),
    minAdvanceDays: z.number().int().nullable(),
    maxAdvanceDays: z.number().int().nullable(),
    closedDates: z.array(z.string()),
    memberPrices: z.boolean(),
    active: z.boolean(),
    sortOrder: z.number().int(),
    bookingCount: z.number().int().describe("Bookings that name the plan: removing it then only takes it off sale"),
  })
  .openapi("RatePlan");

export const RatePlanOverviewSchema = z
  .object({
    hotelId: z.number().int(),
    hotelName: z.string(),
    currency: z.string(),
    timeZone: z.string(),
    policies: z.array(CancellationPolicySchema),
    roomTypes: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        priceCents: z.number().int(),
        cheapestNightCents: z.number().int(),
        closed: z.boolean(),
        plans: z.array(RatePlanSchema),
      }),
    ),
  })
  .openapi("RatePlanOverview");

export const PlanPricesSchema = z.object({
  prices: z.array(z.object({ night: z.string(), priceCents: z.number().int() })),
});
