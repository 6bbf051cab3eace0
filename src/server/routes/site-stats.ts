import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../http/types.ts";
import { createSiteStats } from "../services/site-stats.ts";

/** Public: the home page's figures, computed from the database and cached (server and browser) for five minutes. */
export function siteStatsRoutes(deps: AppDeps) {
  const siteStats = createSiteStats(deps.readDb);
  return new Hono<AppEnv>().get("/", async (c) => {
    c.header("Cache-Control", "public, max-age=300");
    return c.json(await siteStats());
  });
}
