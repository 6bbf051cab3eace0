import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayUtc } from "../../src/shared/dates.ts";
import {
  accounts,
  activityLogs,
  bookingBillingDetails,
  bookings,
  emailOutbox,
  invoices,
  loyaltyAccounts,
  reviewVotes,
  reviews,
  savedHotels,
  sessions,
  twoFactors,
  users,
} from "../../src/server/db/schema.ts";
import { ensureAdmin } from "../../src/server/services/accounts.ts";
import { runGuestDataRetentionJobRound } from "../../src/server/workers.ts";
import { type HotelRow, type RoomTypeRow, createHotel, createRoomType } from "../factories.ts";
import { totpCode } from "../support/totp.ts";
import { type TestApp, createTestApp, enrollTwoFactor, forgetUsedTotpStep, signIn, signUp } from "../support/test-app.ts";
import { bodyOf, errorOf } from "../support/typed.ts";

let t: TestApp;
let hotel: HotelRow;
let room: RoomTypeRow;
let admin: string;
const d = (n: number) => addDays(todayUtc(), n);

beforeAll(async () => {
  t = await createTestApp();
  hotel = await createHotel(t.deps.db, { name: "Privacy Inn", freeCancellationDays: 3 });
  room = await createRoomType(t.deps.db, hotel.id, { name: "Double", priceCents: 10000, maxGuests: 2, totalRooms: 20 });
  await ensureAdmin(t.deps.db, t.deps.auth, { email: "dpo@example.com", password: "dpo-password-1", name: "Data Officer" }, "test");
  admin = await signIn(t, "dpo@example.com", "dpo-password-1");
});
afterAll(() => t.close());

async function userIdOf(email: string): Promise<string> {
  const [row] = await t.deps.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row!.id;
}

/** A website booking paid by card (so it is confirmed and invoiced), for check-in in `inDays` days. */
async function paidBooking(cookie: string, guestName: string, guestEmail: string, inDays = 20): Promise<string> {
  const res = await t.client(cookie).bookings.$post({
    json: {
      hotelId: String(hotel.id),
      roomTypeId: String(room.id),
      checkIn: d(inDays),
      checkOut: d(inDays + 2),
      guests: 2,
      rooms: 1,
      guestName,
      guestEmail,
      guestPhone: "+44 20 7946 0000",
      specialRequests: "A quiet room, please",
    },
  });
  const created = await bodyOf(res, 201);
  const paid = await t.api["simulated-payments"][":id"].confirm.$post({
    param: { id: created.payment.paymentId },
    json: {
      clientSecret: created.payment.clientSecret,
      returnUrl: "/booking-success",
      card: { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2040, cvc: "123" },
    },
  });
  expect(paid.status).toBe(200);
  const confirmed = await t.api.bookings[":id"]["confirm-payment"].$post({
    param: { id: created.booking.id },
    json: { paymentId: created.payment.paymentId },
  });
  expect(confirmed.status).toBe(200);
  return created.booking.id;
}

/** A stay that is over: the booking's dates moved into the past (the website cannot book the past). */
async function moveIntoThePast(bookingId: string) {
  await t.deps.db
    .update(bookings)
    .set({ checkIn: d(-6), checkOut: d(-4) })
    .where(eq(bookings.id, bookingId));
}

/** A hold that expired unpaid: nothing was paid, so nothing of it is kept by law. */
async function unpaidBooking(userId: string, guestName: string): Promise<string> {
  const id = randomUUID();
  await t.deps.db.insert(bookings).values({
    id,
    userId,
    bookingReference: `BK${id.slice(0, 10)}`,
    hotelId: hotel.id,
    hotelName: hotel.name,
    roomTypeId: room.id,
    roomType: room.name,
    roomPriceCents: 10000,
    checkIn: d(-30),
    checkOut: d(-29),
    numGuests: 1,
    numRooms: 1,
    totalNights: 1,
    totalPriceCents: 10000,
    guestName,
    guestEmail: "unpaid@example.com",
    guestPhone: "+1 555 0100",
    status: "cancelled",
    paymentStatus: "expired",
  });
  return id;
}

