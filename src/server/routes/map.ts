import { MapConfigSchema } from "../contract/map.ts";
import { apiRouter, defineRoute, jsonAnswer } from "../http/openapi.ts";
import type { AppDeps } from "../http/types.ts";

/** How long a browser may reuse the map settings: they change only with a restart. */
const MAP_CONFIG_MAX_AGE_SECONDS = 300;

const mapConfig = defineRoute({
  method: "get",
  path: "/config",
  operationId: "getMapConfig",
  tags: ["Hotels"],
  summary: "The map's MapLibre style (the CSP allows its hosts)",
  responses: { 200: jsonAnswer(MapConfigSchema, "The style URL") },
});

/** Public: the map settings the results and hotel pages load their map with. */
export function mapRoutes(deps: AppDeps) {
  return apiRouter().openapi(mapConfig, (c) => {
    c.header("Cache-Control", `public, max-age=${MAP_CONFIG_MAX_AGE_SECONDS}`);
    return c.json({ styleUrl: deps.config.map.styleUrl }, 200);
  });
}
