import { i18next } from "../../lib/i18n.ts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import type { VoteType } from "../../../shared/reviews.ts";
import { type HotelReviews, reviewKeys, voteOnReview } from "../../api/reviews.ts";
import { ApiError } from "../../lib/api.ts";
import { errorText } from "../../lib/error-text.ts";

/** Prompts a visitor (or a guest whose session has ended) to sign in before voting. */
export function promptLoginToVote(navigate: (to: string) => unknown) {
  toast(i18next.t("Please login to vote"), { action: { label: i18next.t("Log in"), onClick: () => void navigate("/login") } });
}

/**
 * Records a vote and writes the server's counts into every cached sort order of the hotel's reviews.
 * The toasts are given here, not in mutate()'s callbacks, which are skipped if the caller unmounts first.
 */
export function useReviewVote(hotelId: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: ({ reviewId, voteType }: { reviewId: number; voteType: VoteType }) => voteOnReview(reviewId, voteType),
    onSuccess: (result, { reviewId }) => {
      queryClient.setQueriesData<HotelReviews>({ queryKey: reviewKeys.hotel(hotelId) }, (data) =>
        data ? { ...data, reviews: data.reviews.map((review) => (review.id === reviewId ? { ...review, ...result } : review)) } : data,
      );
      toast.success(i18next.t("Vote recorded"));
    },
    onError: (error) => {
      // The session may have ended in another tab since the page was loaded.
      if (error instanceof ApiError && error.status === 401) promptLoginToVote(navigate);
      else toast.error(i18next.t("Failed to vote"), { description: errorText(error, i18next.t("Something went wrong")) });
    },
  });
}
