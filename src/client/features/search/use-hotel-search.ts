import { useQuery } from "@tanstack/react-query";
import { preload } from "react-dom";
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

/**
 * The first result's photo is the results page's largest paint: it is asked for as soon as the
 * answer is in, while the results view's code may still be downloading. Its own observer of the
 * search: reading the page's search result here would make that result notify only on `data`, and
 * the lazily loaded results view would miss an error that came before it.
 */
export function usePreloadFirstPhoto(apiQuery: string, enabled: boolean): void {
  const { data: firstPhoto } = useQuery({ ...hotelSearchQueryOptions(apiQuery), enabled, select: (answer) => answer.hotels[0]?.image });
  // Disabled, the observer still reads a cached answer (the landing page's popular hotels, below the fold): not preloaded.
  if (enabled && firstPhoto) preload(firstPhoto, { as: "image", fetchPriority: "high" });
}
