import { Hono } from "hono";
import { z } from "zod";
import { MAX_REVIEW_PHOTOS, ModerateInput, REVIEW_SORTS, REVIEW_STATUSES, ReviewFields, VoteInput } from "../../shared/reviews.ts";
import { ApiError, validationError } from "../http/errors.ts";
import type { AppDeps, AppEnv, SignedInEnv } from "../http/types.ts";
import { validate } from "../http/validate.ts";
import { requireUser } from "../middleware/session.ts";
import { storeReviewPhoto } from "../services/photos.ts";
import { hitRateLimit } from "../services/rate-limit.ts";
import { assertCanReview, hotelExists, listHotelReviews, listReviewsForModeration, moderateReview, submitReview, voteOnReview } from "../services/reviews.ts";

const HotelParam = z.object({ id: z.string().min(1).max(100) });
const ReviewParam = z.object({ id: z.coerce.number().int().positive("Review not found").max(2_147_483_647, "Review not found") });
const ListQuery = z.object({ sort: z.enum(REVIEW_SORTS, { message: `sort must be one of ${REVIEW_SORTS.join(", ")}` }).default("recent") });
const ModerationQuery = z.object({ status: z.enum(REVIEW_STATUSES, { message: "status must be pending, approved or rejected" }).default("pending") });

/** Largest review submission: five 5 MB photos and the text. */
export const REVIEW_UPLOAD_LIMIT = MAX_REVIEW_PHOTOS * 5 * 1024 * 1024 + 64 * 1024;

/** Reviews of hotels and votes on them. */
export function reviewRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get("/hotels/:id/reviews", validate("param", HotelParam), validate("query", ListQuery), async (c) => {
      const hotelId = await hotelExists(deps.readDb, c.req.valid("param").id);
      c.header("Cache-Control", "no-store");
      return c.json(await listHotelReviews(deps.readDb, hotelId, c.req.valid("query").sort, c.get("user")?.id ?? null));
    })
    .post("/hotels/:id/reviews", requireUser, validate("param", HotelParam), async (c) => {
      const hotelId = await hotelExists(deps.db, c.req.valid("param").id);
      let form: Record<string, string | File | (string | File)[]>;
      try {
        form = await c.req.parseBody({ all: true });
      } catch {
        throw new ApiError(400, "BAD_REQUEST", "Send the review as a multipart form.");
      }
      const fields = ReviewFields.safeParse({ rating: form.rating, title: form.title, comment: form.comment });
      if (!fields.success) throw validationError(fields.error);
      const raw = form["photos"] ?? [];
      const photos = (Array.isArray(raw) ? raw : [raw]).filter((p): p is File => typeof p !== "string" && p.size > 0);
      if (photos.length > MAX_REVIEW_PHOTOS) throw new ApiError(400, "TOO_MANY_PHOTOS", `Add at most ${MAX_REVIEW_PHOTOS} photos.`);
      const user = c.get("user");
      // Both checks come before any photo is decoded: decoding is what costs CPU and memory.
      const limited = await hitRateLimit(deps.db, `review:user:${user.id}`, deps.config.rateLimits.reviewPerUser);
      if (!limited.allowed) {
        c.header("Retry-After", String(limited.retryAfterSeconds));
        throw new ApiError(429, "RATE_LIMITED", "You have submitted too many reviews. Please try again later.");
      }
      await assertCanReview(deps.db, user.id, hotelId);
      const urls: string[] = [];
      for (const [index, photo] of photos.entries()) urls.push(await storeReviewPhoto(deps.storage, photo, index));
      const review = await submitReview(deps.db, user, hotelId, fields.data, urls);
      return c.json({ review }, 201);
    })
    .post("/reviews/:id/vote", requireUser, validate("param", ReviewParam), validate("json", VoteInput), async (c) => {
      const result = await voteOnReview(deps.db, c.get("user").id, c.req.valid("param").id, c.req.valid("json").voteType);
      return c.json(result);
    });
}

/** Review moderation; mounted under /api/admin, behind the admin check. */
export function reviewModerationRoutes(deps: AppDeps) {
  return new Hono<SignedInEnv>()
    .get("/", validate("query", ModerationQuery), async (c) => {
      c.header("Cache-Control", "no-store");
      return c.json({ reviews: await listReviewsForModeration(deps.db, c.req.valid("query").status) });
    })
    .post("/:id/moderate", validate("param", ReviewParam), validate("json", ModerateInput), async (c) => {
      const { status, adminNotes } = c.req.valid("json");
      const admin = c.get("user");
      await moderateReview(deps.db, { id: admin.id, email: admin.email }, c.req.valid("param").id, status, adminNotes);
      return c.json({ ok: true, status });
    });
}
