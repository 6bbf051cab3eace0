import { rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { eq } from "drizzle-orm";
import type { InferRequestType } from "hono/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayUtc } from "../../src/shared/dates.ts";
import type { LoyaltyInfo } from "../../src/shared/loyalty.ts";
import type { ReviewView } from "../../src/shared/reviews.ts";
import { bookings, hotels, reviews as reviewsTable, users } from "../../src/server/db/schema.ts";
import { bookingDeps } from "../../src/server/deps.ts";
import { expireHolds } from "../../src/server/services/bookings/abandon-and-expire.ts";
import { ensureAdmin } from "../../src/server/services/accounts.ts";
import { type HotelRow, type RoomTypeRow, createHotel, createRoomType } from "../factories.ts";
import { type ApiClient, type TestApp, createTestApp, signIn, signUp } from "../support/test-app.ts";
import { errorOf } from "../support/typed.ts";

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
    expect((await errorOf(noRating)).message).toContain("Please select a rating");
    const fake = await postReview(
      reviewForm(valid, [{ name: "holiday.jpg", type: "image/jpeg", data: Buffer.from("GIF89a not really an image at all") }]),
      author,
    );
    expect(fake.status).toBe(400);
    expect(await fake.json()).toMatchObject({ code: "PHOTO_NOT_IMAGE" });
    const six = Array.from({ length: 6 }, (_, i) => ({ name: `p${i}.jpg`, type: "image/jpeg", data: photoJpeg }));
    expect((await postReview(reviewForm(valid, six), author)).status).toBe(400);
    const big = await postReview(
      reviewForm(valid, [{ name: "big.jpg", type: "image/jpeg", data: Buffer.alloc(5 * 1024 * 1024 + 10, 1) }]),
      author,
    );
    expect(await big.json()).toMatchObject({ code: "PHOTO_TOO_LARGE" });
  });

  it("stores a submitted photo re-encoded, size-capped and without metadata, and keeps the review pending", async () => {
    const res = await postReview(reviewForm(valid, [{ name: "../../etc/passwd.jpg", type: "image/jpeg", data: photoJpeg }]), author);
    expect(res.status).toBe(201);
    review = (await res.json()).review;
    expect(review.photos).toHaveLength(1);
    // A random name: nothing in a public photo URL identifies its author.
    expect(review.photos[0]).toMatch(/^\/uploads\/reviews\/[a-f0-9]{32}\.webp$/);
    const photo = await t.request("GET", review.photos[0]!);
    expect(photo.status).toBe(200);
    expect(photo.headers.get("content-type")).toBe("image/webp");
    const meta = await sharp(Buffer.from(await photo.arrayBuffer())).metadata();
    expect(meta.format).toBe("webp");
    expect(Math.max(meta.width!, meta.height!)).toBe(1600);
    expect(meta.exif).toBeUndefined();
    const list = await (await t.api.hotels[":id"].reviews.$get({ param: { id: String(hotel.id) }, query: {} })).json();
    expect(list).toEqual({ reviews: [], myPendingReviews: [], canReview: false, count: 0, averageRating: null });
  });

  it("shows the author, and only the author, their review awaiting moderation and refuses a second one", async () => {
    const mine = await (await t.client(author).hotels[":id"].reviews.$get({ param: { id: String(hotel.id) }, query: {} })).json();
    expect(mine.myPendingReviews.map((r) => r.id)).toEqual([review.id]);
    expect(mine.myPendingReviews[0]).toMatchObject({ mine: true, title: valid.title });
    expect(mine.canReview).toBe(false);
    const other = await (await t.client(voter).hotels[":id"].reviews.$get({ param: { id: String(hotel.id) }, query: {} })).json();
    expect(other.myPendingReviews).toEqual([]);
    expect(other.canReview).toBe(true);
    const second = await postReview(reviewForm({ ...valid, title: "Again" }), author);
    expect(second.status).toBe(409);
    expect(await second.json()).toMatchObject({ code: "ALREADY_REVIEWED", message: "You have already reviewed your stay at this hotel." });
  });

  it("allows one review per past stay, each a verified stay", async () => {
    await signUp(t, "stayer@example.com", "secret123", "Sam Stayer");
    const stayer = await signIn(t, "stayer@example.com");
    const [user] = await t.deps.db.select().from(users).where(eq(users.email, "stayer@example.com"));
    const stay = (id: string, checkIn: string) => ({
      id,
      userId: user!.id,
      bookingReference: `REF-${id}`,
      hotelId: hotel.id,
      hotelName: hotel.name,
      roomTypeId: room.id,
      roomType: room.name,
      roomPriceCents: 100,
      checkIn,
      checkOut: addDays(checkIn, 1),
      numGuests: 1,
      numRooms: 1,
      totalNights: 1,
      totalPriceCents: 100,
      guestName: "Sam",
      guestEmail: "stayer@example.com",
      guestPhone: "+1 555 0100",
      status: "confirmed",
    });
    await t.deps.db.insert(bookings).values([stay("stay-old", addDays(todayUtc(), -40)), stay("stay-new", addDays(todayUtc(), -5))]);
    const first = await postReview(reviewForm(valid), stayer);
    expect(first.status).toBe(201);
    expect(((await first.json()) as { review: ReviewView }).review.verifiedStay).toBe(true);
    const view = await (await t.client(stayer).hotels[":id"].reviews.$get({ param: { id: String(hotel.id) }, query: {} })).json();
    expect(view.canReview).toBe(true);
    expect((await postReview(reviewForm(valid), stayer)).status).toBe(201);
    expect((await postReview(reviewForm(valid), stayer)).status).toBe(409);
    const rows = await t.deps.db.select({ bookingId: reviewsTable.bookingId }).from(reviewsTable).where(eq(reviewsTable.userId, user!.id));
    expect(rows.map((r) => r.bookingId).sort()).toEqual(["stay-new", "stay-old"]);
  });

  it("refuses a photo above the review cap (13 megapixels) before decoding it, with a message saying so", async () => {
    await signUp(t, "pixels@example.com");
    const cookie = await signIn(t, "pixels@example.com");
    // 25 megapixels of one colour: a small file that would cost a lot to decode.
    const huge = await sharp({ create: { width: 10_000, height: 2_500, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    const res = await postReview(reviewForm(valid, [{ name: "huge.png", type: "image/png", data: huge }]), cookie);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.code).toBe("PHOTO_TOO_MANY_PIXELS");
    expect(body.message).toContain("at most 13 megapixels");
  });

  it("rate-limits review submissions per user with 429 and Retry-After", async () => {
    await signUp(t, "eager@example.com");
    const cookie = await signIn(t, "eager@example.com");
    const notImage = [{ name: "x.jpg", type: "image/jpeg", data: Buffer.from("not an image") }];
    for (let i = 0; i < 5; i++) expect((await postReview(reviewForm(valid, notImage), cookie)).status).toBe(400);
    const limited = await postReview(reviewForm(valid, notImage), cookie);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another user is not affected.
    await signUp(t, "calm@example.com");
    expect((await postReview(reviewForm(valid, notImage), await signIn(t, "calm@example.com"))).status).toBe(400);
  });

  it("still serves photos stored under the earlier per-user names", async () => {
    await t.deps.storage.save("reviews/abc123/1700000000000-0123456789abcdef.webp", await sharp(photoJpeg).webp().toBuffer());
    const res = await t.request("GET", "/uploads/reviews/abc123/1700000000000-0123456789abcdef.webp");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
  });

  it("lets only admins moderate; approval shows the review, updates the hotel and credits 50 points once", async () => {
    expect((await t.client(author).admin.reviews.$get({ query: {} })).status).toBe(403);
    expect(
      (await t.client(author).admin.reviews[":id"].moderate.$post({ param: { id: String(review.id) }, json: { status: "approved" } }))
        .status,
    ).toBe(403);
    const pending = await (await t.client(admin).admin.reviews.$get({ query: { status: "pending" } })).json();
    expect(pending.reviews.map((r) => r.id)).toContain(review.id);
    expect(pending.reviews.find((r) => r.id === review.id)).toMatchObject({ hotelName: "Review Hotel", authorEmail: "author@example.com" });

    const res = await t
      .client(admin)
      .admin.reviews[":id"].moderate.$post({ param: { id: String(review.id) }, json: { status: "approved", adminNotes: "Fine" } });
    expect(res.status).toBe(200);
    const again = await t
      .client(admin)
      .admin.reviews[":id"].moderate.$post({ param: { id: String(review.id) }, json: { status: "rejected" } });
    expect(again.status).toBe(409);

    const list = await (await t.api.hotels[":id"].reviews.$get({ param: { id: String(hotel.id) }, query: {} })).json();
    expect(list.count).toBe(1);
    expect(list.averageRating).toBe(5);
    expect(list.reviews[0]).toMatchObject({ authorName: "Rita Author", authorInitial: "R", title: valid.title, verifiedStay: false });
    const [updated] = await t.deps.db.select().from(hotels).where(eq(hotels.id, hotel.id));
    // The factory's invented 4.0 from 3 reviews gives way to what the review rows say.
    expect(updated).toMatchObject({ reviewCount: 1, rating: 5 });
    const points = await (await t.client(author).loyalty.$get()).json();
    expect(points.account.pointsBalance).toBe(50);
    expect(points.transactions.map((x) => x.description)).toContain("Review approved");
  });

  it("counts one vote per user, moves it when changed, and refuses visitors and unknown reviews", async () => {
    expect((await t.api.reviews[":id"].vote.$post({ param: { id: String(review.id) }, json: { voteType: "helpful" } })).status).toBe(401);
    const vote = (type: "helpful" | "unhelpful") =>
      t.client(voter).reviews[":id"].vote.$post({ param: { id: String(review.id) }, json: { voteType: type } });
    expect(await (await vote("helpful")).json()).toEqual({ helpfulVotes: 1, unhelpfulVotes: 0, myVote: "helpful" });
    expect(await (await vote("helpful")).json()).toEqual({ helpfulVotes: 1, unhelpfulVotes: 0, myVote: "helpful" });
    expect(await (await vote("unhelpful")).json()).toEqual({ helpfulVotes: 0, unhelpfulVotes: 1, myVote: "unhelpful" });
    // A vote the typed client would not let through: sent raw.
    expect((await t.request("POST", `/api/reviews/${review.id}/vote`, { cookie: voter, body: { voteType: "love" } })).status).toBe(400);
    expect((await t.client(voter).reviews[":id"].vote.$post({ param: { id: "99999" }, json: { voteType: "helpful" } })).status).toBe(404);
    const mine = await (
      await t.client(voter).hotels[":id"].reviews.$get({ param: { id: String(hotel.id) }, query: { sort: "helpful" } })
    ).json();
    expect(mine.reviews[0]?.myVote).toBe("unhelpful");
    // A sort the typed client would not let through: sent raw.
    expect((await t.request("GET", `/api/hotels/${hotel.id}/reviews?sort=best`)).status).toBe(400);
  });

  it("refuses a vote on one's own review", async () => {
    const res = await t.client(author).reviews[":id"].vote.$post({ param: { id: String(review.id) }, json: { voteType: "helpful" } });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: "OWN_REVIEW", message: "You cannot vote on your own review." });
    const list = await (await t.client(author).hotels[":id"].reviews.$get({ param: { id: String(hotel.id) }, query: {} })).json();
    expect(list.reviews.find((r) => r.id === review.id)).toMatchObject({ mine: true, helpfulVotes: 0 });
  });

  it("never shows rejected reviews", async () => {
    const res = await postReview(reviewForm({ rating: "1", title: "Spam", comment: "Buy now" }), voter);
    const spam = (await res.json()).review;
    await t.client(admin).admin.reviews[":id"].moderate.$post({ param: { id: String(spam.id) }, json: { status: "rejected" } });
    const list = await (await t.api.hotels[":id"].reviews.$get({ param: { id: String(hotel.id) }, query: {} })).json();
    expect(list.reviews.map((r) => r.title)).not.toContain("Spam");
    expect(
      (await t.client(author).reviews[":id"].vote.$post({ param: { id: String(spam.id) }, json: { voteType: "helpful" } })).status,
    ).toBe(404);
  });
});

