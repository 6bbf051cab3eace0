import { z } from "zod";
import { MAX_REVIEW_PHOTOS, ModerateInput, REVIEW_SORTS, REVIEW_STATUSES, ReviewFields, VoteInput } from "../../shared/reviews.ts";
import { DomainError } from "../domain-error.ts";
import { validationError } from "../http/errors.ts";
import { HotelReviewsSchema, ModerationReviewSchema, ReviewViewSchema, VoteResultSchema } from "../contract/reviews.ts";
import { apiRouter, defineRoute, jsonAnswer, jsonBody } from "../http/openapi.ts";
import type { AppDeps, SignedInEnv } from "../http/types.ts";
import { requireUser } from "../middleware/session.ts";
import { storeReviewPhoto } from "../services/photos.ts";
import { hitRateLimit } from "../services/rate-limit.ts";
import {
  assertCanReview,
  hotelExists,
  listHotelReviews,
  listReviewsForModeration,
  moderateReview,
  submitReview,
  voteOnReview,
} from "../services/reviews.ts";
import { MAX_DATABASE_ID } from "../../shared/ids.ts";

const HotelParam = z.object({ id: z.string().min(1).max(100) });
const ReviewParam = z.object({ id: z.coerce.number().int().positive("Review not found").max(MAX_DATABASE_ID, "Review not found") });
const ListQuery = z.object({ sort: z.enum(REVIEW_SORTS, { message: `sort must be one of ${REVIEW_SORTS.join(", ")}` }).default("recent") });
const ModerationQuery = z.object({
  status: z.enum(REVIEW_STATUSES, { message: "status must be pending, approved or rejected" }).default("pending"),
});

const listReviews = defineRoute({
  method: "get",
  path: "/hotels/{id}/reviews",
  operationId: "listHotelReviews",
  tags: ["Reviews"],
  summary: "A hotel's approved reviews (and the viewer's own pending ones)",
  request: { params: HotelParam, query: ListQuery },
  errors: ["HOTEL_NOT_FOUND"],
  responses: { 200: jsonAnswer(HotelReviewsSchema, "Reviews, count and average") },
});
const submit = defineRoute({
  method: "post",
  path: "/hotels/{id}/reviews",
  operationId: "submitReview",
  tags: ["Reviews"],
  summary: "Write a review with up to five photos (multipart form); it waits for moderation",
  middleware: [requireUser] as const,
  // Described for readers; the handler parses the form itself and checks photos by content.
  request: {
    params: HotelParam,
    body: {
      content: {
        "multipart/form-data": {
          schema: {
            type: "object",
            required: ["rating", "title", "comment"],
            properties: {
              rating: { type: "integer", minimum: 1, maximum: 5 },
              title: { type: "string", maxLength: 120 },
              comment: { type: "string", maxLength: 5000 },
              photos: {
                type: "array",
                maxItems: MAX_REVIEW_PHOTOS,
                items: { type: "string", format: "binary" },
                description: "JPEG, PNG or WebP, at most 5 MB each",
              },
            },
          },
        },
      },
      required: true,
    },
  },
  errors: [
    "HOTEL_NOT_FOUND",
    "ALREADY_REVIEWED",
    "BAD_REQUEST",
    "TOO_MANY_PHOTOS",
    "PHOTO_TOO_LARGE",
    "PHOTO_NOT_IMAGE",
    "PHOTO_TOO_MANY_PIXELS",
    "PHOTO_UNREADABLE",
    "PHOTO_DECODE_BUSY",
    "RATE_LIMITED",
  ],
  responses: { 201: jsonAnswer(z.object({ review: ReviewViewSchema }), "The pending review") },
});
const vote = defineRoute({
  method: "post",
  path: "/reviews/{id}/vote",
  operationId: "voteOnReview",
  tags: ["Reviews"],
  summary: "Vote a review helpful or not (one vote per user, never on one's own)",
  middleware: [requireUser] as const,
  request: { params: ReviewParam, body: jsonBody(VoteInput) },
  errors: ["REVIEW_NOT_FOUND", "OWN_REVIEW"],
  responses: { 200: jsonAnswer(VoteResultSchema, "The review's counts and the viewer's vote") },
});
const moderationList = defineRoute({
  method: "get",
  path: "/",
  operationId: "listReviewsForModeration",
  tags: ["Admin"],
  summary: "Reviews by moderation status",
  request: { query: ModerationQuery },
  responses: { 200: jsonAnswer(z.object({ reviews: z.array(ModerationReviewSchema) }), "Reviews") },
});
const moderate = defineRoute({
  method: "post",
  path: "/{id}/moderate",
  operationId: "moderateReview",
  tags: ["Admin"],
  summary: "Approve or reject a review",
  request: { params: ReviewParam, body: jsonBody(ModerateInput) },
  errors: ["REVIEW_NOT_FOUND", "ALREADY_MODERATED"],
  responses: { 200: jsonAnswer(z.object({ ok: z.literal(true), status: z.enum(["approved", "rejected"]) }), "The new status") },
});

