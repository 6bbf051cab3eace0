import { eq } from "drizzle-orm";
import type { InferRequestType } from "hono/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayUtc } from "../../src/shared/dates.ts";
import { bookings, hotels, rateRules, roomNights } from "../../src/server/db/schema.ts";
import { ensureAdmin } from "../../src/server/services/accounts.ts";
import { type HotelRow, type RoomTypeRow, createHotel, createRoomType } from "../factories.ts";
import { bookingRow, signInAsManager } from "../support/hotel-records.ts";
import { type ApiClient, type TestApp, createTestApp, signIn, signUp } from "../support/test-app.ts";
import { errorOf } from "../support/typed.ts";

/**
 * One small hotel with known bookings over the ten nights 2030-03-01 .. 2030-03-10, every figure
 * worked out by hand in the comments. A second hotel belongs to someone else.
 */
let t: TestApp;
let admin: string;
let manager: string;
let traveller: string;
let hotel: HotelRow;
let other: HotelRow;
let double: RoomTypeRow;
let suite: RoomTypeRow;
let single: RoomTypeRow;

const RANGE = { from: "2030-03-01", to: "2030-03-10" };

function booking(room: RoomTypeRow | null, hotelId: number | null, fields: Partial<typeof bookings.$inferInsert>) {
  return bookingRow({
    hotelId,
    hotelName: "Report Hotel",
    roomTypeId: room?.id ?? null,
    roomType: room?.name ?? "Partner room",
    checkIn: "2030-03-02",
    checkOut: "2030-03-03",
    guestName: "Guest",
    guestEmail: "guest@example.com",
    guestPhone: "+1 555 0100",
    ...fields,
  });
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.db;
  await ensureAdmin(db, t.deps.auth, { email: "owner@example.com", password: "owner-password", name: "Owner" }, "test");
  admin = await signIn(t, "owner@example.com", "owner-password");
  await signUp(t, "manager@example.com", "secret123", "Mia Manager");
  await signUp(t, "traveller@example.com", "secret123", "Tom Traveller");
  traveller = await signIn(t, "traveller@example.com");

  hotel = await createHotel(db, { name: "Report Hotel", city: "Lisbon" });
  other = await createHotel(db, { name: "Other Hotel" });
  double = await createRoomType(db, hotel.id, { name: "Double", totalRooms: 2, priceCents: 10000 });
  // A room type whose name a spreadsheet would run as a formula.
  suite = await createRoomType(db, hotel.id, { name: '=HYPERLINK("http://evil")', totalRooms: 1, priceCents: 20000 });
  single = await createRoomType(db, other.id, { name: "Single", totalRooms: 3, priceCents: 8000 });

  const staff = await signInAsManager(t, "manager@example.com", [hotel.id]);
  manager = staff.cookie;

  await db.insert(bookings).values([
    // Paid: nights 03-02, 03-03, 03-04 sold at 8,000, 10,000 and 12,000; booked 10 days ahead.
    booking(double, hotel.id, {
      checkIn: "2030-03-02",
      checkOut: "2030-03-05",
      totalNights: 3,
      nightlyPriceCents: [8000, 10000, 12000],
      totalPriceCents: 30000,
      createdAt: new Date("2030-02-20T15:00:00Z"),
    }),
    // Paid, 2 rooms at 9,000 / 12,000 / 9,000 (60,000), 59,000 after a 1,000 points discount, shared in
    // proportion to the prices: 59,000 x 9/30 = 17,700; x 21/30 = 41,300, less 17,700 = 23,600; the rest 17,700.
    // The range holds the first two nights (03-09, 03-10). Booked 8 days ahead.
    booking(double, hotel.id, {
      checkIn: "2030-03-09",
      checkOut: "2030-03-12",
      numRooms: 2,
      totalNights: 3,
      nightlyPriceCents: [9000, 12000, 9000],
      totalPriceCents: 60000,
      discountCents: 1000,
      createdAt: new Date("2030-03-01T09:00:00Z"),
    }),
    // Without nightly prices (booked before they were kept): 10,000 split evenly, the cents rounded so
    // that the first k nights hold 10,000 x k / 3 rounded down: 3,333, 3,333, 3,334. Only its night
    // 03-01 (3,334) is in the range; not an arrival of the range.
    booking(suite, hotel.id, {
      checkIn: "2030-02-27",
      checkOut: "2030-03-02",
      totalNights: 3,
      totalPriceCents: 10000,
      createdAt: new Date("2030-02-01T09:00:00Z"),
    }),
    // Paid, then cancelled and refunded: a cancellation, no room-night, no revenue.
    booking(suite, hotel.id, {
      checkIn: "2030-03-03",
      checkOut: "2030-03-04",
      status: "cancelled",
      paymentStatus: "refunded",
      refundedCents: 10000,
      createdAt: new Date("2030-02-01T09:00:00Z"),
    }),
    // An unpaid hold: in no figure.
    booking(double, hotel.id, {
      checkIn: "2030-03-04",
      checkOut: "2030-03-06",
      status: "pending",
      paymentStatus: "pending",
      totalNights: 2,
    }),
    // A lapsed hold (cancelled, payment expired): never a booking, so not a cancellation either.
    booking(double, hotel.id, { checkIn: "2030-03-05", checkOut: "2030-03-06", status: "cancelled", paymentStatus: "expired" }),
    // Taken by phone at the front desk, paid at the hotel: nights 03-07 and 03-08 at 15,000 and 20,000,
    // in the front desk channel. Booked 2 days ahead.
    booking(suite, hotel.id, {
      checkIn: "2030-03-07",
      checkOut: "2030-03-09",
      totalNights: 2,
      nightlyPriceCents: [15000, 20000],
      totalPriceCents: 35000,
      paymentStatus: "pay_at_hotel",
      payAtHotel: true,
      createdByStaffId: staff.id,
      createdAt: new Date("2030-03-05T10:00:00Z"),
    }),
    // Booked for 03-05 .. 03-07 (34,000), left after the first night; 12,000 of the unused nights refunded.
    // The stay keeps 22,000, all on its one night 03-05. Booked 8 days ahead.
    booking(double, hotel.id, {
      checkIn: "2030-03-05",
      checkOut: "2030-03-06",
      bookedCheckOut: "2030-03-08",
      totalNights: 1,
      nightlyPriceCents: [10000, 10000, 14000],
      totalPriceCents: 34000,
      paymentStatus: "refunded",
      refundDueCents: 12000,
      refundedCents: 12000,
      stayStatus: "checked_out",
      createdAt: new Date("2030-02-25T09:00:00Z"),
    }),
    // The other hotel: 2 nights, 20,000, without nightly prices.
    booking(single, other.id, { checkIn: "2030-03-01", checkOut: "2030-03-03", totalNights: 2, totalPriceCents: 20000 }),
    // A partner (wholesaler) booking: no hotel of ours; 2 nights, 25,000.
    booking(null, null, {
      checkIn: "2030-03-05",
      checkOut: "2030-03-07",
      totalNights: 2,
      totalPriceCents: 25000,
      supplier: "wholesaler",
      supplierState: "booked",
      supplierHotelId: "wh-1",
    }),
  ]);
  // The calendar: the suite closed on 03-06 (0 rooms to sell), two extra doubles on 03-01 (4 instead of 2).
  await db.insert(roomNights).values([
    { roomTypeId: suite.id, night: "2030-03-06", roomsTotal: 0, roomsTaken: 0 },
    { roomTypeId: double.id, night: "2030-03-01", roomsTotal: 4, roomsTaken: 0 },
  ]);
});
afterAll(() => t.close());

