import { rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CreateBookingResponse } from "../../src/shared/booking.ts";
import { addDays, todayUtc } from "../../src/shared/dates.ts";
import type { LoyaltyInfo } from "../../src/shared/loyalty.ts";
import type { HotelReviewsResponse, ModerationReviewView, ReviewView } from "../../src/shared/reviews.ts";
import { bookings, hotels } from "../../src/server/db/schema.ts";
import { bookingDeps } from "../../src/server/deps.ts";
import { expireHolds } from "../../src/server/services/bookings.ts";
import { ensureAdmin } from "../../src/server/services/accounts.ts";
import { type HotelRow, type RoomTypeRow, createHotel, createRoomType } from "../factories.ts";
import { type TestApp, createTestApp, signIn, signUp } from "../support/test-app.ts";

let t: TestApp;
let hotel: HotelRow;
let room: RoomTypeRow;
let admin: string;
let author: string;
let voter: string;
let photoJpeg: Buffer;
const dataDir = path.join(os.tmpdir(), `staywise-reviews-${process.pid}-${Date.now()}`);

beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: dataDir });
  hotel = await createHotel(t.deps.db, { name: "Review Hotel", rating: 4, reviewCount: 3, freeCancellationDays: 1 });
  room = await createRoomType(t.deps.db, hotel.id, { name: "Room", priceCents: 12345, maxGuests: 2, totalRooms: 20 });
  await ensureAdmin(t.deps.db, t.deps.auth, { email: "mod@example.com", password: "mod-password", name: "Mod" }, "test");
  admin = await signIn(t, "mod@example.com", "mod-password");
  await signUp(t, "author@example.com", "secret123", "Rita Author");
  author = await signIn(t, "author@example.com");
  await signUp(t, "voter@example.com");
  voter = await signIn(t, "voter@example.com");
  photoJpeg = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: "#3a7" } })
    .jpeg()
    .withExif({ IFD0: { Copyright: "secret-location", Artist: "Rita" } })
    .toBuffer();
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function reviewForm(fields: Record<string, string>, photos: { name: string; type: string; data: Buffer }[] = []): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const p of photos) form.append("photos", new File([new Uint8Array(p.data)], p.name, { type: p.type }));
  return form;
}

function postReview(form: FormData, cookie?: string, hotelId = String(hotel.id)) {
  return t.app.request(`http://localhost:3000/api/hotels/${hotelId}/reviews`, {
    method: "POST",
    body: form,
    headers: { origin: "http://localhost:3000", ...(cookie ? { cookie } : {}) },
  });
}

const valid = { rating: "5", title: "Lovely stay <script>alert(1)</script>", comment: "Great breakfast." };

