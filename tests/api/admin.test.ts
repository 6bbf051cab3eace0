import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CreateBookingResponse } from "../../src/shared/booking.ts";
import { addDays, todayUtc } from "../../src/shared/dates.ts";
import {
  activityLogs,
  backgroundFailures,
  bookings,
  hotelManagers,
  roleChanges,
  sessions,
  simulatedPaymentIntents,
  users,
} from "../../src/server/db/schema.ts";
import { bookingDeps } from "../../src/server/deps.ts";
import { listStuckCases } from "../../src/server/services/background-failures.ts";
import { reconcilePayments } from "../../src/server/services/bookings/pay-and-confirm.ts";
import { ensureAdmin } from "../../src/server/services/accounts.ts";
import { type HotelRow, type RoomTypeRow, createHotel, createRoomType } from "../factories.ts";
import { type TestApp, createTestApp, signIn, signUp } from "../support/test-app.ts";
import { errorOf } from "../support/typed.ts";

let t: TestApp;
let admin: string;
let user: string;
let manager: string;
let userId: string;
let adminId: string;
let hotel: HotelRow;
let deluxe: RoomTypeRow;
let twin: RoomTypeRow;
const d = (n: number) => addDays(todayUtc(), n);

beforeAll(async () => {
  t = await createTestApp();
  await ensureAdmin(t.deps.db, t.deps.auth, { email: "boss@example.com", password: "boss-password", name: "Boss" }, "test");
  admin = await signIn(t, "boss@example.com", "boss-password");
  await signUp(t, "plain@example.com", "secret123", "Plain User");
  user = await signIn(t, "plain@example.com");
  userId = (await t.deps.db.select().from(users).where(eq(users.email, "plain@example.com")))[0]!.id;
  adminId = (await t.deps.db.select().from(users).where(eq(users.email, "boss@example.com")))[0]!.id;
  hotel = await createHotel(t.deps.db, { name: "Admin Hotel" });
  deluxe = await createRoomType(t.deps.db, hotel.id, { name: "Deluxe", priceCents: 10000, maxGuests: 2, totalRooms: 10 });
  twin = await createRoomType(t.deps.db, hotel.id, { name: "Twin", priceCents: 5000, maxGuests: 2, totalRooms: 10 });
  await signUp(t, "hotel-manager@example.com", "secret123", "Hotel Manager");
  const [managerRow] = await t.deps.db
    .update(users)
    .set({ role: "manager" })
    .where(eq(users.email, "hotel-manager@example.com"))
    .returning();
  await t.deps.db.insert(hotelManagers).values({ userId: managerRow!.id, hotelId: hotel.id });
  manager = await signIn(t, "hotel-manager@example.com");
});
afterAll(() => t.close());

async function hold(room: RoomTypeRow, checkIn: string, nights: number, guestName = "Guest", rooms = 1): Promise<CreateBookingResponse> {
  const res = await t.api.bookings.$post({
    json: {
      hotelId: String(room.hotelId),
      roomTypeId: String(room.id),
      checkIn,
      checkOut: addDays(checkIn, nights),
      guests: 2,
      rooms,
      guestName,
      guestEmail: "g@example.com",
      guestPhone: "+1 555 0000",
    },
  });
  expect(res.status).toBe(201);
  return await res.json();
}

async function paidBooking(
  room: RoomTypeRow,
  checkIn: string,
  nights: number,
  guestName = "Guest",
  rooms = 1,
): Promise<CreateBookingResponse> {
  const created = await hold(room, checkIn, nights, guestName, rooms);
  await t.deps.db
    .update(simulatedPaymentIntents)
    .set({ status: "succeeded" })
    .where(eq(simulatedPaymentIntents.id, created.payment.paymentId));
  await t.api.bookings[":id"]["confirm-payment"].$post({
    param: { id: created.booking.id },
    json: { paymentId: created.payment.paymentId },
  });
  return created;
}