async function review(userId: string, title: string): Promise<number> {
  const [row] = await t.deps.db
    .insert(reviews)
    .values({ hotelId: hotel.id, userId, title, rating: 5, comment: "Lovely stay, would come back.", status: "approved" })
    .returning({ id: reviews.id });
  return row!.id;
}

async function exportOf(cookie: string) {
  const res = await t.client(cookie).me.export.$get();
  return { res, data: await bodyOf(res) };
}

describe("a traveller's export", () => {
  it("is a JSON attachment with their own account, bookings, invoices, reviews, votes, loyalty, saved hotels and sessions, and nothing of another user's", async () => {
    await signUp(t, "ana@example.com", "ana-password-1", "Ana Export");
    await signUp(t, "bob@example.com", "bob-password-1", "Bob Other");
    const ana = await signIn(t, "ana@example.com", "ana-password-1");
    const bob = await signIn(t, "bob@example.com", "bob-password-1");
    const anaId = await userIdOf("ana@example.com");
    const bobId = await userIdOf("bob@example.com");
    const anaBooking = await paidBooking(ana, "Ana Export", "ana@example.com");
    const bobBooking = await paidBooking(bob, "Bob Other", "bob@example.com");
    await t.deps.db.insert(savedHotels).values({ userId: anaId, hotelId: hotel.id });
    const bobReview = await review(bobId, "Bob's review");
    const anaReview = await review(anaId, "Ana's review");
    await t.deps.db.insert(reviewVotes).values({ reviewId: bobReview, userId: anaId, voteType: "helpful" });
    await t.deps.db.insert(reviewVotes).values({ reviewId: anaReview, userId: bobId, voteType: "helpful" });

    const { res, data } = await exportOf(ana);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="staywise-data-\d{4}-\d{2}-\d{2}-.+\.json"$/);
    expect(data.account).toMatchObject({ id: anaId, email: "ana@example.com", name: "Ana Export" });
    expect(data.bookings.map((b) => b.id)).toEqual([anaBooking]);
    expect(data.bookings[0]).toMatchObject({
      guestName: "Ana Export",
      guestPhone: "+44 20 7946 0000",
      specialRequests: "A quiet room, please",
    });
    expect(data.invoices.length).toBe(1);
    expect(data.invoices[0]!.buyer.name).toBe("Ana Export");
    expect(data.reviews.map((r) => r.title)).toEqual(["Ana's review"]);
    expect(data.reviewVotes).toEqual([expect.objectContaining({ reviewId: bobReview, voteType: "helpful" })]);
    expect(data.savedHotels).toEqual([expect.objectContaining({ hotelId: hotel.id, hotelName: "Privacy Inn" })]);
    expect(data.loyalty).not.toBeNull();
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(data.activity.map((a) => a.actionType)).toContain("user_signed_up");
    // Nothing of Bob's, and no secret (password hash, session token).
    const text = JSON.stringify(data);
    expect(text).not.toContain("bob@example.com");
    expect(text).not.toContain("Bob Other");
    expect(text).not.toContain(bobBooking);
    expect(text).not.toContain("Bob's review");
    const [session] = await t.deps.db.select().from(sessions).where(eq(sessions.userId, anaId));
    expect(text).not.toContain(session!.token);
    const [credential] = await t.deps.db.select().from(accounts).where(eq(accounts.userId, anaId));
    expect(text).not.toContain(credential!.password!);
  });

  it("needs a signed-in user", async () => {
    expect((await t.api.me.export.$get()).status).toBe(401);
    expect((await t.api.me.delete.$post({ json: { password: "x", reviews: "keep" } })).status).toBe(401);
  });
});

