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
