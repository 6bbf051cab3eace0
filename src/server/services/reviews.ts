import { and, asc, desc, eq, inArray, lte, sql } from "drizzle-orm";
import { todayUtc } from "../../shared/dates.ts";
import { POINTS_PER_REVIEW } from "../../shared/loyalty.ts";
import {
  type HotelReviewsResponse,
  type ModerationReviewView,
  type ReviewFields,
  type ReviewSort,
  type ReviewStatus,
  type ReviewView,
  type VoteType,
  reviewerDisplay,
} from "../../shared/reviews.ts";
import type { Db } from "../db/client.ts";
import { bookings, hotels, reviewVotes, reviews, users } from "../db/schema.ts";
import { ApiError } from "../http/errors.ts";
import { logActivity } from "./activity-log.ts";
import { recordPoints } from "./loyalty.ts";

export const REVIEW_ACTIVITY = { submitted: "review_submitted", approved: "review_approved", rejected: "review_rejected" } as const;

const ORDER: Record<ReviewSort, ReturnType<typeof desc>[]> = {
  recent: [desc(reviews.createdAt), desc(reviews.id)],
  helpful: [desc(reviews.helpfulVotes), desc(reviews.createdAt), desc(reviews.id)],
  rating_high: [desc(reviews.rating), desc(reviews.createdAt), desc(reviews.id)],
  rating_low: [asc(reviews.rating), desc(reviews.createdAt), desc(reviews.id)],
};

type ReviewRow = typeof reviews.$inferSelect;

function toView(row: ReviewRow, authorName: string | null, myVote: VoteType | null): ReviewView {
  const author = reviewerDisplay(authorName);
  return {
    id: row.id,
    authorName: author.name,
    authorInitial: author.initial,
    createdAt: row.createdAt.toISOString(),
    rating: row.rating,
    title: row.title,
    comment: row.comment,
    photos: row.photos,
    helpfulVotes: row.helpfulVotes,
    unhelpfulVotes: row.unhelpfulVotes,
    verifiedStay: row.bookingId !== null,
    myVote,
  };
}

export async function hotelExists(db: Db, hotelId: string): Promise<number> {
  if (!/^\d{1,10}$/.test(hotelId)) throw new ApiError(404, "HOTEL_NOT_FOUND", "Hotel not found");
  const [hotel] = await db.select({ id: hotels.id }).from(hotels).where(eq(hotels.id, Number(hotelId)));
  if (!hotel) throw new ApiError(404, "HOTEL_NOT_FOUND", "Hotel not found");
  return hotel.id;
}

/** Approved reviews of a hotel, with the viewer's own votes when signed in. */
export async function listHotelReviews(db: Db, hotelId: number, sort: ReviewSort, viewerId: string | null): Promise<HotelReviewsResponse> {
  const rows = await db
    .select({ review: reviews, authorName: users.name })
    .from(reviews)
    .leftJoin(users, eq(users.id, reviews.userId))
    .where(and(eq(reviews.hotelId, hotelId), eq(reviews.status, "approved")))
    .orderBy(...ORDER[sort])
    .limit(200);
  const votes = viewerId && rows.length > 0
    ? await db
        .select()
        .from(reviewVotes)
        .where(and(eq(reviewVotes.userId, viewerId), inArray(reviewVotes.reviewId, rows.map((r) => r.review.id))))
    : [];
  const voteOf = new Map(votes.map((v) => [v.reviewId, v.voteType as VoteType]));
  const [stats] = await db
    .select({ count: sql<number>`count(*)::int`, average: sql<number | null>`round(avg(${reviews.rating})::numeric, 1)::float` })
    .from(reviews)
    .where(and(eq(reviews.hotelId, hotelId), eq(reviews.status, "approved")));
  return {
    reviews: rows.map((r) => toView(r.review, r.authorName, voteOf.get(r.review.id) ?? null)),
    count: Number(stats?.count ?? 0),
    averageRating: stats?.average === null || stats?.average === undefined ? null : Number(stats.average),
  };
}

/** A new review waits for moderation; it is a verified stay when the author stayed at the hotel. */
export async function submitReview(
  db: Db,
  user: { id: string; email: string },
  hotelId: number,
  fields: ReviewFields,
  photoUrls: string[],
  today = todayUtc(),
): Promise<ReviewView> {
  const [stay] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.userId, user.id), eq(bookings.hotelId, hotelId), eq(bookings.status, "confirmed"), lte(bookings.checkIn, today)))
    .orderBy(desc(bookings.checkIn))
    .limit(1);
  const [row] = await db
    .insert(reviews)
    .values({ hotelId, userId: user.id, bookingId: stay?.id ?? null, title: fields.title, rating: fields.rating, comment: fields.comment, photos: photoUrls, status: "pending" })
    .returning();
  await logActivity(db, { actionType: REVIEW_ACTIVITY.submitted, userId: user.id, userEmail: user.email, details: { reviewId: row!.id, hotelId } });
  const [author] = await db.select({ name: users.name }).from(users).where(eq(users.id, user.id));
  return toView(row!, author?.name ?? null, null);
}

