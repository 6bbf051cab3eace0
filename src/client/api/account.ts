import { queryOptions } from "@tanstack/react-query";
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

/** The signed-in account's sessions, the most recently used first. */
export function listAccountSessions() {
  return body(api.me.sessions.$get());
}

export type AccountSession = Awaited<ReturnType<typeof listAccountSessions>>["sessions"][number];

export function endAccountSession(id: string) {
  return body(api.me.sessions[":id"].$delete({ param: { id } }));
}

/** Signs out every session of the account but this one; answers how many. */
export function endOtherAccountSessions() {
  return body(api.me.sessions["end-others"].$post());
}

/** Where the signed-in account's data downloads from (a JSON attachment; decision 067). */
export const MY_DATA_EXPORT_URL = "/api/me/export";

/** Deletes the signed-in account: the password, a code when two-factor sign-in is on, and what becomes of the reviews. */
export function deleteMyAccount(input: { password: string; code?: string; reviews: "keep" | "delete" }) {
  return body(api.me.delete.$post({ json: input }));
}

/** The cache keys of the signed-in account's data: all but `me` are forgotten on sign-out (lib/auth-provider.tsx). */
export const accountKeys = {
  me: ["me"] as const,
  loyalty: ["loyalty"] as const,
  sessions: ["account-sessions"] as const,
};

export function meQueryOptions() {
  // Guarded pages wait on this query, so an unreachable server must not keep them loading for long.
  return queryOptions({ queryKey: accountKeys.me, queryFn: getMe, staleTime: 60_000, retry: 1 });
}

export function loyaltyQueryOptions() {
  return queryOptions({ queryKey: accountKeys.loyalty, queryFn: getLoyalty });
}

export function accountSessionsQueryOptions() {
  return queryOptions({ queryKey: accountKeys.sessions, queryFn: listAccountSessions });
}

export function siteStatsQueryOptions() {
  // The server recomputes them every five minutes; no need to ask more often.
  return queryOptions({ queryKey: ["site-stats"], queryFn: getSiteStats, staleTime: 5 * 60_000 });
}