/** Largest review submission: five 5 MB photos and the text. */
export const REVIEW_UPLOAD_LIMIT = MAX_REVIEW_PHOTOS * 5 * 1024 * 1024 + 64 * 1024;

/** Reviews of hotels and votes on them. */
export function reviewRoutes(deps: AppDeps) {
  return apiRouter()
    .openapi(listReviews, async (c) => {
      const hotelId = await hotelExists(deps.readDb, c.req.valid("param").id);
      return c.json(await listHotelReviews(deps.readDb, hotelId, c.req.valid("query").sort, c.get("user")?.id ?? null), 200);
    })
    .openapi(submit, async (c) => {
      const hotelId = await hotelExists(deps.readDb, c.req.valid("param").id);
      let form: Record<string, string | File | (string | File)[]>;
      try {
        form = await c.req.parseBody({ all: true });
      } catch {
        throw new DomainError("BAD_REQUEST", "Send the review as a multipart form.");
      }
      const fields = ReviewFields.safeParse({ rating: form.rating, title: form.title, comment: form.comment });
      if (!fields.success) throw validationError(fields.error);
      const raw = form["photos"] ?? [];
      const photos = (Array.isArray(raw) ? raw : [raw]).filter((p): p is File => typeof p !== "string" && p.size > 0);
      if (photos.length > MAX_REVIEW_PHOTOS) throw new DomainError("TOO_MANY_PHOTOS", `Add at most ${MAX_REVIEW_PHOTOS} photos.`);
      const user = c.get("user");
      // Both checks come before any photo is decoded: decoding is what costs CPU and memory.
      const limited = await hitRateLimit(deps.db, `review:user:${user.id}`, deps.config.rateLimits.reviewPerUser);
      if (!limited.allowed) {
        c.header("Retry-After", String(limited.retryAfterSeconds));
        throw new DomainError("RATE_LIMITED", "You have submitted too many reviews. Please try again later.");
      }
      await assertCanReview(deps.db, user.id, hotelId);
      const urls: string[] = [];
      for (const [index, photo] of photos.entries()) urls.push(await storeReviewPhoto(deps, user.id, photo, index));
      const review = await submitReview(deps.db, user, hotelId, fields.data, urls);
      return c.json({ review }, 201);
    })
    .openapi(vote, async (c) => {
      const result = await voteOnReview(deps.db, c.get("user").id, c.req.valid("param").id, c.req.valid("json").voteType);
      return c.json(result, 200);
    });
}

/** Review moderation; mounted under /api/admin, behind the admin check. */
export function reviewModerationRoutes(deps: AppDeps) {
  return apiRouter<SignedInEnv>()
    .openapi(moderationList, async (c) => {
      return c.json({ reviews: await listReviewsForModeration(deps.db, c.req.valid("query").status) }, 200);
    })
    .openapi(moderate, async (c) => {
      const { status, adminNotes } = c.req.valid("json");
      const admin = c.get("user");
      await moderateReview(deps.db, { id: admin.id, email: admin.email }, c.req.valid("param").id, status, adminNotes);
      return c.json({ ok: true as const, status }, 200);
    });
}