type ReportQuery = InferRequestType<ApiClient["properties"]["reports"]["$get"]>["query"];

async function report(query: ReportQuery, cookie: string) {
  const res = await t.client(cookie).properties.reports.$get({ query });
  expect(res.status, await res.clone().text()).toBe(200);
  return await res.json();
}

describe("the revenue report of one hotel", () => {
  it("computes every figure from the sold bookings, night by night, and the calendar", async () => {
    const r = await report({ ...RANGE, hotelId: String(hotel.id) }, manager);
    expect(r).toMatchObject({ from: "2030-03-01", to: "2030-03-10", nights: 10, hotelCount: 1 });
    expect(r.hotel).toEqual({ id: hotel.id, name: "Report Hotel", city: "Lisbon" });
    // Available: 3 rooms x 10 nights, +2 doubles on 03-01, -1 suite on 03-06 = 31.
    // Sold: 3 (first stay) + 2 rooms x 2 nights + 1 (the suite's 03-01) + 2 (phone) + 1 (early departure) = 11.
    // Revenue: 30,000 + 17,700 + 23,600 + 3,334 + 35,000 + 22,000 = 131,634.
    // ADR 131,634 / 11 = 11,966.7; RevPAR 131,634 / 31 = 4,246.3.
    expect(r.totals).toEqual({
      availableRoomNights: 31,
      soldRoomNights: 11,
      occupancyPercent: 35.48,
      roomRevenueCents: 131634,
      adrCents: 11967,
      revparCents: 4246,
      // Sold arrivals of the range: 3 + 3 + 2 + 1 nights (2.25), booked 10, 8, 2 and 8 days ahead (7).
      arrivals: 4,
      averageLengthOfStayNights: 2.3,
      averageLeadTimeDays: 7,
      // Made: those four and the cancelled one (the hold and the lapsed hold never were bookings).
      bookingsMade: 5,
      cancellations: 1,
      cancellationPercent: 20,
    });
  });

  it("gives the nights one by one at the prices they were sold at", async () => {
    const r = await report({ ...RANGE, hotelId: String(hotel.id) }, manager);
    expect(r.daily).toHaveLength(10);
    const night = (date: string) => r.daily.find((d) => d.night === date);
    expect(night("2030-03-01")).toEqual({
      night: "2030-03-01",
      availableRoomNights: 5,
      soldRoomNights: 1,
      revenueCents: 3334,
      occupancyPercent: 20,
    });
    expect(r.daily.slice(1, 4).map((d) => d.revenueCents)).toEqual([8000, 10000, 12000]);
    expect(night("2030-03-02")).toMatchObject({ availableRoomNights: 3, soldRoomNights: 1 });
    // The early departure's one night carries what the stay kept.
    expect(night("2030-03-05")).toMatchObject({ availableRoomNights: 3, soldRoomNights: 1, revenueCents: 22000, occupancyPercent: 33.33 });
    expect(night("2030-03-06")).toMatchObject({ availableRoomNights: 2, soldRoomNights: 0, revenueCents: 0, occupancyPercent: 0 });
    expect(night("2030-03-07")).toMatchObject({ soldRoomNights: 1, revenueCents: 15000 });
    expect(night("2030-03-08")).toMatchObject({ soldRoomNights: 1, revenueCents: 20000 });
    expect(night("2030-03-09")).toMatchObject({ soldRoomNights: 2, revenueCents: 17700, occupancyPercent: 66.67 });
    expect(night("2030-03-10")).toMatchObject({ soldRoomNights: 2, revenueCents: 23600 });
    expect(r.daily.reduce((sum, d) => sum + d.revenueCents, 0)).toBe(r.totals.roomRevenueCents);
  });

  it("splits revenue by room type and by channel, phone bookings in their own", async () => {
    const r = await report({ ...RANGE, hotelId: String(hotel.id) }, manager);
    expect(r.roomTypes.total).toBe(2);
    expect(r.roomTypes.rows).toEqual([
      // 2 rooms x 10 + 2 = 22 available; 3 + 4 + 1 sold; 30,000 + 41,300 + 22,000; ADR 93,300 / 8 = 11,662.5.
      {
        roomTypeId: double.id,
        roomType: "Double",
        hotelId: hotel.id,
        hotelName: "Report Hotel",
        availableRoomNights: 22,
        soldRoomNights: 8,
        revenueCents: 93300,
        occupancyPercent: 36.36,
        adrCents: 11663,
      },
      // 10 - 1 closed = 9 available; 1 + 2 sold; 3,334 + 35,000; ADR 38,334 / 3 = 12,778.
      {
        roomTypeId: suite.id,
        roomType: suite.name,
        hotelId: hotel.id,
        hotelName: "Report Hotel",
        availableRoomNights: 9,
        soldRoomNights: 3,
        revenueCents: 38334,
        occupancyPercent: 33.33,
        adrCents: 12778,
      },
    ]);
    expect(r.channels).toEqual([
      // Four stays with nights in the range (one began before it): 9 room-nights, 96,634 of 131,634.
      { channel: "own_site", label: "Own site", bookings: 4, soldRoomNights: 9, revenueCents: 96634, revenueSharePercent: 73.41 },
      {
        channel: "front_desk",
        label: "Front desk (phone)",
        bookings: 1,
        soldRoomNights: 2,
        revenueCents: 35000,
        revenueSharePercent: 26.59,
      },
      { channel: "channel", label: "Channel API", bookings: 0, soldRoomNights: 0, revenueCents: 0, revenueSharePercent: 0 },
      { channel: "calendar", label: "Imported calendar", bookings: 0, soldRoomNights: 0, revenueCents: 0, revenueSharePercent: 0 },
      { channel: "partner", label: "Partner (wholesaler)", bookings: 0, soldRoomNights: 0, revenueCents: 0, revenueSharePercent: 0 },
    ]);
  });

  it("counts a stay's nights to its amount exactly, whatever the range cuts", async () => {
    // The two-room stay seen whole (03-09 .. 03-11): 17,700 + 23,600 + 17,700 = 59,000.
    const r = await report({ from: "2030-03-09", to: "2030-03-11", hotelId: String(hotel.id) }, manager);
    expect(r.totals.roomRevenueCents).toBe(59000);
    expect(r.roomTypes.rows.find((row) => row.roomTypeId === double.id)?.revenueCents).toBe(59000);
    expect(r.daily.map((d) => d.revenueCents)).toEqual([17700, 23600, 17700]);
    // Only its last night: 2 room-nights, 17,700, ADR 8,850.
    const last = await report({ from: "2030-03-11", to: "2030-03-11", hotelId: String(hotel.id) }, manager);
    expect(last.totals).toMatchObject({ soldRoomNights: 2, roomRevenueCents: 17700, adrCents: 8850 });
    // The stay without nightly prices, whole: 3,333 + 3,333 + 3,334.
    const even = await report({ from: "2030-02-27", to: "2030-03-01", hotelId: String(hotel.id) }, manager);
    expect(even.daily.map((d) => d.revenueCents)).toEqual([3333, 3333, 3334]);
  });

  it("follows the bookings as they change: a cancellation takes its nights away, a partial refund only its amount", async () => {
    const db = t.deps.db;
    const [first] = await db.select().from(bookings).where(eq(bookings.checkIn, "2030-03-02"));
    await db.update(bookings).set({ status: "cancelled" }).where(eq(bookings.id, first!.id));
    const cancelled = await report({ from: "2030-03-02", to: "2030-03-04", hotelId: String(hotel.id) }, manager);
    // Made in these nights: it and the refunded suite of 03-03, both cancelled now.
    expect(cancelled.totals).toMatchObject({ soldRoomNights: 0, roomRevenueCents: 0, cancellations: 2, bookingsMade: 2 });
    // Refunded 6,000 of 30,000 and standing: 24,000 shared 8 : 10 : 12 = 6,400, 8,000, 9,600.
    await db
      .update(bookings)
      .set({ status: "confirmed", paymentStatus: "refunded", refundedCents: 6000 })
      .where(eq(bookings.id, first!.id));
    const partly = await report({ from: "2030-03-02", to: "2030-03-04", hotelId: String(hotel.id) }, manager);
    expect(partly.daily.map((d) => d.revenueCents)).toEqual([6400, 8000, 9600]);
    expect(partly.totals).toMatchObject({ soldRoomNights: 3, roomRevenueCents: 24000, cancellations: 1, bookingsMade: 2 });
    await db.update(bookings).set({ paymentStatus: "completed", refundedCents: 0 }).where(eq(bookings.id, first!.id));
    const restored = await report({ from: "2030-03-02", to: "2030-03-04", hotelId: String(hotel.id) }, manager);
    expect(restored.daily.map((d) => d.revenueCents)).toEqual([8000, 10000, 12000]);
  });
});