describe("every admin endpoint checks the role on the server", () => {
  const endpoints: [string, string, unknown?][] = [
    ["GET", "/api/admin/dashboard"],
    ["GET", "/api/admin/bookings"],
    ["GET", "/api/admin/bookings/export"],
    ["PATCH", "/api/admin/bookings/00000000-0000-4000-8000-000000000000/status", { status: "confirmed" }],
    ["POST", "/api/admin/bookings/00000000-0000-4000-8000-000000000000/refund"],
    ["GET", "/api/admin/users"],
    ["POST", "/api/admin/users/nobody/role", { role: "admin" }],
    ["PUT", "/api/admin/users/nobody/hotels", { hotelIds: [] }],
    ["POST", "/api/admin/users/nobody/status", { banned: true }],
    ["GET", "/api/admin/role-changes"],
    ["GET", "/api/admin/activity"],
    ["GET", "/api/admin/reviews"],
    ["POST", "/api/admin/reviews/1/moderate", { status: "approved" }],
    ["GET", "/api/admin/mailbox"],
    ["GET", "/api/admin/api-settings"],
    ["PUT", "/api/admin/api-settings/TEST", { apiUrl: "http://127.0.0.1:9/15", username: "u", password: "p", makeActive: false }],
    ["POST", "/api/admin/api-settings/test", { environment: "TEST" }],
    ["POST", "/api/admin/api-diagnostics"],
    ["GET", "/api/admin/api-diagnostics/problems"],
    ["GET", "/api/admin/api-diagnostics/stuck"],
    ["POST", "/api/admin/api-diagnostics/stuck/1/retry"],
    ["GET", "/api/admin/supplier-sandbox"],
  ];

  // The paths are data here (one table tries every admin route as each role), so these go raw.
  it.each(endpoints)("%s %s: 401 for visitors, 403 for users and hotel managers, not 401/403 for admins", async (method, path, body) => {
    const options = body === undefined ? {} : { body };
    expect((await t.request(method, path, options)).status).toBe(401);
    expect((await t.request(method, path, { ...options, cookie: user })).status).toBe(403);
    expect((await t.request(method, path, { ...options, cookie: manager })).status).toBe(403);
    const asAdmin = await t.request(method, path, { ...options, cookie: admin });
    expect([401, 403]).not.toContain(asAdmin.status);
    expect(asAdmin.status).toBeLessThan(500);
  });
});

describe("dashboard figures", () => {
  it("computes revenue, this month, counts and popular room types from paid bookings only", async () => {
    const before = await (await t.client(admin).admin.dashboard.$get()).json();
    expect(before.totalRevenueCents).toBe(0);
    expect(before.growthPercent).toBeNull();

    await paidBooking(deluxe, d(2), 3); // 30000, 3 room-nights inside the window
    await paidBooking(deluxe, d(28), 5); // 50000, 2 nights inside the 30-night window
    await paidBooking(twin, d(40), 2); // 10000, outside the window
    // An unpaid hold is not a booking: neither counted nor earning revenue.
    await hold(twin, d(3), 1, "Hold");
    const cancelled = await paidBooking(twin, d(5), 1);
    await t.client(admin).admin.bookings[":id"].status.$patch({ param: { id: cancelled.booking.id }, json: { status: "cancelled" } });
    // Last month's revenue for the growth figure.
    const old = await paidBooking(twin, d(60), 2);
    const lastMonth = new Date();
    lastMonth.setUTCDate(1);
    lastMonth.setUTCMonth(lastMonth.getUTCMonth() - 1);
    await t.deps.db.update(bookings).set({ createdAt: lastMonth }).where(eq(bookings.id, old.booking.id));

    const stats = await (await t.client(admin).admin.dashboard.$get()).json();
    expect(stats.totalRevenueCents).toBe(30000 + 50000 + 10000 + 10000);
    expect(stats.monthRevenueCents).toBe(90000);
    expect(stats.lastMonthRevenueCents).toBe(10000);
    expect(stats.growthPercent).toBe(800);
    expect(stats.bookingCounts).toEqual({ pending: 0, confirmed: 4, cancelled: 1, completed: 0 });
    expect(stats.popularRoomTypes).toEqual(
      [
        { roomType: "Twin", bookings: 2 },
        { roomType: "Deluxe", bookings: 2 },
      ].sort((a, b) => b.bookings - a.bookings || a.roomType.localeCompare(b.roomType)),
    );
    expect(stats.revenueByMonth).toHaveLength(12);
    expect(stats.revenueByMonth.at(-1)?.revenueCents).toBe(90000);
  });
});

