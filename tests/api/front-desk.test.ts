import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CreateBookingResponse } from "../../src/shared/booking.ts";
import { english } from "../../src/shared/i18n/english.ts";
import { refundText } from "../../src/shared/i18n/labels.ts";
import { addDays, todayUtc } from "../../src/shared/dates.ts";
import { activityLogs, bookings, hotelExtras, hotels, payments, roomNights, simulatedRefunds, users } from "../../src/server/db/schema.ts";
import { openDatabase } from "../../src/server/db/client.ts";
import { migrateDatabase } from "../../src/server/db/migrate.ts";
import { DEMO_FRONT_DESK_EMAIL, DEMO_MANAGER_EMAIL, seedFrontDeskDemo } from "../../src/server/demo/demo-front-desk.ts";
import { seedCatalogue } from "../../src/server/db/seed/seed-catalogue.ts";
import { ensureAdmin } from "../../src/server/services/accounts.ts";
import { takeRoomNights } from "../../src/server/services/bookings/room-nights.ts";
import { type HotelRow, type RoomTypeRow, createHotel, createRoomType } from "../factories.ts";
import { type TestApp, createTestApp, signIn, signUp } from "../support/test-app.ts";
import { payAndConfirm } from "../support/guest-booking.ts";
import { errorOf } from "../support/typed.ts";

let t: TestApp;
let admin: string;
let manager: string;
let flexible: HotelRow;
let strict: HotelRow;
let other: HotelRow;
let flexRoom: RoomTypeRow;
let strictRoom: RoomTypeRow;
let otherRoom: RoomTypeRow;
const today = todayUtc();
const d = (n: number) => addDays(today, n);

beforeAll(async () => {
  t = await createTestApp();
  await ensureAdmin(t.deps.db, t.deps.auth, { email: "desk-boss@example.com", password: "boss-password", name: "Boss" }, "test");
  admin = await signIn(t, "desk-boss@example.com", "boss-password");
  // Free cancellation up to 1 day before a night; the other is non-refundable.
  flexible = await createHotel(t.deps.db, { name: "Flexible Inn", freeCancellationDays: 1 });
  strict = await createHotel(t.deps.db, { name: "Strict Lodge", freeCancellationDays: 0 });
  other = await createHotel(t.deps.db, { name: "Someone Else's Hotel" });
  flexRoom = await createRoomType(t.deps.db, flexible.id, { name: "Queen", priceCents: 10000, maxGuests: 2, totalRooms: 3 });
  strictRoom = await createRoomType(t.deps.db, strict.id, { name: "Single", priceCents: 8000, maxGuests: 2, totalRooms: 20 });
  otherRoom = await createRoomType(t.deps.db, other.id, { name: "Suite", priceCents: 20000, maxGuests: 2, totalRooms: 3 });
  await signUp(t, "desk-manager@example.com", "secret123", "Desk Manager");
  const [row] = await t.deps.db.select().from(users).where(eq(users.email, "desk-manager@example.com"));
  const grant = await t
    .client(admin)
    .admin.users[":id"].hotels.$put({ param: { id: row!.id }, json: { hotelIds: [flexible.id, strict.id] } });
  expect(grant.status, await grant.clone().text()).toBe(200);
  manager = await signIn(t, "desk-manager@example.com");
  // Sign-ins hash passwords (argon2id) and enrol two-factor: slow on a busy machine.
}, 120_000);
afterAll(() => t.close());