describe("scope", () => {
  it("gives a manager their hotels only, and an admin every hotel with partner bookings as a channel", async () => {
    const mine = await report(RANGE, manager);
    expect(mine.hotel).toBeNull();
    expect(mine.hotelCount).toBe(1);
    expect(mine.totals).toMatchObject({ availableRoomNights: 31, soldRoomNights: 11, roomRevenueCents: 131634 });
    expect(mine.roomTypes.rows.map((row) => row.hotelId)).toEqual([hotel.id, hotel.id]);

    const all = await report(RANGE, admin);
    expect(all.hotelCount).toBe(2);
    // The other hotel adds 3 rooms x 10 nights and 2 nights sold for 20,000.
    expect(all.totals).toMatchObject({ availableRoomNights: 61, soldRoomNights: 13, roomRevenueCents: 151634, arrivals: 5 });
    expect(all.roomTypes.rows.map((row) => row.roomType)).toEqual(["Double", suite.name, "Single"]);
    // Channel revenue 116,634 + 35,000 + 25,000 = 176,634.
    expect(all.channels).toEqual([
      { channel: "own_site", label: "Own site", bookings: 5, soldRoomNights: 11, revenueCents: 116634, revenueSharePercent: 66.03 },
      {
        channel: "front_desk",
        label: "Front desk (phone)",
        bookings: 1,
        soldRoomNights: 2,
        revenueCents: 35000,
        revenueSharePercent: 19.81,
      },
      { channel: "channel", label: "Channel API", bookings: 0, soldRoomNights: 0, revenueCents: 0, revenueSharePercent: 0 },
      { channel: "calendar", label: "Imported calendar", bookings: 0, soldRoomNights: 0, revenueCents: 0, revenueSharePercent: 0 },
      {
        channel: "partner",
        label: "Partner (wholesaler)",
        bookings: 1,
        soldRoomNights: 2,
        revenueCents: 25000,
        revenueSharePercent: 14.15,
      },
    ]);
  });

  it("refuses another manager's hotel, an unknown hotel, travellers and visitors", async () => {
    const theirs = { query: { ...RANGE, hotelId: String(other.id) } };
    const forbidden = await t.client(manager).properties.reports.$get(theirs);
    expect(forbidden.status).toBe(403);
    expect((await t.client(manager).properties["reports.csv"].$get(theirs)).status).toBe(403);
    // A manager learns nothing about hotels outside their grant, existing or not.
    const unknown = { query: { ...RANGE, hotelId: "999999" } };
    expect((await t.client(manager).properties.reports.$get(unknown)).status).toBe(403);
    expect((await t.client(admin).properties.reports.$get(unknown)).status).toBe(404);
    expect((await t.client(traveller).properties.reports.$get({ query: RANGE })).status).toBe(403);
    expect((await t.api.properties.reports.$get({ query: RANGE })).status).toBe(401);
  });
});

