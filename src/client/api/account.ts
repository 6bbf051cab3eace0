import { api, body } from "./client.ts";

export function getMe() {
  return body(api.me.$get());
}

export function getLoyalty() {
  return body(api.loyalty.$get());
}

export function getSiteStats() {
  return body(api["site-stats"].$get());
}

export type SiteStats = Awaited<ReturnType<typeof getSiteStats>>;