describe("deleting one's own account", () => {
  it("refuses a wrong password (nothing deleted), and a stay still to come until it is over", async () => {
    await signUp(t, "carla@example.com", "carla-password-1", "Carla Future");
    const carla = await signIn(t, "carla@example.com", "carla-password-1");
    const id = await userIdOf("carla@example.com");
    const booking = await paidBooking(carla, "Carla Future", "carla@example.com");

    const wrong = await t.client(carla).me.delete.$post({ json: { password: "not-her-password", reviews: "keep" } });
    expect([400, 401]).toContain(wrong.status);
    expect((await errorOf(wrong)).code).toBe("INVALID_PASSWORD");
    expect(await t.deps.db.select().from(users).where(eq(users.id, id))).toHaveLength(1);
    expect(await t.deps.db.select().from(sessions).where(eq(sessions.userId, id))).not.toHaveLength(0);

    const open = await t.client(carla).me.delete.$post({ json: { password: "carla-password-1", reviews: "keep" } });
    expect((await errorOf(open, 409)).code).toBe("ACCOUNT_HAS_OPEN_BOOKINGS");
    const [still] = await t.deps.db.select().from(bookings).where(eq(bookings.id, booking));
    expect(still).toMatchObject({ userId: id, guestEmail: "carla@example.com" });

    // A review choice the API does not offer: the typed client cannot send it.
    const bad = await t.request("POST", "/api/me/delete", { cookie: carla, body: { password: "carla-password-1", reviews: "maybe" } });
    expect(bad.status).toBe(400);
  });

  it("erases the account at once: users row, sessions, sign-in, loyalty, saved hotels and votes go; reviews stay as a former guest; invoices unchanged; a paid booking keeps only the guest name", async () => {
    await signUp(t, "dora@example.com", "dora-password-1", "Dora Delete");
    await signUp(t, "eve@example.com", "eve-password-1", "Eve Voter");
    const dora = await signIn(t, "dora@example.com", "dora-password-1");
    const id = await userIdOf("dora@example.com");
    const eveId = await userIdOf("eve@example.com");
    const paid = await paidBooking(dora, "Dora Delete", "dora@example.com");
    await moveIntoThePast(paid);
    const unpaid = await unpaidBooking(id, "Dora Unpaid");
    await t.deps.db.insert(bookingBillingDetails).values({ bookingId: paid, name: "Dora Delete", company: "Dora Ltd", address: "1 Road" });
    await t.deps.db.insert(savedHotels).values({ userId: id, hotelId: hotel.id });
    const doraReview = await review(id, "Dora's review");
    const eveReview = await review(eveId, "Eve's review");
    await t.deps.db.insert(reviewVotes).values({ reviewId: eveReview, userId: id, voteType: "helpful" });
    await t.deps.db.update(reviews).set({ helpfulVotes: 1 }).where(eq(reviews.id, eveReview));
    const invoicesBefore = await t.deps.db.select().from(invoices).where(eq(invoices.bookingId, paid));
    expect(invoicesBefore).toHaveLength(1);

    const res = await t.client(dora).me.delete.$post({ json: { password: "dora-password-1", reviews: "keep" } });
    expect(await bodyOf(res)).toEqual({
      deleted: true,
      bookings: 2,
      bookingsKeepingGuestName: 1,
      invoicesKept: 1,
      reviewsKept: 1,
      reviewsDeleted: 0,
    });

    const db = t.deps.db;
    expect(await db.select().from(users).where(eq(users.email, "dora@example.com"))).toHaveLength(0);
    expect(await db.select().from(users).where(eq(users.name, "Dora Delete"))).toHaveLength(0);
    expect(await db.select().from(sessions).where(eq(sessions.userId, id))).toHaveLength(0);
    expect(await db.select().from(accounts).where(eq(accounts.userId, id))).toHaveLength(0);
    expect(await db.select().from(loyaltyAccounts).where(eq(loyaltyAccounts.userId, id))).toHaveLength(0);
    expect(await db.select().from(savedHotels).where(eq(savedHotels.userId, id))).toHaveLength(0);
    expect(await db.select().from(reviewVotes).where(eq(reviewVotes.userId, id))).toHaveLength(0);
    expect((await db.select().from(reviews).where(eq(reviews.id, eveReview)))[0]!.helpfulVotes).toBe(0);
    // The old cookie no longer works, and signing in fails.
    expect((await t.client(dora).me.sessions.$get()).status).toBe(401);
    const signInAgain = await t.api.auth["sign-in"].email.$post({ json: { email: "dora@example.com", password: "dora-password-1" } });
    expect(signInAgain.status).toBe(401);

    const [kept] = await db.select().from(bookings).where(eq(bookings.id, paid));
    expect(kept).toMatchObject({ userId: null, guestName: "Dora Delete", guestEmail: "", guestPhone: "", specialRequests: null });
    const [gone] = await db.select().from(bookings).where(eq(bookings.id, unpaid));
    expect(gone).toMatchObject({ userId: null, guestName: "Former guest", guestEmail: "", guestPhone: "" });
    expect(await db.select().from(bookingBillingDetails).where(eq(bookingBillingDetails.bookingId, paid))).toHaveLength(0);
    expect(await db.select().from(invoices).where(eq(invoices.bookingId, paid))).toEqual(invoicesBefore);

    const [keptReview] = await db.select().from(reviews).where(eq(reviews.id, doraReview));
    expect(keptReview!.userId).toBeNull();
    const list = await bodyOf(await t.api.hotels[":id"].reviews.$get({ param: { id: String(hotel.id) }, query: {} }));
    expect(list.reviews.find((r) => r.title === "Dora's review")).toMatchObject({ authorName: "A former guest", formerGuest: true });
    expect(list.reviews.find((r) => r.title === "Eve's review")).toMatchObject({ formerGuest: false });

    // The log keeps the deletion under the account's id, and no longer names the person.
    const logs = await db.select().from(activityLogs).where(eq(activityLogs.actionType, "account_deleted"));
    expect(logs.some((l) => l.details.accountId === id)).toBe(true);
    const named = await db.select().from(activityLogs).where(eq(activityLogs.userEmail, "dora@example.com"));
    expect(named).toHaveLength(0);
  });

  it("deletes the reviews when asked, and with two-factor on needs a current code", async () => {
    await signUp(t, "finn@example.com", "finn-password-1", "Finn Twofactor");
    const first = await signIn(t, "finn@example.com", "finn-password-1");
    const { secret, cookie } = await enrollTwoFactor(t, first, "finn-password-1");
    const id = await userIdOf("finn@example.com");
    const finnReview = await review(id, "Finn's review");

    const noCode = await t.client(cookie).me.delete.$post({ json: { password: "finn-password-1", reviews: "delete" } });
    expect((await errorOf(noCode, 401)).code).toBe("INVALID_TWO_FACTOR_CODE");
    expect(await t.deps.db.select().from(users).where(eq(users.id, id))).toHaveLength(1);

    await forgetUsedTotpStep(t, "finn@example.com");
    const res = await t
      .client(cookie)
      .me.delete.$post({ json: { password: "finn-password-1", code: totpCode(secret), reviews: "delete" } });
    expect((await bodyOf(res)).reviewsDeleted).toBe(1);
    expect(await t.deps.db.select().from(reviews).where(eq(reviews.id, finnReview))).toHaveLength(0);
    expect(await t.deps.db.select().from(twoFactors).where(eq(twoFactors.userId, id))).toHaveLength(0);
    expect(await t.deps.db.select().from(users).where(eq(users.id, id))).toHaveLength(0);
  });
});