describe("occupancy", () => {
  it("divides the room-nights sold by those available, for the chosen window and hotel, leaving unpaid holds out", async () => {
    const small = await createHotel(t.deps.db, { name: "Occupancy Inn" });
    const five = await createRoomType(t.deps.db, small.id, { name: "Five", priceCents: 8000, maxGuests: 2, totalRooms: 5 });
    const three = await createRoomType(t.deps.db, small.id, { name: "Three", priceCents: 6000, maxGuests: 2, totalRooms: 3 });
    await paidBooking(five, d(1), 3, "Two rooms", 2); // 6 room-nights
    await paidBooking(three, d(5), 5); // nights d5 and d6 inside 7 days, 5 inside 30
    await hold(three, d(2), 1, "Unpaid"); // held, not sold
    const cancelled = await paidBooking(five, d(2), 2);
    await t.client(admin).admin.bookings[":id"].status.$patch({ param: { id: cancelled.booking.id }, json: { status: "cancelled" } });

    const week = await (await t.client(admin).admin.occupancy.$get({ query: { days: "7", hotelId: String(small.id) } })).json();
    expect(week).toEqual({
      from: d(0),
      to: d(7),
      days: 7,
      hotel: { id: small.id, name: "Occupancy Inn", city: small.city },
      soldRoomNights: 8,
      availableRoomNights: 8 * 7,
      percent: 14.29,
    });
    const month = await (await t.client(admin).admin.occupancy.$get({ query: { hotelId: String(small.id) } })).json();
    expect(month).toMatchObject({ days: 30, soldRoomNights: 11, availableRoomNights: 240, percent: 4.58 });

    // All hotels: the sums over every hotel, in one aggregate.
    const other = await (await t.client(admin).admin.occupancy.$get({ query: { days: "7", hotelId: String(hotel.id) } })).json();
    const all = await (await t.client(admin).admin.occupancy.$get({ query: { days: "7" } })).json();
    expect(all.hotel).toBeNull();
    expect(all.availableRoomNights).toBe((8 + 20) * 7);
    expect(all.soldRoomNights).toBe(other.soldRoomNights + 8);

    expect((await t.client(admin).admin.occupancy.$get({ query: { days: "0" } })).status).toBe(400);
    expect((await t.client(admin).admin.occupancy.$get({ query: { days: "lots" } })).status).toBe(400);
    expect((await t.client(admin).admin.occupancy.$get({ query: { hotelId: "wh-1" } })).status).toBe(400);
    expect((await t.client(admin).admin.occupancy.$get({ query: { hotelId: "999999" } })).status).toBe(404);
  });

  it("finds a hotel to measure by name, city or id", async () => {
    const found = await (await t.client(admin).admin.hotels.$get({ query: { search: "occupancy inn" } })).json();
    expect(found.hotels.map((h) => h.name)).toEqual(["Occupancy Inn"]);
    const byId = await (await t.client(admin).admin.hotels.$get({ query: { search: `${hotel.id}00` } })).json();
    expect(byId.hotels).toEqual([]);
    expect((await t.client(admin).admin.hotels.$get({ query: { search: "ab" } })).status).toBe(400);
  });
});

