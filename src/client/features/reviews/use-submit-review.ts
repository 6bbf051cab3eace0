import { useTranslation } from "../../lib/i18n.ts";
import { useMutation } from "@tanstack/react-query";
import { toast } from "sonner";
import type { ReviewFields } from "../../../shared/reviews.ts";
import { submitReview } from "../../api/reviews.ts";
import { errorText } from "../../lib/error-text.ts";

/** Sends a review with its photos as one multipart request; the review waits for moderation. */
export function useSubmitReview(hotelId: string) {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: ({ fields, photos }: { fields: ReviewFields; photos: File[] }) => submitReview(hotelId, fields, photos),
    // Feedback here, not in mutate()'s callbacks, which are skipped if the form has unmounted meanwhile.
    onSuccess: () => toast.success(t("Review submitted! It will be visible after admin approval.")),
    onError: (error) => toast.error(t("Failed to submit review"), { description: errorText(error, t("Something went wrong")) }),
  });
}
