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
  FORMER_GUEST,
  reviewerDisplay,
} from "../../shared/reviews.ts";
import type { Db } from "../db/client.ts";
import { bookings, hotels, reviewVotes, reviews, users } from "../db/schema.ts";
import { DomainError } from "../domain-error.ts";
import { logActivity } from "./activity-log.ts";
import { recordPoints } from "./loyalty.ts";
import { recordReviewPublished } from "./webhook-outbox.ts";
import { isDatabaseId } from "../../shared/ids.ts";

const ORDER: Record<ReviewSort, ReturnType<typeof desc>[]> = {
  recent: [desc(reviews.createdAt), desc(reviews.id)],
  helpful: [desc(reviews.helpfulVotes), desc(reviews.createdAt), desc(reviews.id)],
  rating_high: [desc(reviews.rating), desc(reviews.createdAt), desc(reviews.id)],
  rating_low: [asc(reviews.rating), desc(reviews.createdAt), desc(reviews.id)],
};

type ReviewRow = typeof reviews.$inferSelect;

function toView(row: ReviewRow, authorName: string | null, myVote: VoteType | null, viewerId: string | null = null): ReviewView {
  // A review whose author deleted their account and chose to keep it (decision 067).
  const formerGuest = row.userId === null;
  const author = formerGuest ? { name: FORMER_GUEST, initial: "F" } : reviewerDisplay(authorName);
  return {
    id: row.id,
    authorName: author.name,
    authorInitial: author.initial,
    formerGuest,
    createdAt: row.createdAt.toISOString(),
    rating: row.rating,
    title: row.title,
    comment: row.comment,
    photos: row.photos,
    helpfulVotes: row.helpfulVotes,
    unhelpfulVotes: row.unhelpfulVotes,
    verifiedStay: row.bookingId !== null,
    myVote,
    mine: viewerId !== null && row.userId === viewerId,
  };
}

export async function hotelExists(db: Db, hotelId: string): Promise<number> {
  if (!isDatabaseId(hotelId)) throw new DomainError("HOTEL_NOT_FOUND");
  const [hotel] = await db
    .select({ id: hotels.id })
    .from(hotels)
    .where(eq(hotels.id, Number(hotelId)));
  if (!hotel) throw new DomainError("HOTEL_NOT_FOUND");
  return hotel.id;
}

/**
 * The stay a new review by this user would be about: their latest past stay at the hotel that has
 * no review yet (a review without a stay when they never stayed). `undefined` when everything they
 * could review is reviewed; a rejected review does not count, so its author may write another.
 */
async function nextReviewableStay(
  db: Db,
  userId: string,
  hotelId: number,
  today: string,
): Promise<{ bookingId: string | null } | undefined> {
  const stays = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.userId, userId),
        eq(bookings.hotelId, hotelId),
        inArray(bookings.status, ["confirmed", "completed"]),
        lte(bookings.checkIn, today),
      ),
    )
    .orderBy(desc(bookings.checkIn), desc(bookings.id));
  const written = await db
    .select({ bookingId: reviews.bookingId })
    .from(reviews)
    .where(and(eq(reviews.userId, userId), eq(reviews.hotelId, hotelId), inArray(reviews.status, ["pending", "approved"])));
  if (stays.length === 0) return written.length === 0 ? { bookingId: null } : undefined;
  const reviewed = new Set(written.map((w) => w.bookingId));
  const open = stays.find((stay) => !reviewed.has(stay.id));
  return open ? { bookingId: open.id } : undefined;
}

/** Refuses, before any photo is decoded, a review the user may not write (one per stay). */
export async function assertCanReview(db: Db, userId: string, hotelId: number, today = todayUtc()): Promise<void> {
  if (!(await nextReviewableStay(db, userId, hotelId, today))) throw new DomainError("ALREADY_REVIEWED");
}

/**
 * Approved reviews of a hotel, with the viewer's own votes when signed in, the viewer's reviews
 * still awaiting moderation (only they see those) and whether they may write another.
 */