describe("admins, on a user's request", () => {
  it("are the only ones who can export or delete another user", async () => {
    await signUp(t, "gina@example.com", "gina-password-1", "Gina Target");
    await signUp(t, "hugo@example.com", "hugo-password-1", "Hugo Nosy");
    const hugo = await signIn(t, "hugo@example.com", "hugo-password-1");
    const ginaId = await userIdOf("gina@example.com");
    const peek = await t.client(hugo).admin.users[":id"].export.$get({ param: { id: ginaId }, query: { requestedBy: "myself, honestly" } });
    expect(peek.status).toBe(403);
    const erase = await t
      .client(hugo)
      .admin.users[":id"].delete.$post({ param: { id: ginaId }, json: { requestedBy: "myself, honestly", reviews: "delete" } });
    expect(erase.status).toBe(403);
    expect(await t.deps.db.select().from(users).where(eq(users.id, ginaId))).toHaveLength(1);
  });

  it("export and delete a user's account, each logged with the admin and who asked", async () => {
    await signUp(t, "ivan@example.com", "ivan-password-1", "Ivan Requested");
    const ivan = await signIn(t, "ivan@example.com", "ivan-password-1");
    const id = await userIdOf("ivan@example.com");
    const past = await paidBooking(ivan, "Ivan Requested", "ivan@example.com", 30);
    await moveIntoThePast(past);

    // Without the required `requestedBy`: the typed client cannot send it.
    const noReason = await t.request("GET", `/api/admin/users/${id}/export`, { cookie: admin });
    expect(noReason.status).toBe(400);
    const exported = await t
      .client(admin)
      .admin.users[":id"].export.$get({ param: { id }, query: { requestedBy: "Ivan, by e-mail on 28 Nov" } });
    const data = await bodyOf(exported);
    expect(exported.headers.get("content-disposition")).toContain("attachment");
    expect(data.account.email).toBe("ivan@example.com");
    expect(data.bookings.map((b) => b.id)).toEqual([past]);

    const deleted = await t
      .client(admin)
      .admin.users[":id"].delete.$post({ param: { id }, json: { requestedBy: "Ivan, by e-mail on 28 Nov", reviews: "keep" } });
    await bodyOf(deleted);
    expect(await t.deps.db.select().from(users).where(eq(users.id, id))).toHaveLength(0);
    expect(await t.deps.db.select().from(sessions).where(eq(sessions.userId, id))).toHaveLength(0);

    const logs = await t.deps.db
      .select()
      .from(activityLogs)
      .where(inArray(activityLogs.actionType, ["admin_personal_data_exported", "admin_account_deleted"]));
    const mine = logs.filter((l) => l.details.accountId === id);
    expect(mine.map((l) => l.actionType).sort()).toEqual(["admin_account_deleted", "admin_personal_data_exported"]);
    for (const l of mine) {
      expect(l.userEmail).toBe("dpo@example.com");
      expect(l.details.requestedBy).toBe("Ivan, by e-mail on 28 Nov");
    }
    // The export's entry named the user; the erasure took the e-mail out of it.
    expect(mine.every((l) => l.targetUserEmail !== "ivan@example.com")).toBe(true);

    const again = await t.client(admin).admin.users[":id"].delete.$post({ param: { id }, json: { requestedBy: "again", reviews: "keep" } });
    expect(again.status).toBe(404);
  });

  it("refuse an admin deleting their own account from the admin page", async () => {
    const adminId = await userIdOf("dpo@example.com");
    const res = await t
      .client(admin)
      .admin.users[":id"].delete.$post({ param: { id: adminId }, json: { requestedBy: "myself", reviews: "keep" } });
    expect((await errorOf(res, 400)).code).toBe("OWN_ACCOUNT_ERASURE");
    expect(
      await t.deps.db
        .select()
        .from(users)
        .where(and(eq(users.id, adminId))),
    ).toHaveLength(1);
  });
});

