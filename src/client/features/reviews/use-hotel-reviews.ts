import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { ReviewSort } from "../../../shared/reviews.ts";
import { hotelReviewsQueryOptions } from "../../api/reviews.ts";

export function useHotelReviews(hotelId: string, sort: ReviewSort, viewerId: string | null) {
  return useQuery({
    ...hotelReviewsQueryOptions(hotelId, sort, viewerId),
    // Changing the sort keeps the current list on screen until the re-ordered one arrives.
    placeholderData: keepPreviousData,
  });
}
