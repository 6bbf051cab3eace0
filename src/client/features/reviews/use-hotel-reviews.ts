import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { ReviewSort } from "../../../shared/reviews.ts";
import { listHotelReviews } from "../../api/reviews.ts";

/** Every sort order of one hotel's reviews shares this prefix, so a vote or a sign-in can refresh them all. */
export function hotelReviewsKey(hotelId: string) {
  return ["hotel-reviews", hotelId] as const;
}

/** The viewer is part of the key: each signed-in guest sees their own votes. */
export function useHotelReviews(hotelId: string, sort: ReviewSort, viewerId: string | null) {
  return useQuery({
    queryKey: [...hotelReviewsKey(hotelId), viewerId, sort],
    queryFn: () => listHotelReviews(hotelId, sort),
    // Changing the sort keeps the current list on screen until the re-ordered one arrives.
    placeholderData: keepPreviousData,
  });
}
