import { LoyaltyInfoSchema } from "../contract/account.ts";
import { apiRouter, defineRoute, jsonAnswer } from "../http/openapi.ts";
import type { AppDeps } from "../http/types.ts";
import { requireUser } from "../middleware/session.ts";
import { getLoyaltyInfo } from "../services/loyalty.ts";

const loyalty = defineRoute({
  method: "get",
  path: "/",
  operationId: "getLoyalty",
  tags: ["Account"],
  summary: "The signed-in user's points, tier and history",
  middleware: [requireUser] as const,
  responses: { 200: jsonAnswer(LoyaltyInfoSchema, "Points account") },
});

/** The signed-in user's own points: there is no way to ask for anyone else's. */
export function loyaltyRoutes(deps: AppDeps) {
  return apiRouter().openapi(loyalty, async (c) => {
    return c.json(await getLoyaltyInfo(deps.db, c.get("user").id, deps.config.publicUrl), 200);
  });
}