describe("loyalty", () => {
  const d = (n: number) => addDays(todayUtc(), n);
  const guest = { guestName: "Loyal Guest", guestEmail: "loyal@example.com", guestPhone: "+1 555 0199" };

  async function book(cookie: string | undefined, extra: Partial<InferRequestType<ApiClient["bookings"]["$post"]>["json"]> = {}) {
    const res = await (cookie ? t.client(cookie) : t.api).bookings.$post({
      json: {
        hotelId: String(hotel.id),
        roomTypeId: String(room.id),
        checkIn: d(10),
        checkOut: d(12),
        guests: 2,
        rooms: 1,
        ...guest,
        ...extra,
      },
    });
    return res;
  }

  async function bookAndPay(cookie: string, extra: Parameters<typeof book>[1] = {}) {
    const res = await book(cookie, extra);
    expect(res.status, await res.clone().text()).toBe(201);
    const created = await res.json();
    await t.api["simulated-payments"][":id"].confirm.$post({
      param: { id: created.payment.paymentId },
      json: {
        clientSecret: created.payment.clientSecret,
        returnUrl: "/booking-success",
        card: { number: "4242424242424242", expMonth: 1, expYear: 2040, cvc: "123" },
      },
    });
    await t.api.bookings[":id"]["confirm-payment"].$post({
      param: { id: created.booking.id },
      json: { paymentId: created.payment.paymentId },
    });
    await new Promise((r) => setTimeout(r, 30));
    return created;
  }

  async function info(cookie: string): Promise<LoyaltyInfo> {
    return await (await t.client(cookie).loyalty.$get()).json();
  }

  it("is private to the signed-in user", async () => {
    expect((await t.api.loyalty.$get()).status).toBe(401);
  });

  it("earns a point per dollar once per booking and reverses it on cancellation", async () => {
    await signUp(t, "earner@example.com");
    const cookie = await signIn(t, "earner@example.com");
    const created = await bookAndPay(cookie);
    // $246.90 paid → 246 points, even though the confirmation arrived twice (return + webhook).
    expect((await info(cookie)).account).toMatchObject({ pointsBalance: 246, totalPointsEarned: 246, tier: "Bronze" });
    await t.client(cookie).bookings[":id"].cancel.$post({ param: { id: created.booking.id }, header: {} });
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
    const created = await res.json();
    expect(created.booking).toMatchObject({ totalPriceCents: 24690, discountCents: 200, pointsRedeemed: 200, amountDueCents: 24490 });
    expect(created.payment.amountCents).toBe(24490);
    expect((await info(cookie)).account.pointsBalance).toBe(46);
    // The hold lapses unpaid: the points come back.
    await t.deps.db
      .update(bookings)
      .set({ holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(bookings.id, created.booking.id));
    await expireHolds(bookingDeps(t.deps));
    expect((await info(cookie)).account.pointsBalance).toBe(246);
  });

  it("pays the referrer 100 points once, on the referred user's first confirmed booking", async () => {
    await signUp(t, "referrer@example.com");
    const referrer = await signIn(t, "referrer@example.com");
    const { account } = await info(referrer);
    expect(account.referralLink).toContain(`/signup?ref=${account.referralCode}`);
    const res = await t.api.auth["sign-up"].email.$post({
      json: { name: "Friend", email: "friend@example.com", password: "secret123", referralCode: account.referralCode },
    });
    expect(res.status).toBe(200);
    const friend = await signIn(t, "friend@example.com");
    expect((await info(referrer)).account.pointsBalance).toBe(0);
    await bookAndPay(friend);
    await bookAndPay(friend);
    const after = await info(referrer);
    expect(after.account.pointsBalance).toBe(100);
    expect(after.transactions).toHaveLength(1);
  });
  it("reverses the referral bonus once when the friend's qualifying booking is cancelled and refunded", async () => {
    await signUp(t, "referrer2@example.com");
    const referrer = await signIn(t, "referrer2@example.com");
    const { account } = await info(referrer);
    await t.api.auth["sign-up"].email.$post({
      json: { name: "Friend Two", email: "friend2@example.com", password: "secret123", referralCode: account.referralCode },
    });
    const friend = await signIn(t, "friend2@example.com");
    const created = await bookAndPay(friend, { checkIn: d(20), checkOut: d(22) });
    expect((await info(referrer)).account).toMatchObject({ pointsBalance: 100, totalPointsEarned: 100 });
    const cancel = await t.client(friend).bookings[":id"].cancel.$post({ param: { id: created.booking.id }, header: {} });
    expect(await cancel.json()).toMatchObject({ refunded: true, booking: { status: "cancelled", paymentStatus: "refunded" } });
    const after = await info(referrer);
    expect(after.account).toMatchObject({ pointsBalance: 0, totalPointsEarned: 0 });
    expect(after.transactions.map((tx) => tx.points)).toEqual([-100, 100]);
    // A second cancellation attempt or a later cancelled booking takes nothing more.
    await t.client(friend).bookings[":id"].cancel.$post({ param: { id: created.booking.id }, header: {} });
    expect((await info(referrer)).transactions).toHaveLength(2);
  });

  it("keeps the referral bonus while another of the friend's bookings still stands", async () => {
    await signUp(t, "referrer3@example.com");
    const referrer = await signIn(t, "referrer3@example.com");
    const { account } = await info(referrer);
    await t.api.auth["sign-up"].email.$post({
      json: { name: "Friend Three", email: "friend3@example.com", password: "secret123", referralCode: account.referralCode },
    });
    const friend = await signIn(t, "friend3@example.com");
    const first = await bookAndPay(friend, { checkIn: d(30), checkOut: d(31) });
    const second = await bookAndPay(friend, { checkIn: d(40), checkOut: d(41) });
    await t.client(friend).bookings[":id"].cancel.$post({ param: { id: first.booking.id }, header: {} });
    expect((await info(referrer)).account.pointsBalance).toBe(100);
    await t.client(friend).bookings[":id"].cancel.$post({ param: { id: second.booking.id }, header: {} });
    expect((await info(referrer)).account.pointsBalance).toBe(0);
  });
});
