import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { destinationSuggestionsQueryOptions } from "../../api/hotels.ts";

export function useDestinationSuggestions(query: string, enabled: boolean) {
  return useQuery({
    ...destinationSuggestionsQueryOptions(query),
    enabled,
    placeholderData: keepPreviousData,
  });
}
