import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../http/types.ts";
import { requireUser } from "../middleware/session.ts";
import { getLoyaltyInfo } from "../services/loyalty.ts";

/** The signed-in user's own points: there is no way to ask for anyone else's. */
export function loyaltyRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get("/", requireUser, async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await getLoyaltyInfo(deps.db, c.get("user").id, deps.config.publicUrl));
  });
}
