import { z } from "@hono/zod-openapi";
import { PROMO_DISCOUNT_KINDS } from "../../shared/promotions.ts";

/** Answers of the promo codes back office (decision 053); tsc checks them against services/promotions.ts. */
export const PromoCodeSchema = z
  .object({
    id: z.number().int(),
    hotelId: z.number().int().nullable().describe("null: a site-wide code"),
    code: z.string(),
    discountKind: z.enum(PROMO_DISCOUNT_KINDS),
    discountValue: z.number().int().describe("percent: whole percent; amount: cents of currency"),
    currency: z.string().nullable(),
    bookingFrom: z.string().nullable(),
    bookingTo: z.string().nullable(),
    stayFrom: z.string().nullable(),
    stayTo: z.string().nullable(),
    minNights: z.number().int().nullable(),
    usesLimit: z.number().int().nullable(),
    usesCount: z.number().int().describe("Bookings holding a use: confirmed ones and unpaid holds"),
    perGuestLimit: z.number().int().nullable(),
    ratePlanIds: z.array(z.number().int()).describe("The rate plans covered; empty: all"),
    active: z.boolean(),
    createdAt: z.string(),
  })
  .openapi("PromoCode");

export const PromoCodeListSchema = z.object({ promoCodes: z.array(PromoCodeSchema) });
export const OnePromoCodeSchema = z.object({ promoCode: PromoCodeSchema });