describe("reviews", () => {
  let review: ReviewView;

  it("refuses visitors, unknown hotels, a missing rating, non-images and too many photos", async () => {
    expect((await postReview(reviewForm(valid))).status).toBe(401);
    expect((await postReview(reviewForm(valid), author, "999999")).status).toBe(404);
    const noRating = await postReview(reviewForm({ title: "x", comment: "y" }), author);
    expect(noRating.status).toBe(400);
    expect(((await noRating.json()) as { message: string }).message).toContain("Please select a rating");
    const fake = await postReview(reviewForm(valid, [{ name: "holiday.jpg", type: "image/jpeg", data: Buffer.from("GIF89a not really an image at all") }]), author);
    expect(fake.status).toBe(400);
    expect(await fake.json()).toMatchObject({ code: "PHOTO_NOT_IMAGE" });
    const six = Array.from({ length: 6 }, (_, i) => ({ name: `p${i}.jpg`, type: "image/jpeg", data: photoJpeg }));
    expect((await postReview(reviewForm(valid, six), author)).status).toBe(400);
    const big = await postReview(reviewForm(valid, [{ name: "big.jpg", type: "image/jpeg", data: Buffer.alloc(5 * 1024 * 1024 + 10, 1) }]), author);
    expect(await big.json()).toMatchObject({ code: "PHOTO_TOO_LARGE" });
  });

  it("stores a submitted photo re-encoded, size-capped and without metadata, and keeps the review pending", async () => {
    const res = await postReview(reviewForm(valid, [{ name: "../../etc/passwd.jpg", type: "image/jpeg", data: photoJpeg }]), author);
    expect(res.status).toBe(201);
    review = ((await res.json()) as { review: ReviewView }).review;
    expect(review.photos).toHaveLength(1);
    expect(review.photos[0]).toMatch(/^\/uploads\/reviews\/[A-Za-z0-9]+\/\d{13}-[a-f0-9]{16}\.webp$/);
    const photo = await t.request("GET", review.photos[0]!);
    expect(photo.status).toBe(200);
    expect(photo.headers.get("content-type")).toBe("image/webp");
    const meta = await sharp(Buffer.from(await photo.arrayBuffer())).metadata();
    expect(meta.format).toBe("webp");
    expect(Math.max(meta.width!, meta.height!)).toBe(1600);
    expect(meta.exif).toBeUndefined();
    const list = (await (await t.request("GET", `/api/hotels/${hotel.id}/reviews`)).json()) as HotelReviewsResponse;
    expect(list).toEqual({ reviews: [], count: 0, averageRating: null });
  });

  it("lets only admins moderate; approval shows the review, updates the hotel and credits 50 points once", async () => {
    expect((await t.request("GET", "/api/admin/reviews", { cookie: author })).status).toBe(403);
    expect((await t.request("POST", `/api/admin/reviews/${review.id}/moderate`, { cookie: author, body: { status: "approved" } })).status).toBe(403);
    const pending = (await (await t.request("GET", "/api/admin/reviews?status=pending", { cookie: admin })).json()) as { reviews: ModerationReviewView[] };
    expect(pending.reviews.map((r) => r.id)).toContain(review.id);
    expect(pending.reviews.find((r) => r.id === review.id)).toMatchObject({ hotelName: "Review Hotel", authorEmail: "author@example.com" });

    const res = await t.request("POST", `/api/admin/reviews/${review.id}/moderate`, { cookie: admin, body: { status: "approved", adminNotes: "Fine" } });
    expect(res.status).toBe(200);
    const again = await t.request("POST", `/api/admin/reviews/${review.id}/moderate`, { cookie: admin, body: { status: "rejected" } });
    expect(again.status).toBe(409);

    const list = (await (await t.request("GET", `/api/hotels/${hotel.id}/reviews`)).json()) as HotelReviewsResponse;
    expect(list.count).toBe(1);
    expect(list.averageRating).toBe(5);
    expect(list.reviews[0]).toMatchObject({ authorName: "Rita Author", authorInitial: "R", title: valid.title, verifiedStay: false });
    const [updated] = await t.deps.db.select().from(hotels).where(eq(hotels.id, hotel.id));
    expect(updated).toMatchObject({ reviewCount: 4, rating: 4.3 });
    const points = (await (await t.request("GET", "/api/loyalty", { cookie: author })).json()) as LoyaltyInfo;
    expect(points.account.pointsBalance).toBe(50);
    expect(points.transactions.map((x) => x.description)).toContain("Review approved");
  });

  it("counts one vote per user, moves it when changed, and refuses visitors and unknown reviews", async () => {
    expect((await t.request("POST", `/api/reviews/${review.id}/vote`, { body: { voteType: "helpful" } })).status).toBe(401);
    const vote = (type: string) => t.request("POST", `/api/reviews/${review.id}/vote`, { cookie: voter, body: { voteType: type } });
    expect(await (await vote("helpful")).json()).toEqual({ helpfulVotes: 1, unhelpfulVotes: 0, myVote: "helpful" });
    expect(await (await vote("helpful")).json()).toEqual({ helpfulVotes: 1, unhelpfulVotes: 0, myVote: "helpful" });
    expect(await (await vote("unhelpful")).json()).toEqual({ helpfulVotes: 0, unhelpfulVotes: 1, myVote: "unhelpful" });
    expect((await vote("love")).status).toBe(400);
    expect((await t.request("POST", "/api/reviews/99999/vote", { cookie: voter, body: { voteType: "helpful" } })).status).toBe(404);
    const mine = (await (await t.request("GET", `/api/hotels/${hotel.id}/reviews?sort=helpful`, { cookie: voter })).json()) as HotelReviewsResponse;
    expect(mine.reviews[0]?.myVote).toBe("unhelpful");
    expect((await t.request("GET", `/api/hotels/${hotel.id}/reviews?sort=best`)).status).toBe(400);
  });

  it("never shows rejected reviews", async () => {
    const res = await postReview(reviewForm({ rating: "1", title: "Spam", comment: "Buy now" }), voter);
    const spam = ((await res.json()) as { review: ReviewView }).review;
    await t.request("POST", `/api/admin/reviews/${spam.id}/moderate`, { cookie: admin, body: { status: "rejected" } });
    const list = (await (await t.request("GET", `/api/hotels/${hotel.id}/reviews`)).json()) as HotelReviewsResponse;
    expect(list.reviews.map((r) => r.title)).not.toContain("Spam");
    expect((await t.request("POST", `/api/reviews/${spam.id}/vote`, { cookie: author, body: { voteType: "helpful" } })).status).toBe(404);
  });
});

