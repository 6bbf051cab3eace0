import { z } from "@hono/zod-openapi";
import { REVIEW_STATUSES, VOTE_TYPES } from "../../shared/reviews.ts";

/** Answers of the review routes; tsc checks them against the services' types in the handlers. */
export const ReviewViewSchema = z
  .object({
    id: z.number().int(),
    authorName: z.string(),
    authorInitial: z.string(),
    formerGuest: z.boolean().describe('The author deleted their account and kept the review: shown as "A former guest"'),
    createdAt: z.string(),
    rating: z.number().int(),
    title: z.string(),
    comment: z.string(),
    photos: z.array(z.string()),
    helpfulVotes: z.number().int(),
    unhelpfulVotes: z.number().int(),
    verifiedStay: z.boolean(),
    myVote: z.enum(VOTE_TYPES).nullable(),
    mine: z.boolean(),
  })
  .openapi("Review");

export const HotelReviewsSchema = z
  .object({
    reviews: z.array(ReviewViewSchema),
    myPendingReviews: z.array(ReviewViewSchema),
    canReview: z.boolean(),
    count: z.number().int(),
    averageRating: z.number().nullable(),
  })
  .openapi("HotelReviews");

export const ModerationReviewSchema = ReviewViewSchema.extend({
  status: z.enum(REVIEW_STATUSES),
  adminNotes: z.string().nullable(),
  hotelId: z.number().int(),
  hotelName: z.string(),
  authorEmail: z.string().nullable(),
}).openapi("ModerationReview");

export const VoteResultSchema = z.object({ helpfulVotes: z.number().int(), unhelpfulVotes: z.number().int(), myVote: z.enum(VOTE_TYPES) });
