import { useQuery } from "@tanstack/react-query";
import { hotelSearchQueryOptions } from "../../api/hotels.ts";

/** What makes a search a different search: the place and the stay. Filters, sort and page only refine it. */
const IDENTITY = ["destination", "checkIn", "checkOut", "guests", "children", "ages", "rooms"] as const;

function sameSearch(a: string, b: string): boolean {
  const left = new URLSearchParams(a);
  const right = new URLSearchParams(b);
  return IDENTITY.every((key) => (left.get(key) ?? "") === (right.get(key) ?? ""));
}

/**
 * Hotel search by API query string. While a new page, filter or sort of the same search loads, the
 * previous results stay on screen; a new destination or stay shows the loading skeletons instead,
 * so the old count never sits under the new title.
 */
export function useHotelSearch(apiQuery: string) {
  return useQuery({
    ...hotelSearchQueryOptions(apiQuery),
    placeholderData: (previous, previousQuery) =>
      previous !== undefined && previousQuery && sameSearch(String(previousQuery.queryKey[1]), apiQuery) ? previous : undefined,
  });
}

export type HotelSearch = ReturnType<typeof useHotelSearch>;
