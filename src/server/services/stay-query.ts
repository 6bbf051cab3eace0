import { todayUtc } from "../../shared/dates.ts";
import type { HotelStayQuery } from "../../shared/search.ts";
import { type Stay, resolveStay } from "../../shared/search-options.ts";
import { DomainError } from "../domain-error.ts";

/** The stay from a request, or a 400 naming the rule it breaks. */
export function stayFromQuery(query: HotelStayQuery, today = todayUtc()): Stay {
  const result = resolveStay(query, today);
  if (!result.ok) throw new DomainError("VALIDATION_ERROR", result.message);
  return result.stay;
}
