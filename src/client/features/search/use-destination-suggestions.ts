import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { suggestDestinations } from "../../api/hotels.ts";

export function useDestinationSuggestions(query: string, enabled: boolean) {
  return useQuery({
    queryKey: ["destinations", query],
    queryFn: () => suggestDestinations(query),
    enabled,
    // Cities and their hotel counts barely change during a visit.
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
}
