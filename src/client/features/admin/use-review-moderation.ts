import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import type { ReviewStatus } from "../../../shared/reviews.ts";
import { moderateReview, moderationQueryOptions, reviewKeys } from "../../api/reviews.ts";
import { errorText } from "../../lib/error-text.ts";
import { i18next } from "../../lib/i18n.ts";

export function useModerationReviews(status: ReviewStatus) {
  return useQuery(moderationQueryOptions(status));
}

type ModerateInput = { reviewId: number; status: "approved" | "rejected"; adminNotes: string };

/** Approves or rejects a pending review; every status list is refreshed afterwards, also after a failure (another admin may have acted). */
export function useModerateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, status, adminNotes }: ModerateInput) => moderateReview(reviewId, status, adminNotes),
    // Feedback here, not in mutate()'s callbacks: the list (and the card that asked) may re-render away first.
    onSuccess: (_data, { status }) => toast.success(status === "approved" ? i18next.t("Review approved") : i18next.t("Review rejected")),
    onError: (error) =>
      toast.error(i18next.t("Failed to moderate review"), { description: errorText(error, i18next.t("Something went wrong")) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reviewKeys.moderation }),
  });
}
