import { useMutation } from "@tanstack/react-query";
import { toast } from "sonner";
import type { ReviewFields } from "../../../shared/reviews.ts";
import { submitReview } from "../../api/reviews.ts";

/** Sends a review with its photos as one multipart request; the review waits for moderation. */
export function useSubmitReview(hotelId: string) {
  return useMutation({
    mutationFn: ({ fields, photos }: { fields: ReviewFields; photos: File[] }) => submitReview(hotelId, fields, photos),
    // Feedback here, not in mutate()'s callbacks, which are skipped if the form has unmounted meanwhile.
    onSuccess: () => toast.success("Review submitted! It will be visible after admin approval."),
    onError: (error) => toast.error("Failed to submit review", { description: error.message }),
  });
}