describe("bad ranges", () => {
  it.each([
    ["from=2030-03-10&to=2030-03-01", "The end date must be on or after the start date"],
    ["from=2030-01-01&to=2031-01-02", "Choose at most 366 days (this range has 367)"],
    ["from=2030-02-30&to=2030-03-10", "from must be a date like 2026-05-31"],
    ["from=yesterday&to=2030-03-10", "from must be a date like 2026-05-31"],
    ["to=2030-03-10", "from is required (a date like 2026-05-31)"],
    ["from=2030-03-01&to=2030-03-10&hotelId=abc", "hotelId must be a hotel id"],
  ])("answers 400 to %s", async (query, message) => {
    // Query strings as typed in an address bar, some without a field the typed client requires: raw.
    const res = await t.request("GET", `/api/properties/reports?${query}`, { cookie: admin });
    expect(res.status).toBe(400);
    const body = await errorOf(res);
    expect(body.code).toBe("VALIDATION_ERROR");
    expect(body.issues?.map((i) => i.message)).toContain(message);
  });

  it("accepts a whole leap year of 366 nights", async () => {
    const r = await report({ from: "2028-01-01", to: "2028-12-31", hotelId: String(hotel.id) }, admin);
    expect(r.nights).toBe(366);
    expect(r.daily).toHaveLength(366);
  });
});

