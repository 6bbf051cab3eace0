import { queryOptions } from "@tanstack/react-query";
import type { ReviewFields, ReviewSort, ReviewStatus, VoteType } from "../../shared/reviews.ts";
import { api, body } from "./client.ts";

const hotelReviews = api.hotels[":id"].reviews;

export function listHotelReviews(hotelId: string, sort: ReviewSort) {
  return body(hotelReviews.$get({ param: { id: encodeURIComponent(hotelId) }, query: { sort } }));
}

export type HotelReviews = Awaited<ReturnType<typeof listHotelReviews>>;

/** Sends a review with its photos as one multipart request; the review waits for moderation. */
export async function submitReview(hotelId: string, fields: ReviewFields, photos: File[]) {
  const form = new FormData();
  form.set("rating", String(fields.rating));
  form.set("title", fields.title);
  form.set("comment", fields.comment);
  for (const photo of photos) form.append("photos", photo);
  // No Content-Type header: the browser writes the multipart boundary itself.
  return (await body(hotelReviews.$post({ param: { id: encodeURIComponent(hotelId) } }, { init: { body: form } }))).review;
}

export function voteOnReview(reviewId: number, voteType: VoteType) {
  return body(api.reviews[":id"].vote.$post({ param: { id: String(reviewId) }, json: { voteType } }));
}

export function listReviewsForModeration(status: ReviewStatus) {
  return body(api.admin.reviews.$get({ query: { status } }));
}

export function moderateReview(reviewId: number, status: "approved" | "rejected", adminNotes: string) {
  return body(
    api.admin.reviews[":id"].moderate.$post({
      param: { id: String(reviewId) },
      json: { status, ...(adminNotes.trim() ? { adminNotes: adminNotes.trim() } : {}) },
    }),
  );
}

export const reviewKeys = {
  /** Every sort order of one hotel's reviews, for every viewer, so a vote or a new review can refresh them all. */
  hotel: (hotelId: string) => ["hotel-reviews", hotelId] as const,
  /** The viewer is part of the key: each signed-in guest sees their own votes. */
  hotelSorted: (hotelId: string, viewerId: string | null, sort: ReviewSort) => [...reviewKeys.hotel(hotelId), viewerId, sort] as const,
  /** Every status tab of the moderation queue. */
  moderation: ["admin", "reviews"] as const,
};

export function hotelReviewsQueryOptions(hotelId: string, sort: ReviewSort, viewerId: string | null) {
  return queryOptions({ queryKey: reviewKeys.hotelSorted(hotelId, viewerId, sort), queryFn: () => listHotelReviews(hotelId, sort) });
}

export function moderationQueryOptions(status: ReviewStatus) {
  return queryOptions({ queryKey: [...reviewKeys.moderation, status], queryFn: () => listReviewsForModeration(status) });
}
