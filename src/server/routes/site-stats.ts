import { SiteStatsSchema } from "../contract/account.ts";
import { apiRouter, defineRoute, jsonAnswer } from "../http/openapi.ts";
import type { AppDeps } from "../http/types.ts";
import { createSiteStats } from "../services/site-stats.ts";

const siteStats = defineRoute({
  method: "get",
  path: "/",
  operationId: "getSiteStats",
  tags: ["Hotels"],
  summary: "The home page's figures (cached five minutes)",
  responses: { 200: jsonAnswer(SiteStatsSchema, "Counts of hotels, destinations, countries and approved reviews") },
});

/** Public: the home page's figures, computed from the database and cached (server and browser) for five minutes. */
export function siteStatsRoutes(deps: AppDeps) {
  const stats = createSiteStats(deps.readDb);
  return apiRouter().openapi(siteStats, async (c) => {
    c.header("Cache-Control", "public, max-age=300");
    return c.json(await stats(), 200);
  });
}