describe("the CSV export", () => {
  it("carries the same figures, formula-safe", async () => {
    const res = await t.client(manager).properties["reports.csv"].$get({ query: { ...RANGE, hotelId: String(hotel.id) } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="revenue-report-hotel-${hotel.id}-2030-03-01-2030-03-10.csv"`,
    );
    const lines = (await res.text()).split("\r\n");
    expect(lines).toContain("Room revenue,1316.34");
    expect(lines).toContain("Occupancy %,35.48");
    expect(lines).toContain("ADR,119.67");
    expect(lines).toContain("RevPAR,42.46");
    expect(lines).toContain("Cancellations,1");
    expect(lines).toContain("2030-03-09,3,2,66.67,177.00");
    expect(lines).toContain("Own site,4,9,966.34,73.41");
    expect(lines).toContain("Front desk (phone),1,2,350.00,26.59");
    // The room type named like a formula is written as text: quoted, with an apostrophe before the '='.
    const suiteLine = lines.find((line) => line.includes("HYPERLINK"));
    expect(suiteLine).toBe(`Report Hotel,"'=HYPERLINK(""http://evil"")",9,3,33.33,383.34,127.78`);
    expect(lines.some((line) => /(^|,)[=+\-@]/.test(line))).toBe(false);
  });
});

describe("nights not on sale (decision 042)", () => {
  // Hotels of their own, made after the tests above, whose figures count every hotel.
  it("counts a night the calendar closed as the rooms already sold on it, not as rooms to sell", async () => {
    const db = t.deps.db;
    const closing = await createHotel(db, { name: "Closing Hotel" });
    const rooms = await createRoomType(db, closing.id, { name: "Twin", totalRooms: 3, priceCents: 10000 });
    await db
      .insert(bookings)
      .values(
        booking(rooms, closing.id, { checkIn: "2030-04-02", checkOut: "2030-04-03", hotelName: "Closing Hotel", totalPriceCents: 10000 }),
      );
    // Dec 28-29 in the walk: the two nights closed after one room was sold on the first.
    await db.insert(rateRules).values({ roomTypeId: rooms.id, firstNight: "2030-04-02", lastNight: "2030-04-03", closed: true });
    const r = await report({ from: "2030-04-01", to: "2030-04-04", hotelId: String(closing.id) }, admin);
    expect(r.daily.map((d) => d.availableRoomNights)).toEqual([3, 1, 0, 3]);
    // 3 + 1 + 0 + 3 = 7 available, 1 sold.
    expect(r.totals).toMatchObject({ availableRoomNights: 7, soldRoomNights: 1, occupancyPercent: 14.29 });
    expect(r.roomTypes.rows[0]).toMatchObject({ roomTypeId: rooms.id, availableRoomNights: 7, soldRoomNights: 1 });
    // A later rule that opens the night again makes it available again.
    await db.insert(rateRules).values({ roomTypeId: rooms.id, firstNight: "2030-04-03", lastNight: "2030-04-03", closed: false });
    const reopened = await report({ from: "2030-04-01", to: "2030-04-04", hotelId: String(closing.id) }, admin);
    expect(reopened.daily.map((d) => d.availableRoomNights)).toEqual([3, 1, 3, 3]);
  });

  it("counts a hotel's rooms from the day it was created, and only what was sold before", async () => {
    const db = t.deps.db;
    const late = await createHotel(db, { name: "Late Hotel" });
    const rooms = await createRoomType(db, late.id, { name: "Loft", totalRooms: 2, priceCents: 10000 });
    await db
      .update(hotels)
      .set({ createdAt: new Date("2030-04-28T09:00:00Z") })
      .where(eq(hotels.id, late.id));
    // A stay imported from before the hotel was on Staywise, with the calendar's own count on its night.
    await db
      .insert(bookings)
      .values(booking(rooms, late.id, { checkIn: "2030-04-20", checkOut: "2030-04-21", hotelName: "Late Hotel", totalPriceCents: 10000 }));
    await db.insert(roomNights).values({ roomTypeId: rooms.id, night: "2030-04-20", roomsTotal: 5, roomsTaken: 1 });
    const r = await report({ from: "2030-04-01", to: "2030-04-30", hotelId: String(late.id) }, admin);
    const available = new Map(r.daily.map((d) => [d.night, d.availableRoomNights]));
    expect(available.get("2030-04-01")).toBe(0);
    expect(available.get("2030-04-20")).toBe(1);
    expect(available.get("2030-04-27")).toBe(0);
    expect(available.get("2030-04-28")).toBe(2);
    // 2 rooms x 3 nights (28th to 30th) + the 1 sold on the 20th.
    expect(r.totals).toMatchObject({ availableRoomNights: 7, soldRoomNights: 1 });
    expect(r.roomTypes.rows[0]).toMatchObject({ roomTypeId: rooms.id, availableRoomNights: 7 });
    // Every hotel together on the 20th: Report Hotel's 3, the other hotel's 3, Closing Hotel's 3 and this 1.
    const all = await report({ from: "2030-04-20", to: "2030-04-20" }, admin);
    expect(all.totals).toMatchObject({ availableRoomNights: 10, soldRoomNights: 1 });
  });
});

describe("pay at hotel, shortened at the front desk", () => {
  // A hotel of its own with stays from today (the desk checks guests in from their arrival day), after the tests that count every hotel.
  it("counts what was earned: $120 × 3 nights, checked out after 1 night, is $120 of revenue, not $360", async () => {
    const db = t.deps.db;
    const deskHotel = await createHotel(db, { name: "Walk-in Hotel" });
    const king = await createRoomType(db, deskHotel.id, { name: "King", totalRooms: 2, priceCents: 12000, maxGuests: 2 });
    const today = todayUtc();
    const desk = t.client(admin).properties.hotels[":hotelId"]["front-desk"];
    const hotelId = String(deskHotel.id);
    const made = await desk["phone-bookings"].$post({
      param: { hotelId },
      json: {
        roomTypeId: String(king.id),
        checkIn: today,
        checkOut: addDays(today, 3),
        guests: 2,
        guestName: "Peter Phone",
        guestEmail: "peter.phone@example.com",
        guestPhone: "+1 555 0177",
        payment: "pay_at_hotel",
      },
    });
    expect(made.status, await made.clone().text()).toBe(201);
    const { bookingId } = await made.json();
    const range = { from: today, to: addDays(today, 2), hotelId: String(deskHotel.id) };
    expect((await report(range, admin)).totals.roomRevenueCents).toBe(36000);

    expect((await desk.bookings[":bookingId"]["check-in"].$post({ param: { hotelId, bookingId } })).status).toBe(200);
    expect((await desk.bookings[":bookingId"]["check-out"].$post({ param: { hotelId, bookingId } })).status).toBe(200);
    const r = await report(range, admin);
    expect(r.daily.map((d) => [d.night, d.soldRoomNights, d.revenueCents])).toEqual([
      [today, 1, 12000],
      [addDays(today, 1), 0, 0],
      [addDays(today, 2), 0, 0],
    ]);
    expect(r.totals).toMatchObject({ soldRoomNights: 1, roomRevenueCents: 12000, adrCents: 12000 });
    expect(r.roomTypes.rows[0]).toMatchObject({ roomTypeId: king.id, revenueCents: 12000, adrCents: 12000 });
    expect(r.channels.find((c) => c.channel === "front_desk")).toMatchObject({ bookings: 1, soldRoomNights: 1, revenueCents: 12000 });
  });
});
