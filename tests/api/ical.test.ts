import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayUtc } from "../../src/shared/dates.ts";
import { activityLogs, bookings } from "../../src/server/db/schema.ts";
import { ensureAdmin } from "../../src/server/services/accounts.ts";
import { type HotelRow, type RoomTypeRow, createHotel, createRoomType } from "../factories.ts";
import { bookingRow, signInAsManager } from "../support/hotel-records.ts";
import { type ApiClient, type TestApp, createTestApp, signIn, signUp } from "../support/test-app.ts";

let t: TestApp;
let admin: string;
let manager: string;
let traveller: string;
let hotel: HotelRow;
let other: HotelRow;
let room: RoomTypeRow;
let plain: RoomTypeRow;
let otherRoom: RoomTypeRow;
const d = (n: number) => addDays(todayUtc(), n);
// A long name with characters iCalendar must escape, and one that takes two bytes in UTF-8.
const ROOM_NAME = "Deluxe, sea view; two queen beds \\ balcony — très spacieux and quiet, facing the old harbour";

function stay(roomType: RoomTypeRow, checkIn: string, checkOut: string, fields: Partial<typeof bookings.$inferInsert> = {}) {
  return bookingRow({
    hotelId: roomType.hotelId,
    hotelName: "Calendar Hotel",
    roomTypeId: roomType.id,
    roomType: roomType.name,
    checkIn,
    checkOut,
    guestName: "Gina Guestname",
    guestEmail: "gina.private@example.com",
    guestPhone: "+1 555 0199",
    ...fields,
  });
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.db;
  await ensureAdmin(db, t.deps.auth, { email: "owner@example.com", password: "owner-password", name: "Owner" }, "test");
  admin = await signIn(t, "owner@example.com", "owner-password");
  await signUp(t, "cal-manager@example.com", "secret123", "Carl Manager");
  await signUp(t, "cal-traveller@example.com", "secret123", "Tina Traveller");
  traveller = await signIn(t, "cal-traveller@example.com");
  hotel = await createHotel(db, { name: "Calendar Hotel" });
  other = await createHotel(db, { name: "Someone Else's Hotel" });
  room = await createRoomType(db, hotel.id, { name: ROOM_NAME, totalRooms: 5 });
  plain = await createRoomType(db, hotel.id, { name: "Attic", totalRooms: 1 });
  otherRoom = await createRoomType(db, other.id, { name: "Other room", totalRooms: 2 });
  manager = (await signInAsManager(t, "cal-manager@example.com", [hotel.id])).cookie;
  await db
    .insert(bookings)
    .values([
      stay(room, d(10), d(13), { bookingReference: "BKFUTURE", numRooms: 2, numGuests: 4, numChildren: 1 }),
      stay(room, d(-12), d(-10), { bookingReference: "BKRECENT" }),
      stay(room, d(-102), d(-100), { bookingReference: "BKLONGAGO" }),
      stay(room, d(20), d(21), { bookingReference: "BKCANCELLED", status: "cancelled", paymentStatus: "refunded" }),
      stay(room, d(30), d(31), { bookingReference: "BKHOLD", status: "pending", paymentStatus: "pending" }),
      stay(plain, d(5), d(6), { bookingReference: "BKATTIC" }),
      stay(otherRoom, d(5), d(6), { bookingReference: "BKOTHER" }),
    ]);
});
afterAll(() => t.close());

/** The calendar link routes of one room type, through the typed client of the given session (none: a visitor). */
function link(cookie: string | undefined, hotelId: number, roomTypeId: number) {
  const client: ApiClient = cookie ? t.client(cookie) : t.api;
  const param = { hotelId: String(hotelId), roomTypeId: String(roomTypeId) };
  const route = client.properties.hotels[":hotelId"]["room-types"][":roomTypeId"].ical;
  return { create: () => route.$post({ param }), revoke: () => route.$delete({ param }) };
}

function hotelLinks(cookie: string, hotelId: number) {
  return t.client(cookie).properties.hotels[":hotelId"].ical.$get({ param: { hotelId: String(hotelId) } });
}

async function createLink(cookie: string, roomType = room): Promise<string> {
  const res = await link(cookie, roomType.hotelId, roomType.id).create();
  expect(res.status, await res.clone().text()).toBe(201);
  const { url } = await res.json();
  expect(url).toMatch(/^http:\/\/localhost:3000\/api\/ical\/[A-Za-z0-9_-]{43}\.ics$/);
  return url;
}

function feed(url: string): Promise<Response> {
  return Promise.resolve(t.app.request(url));
}

/** RFC 5545 3.1: a line starting with a space continues the previous one. */
function unfold(body: string): string[] {
  return body.replace(/\r\n /g, "").split("\r\n");
}