describe("after the legal period (decision 071)", () => {
  // Ten years before today, as a calendar date (today is never 29 February in a way that matters here: the job handles it).
  const tenYearsAgo = `${Number(d(0).slice(0, 4)) - 10}${d(0).slice(4)}`;

  /** A booking without an account (as the front desk takes by phone) that checked out on `checkOut`. */
  async function accountlessBooking(guestName: string, checkOut: string, userId: string | null = null): Promise<string> {
    const id = randomUUID();
    await t.deps.db.insert(bookings).values({
      id,
      userId,
      bookingReference: `BK${id.slice(0, 10)}`,
      hotelId: hotel.id,
      hotelName: hotel.name,
      roomTypeId: room.id,
      roomType: room.name,
      roomPriceCents: 10000,
      checkIn: addDays(checkOut, -2),
      checkOut,
      numGuests: 1,
      numRooms: 1,
      totalNights: 2,
      totalPriceCents: 20000,
      guestName,
      guestEmail: "phone.guest@example.com",
      guestPhone: "+34 600 000 000",
      specialRequests: "Late arrival",
      status: "confirmed",
      paymentStatus: "pay_at_hotel",
      payAtHotel: true,
      stayStatus: "checked_out",
      source: userId ? "website" : "phone",
    });
    return id;
  }

  it("clears the kept name of an erased account's paid booking, and the details of bookings without an account, once ten years have passed since check-out; a live account's bookings and younger ones stay", async () => {
    const db = t.deps.db;
    await signUp(t, "gus@example.com", "gus-password-1", "Gus Tenyears");
    const gus = await signIn(t, "gus@example.com", "gus-password-1");
    const paid = await paidBooking(gus, "Gus Tenyears", "gus@example.com");
    await moveIntoThePast(paid);
    await bodyOf(await t.client(gus).me.delete.$post({ json: { password: "gus-password-1", reviews: "keep" } }));
    const invoicesBefore = await db.select().from(invoices).where(eq(invoices.bookingId, paid));
    expect(invoicesBefore).toHaveLength(1);
    // Ten years and a day after the stay: the law no longer keeps the name.
    await db
      .update(bookings)
      .set({ checkIn: addDays(tenYearsAgo, -3), checkOut: addDays(tenYearsAgo, -1) })
      .where(eq(bookings.id, paid));

    const phoneOld = await accountlessBooking("Pia Phone", addDays(tenYearsAgo, -1));
    await db.insert(bookingBillingDetails).values({ bookingId: phoneOld, name: "Pia Phone", company: "Pia SL", address: "Calle 1" });
    await db.insert(emailOutbox).values({
      toAddress: "phone.guest@example.com",
      subject: "Your booking",
      textBody: "Dear Pia Phone",
      kind: "booking_confirmation",
      dedupeKey: `booking:${phoneOld}:confirmation`,
      status: "stored",
    });
    const phoneOnTheDay = await accountlessBooking("Quinn Tenth", tenYearsAgo);
    await signUp(t, "hal@example.com", "hal-password-1", "Hal Live");
    const liveOld = await accountlessBooking("Hal Live", addDays(tenYearsAgo, -400), await userIdOf("hal@example.com"));

    expect(await runGuestDataRetentionJobRound(db)).toBe(2);

    const rows = await db
      .select()
      .from(bookings)
      .where(inArray(bookings.id, [paid, phoneOld, phoneOnTheDay, liveOld]));
    const byId = new Map(rows.map((r) => [r.id, r]));
    const cleared = {
      guestName: "Former guest",
      guestEmail: "",
      guestPhone: "",
      specialRequests: null,
      holderVisitor: null,
      holderAddress: null,
    };
    expect(byId.get(paid)).toMatchObject(cleared);
    expect(byId.get(phoneOld)).toMatchObject(cleared);
    // Its tenth anniversary is today: the period ends tomorrow.
    expect(byId.get(phoneOnTheDay)).toMatchObject({
      guestName: "Quinn Tenth",
      guestEmail: "phone.guest@example.com",
      guestPhone: "+34 600 000 000",
    });
    // A live account's stay is its owner's history: cleared when the account is erased, not by age.
    expect(byId.get(liveOld)).toMatchObject({ guestName: "Hal Live", guestEmail: "phone.guest@example.com" });
    expect(await db.select().from(bookingBillingDetails).where(eq(bookingBillingDetails.bookingId, phoneOld))).toHaveLength(0);
    expect(
      await db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.dedupeKey, `booking:${phoneOld}:confirmation`)),
    ).toHaveLength(0);
    // Invoices are never changed, whatever their age.
    expect(await db.select().from(invoices).where(eq(invoices.bookingId, paid))).toEqual(invoicesBefore);

    // One round a day across instances: a second call the same day is another instance's round, not run.
    expect(await runGuestDataRetentionJobRound(db)).toBeNull();
    // Tomorrow's round (any instance, once due) clears the booking whose tenth anniversary was today.
    const tomorrow = new Date(Date.now() + 24 * 60 * 60_000);
    expect(await runGuestDataRetentionJobRound(db, tomorrow, 0)).toBe(1);
    const [later] = await db.select().from(bookings).where(eq(bookings.id, phoneOnTheDay));
    expect(later).toMatchObject(cleared);
  });
});
