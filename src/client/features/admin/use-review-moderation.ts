import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import type { ModerationReviewView, ReviewStatus } from "../../../shared/reviews.ts";
import { apiGet, apiSend } from "../../lib/api.ts";

const MODERATION_KEY = ["admin", "reviews"] as const;

export function useModerationReviews(status: ReviewStatus) {
  return useQuery({
    queryKey: [...MODERATION_KEY, status],
    queryFn: () => apiGet<{ reviews: ModerationReviewView[] }>(`/api/admin/reviews?status=${status}`),
  });
}

type ModerateInput = { reviewId: number; status: "approved" | "rejected"; adminNotes: string };

/** Approves or rejects a pending review; every status list is refreshed afterwards, also after a failure (another admin may have acted). */
export function useModerateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, status, adminNotes }: ModerateInput) =>
      apiSend<{ ok: true; status: "approved" | "rejected" }>("POST", `/api/admin/reviews/${reviewId}/moderate`, {
        status,
        ...(adminNotes.trim() ? { adminNotes: adminNotes.trim() } : {}),
      }),
    // Feedback here, not in mutate()'s callbacks: the list (and the card that asked) may re-render away first.
    onSuccess: (_data, { status }) => toast.success(status === "approved" ? "Review approved" : "Review rejected"),
    onError: (error) => toast.error("Failed to moderate review", { description: error.message }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: MODERATION_KEY }),
  });
}
