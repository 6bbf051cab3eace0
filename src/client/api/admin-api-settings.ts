import { queryOptions } from "@tanstack/react-query";
import { api, body } from "./client.ts";

export function listApiSettings() {
  return body(api.admin["api-settings"].$get());
}

export type ApiSettingsView = Awaited<ReturnType<typeof listApiSettings>>["settings"][number];
export type Environment = ApiSettingsView["environment"];

export function saveApiSettings(
  environment: Environment,
  input: { apiUrl: string; username: string; password: string; makeActive: boolean },
) {
  const { password, ...rest } = input;
  return body(
    api.admin["api-settings"][":environment"].$put({ param: { environment }, json: { ...rest, ...(password ? { password } : {}) } }),
  );
}

export function testApiConnection(target: { environment: Environment } | { apiUrl: string; username: string; password: string }) {
  return body(api.admin["api-settings"].test.$post({ json: target }));
}

export const apiSettingsKey = ["admin", "api-settings"] as const;

export function apiSettingsQueryOptions() {
  return queryOptions({ queryKey: apiSettingsKey, queryFn: listApiSettings });
}