/** One vote per user per review; changing it moves the count from one side to the other. */
export async function voteOnReview(db: Db, userId: string, reviewId: number, voteType: VoteType): Promise<{ helpfulVotes: number; unhelpfulVotes: number; myVote: VoteType }> {
  return db.transaction(async (tx) => {
    const [review] = await tx
      .select()
      .from(reviews)
      .where(and(eq(reviews.id, reviewId), eq(reviews.status, "approved")))
      .for("update");
    if (!review) throw new ApiError(404, "REVIEW_NOT_FOUND", "Review not found");
    const [previous] = await tx.select().from(reviewVotes).where(and(eq(reviewVotes.reviewId, reviewId), eq(reviewVotes.userId, userId)));
    if (previous?.voteType === voteType) {
      return { helpfulVotes: review.helpfulVotes, unhelpfulVotes: review.unhelpfulVotes, myVote: voteType };
    }
    await tx
      .insert(reviewVotes)
      .values({ reviewId, userId, voteType })
      .onConflictDoUpdate({ target: [reviewVotes.reviewId, reviewVotes.userId], set: { voteType } });
    const helpfulDelta = (voteType === "helpful" ? 1 : 0) - (previous?.voteType === "helpful" ? 1 : 0);
    const unhelpfulDelta = (voteType === "unhelpful" ? 1 : 0) - (previous?.voteType === "unhelpful" ? 1 : 0);
    const [updated] = await tx
      .update(reviews)
      .set({
        helpfulVotes: sql`${reviews.helpfulVotes} + ${helpfulDelta}`,
        unhelpfulVotes: sql`${reviews.unhelpfulVotes} + ${unhelpfulDelta}`,
      })
      .where(eq(reviews.id, reviewId))
      .returning();
    return { helpfulVotes: updated!.helpfulVotes, unhelpfulVotes: updated!.unhelpfulVotes, myVote: voteType };
  });
}

export async function listReviewsForModeration(db: Db, status: ReviewStatus): Promise<ModerationReviewView[]> {
  const rows = await db
    .select({ review: reviews, authorName: users.name, authorEmail: users.email, hotelName: hotels.name })
    .from(reviews)
    .innerJoin(hotels, eq(hotels.id, reviews.hotelId))
    .leftJoin(users, eq(users.id, reviews.userId))
    .where(eq(reviews.status, status))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(200);
  return rows.map((r) => ({
    ...toView(r.review, r.authorName, null),
    status: r.review.status as ReviewStatus,
    adminNotes: r.review.adminNotes,
    hotelId: r.review.hotelId,
    hotelName: r.hotelName,
    authorEmail: r.authorEmail,
  }));
}

/**
 * Approves or rejects a pending review. Approval, once, folds the rating into the hotel's rating
 * and review count and credits the author 50 points.
 */
export async function moderateReview(
  db: Db,
  admin: { id: string; email: string },
  reviewId: number,
  status: "approved" | "rejected",
  adminNotes: string | undefined,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(reviews)
      .set({ status, adminNotes: adminNotes || null, moderatedById: admin.id, moderatedAt: new Date() })
      .where(and(eq(reviews.id, reviewId), eq(reviews.status, "pending")))
      .returning();
    if (!row) {
      const [exists] = await tx.select({ status: reviews.status }).from(reviews).where(eq(reviews.id, reviewId));
      if (!exists) throw new ApiError(404, "REVIEW_NOT_FOUND", "Review not found");
      throw new ApiError(409, "ALREADY_MODERATED", `This review was already ${exists.status}.`);
    }
    if (status === "approved") {
      await tx
        .update(hotels)
        .set({
          rating: sql`round(((${hotels.rating} * ${hotels.reviewCount} + ${row.rating})::numeric / (${hotels.reviewCount} + 1)), 1)`,
          reviewCount: sql`${hotels.reviewCount} + 1`,
          updatedAt: new Date(),
        })
        .where(eq(hotels.id, row.hotelId));
      if (row.userId) {
        await recordPoints(tx, {
          userId: row.userId,
          points: POINTS_PER_REVIEW,
          description: "Review approved",
          sourceKey: `review:${row.id}:approved`,
          countsAsEarned: true,
        });
      }
    }
    await logActivity(tx, {
      actionType: status === "approved" ? REVIEW_ACTIVITY.approved : REVIEW_ACTIVITY.rejected,
      userId: admin.id,
      userEmail: admin.email,
      details: { reviewId, hotelId: row.hotelId, adminNotes: adminNotes ?? null },
    });
  });
}