describe("the calendar feed", () => {
  it("lists the room type's confirmed stays as all-day events, without the guest's personal data", async () => {
    const url = await createLink(manager);
    const res = await feed(url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    const body = await res.text();
    expect(body.endsWith("\r\n")).toBe(true);
    expect(body.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    // Folded at 75 octets, never inside a character.
    for (const line of body.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);

    const lines = unfold(body);
    expect(lines.slice(0, 5)).toEqual([
      "BEGIN:VCALENDAR",
      "VERSION:2.0",
      "PRODID:-//Staywise//Room type calendar//EN",
      "CALSCALE:GREGORIAN",
      "METHOD:PUBLISH",
    ]);
    expect(lines).toContain(
      `X-WR-CALNAME:Calendar Hotel – Deluxe\\, sea view\\; two queen beds \\\\ balcony — très spacieux and quiet\\, facing the old harbour`,
    );
    expect(lines.at(-2)).toBe("END:VCALENDAR");

    // The future stay and the one that ended 10 days ago; not the one 100 days ago, the cancelled one, the hold or other rooms.
    const summaries = lines.filter((l) => l.startsWith("SUMMARY:"));
    expect(summaries).toEqual(["SUMMARY:BKRECENT (1 room\\, 2 guests)", "SUMMARY:BKFUTURE (2 rooms\\, 4 guests)"]);
    expect(lines.filter((l) => l === "BEGIN:VEVENT")).toHaveLength(2);
    const [future] = await t.deps.db.select().from(bookings).where(eq(bookings.bookingReference, "BKFUTURE"));
    const event = lines.slice(lines.lastIndexOf("BEGIN:VEVENT"), lines.lastIndexOf("END:VEVENT") + 1);
    expect(event).toContain(`UID:booking-${future!.id}@localhost`);
    expect(event).toContain(`DTSTART;VALUE=DATE:${d(10).replaceAll("-", "")}`);
    expect(event).toContain(`DTEND;VALUE=DATE:${d(13).replaceAll("-", "")}`);
    expect(event).toContain("STATUS:CONFIRMED");
    expect(event.find((l) => l.startsWith("DTSTAMP:"))).toMatch(/^DTSTAMP:\d{8}T\d{6}Z$/);
    expect(body).not.toMatch(/Gina|Guestname|gina\.private|555 0199/);
  });

  it("answers 404 to an unknown, malformed or revoked link, and a new link replaces the old one", async () => {
    const first = await createLink(manager, plain);
    expect((await feed(first)).status).toBe(200);
    const second = await createLink(manager, plain);
    expect(second).not.toBe(first);
    const replaced = await feed(first);
    expect(replaced.status).toBe(404);
    expect(((await replaced.json()) as { code: string }).code).toBe("ICAL_FEED_NOT_FOUND");
    expect(await (await feed(second)).text()).toContain("SUMMARY:BKATTIC");

    const revoked = await link(manager, hotel.id, plain.id).revoke();
    expect(revoked.status).toBe(200);
    expect((await feed(second)).status).toBe(404);
    // Nothing left to revoke.
    const again = await link(manager, hotel.id, plain.id).revoke();
    expect(again.status).toBe(404);

    expect((await t.app.request("http://localhost:3000/api/ical/nothing.ics")).status).toBe(404);
    expect((await t.app.request(`http://localhost:3000/api/ical/${"A".repeat(43)}.ics`)).status).toBe(404);
    expect((await t.app.request(`http://localhost:3000/api/ical/${"A".repeat(43)}`)).status).toBe(404);

    const logged = await t.deps.db
      .select({ type: activityLogs.actionType, email: activityLogs.userEmail })
      .from(activityLogs)
      .where(eq(activityLogs.userEmail, "cal-manager@example.com"));
    expect(logged.filter((l) => l.type === "ical_feed_created").length).toBeGreaterThanOrEqual(2);
    expect(logged.filter((l) => l.type === "ical_feed_revoked")).toHaveLength(1);
  });

  it("lists the hotel's room types with their links", async () => {
    const res = await hotelLinks(manager, hotel.id);
    expect(res.status).toBe(200);
    const { hotel: named, roomTypes } = await res.json();
    // The page's heading names the hotel from this answer.
    expect(named).toEqual({ id: hotel.id, name: hotel.name });
    expect(roomTypes.map((r) => [r.roomType, r.link?.createdBy ?? null])).toEqual([
      ["Attic", null],
      [ROOM_NAME, "cal-manager@example.com"],
    ]);
  });
});

describe("who may manage links", () => {
  it("refuses another hotel's room type, another manager's hotel, travellers and visitors", async () => {
    // Another hotel's room type through this hotel's path: not found here, for the manager and the admin alike.
    for (const cookie of [manager, admin]) {
      const res = await link(cookie, hotel.id, otherRoom.id).create();
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ code: "ROOM_NOT_FOUND" });
      expect((await link(cookie, hotel.id, otherRoom.id).revoke()).status).toBe(404);
    }
    expect((await link(manager, other.id, otherRoom.id).create()).status).toBe(403);
    expect((await hotelLinks(manager, other.id)).status).toBe(403);
    expect((await link(traveller, hotel.id, room.id).create()).status).toBe(403);
    expect((await link(undefined, hotel.id, room.id).create()).status).toBe(401);
    // The admin may, for any hotel.
    const url = await createLink(admin, otherRoom);
    expect(await (await feed(url)).text()).toContain("SUMMARY:BKOTHER");
  });
});
