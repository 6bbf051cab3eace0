import { FX_BASE } from "../../shared/fx.ts";
import { PublicFxRatesSchema } from "../contract/fx-rates.ts";
import { apiRouter, defineRoute, jsonAnswer } from "../http/openapi.ts";
import type { AppDeps } from "../http/types.ts";
import { listFxRates } from "../services/fx-rates.ts";

const rates = defineRoute({
  method: "get",
  path: "/",
  operationId: "listFxRates",
  tags: ["Hotels"],
  summary: "Exchange rates for showing prices in a display currency (estimates; payment is in the hotel's currency)",
  responses: { 200: jsonAnswer(PublicFxRatesSchema, "Rates against the base currency") },
});

/** Public and cacheable (app.ts opts it in): the same answer for everyone. */
export function fxRateRoutes(deps: AppDeps) {
  return apiRouter().openapi(rates, async (c) => {
    const rows = await listFxRates(deps.readDb);
    return c.json(
      {
        base: FX_BASE,
        rates: Object.fromEntries(rows.map((row) => [row.currency, row.rate])),
        demo: rows.some((row) => row.demo),
        updatedAt: Object.fromEntries(rows.map((row) => [row.currency, row.updatedAt])),
      },
      200,
    );
  });
}
