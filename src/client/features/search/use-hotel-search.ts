import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { SearchResponse } from "../../../shared/search.ts";
import { apiGet } from "../../lib/api.ts";

/** Hotel search by API query string; while a new page or filter loads, the previous results stay on screen. */
export function useHotelSearch(apiQuery: string) {
  return useQuery({
    queryKey: ["hotel-search", apiQuery],
    queryFn: () => apiGet<SearchResponse>(`/api/hotels/search?${apiQuery}`),
    placeholderData: keepPreviousData,
  });
}

export type HotelSearch = ReturnType<typeof useHotelSearch>;
