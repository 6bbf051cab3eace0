import type { TFunction } from "../../lib/i18n.ts";
import { hasSearch, readDestination } from "../../../shared/search-address.ts";

/**
 * The results' title. A search without a destination covers the popular destinations' hotels, and
 * says so: it must not look like the page before the search.
 */
export function searchTitle(params: URLSearchParams, t: TFunction): string {
  const destination = readDestination(params);
  if (destination) return destination;
  return hasSearch(params) ? t("Hotels in all popular destinations") : t("Popular destinations");
}
