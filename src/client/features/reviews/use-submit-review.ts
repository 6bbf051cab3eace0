import { useMutation } from "@tanstack/react-query";
import { toast } from "sonner";
import type { ApiErrorBody } from "../../../shared/auth.ts";
import type { ReviewFields, ReviewView } from "../../../shared/reviews.ts";
import { ApiError } from "../../lib/api.ts";

async function postReview(hotelId: string, fields: ReviewFields, photos: File[]): Promise<ReviewView> {
  const form = new FormData();
  form.set("rating", String(fields.rating));
  form.set("title", fields.title);
  form.set("comment", fields.comment);
  for (const photo of photos) form.append("photos", photo);

  let response: Response;
  try {
    // No Content-Type header: the browser writes the multipart boundary itself.
    response = await fetch(`/api/hotels/${encodeURIComponent(hotelId)}/reviews`, {
      method: "POST",
      headers: { Accept: "application/json" },
      credentials: "same-origin",
      body: form,
    });
  } catch {
    throw new ApiError(0, { code: "NETWORK_ERROR", message: "Could not reach the server. Check your connection and try again." });
  }
  const payload = (await response.json().catch(() => null)) as (Partial<ApiErrorBody> & { review?: ReviewView }) | null;
  if (!response.ok || !payload?.review) {
    throw new ApiError(response.status, {
      code: typeof payload?.code === "string" ? payload.code : `HTTP_${response.status}`,
      message: typeof payload?.message === "string" ? payload.message : `Request failed (${response.status})`,
    });
  }
  return payload.review;
}

/** Sends a review with its photos as one multipart request; the review waits for moderation. */
export function useSubmitReview(hotelId: string) {
  return useMutation({
    mutationFn: ({ fields, photos }: { fields: ReviewFields; photos: File[] }) => postReview(hotelId, fields, photos),
    // Feedback here, not in mutate()'s callbacks, which are skipped if the form has unmounted meanwhile.
    onSuccess: () => toast.success("Review submitted! It will be visible after admin approval."),
    onError: (error) => toast.error("Failed to submit review", { description: error.message }),
  });
}
