import { z } from "@hono/zod-openapi";
import { ROLES } from "../../shared/auth.ts";
import { TIERS } from "../../shared/loyalty.ts";
import { orNull } from "../http/openapi.ts";

const TierName = z.enum(TIERS.map((t) => t.name) as [(typeof TIERS)[number]["name"], ...(typeof TIERS)[number]["name"][]]);

export const SessionUserSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    role: z.enum(ROLES),
    isAdmin: z.boolean(),
    canManageHotels: z.boolean(),
    canUseFrontDesk: z.boolean().describe("Admins, managers and front-desk staff: the front desk of their hotels"),
    twoFactorEnabled: z.boolean(),
    twoFactorSetupRequired: z.boolean(),
  })
  .openapi("User");

export const MeSchema = z.object({ user: orNull(SessionUserSchema) });

export const LoyaltyInfoSchema = z
  .object({
    account: z.object({
      tier: TierName,
      pointsBalance: z.number().int(),
      totalPointsEarned: z.number().int(),
      referralCode: z.string(),
      referralLink: z.string(),
    }),
    nextTier: z.object({ name: TierName, pointsNeeded: z.number().int() }).nullable(),
    transactions: z.array(z.object({ id: z.number().int(), description: z.string(), points: z.number().int(), createdAt: z.string() })),
  })
  .openapi("Loyalty");

export const SiteStatsSchema = z
  .object({
    hotels: z.number().int(),
    destinations: z.number().int(),
    countries: z.number().int(),
    reviews: z.number().int().describe("Approved reviews: the ones guests can read"),
  })
  .openapi("SiteStats");
