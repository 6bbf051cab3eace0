import { useEffect, useSyncExternalStore } from "react";
import { isOwnHotelId, RECENTLY_VIEWED_LIMIT } from "../../shared/saved-hotels.ts";
import { browserStorage, createHotelIdList } from "./hotel-id-list.ts";

/**
 * The hotels this browser opened last, newest first. Kept in the browser for everyone, signed in
 * or not (decision 025): it follows the device, needs no table and no request to record a visit.
 */
const recentlyViewed = createHotelIdList("staywise.recentlyViewed", RECENTLY_VIEWED_LIMIT, browserStorage);
const NO_IDS: string[] = [];

export function useRecentlyViewedIds(): string[] {
  return useSyncExternalStore(recentlyViewed.subscribe, recentlyViewed.read, () => NO_IDS);
}

/** Records a visit to one of our hotels; a browser that cannot store it simply does not remember. */
export function useRecordHotelView(hotelId: string): void {
  useEffect(() => {
    if (!isOwnHotelId(hotelId)) return;
    try {
      recentlyViewed.add(hotelId);
    } catch {
      // Storage full or blocked: recently viewed is a convenience, the page goes on without it.
    }
  }, [hotelId]);
}