describe("booking management", () => {
  it("searches, filters and pages the table", async () => {
    await paidBooking(deluxe, d(70), 1, "Zebedee Findme");
    const found = await (await t.client(admin).admin.bookings.$get({ query: { search: "zebedee" } })).json();
    expect(found.total).toBe(1);
    expect(found.bookings[0]?.guestName).toBe("Zebedee Findme");
    const cancelled = await (await t.client(admin).admin.bookings.$get({ query: { status: "cancelled" } })).json();
    expect(cancelled.bookings.every((b) => b.status === "cancelled")).toBe(true);
    const page = await (await t.client(admin).admin.bookings.$get({ query: { pageSize: "2", page: "2" } })).json();
    expect(page.bookings).toHaveLength(2);
    // A status the typed client would not let through: sent raw.
    expect((await t.request("GET", "/api/admin/bookings?status=lost", { cookie: admin })).status).toBe(400);
  });

  it("changes a status, freeing or retaking rooms, and logs it", async () => {
    const created = await paidBooking(deluxe, d(80), 1);
    const res = await t
      .client(admin)
      .admin.bookings[":id"].status.$patch({ param: { id: created.booking.id }, json: { status: "pending" } });
    expect((await res.json()).booking.status).toBe("pending");
    // A status the typed client would not let through: sent raw.
    expect(
      (await t.request("PATCH", `/api/admin/bookings/${created.booking.id}/status`, { cookie: admin, body: { status: "lost" } })).status,
    ).toBe(400);
    const logs = await t.deps.db.select().from(activityLogs).where(eq(activityLogs.actionType, "admin_booking_status_changed"));
    expect(logs.map((l) => l.details)).toContainEqual(expect.objectContaining({ bookingId: created.booking.id }));
  });

  it("refunds through the gateway in cents, then cancels; a second refund is refused", async () => {
    const created = await paidBooking(deluxe, d(90), 2);
    const res = await t.client(admin).admin.bookings[":id"].refund.$post({ param: { id: created.booking.id } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ amountCents: 20000, booking: { status: "cancelled", paymentStatus: "refunded" } });
    const [intent] = await t.deps.db
      .select()
      .from(simulatedPaymentIntents)
      .where(eq(simulatedPaymentIntents.id, created.payment.paymentId));
    expect(intent?.refundedCents).toBe(20000);
    const again = await t.client(admin).admin.bookings[":id"].refund.$post({ param: { id: created.booking.id } });
    expect(again.status).toBe(409);
  });

  it("reports a failed refund with the provider's message and changes nothing", async () => {
    const created = await paidBooking(deluxe, d(95), 1);
    // The provider has already refunded it elsewhere: its refund is refused.
    await t.deps.db
      .update(simulatedPaymentIntents)
      .set({ refundedCents: 10000 })
      .where(eq(simulatedPaymentIntents.id, created.payment.paymentId));
    const res = await t.client(admin).admin.bookings[":id"].refund.$post({ param: { id: created.booking.id } });
    expect(res.status).toBe(502);
    expect((await errorOf(res)).message).toMatch(/exceeds/);
    const [row] = await t.deps.db.select().from(bookings).where(eq(bookings.id, created.booking.id));
    expect(row?.status).toBe("confirmed");
  });

  it("refuses to restore a refunded booking, so a later guest cancel cannot start an impossible refund", async () => {
    const created = await paidBooking(deluxe, d(100), 1);
    await t.client(admin).admin.bookings[":id"].refund.$post({ param: { id: created.booking.id } });
    for (const status of ["confirmed", "pending"] as const) {
      const res = await t.client(admin).admin.bookings[":id"].status.$patch({ param: { id: created.booking.id }, json: { status } });
      expect(res.status).toBe(409);
      expect(await res.json()).toMatchObject({
        code: "CONTRADICTS_PAYMENT",
        message: `This booking's payment has been refunded, so it cannot be set to ${status}. Ask the guest to make a new booking.`,
      });
    }
    const [row] = await t.deps.db.select().from(bookings).where(eq(bookings.id, created.booking.id));
    expect(row).toMatchObject({ status: "cancelled", paymentStatus: "refunded" });
  });

  it("refuses to confirm a booking that was never paid", async () => {
    const res = await t.api.bookings.$post({
      json: {
        hotelId: String(hotel.id),
        roomTypeId: String(twin.id),
        checkIn: d(101),
        checkOut: d(102),
        guests: 2,
        rooms: 1,
        guestName: "Unpaid",
        guestEmail: "u@example.com",
        guestPhone: "+1 555 0000",
      },
    });
    const created = await res.json();
    const change = await t
      .client(admin)
      .admin.bookings[":id"].status.$patch({ param: { id: created.booking.id }, json: { status: "confirmed" } });
    expect(change.status).toBe(409);
    expect(await change.json()).toMatchObject({ message: "This booking has no completed payment, so it cannot be confirmed." });
  });

  it("stops retrying a refund after RETRY_MAX_ATTEMPTS and lists it under API Diagnostics until an admin retries", async () => {
    const created = await paidBooking(deluxe, d(110), 1);
    // Cancelled with a refund the provider refuses (it was refunded elsewhere): the worker retries it.
    await t.deps.db
      .update(simulatedPaymentIntents)
      .set({ refundedCents: 10000 })
      .where(eq(simulatedPaymentIntents.id, created.payment.paymentId));
    await t.deps.db
      .update(bookings)
      .set({ status: "cancelled", paymentStatus: "refund_pending" })
      .where(eq(bookings.id, created.booking.id));
    const max = t.deps.config.retryMaxAttempts;
    const attemptsSeen: number[] = [];
    for (let round = 0; round < max + 2; round++) {
      await reconcilePayments(bookingDeps(t.deps));
      const [failure] = await t.deps.db.select().from(backgroundFailures).where(eq(backgroundFailures.bookingId, created.booking.id));
      attemptsSeen.push(failure?.attempts ?? 0);
    }
    expect(attemptsSeen.slice(-3)).toEqual([max, max, max]);
    const [row] = await t.deps.db.select().from(bookings).where(eq(bookings.id, created.booking.id));
    expect(row?.paymentStatus).toBe("refund_pending");

    const stuck = await t.client(admin).admin["api-diagnostics"].stuck.$get();
    const body = await stuck.json();
    expect(body.maxAttempts).toBe(max);
    const listed = body.cases.find((c) => c.bookingReference === created.booking.bookingReference);
    expect(listed).toMatchObject({ job: "refund", attempts: max, lastError: expect.stringMatching(/exceeds/) });

    // The provider's side is fixed; the admin retries and the next round refunds.
    await t.deps.db
      .update(simulatedPaymentIntents)
      .set({ refundedCents: 0 })
      .where(eq(simulatedPaymentIntents.id, created.payment.paymentId));
    expect((await t.client(admin).admin["api-diagnostics"].stuck[":id"].retry.$post({ param: { id: String(listed!.id) } })).status).toBe(
      200,
    );
    expect((await t.client(admin).admin["api-diagnostics"].stuck[":id"].retry.$post({ param: { id: String(listed!.id) } })).status).toBe(
      404,
    );
    await reconcilePayments(bookingDeps(t.deps));
    const [done] = await t.deps.db.select().from(bookings).where(eq(bookings.id, created.booking.id));
    expect(done?.paymentStatus).toBe("refunded");
    expect(await listStuckCases(t.deps.db, 1)).toEqual([]);
  });

  it("exports CSV with the spec's columns, quoted and safe from formulas", async () => {
    await paidBooking(deluxe, d(100), 1, '=HYPERLINK("http://evil.example","x")');
    const res = await t.client(admin).admin.bookings.export.$get({ query: {} });
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="bookings-${todayUtc()}.csv"`);
    const text = await res.text();
    const [header, ...rows] = text.trim().split("\r\n");
    expect(header).toBe("Reference,Guest,Email,Room,Check-in,Check-out,Total,Status");
    const evil = rows.find((r) => r.includes("HYPERLINK"));
    expect(evil).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(rows.some((r) => r.includes(",100.00,confirmed") || r.includes(",100.00,"))).toBe(true);
  });
});

describe("users and roles", () => {
  it("promotes with the actor recorded; the user's sessions end and their next sign-in is an admin's", async () => {
    const res = await t.client(admin).admin.users[":id"].role.$post({ param: { id: userId }, json: { role: "admin", reason: "Ops lead" } });
    expect(res.status).toBe(200);
    expect(await (await t.client(user).me.$get()).json()).toEqual({ user: null });
    const promoted = await signIn(t, "plain@example.com");
    const me = await (await t.client(promoted).me.$get()).json();
    expect(me.user?.isAdmin).toBe(true);
    const [change] = await t.deps.db.select().from(roleChanges).where(eq(roleChanges.userEmail, "plain@example.com"));
    expect(change).toMatchObject({ previousRole: "user", newRole: "admin", changedByEmail: "boss@example.com", reason: "Ops lead" });
    const history = await (await t.client(admin).admin["role-changes"].$get()).json();
    expect(history.roleChanges[0]?.userEmail).toBe("plain@example.com");
    await t.client(admin).admin.users[":id"].role.$post({ param: { id: userId }, json: { role: "user" } });
  });

  it("never lets an admin change their own role or disable themselves, and keeps the last admin", async () => {
    expect((await t.client(admin).admin.users[":id"].role.$post({ param: { id: adminId }, json: { role: "user" } })).status).toBe(400);
    expect((await t.client(admin).admin.users[":id"].status.$post({ param: { id: adminId }, json: { banned: true } })).status).toBe(400);
    // A second admin may not demote the last other one either.
    await t.client(admin).admin.users[":id"].role.$post({ param: { id: userId }, json: { role: "admin" } });
    await t.client(admin).admin.users[":id"].status.$post({ param: { id: userId }, json: { banned: true } });
    const demote = await t
      .client(await signIn(t, "boss@example.com", "boss-password"))
      .admin.users[":id"].role.$post({ param: { id: adminId }, json: { role: "user" } });
    expect(demote.status).toBe(400);
    await t.client(admin).admin.users[":id"].status.$post({ param: { id: userId }, json: { banned: false } });
    await t.client(admin).admin.users[":id"].role.$post({ param: { id: userId }, json: { role: "user" } });
  });

  it("disabling a user ends their sessions at once and keeps them out; enabling lets them back", async () => {
    await signUp(t, "naughty@example.com");
    const cookie = await signIn(t, "naughty@example.com");
    const [target] = await t.deps.db.select().from(users).where(eq(users.email, "naughty@example.com"));
    await t.client(admin).admin.users[":id"].status.$post({ param: { id: target!.id }, json: { banned: true } });
    expect(await t.deps.db.select().from(sessions).where(eq(sessions.userId, target!.id))).toHaveLength(0);
    expect(await (await t.client(cookie).me.$get()).json()).toEqual({ user: null });
    expect((await t.api.auth["sign-in"].email.$post({ json: { email: "naughty@example.com", password: "secret123" } })).status).toBe(403);
    await t.client(admin).admin.users[":id"].status.$post({ param: { id: target!.id }, json: { banned: false } });
    await signIn(t, "naughty@example.com");
    const list = await (await t.client(admin).admin.users.$get({ query: { search: "naughty" } })).json();
    expect(list.users).toEqual([expect.objectContaining({ email: "naughty@example.com", banned: false })]);
  });
});

describe("activity log", () => {
  it("filters by action type, dates and search, newest first, with the system shown as a blank user", async () => {
    const all = await (await t.client(admin).admin.activity.$get({ query: { pageSize: "200" } })).json();
    expect(all.actionTypes).toEqual(
      expect.arrayContaining([
        "user_signed_up",
        "user_signed_in",
        "user_role_changed",
        "user_disabled",
        "admin_booking_refunded",
        "admin_created",
      ]),
    );
    const times = all.logs.map((l) => l.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const roles = await (await t.client(admin).admin.activity.$get({ query: { actionType: "user_role_changed" } })).json();
    expect(roles.logs.length).toBeGreaterThan(0);
    expect(roles.logs.every((l) => l.actionType === "user_role_changed")).toBe(true);
    const tomorrow = await (await t.client(admin).admin.activity.$get({ query: { startDate: d(1) } })).json();
    expect(tomorrow.total).toBe(0);
    const today = await (
      await t.client(admin).admin.activity.$get({ query: { startDate: d(0), endDate: d(0), search: "naughty" } })
    ).json();
    expect(today.logs.length).toBeGreaterThan(0);
    expect((await t.client(admin).admin.activity.$get({ query: { startDate: "yesterday" } })).status).toBe(400);
    // The admin reads labels: searching a label finds the rows of its type.
    const refunds = await (await t.client(admin).admin.activity.$get({ query: { search: "Refund issued" } })).json();
    expect(refunds.logs.length).toBeGreaterThan(0);
    expect(refunds.logs.every((l) => l.actionType === "admin_booking_refunded")).toBe(true);
  });
});
