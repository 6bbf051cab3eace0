import { queryOptions } from "@tanstack/react-query";
import { api, body } from "./client.ts";

/** The map's style URL, set on the server (MAP_STYLE_URL). */
export function fetchMapConfig() {
  return body(api.map.config.$get());
}

/** The map's style and hosts come from the server's configuration, fixed while it runs. */
export function mapConfigQueryOptions() {
  return queryOptions({ queryKey: ["map-config"], queryFn: fetchMapConfig, staleTime: Infinity });
}
