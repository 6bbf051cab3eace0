import { api, body } from "./client.ts";

/** The map's style URL, set on the server (MAP_STYLE_URL). */
export function fetchMapConfig() {
  return body(api.map.config.$get());
}
