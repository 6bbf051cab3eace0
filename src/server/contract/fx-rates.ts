import { z } from "@hono/zod-openapi";
import { FX_BASE, FX_RATE_SOURCES, RATE_CURRENCIES } from "../../shared/fx.ts";

/** Answers of the exchange-rate routes (decision 028); tsc checks them against services/fx-rates.ts. */
const RateText = z.string().describe(`Units of the currency one ${FX_BASE} buys, as an exact decimal ("0.92")`);

export const PublicFxRatesSchema = z
  .object({
    base: z.literal(FX_BASE),
    rates: z.record(z.string(), RateText).describe("One rate per display currency other than the base"),
    demo: z.boolean().describe("Some rates are still the demo rates seeded with the database"),
    updatedAt: z.record(z.string(), z.string()).describe("When each rate was last set (ISO timestamp), to show beside an estimate"),
  })
  .openapi("FxRates");

export const FxRateSchema = z
  .object({
    currency: z.enum(RATE_CURRENCIES),
    rate: RateText,
    source: z.enum(FX_RATE_SOURCES),
    demo: z.boolean(),
    updatedAt: z.string(),
  })
  .openapi("FxRate");

export const AdminFxRatesSchema = z.object({
  base: z.literal(FX_BASE),
  rates: z.array(FxRateSchema),
  feed: z.object({
    host: z.string().nullable().describe("FX_RATES_URL's host, or null when no feed is configured"),
    latest: z
      .object({ outcome: z.enum(["updated", "failed"]), at: z.string(), message: z.string() })
      .nullable()
      .describe("The feed's latest update or failure"),
  }),
});
