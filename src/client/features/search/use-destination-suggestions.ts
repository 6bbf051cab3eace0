import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { DestinationSuggestion } from "../../../shared/search.ts";
import { apiGet } from "../../lib/api.ts";

export function useDestinationSuggestions(query: string, enabled: boolean) {
  return useQuery({
    queryKey: ["destinations", query],
    queryFn: () => apiGet<{ suggestions: DestinationSuggestion[] }>(`/api/destinations?q=${encodeURIComponent(query)}`),
    enabled,
    // Cities and their hotel counts barely change during a visit.
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
}
