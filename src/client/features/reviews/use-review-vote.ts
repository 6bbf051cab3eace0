import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { HotelReviewsResponse, VoteType } from "../../../shared/reviews.ts";
import { apiSend } from "../../lib/api.ts";
import { hotelReviewsKey } from "./use-hotel-reviews.ts";

type VoteResult = { helpfulVotes: number; unhelpfulVotes: number; myVote: VoteType };

/** Records a vote and writes the server's counts into every cached sort order of the hotel's reviews. */
export function useReviewVote(hotelId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, voteType }: { reviewId: number; voteType: VoteType }) =>
      apiSend<VoteResult>("POST", `/api/reviews/${reviewId}/vote`, { voteType }),
    onSuccess: (result, { reviewId }) => {
      queryClient.setQueriesData<HotelReviewsResponse>({ queryKey: hotelReviewsKey(hotelId) }, (data) =>
        data
          ? { ...data, reviews: data.reviews.map((review) => (review.id === reviewId ? { ...review, ...result } : review)) }
          : data,
      );
    },
  });
}