export async function listHotelReviews(
  db: Db,
  hotelId: number,
  sort: ReviewSort,
  viewerId: string | null,
  today = todayUtc(),
): Promise<HotelReviewsResponse> {
  const rows = await db
    .select({ review: reviews, authorName: users.name })
    .from(reviews)
    .leftJoin(users, eq(users.id, reviews.userId))
    .where(and(eq(reviews.hotelId, hotelId), eq(reviews.status, "approved")))
    .orderBy(...ORDER[sort])
    .limit(200);
  const votes =
    viewerId && rows.length > 0
      ? await db
          .select()
          .from(reviewVotes)
          .where(
            and(
              eq(reviewVotes.userId, viewerId),
              inArray(
                reviewVotes.reviewId,
                rows.map((r) => r.review.id),
              ),
            ),
          )
      : [];
  const voteOf = new Map(votes.map((v) => [v.reviewId, v.voteType as VoteType]));
  const [stats] = await db
    .select({ count: sql<number>`count(*)::int`, average: sql<number | null>`round(avg(${reviews.rating})::numeric, 1)::float` })
    .from(reviews)
    .where(and(eq(reviews.hotelId, hotelId), eq(reviews.status, "approved")));
  const pending = viewerId
    ? await db
        .select({ review: reviews, authorName: users.name })
        .from(reviews)
        .leftJoin(users, eq(users.id, reviews.userId))
        .where(and(eq(reviews.hotelId, hotelId), eq(reviews.userId, viewerId), eq(reviews.status, "pending")))
        .orderBy(desc(reviews.createdAt), desc(reviews.id))
    : [];
  return {
    reviews: rows.map((r) => toView(r.review, r.authorName, voteOf.get(r.review.id) ?? null, viewerId)),
    myPendingReviews: pending.map((r) => toView(r.review, r.authorName, null, viewerId)),
    canReview: viewerId ? (await nextReviewableStay(db, viewerId, hotelId, today)) !== undefined : false,
    count: Number(stats?.count ?? 0),
    averageRating: stats?.average === null || stats?.average === undefined ? null : Number(stats.average),
  };
}

/**
 * A new review waits for moderation; it is about the author's latest stay at the hotel not yet
 * reviewed (a verified stay), and a second review of the same stay is refused. The author's row is
 * locked meanwhile, so two submissions at once cannot both take the same stay.
 */
export async function submitReview(
  db: Db,
  user: { id: string; email: string },
  hotelId: number,
  fields: ReviewFields,
  photoUrls: string[],
  today = todayUtc(),
): Promise<ReviewView> {
  return db.transaction(async (tx) => {
    const [author] = await tx.select({ name: users.name }).from(users).where(eq(users.id, user.id)).for("update");
    const stay = await nextReviewableStay(tx, user.id, hotelId, today);
    if (!stay) throw new DomainError("ALREADY_REVIEWED");
    const [row] = await tx
      .insert(reviews)
      .values({
        hotelId,
        userId: user.id,
        bookingId: stay.bookingId,
        title: fields.title,
        rating: fields.rating,
        comment: fields.comment,
        photos: photoUrls,
        status: "pending",
      })
      .returning();
    await logActivity(tx, {
      actionType: "review_submitted",
      userId: user.id,
      userEmail: user.email,
      details: { reviewId: row!.id, hotelId },
    });
    return toView(row!, author?.name ?? null, null, user.id);
  });
}

/** One vote per user per review; changing it moves the count from one side to the other. */
export async function voteOnReview(
  db: Db,
  userId: string,
  reviewId: number,
  voteType: VoteType,
): Promise<{ helpfulVotes: number; unhelpfulVotes: number; myVote: VoteType }> {
  return db.transaction(async (tx) => {
    const [review] = await tx
      .select()
      .from(reviews)
      .where(and(eq(reviews.id, reviewId), eq(reviews.status, "approved")))
      .for("update");
    if (!review) throw new DomainError("REVIEW_NOT_FOUND");
    if (review.userId === userId) throw new DomainError("OWN_REVIEW");
    const [previous] = await tx
      .select()
      .from(reviewVotes)
      .where(and(eq(reviewVotes.reviewId, reviewId), eq(reviewVotes.userId, userId)));
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
 * Approves or rejects a pending review. Approval, once, recomputes the hotel's rating and review
 * count from its approved reviews and credits the author 50 points.
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
      if (!exists) throw new DomainError("REVIEW_NOT_FOUND");
      throw new DomainError("ALREADY_MODERATED", `This review was already ${exists.status}.`);
    }
    if (status === "approved") {
      // Recomputed from the rows, not adjusted: the hotel's figures are always what its reviews say.
      // The hotel is locked first, so the recount's snapshot includes any approval committed meanwhile.
      await tx.select({ id: hotels.id }).from(hotels).where(eq(hotels.id, row.hotelId)).for("update");
      await tx
        .update(hotels)
        .set({
          rating: sql`(select coalesce(round(avg(r.rating)::numeric, 1), 0) from ${reviews} r where r.hotel_id = ${row.hotelId} and r.status = 'approved')`,
          reviewCount: sql`(select count(*)::int from ${reviews} r where r.hotel_id = ${row.hotelId} and r.status = 'approved')`,
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
      await recordReviewPublished(tx, row);
    }
    await logActivity(tx, {
      actionType: status === "approved" ? "review_approved" : "review_rejected",
      userId: admin.id,
      userEmail: admin.email,
      details: { reviewId, hotelId: row.hotelId, adminNotes: adminNotes ?? null },
    });
  });
}