describe("loyalty", () => {
  const d = (n: number) => addDays(todayUtc(), n);
  const guest = { guestName: "Loyal Guest", guestEmail: "loyal@example.com", guestPhone: "+1 555 0199" };

  async function book(cookie: string | undefined, extra: Record<string, unknown> = {}) {
    const res = await t.request("POST", "/api/bookings", {
      body: { hotelId: String(hotel.id), roomTypeId: String(room.id), checkIn: d(10), checkOut: d(12), guests: 2, rooms: 1, ...guest, ...extra },
      ...(cookie ? { cookie } : {}),
    });
    return res;
  }

  async function bookAndPay(cookie: string, extra: Record<string, unknown> = {}): Promise<CreateBookingResponse> {
    const res = await book(cookie, extra);
    expect(res.status, await res.clone().text()).toBe(201);
    const created = (await res.json()) as CreateBookingResponse;
    await t.request("POST", `/api/simulated-payments/${created.payment.paymentId}/confirm`, {
      body: { clientSecret: created.payment.clientSecret, returnUrl: "/booking-success", card: { number: "4242424242424242", expMonth: 1, expYear: 2040, cvc: "123" } },
    });
    await t.request("POST", `/api/bookings/${created.booking.id}/confirm-payment`, { body: { paymentId: created.payment.paymentId } });
    await new Promise((r) => setTimeout(r, 30));
    return created;
  }

  async function info(cookie: string): Promise<LoyaltyInfo> {
    return (await (await t.request("GET", "/api/loyalty", { cookie })).json()) as LoyaltyInfo;
  }

  it("is private to the signed-in user", async () => {
    expect((await t.request("GET", "/api/loyalty")).status).toBe(401);
  });

  it("earns a point per dollar once per booking and reverses it on cancellation", async () => {
    await signUp(t, "earner@example.com");
    const cookie = await signIn(t, "earner@example.com");
    const created = await bookAndPay(cookie);
    // $246.90 paid → 246 points, even though the confirmation arrived twice (return + webhook).
    expect((await info(cookie)).account).toMatchObject({ pointsBalance: 246, totalPointsEarned: 246, tier: "Bronze" });
    await t.request("POST", `/api/bookings/${created.booking.id}/cancel`, { cookie });
    expect((await info(cookie)).account).toMatchObject({ pointsBalance: 0, totalPointsEarned: 0 });
  });

  it("redeems points on a booking: 100 points = $1 off, at least 100, never more than the balance", async () => {
    await signUp(t, "spender@example.com");
    const cookie = await signIn(t, "spender@example.com");
    await bookAndPay(cookie);
    expect((await info(cookie)).account.pointsBalance).toBe(246);
    expect((await book(undefined, { pointsToRedeem: 100 })).status).toBe(401);
    expect((await book(cookie, { pointsToRedeem: 50 })).status).toBe(400);
    const tooMany = await book(cookie, { pointsToRedeem: 300 });
    expect(tooMany.status).toBe(400);
    expect(await tooMany.json()).toMatchObject({ code: "NOT_ENOUGH_POINTS" });

    const res = await book(cookie, { pointsToRedeem: 200 });
    const created = (await res.json()) as CreateBookingResponse;
    expect(created.booking).toMatchObject({ totalPriceCents: 24690, discountCents: 200, pointsRedeemed: 200, amountDueCents: 24490 });
    expect(created.payment.amountCents).toBe(24490);
    expect((await info(cookie)).account.pointsBalance).toBe(46);
    // The hold lapses unpaid: the points come back.
    await t.deps.db.update(bookings).set({ holdExpiresAt: new Date(Date.now() - 1000) }).where(eq(bookings.id, created.booking.id));
    await expireHolds(bookingDeps(t.deps));
    expect((await info(cookie)).account.pointsBalance).toBe(246);
  });

  it("pays the referrer 100 points once, on the referred user's first confirmed booking", async () => {
    await signUp(t, "referrer@example.com");
    const referrer = await signIn(t, "referrer@example.com");
    const { account } = await info(referrer);
    expect(account.referralLink).toContain(`/signup?ref=${account.referralCode}`);
    const res = await t.request("POST", "/api/auth/sign-up/email", { body: { name: "Friend", email: "friend@example.com", password: "secret123", referralCode: account.referralCode } });
    expect(res.status).toBe(200);
    const friend = await signIn(t, "friend@example.com");
    expect((await info(referrer)).account.pointsBalance).toBe(0);
    await bookAndPay(friend);
    await bookAndPay(friend);
    const after = await info(referrer);
    expect(after.account.pointsBalance).toBe(100);
    expect(after.transactions).toHaveLength(1);
  });
});
