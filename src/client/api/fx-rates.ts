import { queryOptions } from "@tanstack/react-query";
import type { RateCurrency } from "../../shared/fx.ts";
import { api, body } from "./client.ts";

/** The public display-currency rates (cached by the browser and CDNs for 10 minutes). */
export function fetchFxRates() {
  return body(api["fx-rates"].$get());
}

export function listAdminFxRates() {
  return body(api.admin["fx-rates"].$get());
}

export type AdminFxRates = Awaited<ReturnType<typeof listAdminFxRates>>;

export function updateFxRate(currency: RateCurrency, rate: string) {
  return body(api.admin["fx-rates"][":currency"].$put({ param: { currency }, json: { rate } }));
}

export const fxRateKeys = {
  /** The rates travellers' prices are converted with. */
  public: ["fx-rates"] as const,
  admin: ["admin", "fx-rates"] as const,
};

export function adminFxRatesQueryOptions() {
  return queryOptions({ queryKey: fxRateKeys.admin, queryFn: listAdminFxRates });
}
