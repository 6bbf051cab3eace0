import { z } from "zod";
import { fieldError } from "./field-messages.ts";

export const REVIEW_SORTS = ["recent", "helpful", "rating_high", "rating_low"] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];
export const MAX_REVIEW_PHOTOS = 5;
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
/**
 * Decoded size caps: a small file can hold a huge image, and decoding costs time and memory per
 * pixel. Anyone with an account can post review photos, so theirs are capped lower (a 12-megapixel
 * phone photo still fits) than hotel and room photos, which only staff upload (decision 038).
 */
export const MAX_REVIEW_PHOTO_MEGAPIXELS = 13;
export const MAX_HOTEL_PHOTO_MEGAPIXELS = 24;
export const VOTE_TYPES = ["helpful", "unhelpful"] as const;
export type VoteType = (typeof VOTE_TYPES)[number];
export const REVIEW_STATUSES = ["pending", "approved", "rejected"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const ReviewFields = z.object({
  rating: z.coerce
    .number({ message: fieldError("ratingRequired") })
    .int(fieldError("ratingRequired"))
    .min(1, fieldError("ratingRequired"))
    .max(5, fieldError("ratingRequired")),
  title: z.string().trim().min(1, fieldError("titleRequired")).max(120, fieldError("titleTooLong")),
  comment: z.string().trim().min(1, fieldError("reviewTextRequired")).max(5000, fieldError("reviewTextTooLong")),
});
export type ReviewFields = z.infer<typeof ReviewFields>;

export const VoteInput = z.object({ voteType: z.enum(VOTE_TYPES, { message: fieldError("voteType") }) });

export const ModerateInput = z.object({
  status: z.enum(["approved", "rejected"], { message: fieldError("moderationStatus") }),
  adminNotes: z.string().trim().max(2000, fieldError("notesTooLong")).optional(),
});

/** The author shown for a review kept after its author deleted their account (decision 067). */
export const FORMER_GUEST = "A former guest";

/** Spec: a reviewer without a name shows as 'Anonymous' with the initial 'U'. */
export function reviewerDisplay(name: string | null | undefined): { name: string; initial: string } {
  const trimmed = name?.trim();
  return trimmed ? { name: trimmed, initial: trimmed[0]!.toUpperCase() } : { name: "Anonymous", initial: "U" };
}

/** Average to one decimal, or 'N/A' when there are no ratings. */
export function averageRatingText(ratings: number[]): string {
  if (ratings.length === 0) return "N/A";
  return (Math.round((ratings.reduce((a, b) => a + b, 0) / ratings.length) * 10) / 10).toFixed(1);
}

export interface ReviewView {
  id: number;
  authorName: string;
  authorInitial: string;
  /** Written by a guest who has since deleted their account: shown as "A former guest". */
  formerGuest: boolean;
  createdAt: string;
  rating: number;
  title: string;
  comment: string;
  photos: string[];
  helpfulVotes: number;
  unhelpfulVotes: number;
  verifiedStay: boolean;
  /** The signed-in viewer's own vote. */
  myVote: VoteType | null;
  /** Written by the signed-in viewer: they cannot vote on it. */
  mine: boolean;
}

export interface HotelReviewsResponse {
  reviews: ReviewView[];
  /** The signed-in viewer's own reviews awaiting moderation, shown only to them. */
  myPendingReviews: ReviewView[];
  /** The signed-in viewer has a stay (or, without stays, the hotel) not yet reviewed. */
  canReview: boolean;
  count: number;
  /** One decimal, null when there are none. */
  averageRating: number | null;
}

export interface ModerationReviewView extends ReviewView {
  status: ReviewStatus;
  adminNotes: string | null;
  hotelId: number;
  hotelName: string;
  authorEmail: string | null;
}
