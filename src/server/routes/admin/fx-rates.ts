import { z } from "zod";
import { FX_BASE, RATE_CURRENCIES, decimalToMicros } from "../../../shared/fx.ts";
import { AdminFxRatesSchema } from "../../contract/fx-rates.ts";
import { apiRouter, defineRoute, jsonAnswer, jsonBody } from "../../http/openapi.ts";
import type { AppDeps, SignedInEnv } from "../../http/types.ts";
import { latestFeedStatus, listFxRates, updateFxRate } from "../../services/fx-rates.ts";

const CurrencyParam = z.object({
  currency: z.enum(RATE_CURRENCIES, { message: `currency must be one of ${RATE_CURRENCIES.join(", ")}` }),
});
/** A rate typed by an admin: a plain decimal such as 0.92 or 151.5, units of the currency per US dollar. */
const FxRateText = z
  .string()
  .trim()
  .min(1, "Enter a rate")
  .refine((text) => decimalToMicros(text) !== null, "Enter the rate as a number such as 0.92, with at most 6 decimal places")
  .refine((text) => decimalToMicros(text)! > 0, "A rate must be more than 0");
const UpdateInput = z.object({ rate: FxRateText });
const TAGS = ["Admin"];

const list = defineRoute({
  method: "get",
  path: "/fx-rates",
  operationId: "listAdminFxRates",
  tags: TAGS,
  summary: "The display-currency rates, where each came from, and the feed's latest outcome",
  responses: { 200: jsonAnswer(AdminFxRatesSchema, "Rates and feed status") },
});
const update = defineRoute({
  method: "put",
  path: "/fx-rates/{currency}",
  operationId: "updateFxRate",
  tags: TAGS,
  summary: `Set one currency's rate by hand (units per ${FX_BASE}); an implausible rate is refused`,
  request: { params: CurrencyParam, body: jsonBody(UpdateInput) },
  errors: ["FX_RATE_IMPLAUSIBLE"],
  responses: { 200: jsonAnswer(AdminFxRatesSchema, "Rates and feed status after the change") },
});

/** Exchange rates in the back office (behind requireAdmin in app.ts); every change is logged. */
export function adminFxRateRoutes(deps: AppDeps) {
  const host = deps.config.fxRatesUrl ? new URL(deps.config.fxRatesUrl).host : null;
  async function answer() {
    const [rates, latest] = await Promise.all([listFxRates(deps.db), latestFeedStatus(deps.db)]);
    return { base: FX_BASE as typeof FX_BASE, rates, feed: { host, latest } };
  }
  return apiRouter<SignedInEnv>()
    .openapi(list, async (c) => c.json(await answer(), 200))
    .openapi(update, async (c) => {
      const user = c.get("user");
      await updateFxRate(deps.db, { id: user.id, email: user.email }, c.req.valid("param").currency, c.req.valid("json").rate);
      return c.json(await answer(), 200);
    });
}