/** A paid, confirmed booking made through the website, as a guest would. */
async function paidBooking(room: RoomTypeRow, checkIn: string, nights: number, guestName: string): Promise<CreateBookingResponse> {
  const res = await t.api.bookings.$post({
    json: {
      hotelId: String(room.hotelId),
      roomTypeId: String(room.id),
      checkIn,
      checkOut: addDays(checkIn, nights),
      guests: 2,
      rooms: 1,
      guestName,
      guestEmail: `${guestName.toLowerCase().replaceAll(" ", ".")}@example.com`,
      guestPhone: "+1 555 0100",
    },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const created = await res.json();
  await payAndConfirm(t, created);
  return created;
}

/** A confirmed stay that started before today (the website cannot book the past). */
async function pastStay(room: RoomTypeRow, checkIn: string, checkOut: string, guestName: string, stayStatus: string | null = null) {
  const id = randomUUID();
  await t.deps.db.insert(bookings).values({
    id,
    bookingReference: `BK${Date.now()}${id.slice(0, 8)}`,
    hotelId: room.hotelId,
    hotelName: "x",
    roomTypeId: room.id,
    roomType: room.name,
    roomPriceCents: room.priceCents,
    checkIn,
    checkOut,
    numGuests: 2,
    numRooms: 1,
    totalNights: 1,
    totalPriceCents: room.priceCents,
    guestName,
    guestEmail: "past@example.com",
    guestPhone: "+1 555 0101",
    status: "confirmed",
    paymentStatus: "completed",
    stayStatus,
  });
  await t.deps.db.transaction((tx) => takeRoomNights(tx, room.id, room.totalRooms, checkIn, checkOut, 1));
  return id;
}

async function taken(room: RoomTypeRow, night: string): Promise<number> {
  const [row] = await t.deps.db
    .select()
    .from(roomNights)
    .where(and(eq(roomNights.roomTypeId, room.id), eq(roomNights.night, night)));
  return row?.roomsTaken ?? 0;
}

describe("the day's lists", () => {
  it("lists arrivals, guests in house and departures of the chosen day, leaving out unpaid holds and other hotels", async () => {
    const arriving = await paidBooking(strictRoom, d(0), 2, "Ada Arriving");
    const staying = await pastStay(strictRoom, d(-2), d(2), "Ian In-house", "checked_in");
    const leaving = await pastStay(strictRoom, d(-3), d(0), "Dora Departing", "checked_in");
    await pastStay(otherRoom, d(-1), d(1), "Olga Other");
    const unpaid = await t.api.bookings.$post({
      json: {
        hotelId: String(strict.id),
        roomTypeId: String(strictRoom.id),
        checkIn: d(0),
        checkOut: d(1),
        guests: 1,
        guestName: "Hugo Hold",
        guestEmail: "h@example.com",
        guestPhone: "+1 555 0102",
      },
    });
    expect(unpaid.status).toBe(201);

    const res = await t
      .client(manager)
      .properties.hotels[":hotelId"]["front-desk"].$get({ param: { hotelId: String(strict.id) }, query: {} });
    expect(res.status).toBe(200);
    const day = await res.json();
    expect(day.date).toBe(today);
    // The page's heading names the hotel from this answer.
    expect(day.hotel).toEqual({ id: strict.id, name: strict.name });
    expect(day.arrivals.map((b) => b.id)).toEqual([arriving.booking.id]);
    expect(day.arrivals[0]!.stayStatus).toBe("expected");
    expect(day.inHouse.map((b) => b.id)).toEqual([staying]);
    expect(day.departures.map((b) => b.id)).toEqual([leaving]);

    const tomorrow = await (
      await t
        .client(manager)
        .properties.hotels[":hotelId"]["front-desk"].$get({ param: { hotelId: String(strict.id) }, query: { date: d(1) } })
    ).json();
    expect(tomorrow.arrivals).toEqual([]);
    expect(tomorrow.inHouse.map((b) => b.guestName)).toEqual(["Ada Arriving", "Ian In-house"]);
    expect(
      (
        await t
          .client(manager)
          .properties.hotels[":hotelId"]["front-desk"].$get({ param: { hotelId: String(strict.id) }, query: { date: "tomorrow" } })
      ).status,
    ).toBe(400);
  });
});

describe("check-in, check-out and no-show", () => {
  it("checks a guest in and out on the last day; refuses what is not a valid next step with a clear 400", async () => {
    const created = await paidBooking(strictRoom, d(0), 1, "Carl Complete");
    const out = await t.client(manager).properties.hotels[":hotelId"]["front-desk"].bookings[":bookingId"]["check-out"].$post({
      param: { hotelId: String(strict.id), bookingId: created.booking.id },
    });
    expect(out.status).toBe(400);
    expect((await errorOf(out)).message).toBe("Carl Complete has not checked in yet.");

    const checkedIn = await t.client(manager).properties.hotels[":hotelId"]["front-desk"].bookings[":bookingId"]["check-in"].$post({
      param: { hotelId: String(strict.id), bookingId: created.booking.id },
    });
    expect(checkedIn.status).toBe(200);
    expect((await checkedIn.json()).booking.stayStatus).toBe("checked_in");
    const again = await t.client(manager).properties.hotels[":hotelId"]["front-desk"].bookings[":bookingId"]["check-in"].$post({
      param: { hotelId: String(strict.id), bookingId: created.booking.id },
    });
    expect(again.status).toBe(400);
    expect((await errorOf(again)).message).toBe("Carl Complete is already checked in.");
    expect(
      (
        await t.client(manager).properties.hotels[":hotelId"]["front-desk"].bookings[":bookingId"]["no-show"].$post({
          param: { hotelId: String(strict.id), bookingId: created.booking.id },
        })
      ).status,
    ).toBe(400);

    const [log] = await t.deps.db.select().from(activityLogs).where(eq(activityLogs.actionType, "guest_checked_in"));
    expect(log).toMatchObject({ userEmail: "desk-manager@example.com", targetUserEmail: "carl.complete@example.com" });
  });

  it("refuses to check in a guest before their arrival day", async () => {
    const created = await paidBooking(strictRoom, d(3), 1, "Frida Future");
    const res = await t.client(manager).properties.hotels[":hotelId"]["front-desk"].bookings[":bookingId"]["check-in"].$post({
      param: { hotelId: String(strict.id), bookingId: created.booking.id },
    });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe(`Frida Future arrives on ${d(3)}: check them in on that day.`);
    expect(
      (
        await t.client(manager).properties.hotels[":hotelId"]["front-desk"].bookings[":bookingId"]["no-show"].$post({
          param: { hotelId: String(strict.id), bookingId: created.booking.id },
        })
      ).status,
    ).toBe(400);
  });

  it("a normal check-out on the last day gives nothing back", async () => {
    const id = await pastStay(strictRoom, d(-2), d(0), "Nora Normal", "checked_in");
    const res = await t.client(manager).properties.hotels[":hotelId"]["front-desk"].bookings[":bookingId"]["check-out"].$post({
      param: { hotelId: String(strict.id), bookingId: id },
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.booking).toMatchObject({ stayStatus: "checked_out", checkOut: d(0), bookedCheckOut: null });
    expect(body.earlyDeparture).toBeNull();
  });

  it("an early departure returns the unused nights to the inventory and refunds those outside the free-cancellation window", async () => {
    const created = await paidBooking(flexRoom, d(0), 4, "Eve Early");
    expect(await taken(flexRoom, d(2))).toBe(1);
    expect(
      (
        await t.client(manager).properties.hotels[":hotelId"]["front-desk"].bookings[":bookingId"]["check-in"].$post({
          param: { hotelId: String(flexible.id), bookingId: created.booking.id },
        })
      ).status,
    ).toBe(200);
    const res = await t.client(manager).properties.hotels[":hotelId"]["front-desk"].bookings[":bookingId"]["check-out"].$post({
      param: { hotelId: String(flexible.id), bookingId: created.booking.id },
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    // Leaving on the arrival day keeps the first night; the three after it go back.
    expect(body.booking).toMatchObject({ stayStatus: "checked_out", checkOut: d(1), bookedCheckOut: d(4) });
    expect(body.earlyDeparture?.nightsReturned).toEqual([d(1), d(2), d(3)]);
    expect(await taken(flexRoom, d(0))).toBe(1);
    for (const n of [1, 2, 3]) expect(await taken(flexRoom, d(n))).toBe(0);
    // Every unused night is at least a day away: 3 of the 4 paid nights come back.
    expect(body.earlyDeparture).toMatchObject({ refundCents: 30000, refunded: true });
    const [refund] = await t.deps.db.select().from(simulatedRefunds).where(eq(simulatedRefunds.paymentId, created.payment.paymentId));
    expect(refund?.amountCents).toBe(30000);
    const [row] = await t.deps.db.select().from(bookings).where(eq(bookings.id, created.booking.id));
    expect(row).toMatchObject({ paymentStatus: "refunded", totalNights: 1, refundDueCents: 30000 });
    const [payment] = await t.deps.db.select().from(payments).where(eq(payments.bookingId, created.booking.id));
    expect(payment?.refundedCents).toBe(30000);
    // A partial refund reads as one: 300.00 of the 400.00 paid went back.
    expect(row?.refundedCents).toBe(30000);
    expect(body.booking).toMatchObject({ paymentStatus: "refunded", amountDueCents: 40000, refundedCents: 30000 });
    expect(refundText(english, 30000, 40000, (cents) => `$${(cents / 100).toFixed(2)}`)).toBe("Partly refunded: $300.00 of $400.00");
    // The stay still earns what was kept (40,000 - 30,000) on the night it has.
    const report = await t.client(manager).properties.reports.$get({ query: { from: d(0), to: d(3), hotelId: String(flexible.id) } });
    const figures = await report.json();
    expect(figures.daily.map((n) => [n.night, n.soldRoomNights, n.revenueCents])).toEqual([
      [d(0), 1, 10000],
      [d(1), 0, 0],
      [d(2), 0, 0],
      [d(3), 0, 0],
    ]);
    const logs = await t.deps.db.select().from(activityLogs).where(eq(activityLogs.actionType, "guest_checked_out"));
    expect(logs.find((l) => l.details.bookingId === created.booking.id)?.details).toMatchObject({
      bookingId: created.booking.id,
      earlyDeparture: true,
      nightsReturned: 3,
      refundCents: 30000,
    });
  });

  it("an early departure under a non-refundable policy returns the nights and says nothing is refunded", async () => {
    const id = await pastStay(strictRoom, d(-1), d(3), "Nils Nonrefund", "checked_in");
    const before = [await taken(strictRoom, d(1)), await taken(strictRoom, d(2))];
    const res = await t.client(manager).properties.hotels[":hotelId"]["front-desk"].bookings[":bookingId"]["check-out"].$post({
      param: { hotelId: String(strict.id), bookingId: id },
    });
    const body = await res.json();
    expect(body.earlyDeparture).toMatchObject({
      nightsReturned: [d(0), d(1), d(2)],
      refundCents: 0,
      refunded: false,
      refundNote: "No refund: the hotel's rate is non-refundable.",
    });
    expect([await taken(strictRoom, d(1)), await taken(strictRoom, d(2))]).toEqual([before[0]! - 1, before[1]! - 1]);
  });

  it("a no-show keeps the first night sold and gives the later nights back", async () => {
    const created = await paidBooking(strictRoom, d(0), 3, "Ned Noshow");
    const res = await t.client(manager).properties.hotels[":hotelId"]["front-desk"].bookings[":bookingId"]["no-show"].$post({
      param: { hotelId: String(strict.id), bookingId: created.booking.id },
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.booking).toMatchObject({ stayStatus: "no_show", checkOut: d(1), bookedCheckOut: d(3) });
    expect(body.released.nightsReturned).toEqual([d(1), d(2)]);
    const checkIn = await t.client(manager).properties.hotels[":hotelId"]["front-desk"].bookings[":bookingId"]["check-in"].$post({
      param: { hotelId: String(strict.id), bookingId: created.booking.id },
    });
    expect((await errorOf(checkIn)).message).toBe("Ned Noshow was marked as a no-show.");
    const day = await (
      await t
        .client(manager)
        .properties.hotels[":hotelId"]["front-desk"].$get({ param: { hotelId: String(strict.id) }, query: { date: d(1) } })
    ).json();
    expect(day.departures.map((b) => b.guestName)).not.toContain("Ned Noshow");
  });

  it("refuses a booking of another hotel through this hotel's path, and another manager's hotel altogether", async () => {
    const created = await paidBooking(otherRoom, d(0), 1, "Paula Path");
    const sneaky = await t.client(manager).properties.hotels[":hotelId"]["front-desk"].bookings[":bookingId"]["check-in"].$post({
      param: { hotelId: String(strict.id), bookingId: created.booking.id },
    });
    expect(sneaky.status).toBe(404);
    expect(
      (
        await t.client(manager).properties.hotels[":hotelId"]["front-desk"].bookings[":bookingId"]["check-in"].$post({
          param: { hotelId: String(other.id), bookingId: created.booking.id },
        })
      ).status,
    ).toBe(403);
    expect(
      (await t.client(manager).properties.hotels[":hotelId"]["front-desk"].$get({ param: { hotelId: String(other.id) }, query: {} }))
        .status,
    ).toBe(403);
    const [row] = await t.deps.db.select().from(bookings).where(eq(bookings.id, created.booking.id));
    expect(row?.stayStatus).toBeNull();
    // An admin runs every hotel.
    expect(
      (
        await t.client(admin).properties.hotels[":hotelId"]["front-desk"].bookings[":bookingId"]["check-in"].$post({
          param: { hotelId: String(other.id), bookingId: created.booking.id },
        })
      ).status,
    ).toBe(200);
  });
});

describe("phone bookings", () => {
  const guest = { guestName: "Paul Phone", guestEmail: "Paul.Phone@example.com", guestPhone: "+44 20 7946 0000", guests: 2 };

  it("pay at hotel: confirmed at once with the rooms taken, nothing charged, and the staff member in the activity log", async () => {
    const res = await t.client(manager).properties.hotels[":hotelId"]["front-desk"]["phone-bookings"].$post({
      param: { hotelId: String(flexible.id) },
      json: { ...guest, roomTypeId: String(flexRoom.id), checkIn: d(5), checkOut: d(7), payment: "pay_at_hotel" },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const made = await res.json();
    expect(made.hold).toBeNull();
    const [row] = await t.deps.db.select().from(bookings).where(eq(bookings.id, made.bookingId));
    expect(row).toMatchObject({ status: "confirmed", paymentStatus: "pay_at_hotel", payAtHotel: true, totalPriceCents: 20000 });
    expect(row?.guestEmail).toBe("paul.phone@example.com");
    const [staff] = await t.deps.db.select().from(users).where(eq(users.email, "desk-manager@example.com"));
    expect(row?.createdByStaffId).toBe(staff!.id);
    expect(await taken(flexRoom, d(5))).toBe(1);
    expect(await t.deps.db.select().from(payments).where(eq(payments.bookingId, made.bookingId))).toEqual([]);
    const [log] = await t.deps.db.select().from(activityLogs).where(eq(activityLogs.actionType, "phone_booking_created"));
    expect(log).toMatchObject({ userEmail: "desk-manager@example.com", targetUserEmail: "paul.phone@example.com" });
    expect(log?.details).toMatchObject({ bookingId: made.bookingId, payment: "pay_at_hotel" });
    const day = await (
      await t
        .client(manager)
        .properties.hotels[":hotelId"]["front-desk"].$get({ param: { hotelId: String(flexible.id) }, query: { date: d(5) } })
    ).json();
    expect(day.arrivals.map((b) => b.id)).toContain(made.bookingId);
    // In the revenue report, a booking of the front desk channel: 2 nights at 10,000, to be paid at the hotel.
    const report = await t.client(manager).properties.reports.$get({ query: { from: d(5), to: d(6), hotelId: String(flexible.id) } });
    const { channels } = await report.json();
    expect(channels.find((c) => c.channel === "front_desk")).toMatchObject({ bookings: 1, soldRoomNights: 2, revenueCents: 20000 });
  });

  it("by card: a hold paid through the same gateway, then confirmed like a website booking", async () => {
    const res = await t.client(manager).properties.hotels[":hotelId"]["front-desk"]["phone-bookings"].$post({
      param: { hotelId: String(flexible.id) },
      json: { ...guest, roomTypeId: String(flexRoom.id), checkIn: d(8), checkOut: d(9), payment: "card" },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const made = await res.json();
    expect(made.hold?.payment.amountCents).toBe(10000);
    expect(made.hold?.booking.status).toBe("pending");
    await payAndConfirm(t, made.hold!);
    const [row] = await t.deps.db.select().from(bookings).where(eq(bookings.id, made.bookingId));
    expect(row).toMatchObject({ status: "confirmed", paymentStatus: "completed", payAtHotel: false });
    expect(row?.createdByStaffId).not.toBeNull();
    const logs = await t.deps.db.select().from(activityLogs).where(eq(activityLogs.actionType, "phone_booking_created"));
    expect(logs.find((l) => l.details.bookingId === made.bookingId)).toMatchObject({
      userEmail: "desk-manager@example.com",
      details: expect.objectContaining({ payment: "card" }),
    });
  });

  it("refuses bad input with a message, a room type of another hotel, and a full room type, writing nothing", async () => {
    const before = await t.deps.db.select().from(bookings);
    // Without its dates the body does not fit the typed client: sent raw.
    const noDates = await t.request("POST", `/api/properties/hotels/${flexible.id}/front-desk/phone-bookings`, {
      cookie: manager,
      body: { ...guest, roomTypeId: String(flexRoom.id), payment: "card" },
    });
    expect(noDates.status).toBe(400);
    expect((await errorOf(noDates)).message).toContain("Check-in is required");
    const past = await t.client(manager).properties.hotels[":hotelId"]["front-desk"]["phone-bookings"].$post({
      param: { hotelId: String(flexible.id) },
      json: { ...guest, roomTypeId: String(flexRoom.id), checkIn: d(-2), checkOut: d(-1), payment: "pay_at_hotel" },
    });
    expect(past.status).toBe(400);
    const elsewhere = await t.client(manager).properties.hotels[":hotelId"]["front-desk"]["phone-bookings"].$post({
      param: { hotelId: String(flexible.id) },
      json: { ...guest, roomTypeId: String(otherRoom.id), checkIn: d(5), checkOut: d(6), payment: "pay_at_hotel" },
    });
    expect(elsewhere.status).toBe(404);
    const many = await t.client(manager).properties.hotels[":hotelId"]["front-desk"]["phone-bookings"].$post({
      param: { hotelId: String(flexible.id) },
      json: { ...guest, guests: 8, rooms: 4, roomTypeId: String(flexRoom.id), checkIn: d(20), checkOut: d(21), payment: "pay_at_hotel" },
    });
    expect(many.status).toBe(409);
    expect(await t.deps.db.select().from(bookings)).toHaveLength(before.length);
  });
});

describe("phone bookings with extras and taxes (decisions 059 and 064)", () => {
  it("the desk's quote prices the extra and the added VAT; the pay-at-hotel booking stores that breakdown and the desk shows it", async () => {
    // A hotel with 10 % VAT added on top, set directly in the database, and breakfast per person per night.
    const taxed = await createHotel(t.deps.db, { name: "Taxed Inn", freeCancellationDays: 1 });
    await t.deps.db
      .update(hotels)
      .set({ taxSettings: { vat: { name: "VAT", rateBasisPoints: 1000, included: false }, cityTax: null, fees: [] } })
      .where(eq(hotels.id, taxed.id));
    const room = await createRoomType(t.deps.db, taxed.id, { name: "Double", priceCents: 10000, maxGuests: 2, totalRooms: 2 });
    const [breakfast] = await t.deps.db
      .insert(hotelExtras)
      .values({ hotelId: taxed.id, name: "Breakfast", kind: "breakfast", pricing: "per_person_per_night", priceCents: 1500 })
      .returning();
    // Worked by the hotel's front desk (not a manager): added by an admin in the hotel's Staff section.
    await signUp(t, "taxed-desk@example.com", "secret123", "Taxed Desk");
    const added = await t.client(admin).properties.hotels[":hotelId"].staff.$post({
      param: { hotelId: String(taxed.id) },
      json: { email: "taxed-desk@example.com", role: "front_desk" },
    });
    expect(added.status, await added.clone().text()).toBe(200);
    const frontDesk = await signIn(t, "taxed-desk@example.com");
    const stay = {
      roomTypeId: String(room.id),
      checkIn: d(3),
      checkOut: d(5),
      guests: 2,
      extras: [{ extraId: String(breakfast!.id), quantity: 1 }],
    };

    const quoted = await t
      .client(frontDesk)
      .properties.hotels[":hotelId"]["front-desk"].quote.$post({ param: { hotelId: String(taxed.id) }, json: stay });
    expect(quoted.status, await quoted.clone().text()).toBe(200);
    const quote = await quoted.json();
    expect(quote.availableExtras.map((e) => e.name)).toEqual(["Breakfast"]);
    // 2 nights × 100.00 = 200.00; breakfast 2 people × 2 nights × 15.00 = 60.00; VAT 10 % of 260.00 = 26.00; total 286.00.
    expect(quote.charges).toMatchObject({ roomCents: 20000, extrasCents: 6000, addedTaxCents: 2600, totalCents: 28600 });
    expect(quote.charges.lines.map((l) => l.kind)).toContain("extra");

    const res = await t.client(frontDesk).properties.hotels[":hotelId"]["front-desk"]["phone-bookings"].$post({
      param: { hotelId: String(taxed.id) },
      json: { ...stay, guestName: "Vera Vat", guestEmail: "vera@example.com", guestPhone: "+49 30 1234567", payment: "pay_at_hotel" },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const { bookingId } = await res.json();
    const [row] = await t.deps.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(row?.charges?.totalCents).toBe(row?.totalPriceCents);
    expect(row).toMatchObject({ totalPriceCents: 28600, extrasRevenueCents: 6000, taxCents: 2600 });
    expect(row?.charges).toEqual(quote.charges);

    const day = await (
      await t
        .client(frontDesk)
        .properties.hotels[":hotelId"]["front-desk"].$get({ param: { hotelId: String(taxed.id) }, query: { date: d(3) } })
    ).json();
    const shown = day.arrivals.find((b) => b.id === bookingId);
    expect(shown?.charges).toEqual(row?.charges);
    expect(shown?.amountDueCents).toBe(28600);
    // The desk's account works this hotel only.
    expect(
      (await t.client(frontDesk).properties.hotels[":hotelId"]["front-desk"].$get({ param: { hotelId: String(flexible.id) }, query: {} }))
        .status,
    ).toBe(403);
  });
});

describe("pay at hotel: the same booking row as the website's", () => {
  const walkIn = { guestName: "Walter Walk", guestEmail: "walter.walk@example.com", guestPhone: "+1 555 0150", guests: 2 };

  async function payAtHotel(room: RoomTypeRow, checkIn: string, nights: number, extra: Record<string, unknown> = {}, cookie = manager) {
    const hotel = room.hotelId === flexible.id ? flexible : strict;
    const res = await t.client(cookie).properties.hotels[":hotelId"]["front-desk"]["phone-bookings"].$post({
      param: { hotelId: String(hotel.id) },
      json: { ...walkIn, roomTypeId: String(room.id), checkIn, checkOut: addDays(checkIn, nights), payment: "pay_at_hotel", ...extra },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    return (await res.json()).bookingId;
  }

  async function deskView(hotel: HotelRow, date: string, id: string) {
    const day = await (
      await t
        .client(manager)
        .properties.hotels[":hotelId"]["front-desk"].$get({ param: { hotelId: String(hotel.id) }, query: { date: date } })
    ).json();
    return [...day.arrivals!, ...day.inHouse!, ...day.departures!].find((b) => b.id === id);
  }

  it("stores each night's price as sold and the language the desk works in", async () => {
    const id = await payAtHotel(strictRoom, d(30), 2, {}, `${manager}; staywise_lang=de`);
    const [row] = await t.deps.db.select().from(bookings).where(eq(bookings.id, id));
    expect(row).toMatchObject({ nightlyPriceCents: [8000, 8000], totalPriceCents: 16000, language: "de", payAtHotel: true });
  });

  it("after an early departure, is due for the nights stayed only ($120 × 3 nights, out after 1: $120)", async () => {
    const king = await createRoomType(t.deps.db, strict.id, { name: "King", priceCents: 12000, maxGuests: 2, totalRooms: 2 });
    const id = await payAtHotel(king, d(0), 3);
    expect(await deskView(strict, d(0), id)).toMatchObject({ payAtHotel: true, amountDueCents: 36000 });
    expect(
      (
        await t.client(manager).properties.hotels[":hotelId"]["front-desk"].bookings[":bookingId"]["check-in"].$post({
          param: { hotelId: String(strict.id), bookingId: String(id) },
        })
      ).status,
    ).toBe(200);
    const out = await t.client(manager).properties.hotels[":hotelId"]["front-desk"].bookings[":bookingId"]["check-out"].$post({
      param: { hotelId: String(strict.id), bookingId: String(id) },
    });
    const body = await out.json();
    expect(body.earlyDeparture).toMatchObject({ nightsReturned: [d(1), d(2)], refundCents: 0 });
    expect(body.earlyDeparture?.refundNote).toContain("charge only the nights stayed");
    // What the desk's list says ("Pay at hotel: $120.00") and what the guest's booking reads agree.
    expect(body.booking).toMatchObject({ checkOut: d(1), bookedCheckOut: d(3), amountDueCents: 12000 });
    expect(await deskView(strict, d(1), id)).toMatchObject({ amountDueCents: 12000 });
    const [row] = await t.deps.db.select().from(bookings).where(eq(bookings.id, id));
    expect(row).toMatchObject({ totalPriceCents: 12000, nightlyPriceCents: [12000, 12000, 12000], totalNights: 1 });
  });

  it("after a no-show, is due for the first night only, child charges of that night included", async () => {
    const hotel = await createHotel(t.deps.db, { name: "Family Inn", childrenFreeUnderAge: 12, childRateCents: 2500 });
    const family = await createRoomType(t.deps.db, hotel.id, { name: "Family", priceCents: 9000, maxGuests: 4, totalRooms: 2 });
    const res = await t.client(admin).properties.hotels[":hotelId"]["front-desk"]["phone-bookings"].$post({
      param: { hotelId: String(hotel.id) },
      json: { ...walkIn, children: 1, ages: [14], roomTypeId: String(family.id), checkIn: d(0), checkOut: d(3), payment: "pay_at_hotel" },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const { bookingId } = await res.json();
    // 3 nights × 9,000 + 3 nights × 2,500 for the 14-year-old.
    const [made] = await t.deps.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(made).toMatchObject({ totalPriceCents: 34500, childChargeCents: 7500 });
    const noShow = await t.client(admin).properties.hotels[":hotelId"]["front-desk"].bookings[":bookingId"]["no-show"].$post({
      param: { hotelId: String(hotel.id), bookingId },
    });
    expect(noShow.status).toBe(200);
    expect((await noShow.json()).booking.amountDueCents).toBe(11500);
    const [row] = await t.deps.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(row).toMatchObject({ totalPriceCents: 11500, childChargeCents: 2500, checkOut: d(1) });
    // The report earns what is due: the first night, its child charge included.
    const report = await t.client(admin).properties.reports.$get({ query: { from: d(0), to: d(2), hotelId: String(hotel.id) } });
    const figures = await report.json();
    expect(figures.daily.map((n) => n.revenueCents)).toEqual([11500, 0, 0]);
  });

  it("keeps the hold's limit on rooms per booking", async () => {
    const before = await taken(strictRoom, d(40));
    const res = await t.client(manager).properties.hotels[":hotelId"]["front-desk"]["phone-bookings"].$post({
      param: { hotelId: String(strict.id) },
      json: {
        ...walkIn,
        guests: 10,
        rooms: 5,
        roomTypeId: String(strictRoom.id),
        checkIn: d(40),
        checkOut: d(41),
        payment: "pay_at_hotel",
      },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: "TOO_MANY_ROOMS", message: expect.stringContaining("up to 4 rooms at a time") });
    expect(await taken(strictRoom, d(40))).toBe(before);
  });
});

describe("pay-at-hotel bookings made before they stored their nightly prices (migration 0030)", () => {
  it("get their nightly prices from their total, and a shortened one is due and earns only the nights kept", async () => {
    const database = await openDatabase({ pgliteDir: null });
    try {
      await migrateDatabase(database);
      const db = database.db;
      const hotel = await createHotel(db, { name: "Old Desk Hotel" });
      const room = await createRoomType(db, hotel.id, { name: "Twin", priceCents: 12000, maxGuests: 2, totalRooms: 4 });
      const old = (fields: Partial<typeof bookings.$inferInsert>) => ({
        id: randomUUID(),
        bookingReference: `BKOLD${randomUUID().slice(0, 8)}`,
        hotelId: hotel.id,
        hotelName: hotel.name,
        roomTypeId: room.id,
        roomType: room.name,
        roomPriceCents: 12000,
        checkIn: "2026-03-02",
        checkOut: "2026-03-05",
        numGuests: 2,
        numRooms: 1,
        totalNights: 3,
        totalPriceCents: 36000,
        guestName: "Olga Old",
        guestEmail: "olga@example.com",
        guestPhone: "+1 555 0160",
        status: "confirmed",
        paymentStatus: "pay_at_hotel",
        payAtHotel: true,
        ...fields,
      });
      // As the old front desk wrote them: no nightly prices; the early departure kept the whole stay's total.
      const whole = old({ numRooms: 2, totalPriceCents: 64003, checkIn: "2026-03-10", checkOut: "2026-03-13" });
      const shortened = old({ checkOut: "2026-03-03", bookedCheckOut: "2026-03-05", totalNights: 1, stayStatus: "checked_out" });
      const card = old({ paymentStatus: "completed", payAtHotel: false, checkIn: "2026-03-20", checkOut: "2026-03-21", totalNights: 1 });
      await db.insert(bookings).values([whole, shortened, card]);
      const statements = readFileSync(new URL("../../drizzle/0030_pay_at_hotel_nightly_prices.sql", import.meta.url), "utf8")
        .split("--> statement-breakpoint")
        .map((statement) => statement.trim())
        .filter((statement) => statement.length > 0);
      for (const statement of statements) await db.execute(sql.raw(statement));

      const rows = new Map((await db.select().from(bookings)).map((b) => [b.id, b]));
      // 64,003 for 2 rooms × 3 nights: 32,001 a room, in whole cents that add up exactly.
      expect(rows.get(whole.id)).toMatchObject({ nightlyPriceCents: [10667, 10667, 10667], totalPriceCents: 64003 });
      expect(rows.get(shortened.id)).toMatchObject({ nightlyPriceCents: [12000, 12000, 12000], totalPriceCents: 12000 });
      expect(rows.get(card.id)).toMatchObject({ nightlyPriceCents: null, totalPriceCents: 36000 });
      const nights = (await db.execute(sql`
        select to_char(night, 'YYYY-MM-DD') as night, sum(revenue_cents)::int as revenue from report_nights
        where room_type_id = ${room.id} and revenue_cents <> 0 group by night order by night`)) as unknown as {
        rows: { night: string; revenue: number }[];
      };
      expect(nights.rows).toEqual([
        { night: "2026-03-02", revenue: 12000 },
        { night: "2026-03-10", revenue: 21334 },
        { night: "2026-03-11", revenue: 21334 },
        { night: "2026-03-12", revenue: 21335 },
        { night: "2026-03-20", revenue: 36000 },
      ]);
    } finally {
      await database.close();
    }
  }, 120_000);
});

describe("demo data", () => {
  it("gives the demo manager hotels 1, 2 and 3 with guests arriving, in house and leaving today", async () => {
    const database = await openDatabase({ pgliteDir: null });
    await migrateDatabase(database);
    const demo = await createTestApp({}, database);
    try {
      await seedCatalogue(database, { hotels: 4 });
      await ensureAdmin(database.db, demo.deps.auth, { email: "demo-admin@example.com", password: "demo-password", name: "Admin" }, "test");
      await seedFrontDeskDemo(database.db, demo.deps.auth, "demo-password", "demo-admin@example.com");
      const cookie = await signIn(demo, DEMO_MANAGER_EMAIL, "demo-password");
      for (const hotelId of [1, 2, 3]) {
        const res = await demo
          .client(cookie)
          .properties.hotels[":hotelId"]["front-desk"].$get({ param: { hotelId: String(hotelId) }, query: {} });
        const day = await res.json();
        expect(day.arrivals.map((b) => b.stayStatus)).toEqual(expect.arrayContaining(["expected", "expected"]));
        expect(day.arrivals).toHaveLength(2);
        expect(day.inHouse).toHaveLength(1);
        expect(day.departures).toHaveLength(1);
      }
      expect(
        (await demo.client(cookie).properties.hotels[":hotelId"]["front-desk"].$get({ param: { hotelId: "4" }, query: {} })).status,
      ).toBe(403);
      // The demo front desk works hotel 1's desk, and nothing else: not hotel 2, not the hotel's rates.
      const deskCookie = await signIn(demo, DEMO_FRONT_DESK_EMAIL, "demo-password");
      expect(
        (await demo.client(deskCookie).properties.hotels[":hotelId"]["front-desk"].$get({ param: { hotelId: "1" }, query: {} })).status,
      ).toBe(200);
      expect(
        (await demo.client(deskCookie).properties.hotels[":hotelId"]["front-desk"].$get({ param: { hotelId: "2" }, query: {} })).status,
      ).toBe(403);
      expect((await demo.client(deskCookie).properties.hotels[":hotelId"]["rate-plans"].$get({ param: { hotelId: "1" } })).status).toBe(
        403,
      );
      const future = await (
        await demo.client(cookie).properties.hotels[":hotelId"]["front-desk"].$get({ param: { hotelId: "1" }, query: { date: d(5) } })
      ).json();
      expect(future.arrivals).toHaveLength(1);
      // Every stay was booked before it began, so the demo's revenue report shows a positive lead time.
      const seeded = await database.db.select({ checkIn: bookings.checkIn, createdAt: bookings.createdAt }).from(bookings);
      expect(seeded.length).toBeGreaterThan(0);
      expect(seeded.filter((b) => b.createdAt.toISOString().slice(0, 10) >= b.checkIn)).toEqual([]);
    } finally {
      await database.close();
    }
  }, 120_000);
});
