import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookings, hotelManagers, roomNights, users } from "../../src/server/db/schema.ts";
import { ensureAdmin } from "../../src/server/services/accounts.ts";
import type { RevenueReport } from "../../src/server/services/revenue-reports.ts";
import { type HotelRow, type RoomTypeRow, createHotel, createRoomType } from "../factories.ts";
import { type TestApp, createTestApp, signIn, signUp } from "../support/test-app.ts";

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

const RANGE = "from=2030-03-01&to=2030-03-10";
let sequence = 0;

function booking(room: RoomTypeRow | null, hotelId: number | null, fields: Partial<typeof bookings.$inferInsert>) {
  sequence += 1;
  const checkIn = fields.checkIn ?? "2030-03-02";
  const checkOut = fields.checkOut ?? "2030-03-03";
  return {
    id: randomUUID(),
    bookingReference: `BKREPORT${sequence}`,
    hotelId,
    hotelName: "Report Hotel",
    roomTypeId: room?.id ?? null,
    roomType: room?.name ?? "Partner room",
    roomPriceCents: 10000,
    checkIn,
    checkOut,
    numGuests: 2,
    numRooms: 1,
    totalNights: 1,
    totalPriceCents: 10000,
    guestName: "Guest",
    guestEmail: "guest@example.com",
    guestPhone: "+1 555 0100",
    status: "confirmed",
    paymentStatus: "completed",
    ...fields,
  };
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

  const [row] = await db.update(users).set({ role: "manager" }).where(eq(users.email, "manager@example.com")).returning();
  await db.insert(hotelManagers).values({ userId: row!.id, hotelId: hotel.id });
  manager = await signIn(t, "manager@example.com");

  await db.insert(bookings).values([
    // Paid: nights 03-02, 03-03, 03-04, 10,000 each; booked 10 days ahead.
    booking(double, hotel.id, {
      checkIn: "2030-03-02",
      checkOut: "2030-03-05",
      totalNights: 3,
      totalPriceCents: 30000,
      createdAt: new Date("2030-02-20T15:00:00Z"),
    }),
    // Paid, 2 rooms, 3 nights, 59,000 after a 1,000 points discount: nights of 19,667, 19,667, 19,666;
    // the range holds the first two (03-09, 03-10). Booked 8 days ahead.
    booking(double, hotel.id, {
      checkIn: "2030-03-09",
      checkOut: "2030-03-12",
      numRooms: 2,
      totalNights: 3,
      totalPriceCents: 60000,
      discountCents: 1000,
      createdAt: new Date("2030-03-01T09:00:00Z"),
    }),
    // Arrived before the range: only its night 03-01 (3,000) is in it; not an arrival of the range.
    booking(suite, hotel.id, {
      checkIn: "2030-02-27",
      checkOut: "2030-03-02",
      totalNights: 3,
      totalPriceCents: 9000,
      createdAt: new Date("2030-02-01T09:00:00Z"),
    }),
    // Paid, then cancelled and refunded: a cancellation, no room-night, no revenue.
    booking(suite, hotel.id, {
      checkIn: "2030-03-03",
      checkOut: "2030-03-04",
      status: "cancelled",
      paymentStatus: "refunded",
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
    // The other hotel: 2 nights at 10,000.
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

async function report(query: string, cookie: string): Promise<RevenueReport> {
  const res = await t.request("GET", `/api/properties/reports?${query}`, { cookie });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as RevenueReport;
}

describe("the revenue report of one hotel", () => {
  it("computes every figure from the paid bookings and the calendar", async () => {
    const r = await report(`${RANGE}&hotelId=${hotel.id}`, manager);
    expect(r).toMatchObject({ from: "2030-03-01", to: "2030-03-10", nights: 10, hotelCount: 1 });
    expect(r.hotel).toEqual({ id: hotel.id, name: "Report Hotel", city: "Lisbon" });
    // Available: 3 rooms x 10 nights, +2 doubles on 03-01, -1 suite on 03-06 = 31.
    // Sold: 3 (first stay) + 2 rooms x 2 nights + 1 (the suite's 03-01) = 8.
    // Revenue: 30,000 + 19,667 x 2 + 3,000 = 72,334. ADR 72,334 / 8 = 9,041.75; RevPAR 72,334 / 31 = 2,333.35.
    expect(r.totals).toEqual({
      availableRoomNights: 31,
      soldRoomNights: 8,
      occupancyPercent: 25.81,
      roomRevenueCents: 72334,
      adrCents: 9042,
      revparCents: 2333,
      // Arrivals in the range that were sold: the first two stays, 3 nights each, booked 10 and 8 days ahead.
      arrivals: 2,
      averageLengthOfStayNights: 3,
      averageLeadTimeDays: 9,
      // Made: those two and the cancelled one (the hold and the lapsed hold never were bookings).
      bookingsMade: 3,
      cancellations: 1,
      cancellationPercent: 33.33,
    });
  });

  it("gives the nights one by one", async () => {
    const r = await report(`${RANGE}&hotelId=${hotel.id}`, manager);
    expect(r.daily).toHaveLength(10);
    const night = (date: string) => r.daily.find((d) => d.night === date);
    expect(night("2030-03-01")).toEqual({
      night: "2030-03-01",
      availableRoomNights: 5,
      soldRoomNights: 1,
      revenueCents: 3000,
      occupancyPercent: 20,
    });
    expect(night("2030-03-02")).toMatchObject({ availableRoomNights: 3, soldRoomNights: 1, revenueCents: 10000 });
    expect(night("2030-03-05")).toMatchObject({ availableRoomNights: 3, soldRoomNights: 0, revenueCents: 0, occupancyPercent: 0 });
    expect(night("2030-03-06")).toMatchObject({ availableRoomNights: 2, soldRoomNights: 0 });
    expect(night("2030-03-09")).toMatchObject({ soldRoomNights: 2, revenueCents: 19667, occupancyPercent: 66.67 });
    expect(night("2030-03-10")).toMatchObject({ soldRoomNights: 2, revenueCents: 19667 });
    expect(r.daily.reduce((sum, d) => sum + d.revenueCents, 0)).toBe(r.totals.roomRevenueCents);
  });

  it("splits revenue by room type and by channel", async () => {
    const r = await report(`${RANGE}&hotelId=${hotel.id}`, manager);
    expect(r.roomTypes.total).toBe(2);
    expect(r.roomTypes.rows).toEqual([
      // 2 rooms x 10 + 2 = 22 available; 3 + 4 sold; 30,000 + 39,334; ADR 69,334 / 7 = 9,904.86.
      {
        roomTypeId: double.id,
        roomType: "Double",
        hotelId: hotel.id,
        hotelName: "Report Hotel",
        availableRoomNights: 22,
        soldRoomNights: 7,
        revenueCents: 69334,
        occupancyPercent: 31.82,
        adrCents: 9905,
      },
      {
        roomTypeId: suite.id,
        roomType: suite.name,
        hotelId: hotel.id,
        hotelName: "Report Hotel",
        availableRoomNights: 9,
        soldRoomNights: 1,
        revenueCents: 3000,
        occupancyPercent: 11.11,
        adrCents: 3000,
      },
    ]);
    expect(r.channels).toEqual([
      { channel: "own_site", label: "Own site", bookings: 3, soldRoomNights: 8, revenueCents: 72334, revenueSharePercent: 100 },
      { channel: "partner", label: "Partner (wholesaler)", bookings: 0, soldRoomNights: 0, revenueCents: 0, revenueSharePercent: 0 },
    ]);
  });

  it("counts a stay's nights to its amount exactly, whatever the range cuts", async () => {
    // The two-room stay seen whole (03-09 .. 03-11): 19,667 + 19,667 + 19,666 = 59,000.
    const r = await report(`from=2030-03-09&to=2030-03-11&hotelId=${hotel.id}`, manager);
    expect(r.totals.roomRevenueCents).toBe(59000);
    expect(r.roomTypes.rows.find((row) => row.roomTypeId === double.id)?.revenueCents).toBe(59000);
    expect(r.daily.map((d) => d.revenueCents)).toEqual([19667, 19667, 19666]);
    // Only its last night: the cent that went to the first nights is not counted twice.
    const last = await report(`from=2030-03-11&to=2030-03-11&hotelId=${hotel.id}`, manager);
    expect(last.totals).toMatchObject({ soldRoomNights: 2, roomRevenueCents: 19666, adrCents: 9833 });
  });
});

describe("scope", () => {
  it("gives a manager their hotels only, and an admin every hotel with partner bookings as a channel", async () => {
    const mine = await report(RANGE, manager);
    expect(mine.hotel).toBeNull();
    expect(mine.hotelCount).toBe(1);
    expect(mine.totals).toMatchObject({ availableRoomNights: 31, soldRoomNights: 8, roomRevenueCents: 72334 });
    expect(mine.roomTypes.rows.map((row) => row.hotelId)).toEqual([hotel.id, hotel.id]);

    const all = await report(RANGE, admin);
    expect(all.hotelCount).toBe(2);
    // The other hotel adds 3 rooms x 10 nights and 2 nights sold for 20,000.
    expect(all.totals).toMatchObject({ availableRoomNights: 61, soldRoomNights: 10, roomRevenueCents: 92334, arrivals: 3 });
    expect(all.roomTypes.rows.map((row) => row.roomType)).toEqual(["Double", "Single", suite.name]);
    expect(all.channels).toEqual([
      { channel: "own_site", label: "Own site", bookings: 4, soldRoomNights: 10, revenueCents: 92334, revenueSharePercent: 78.69 },
      {
        channel: "partner",
        label: "Partner (wholesaler)",
        bookings: 1,
        soldRoomNights: 2,
        revenueCents: 25000,
        revenueSharePercent: 21.31,
      },
    ]);
  });

  it("refuses another manager's hotel, an unknown hotel, travellers and visitors", async () => {
    const forbidden = await t.request("GET", `/api/properties/reports?${RANGE}&hotelId=${other.id}`, { cookie: manager });
    expect(forbidden.status).toBe(403);
    expect((await t.request("GET", `/api/properties/reports.csv?${RANGE}&hotelId=${other.id}`, { cookie: manager })).status).toBe(403);
    // A manager learns nothing about hotels outside their grant, existing or not.
    expect((await t.request("GET", `/api/properties/reports?${RANGE}&hotelId=999999`, { cookie: manager })).status).toBe(403);
    expect((await t.request("GET", `/api/properties/reports?${RANGE}&hotelId=999999`, { cookie: admin })).status).toBe(404);
    expect((await t.request("GET", `/api/properties/reports?${RANGE}`, { cookie: traveller })).status).toBe(403);
    expect((await t.request("GET", `/api/properties/reports?${RANGE}`)).status).toBe(401);
  });
});

describe("bad ranges", () => {
  it.each([
    ["from=2030-03-10&to=2030-03-01", "The end date must be on or after the start date"],
    ["from=2030-01-01&to=2031-01-02", "Choose at most 366 days (this range has 367)"],
    ["from=2030-02-30&to=2030-03-10", "from must be a date like 2026-05-31"],
    ["from=yesterday&to=2030-03-10", "from must be a date like 2026-05-31"],
    ["to=2030-03-10", "from is required (a date like 2026-05-31)"],
    [`${RANGE}&hotelId=abc`, "hotelId must be a hotel id"],
  ])("answers 400 to %s", async (query, message) => {
    const res = await t.request("GET", `/api/properties/reports?${query}`, { cookie: admin });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { code: string; message: string; issues: { message: string }[] };
    expect(body.code).toBe("VALIDATION_ERROR");
    expect(body.issues.map((i) => i.message)).toContain(message);
  });

  it("accepts a whole leap year of 366 nights", async () => {
    const r = await report(`from=2028-01-01&to=2028-12-31&hotelId=${hotel.id}`, admin);
    expect(r.nights).toBe(366);
    expect(r.daily).toHaveLength(366);
  });
});

describe("the CSV export", () => {
  it("carries the same figures, formula-safe", async () => {
    const res = await t.request("GET", `/api/properties/reports.csv?${RANGE}&hotelId=${hotel.id}`, { cookie: manager });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="revenue-report-hotel-${hotel.id}-2030-03-01-2030-03-10.csv"`,
    );
    const lines = (await res.text()).split("\r\n");
    expect(lines).toContain("Room revenue,723.34");
    expect(lines).toContain("Occupancy %,25.81");
    expect(lines).toContain("ADR,90.42");
    expect(lines).toContain("RevPAR,23.33");
    expect(lines).toContain("Cancellations,1");
    expect(lines).toContain("2030-03-09,3,2,66.67,196.67");
    expect(lines).toContain("Own site,3,8,723.34,100");
    // The room type named like a formula is written as text: quoted, with an apostrophe before the '='.
    const suiteLine = lines.find((line) => line.includes("HYPERLINK"));
    expect(suiteLine).toBe(`Report Hotel,"'=HYPERLINK(""http://evil"")",9,1,11.11,30.00,30.00`);
    expect(lines.some((line) => /(^|,)[=+\-@]/.test(line))).toBe(false);
  });
});
