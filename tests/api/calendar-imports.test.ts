import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq, sql } from "drizzle-orm";
import type { InferRequestType } from "hono/client";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addDays, todayUtc } from "../../src/shared/dates.ts";
import { bookings, calendarBlocks, calendarImports, emailOutbox, hotelManagers, roomNights, users } from "../../src/server/db/schema.ts";
import { type CalendarImportDeps, calendarImportDeps, runCalendarImportRound } from "../../src/server/services/calendar-imports.ts";
import { runCalendarImportJobRound } from "../../src/server/workers.ts";
import { ensureAdmin } from "../../src/server/services/accounts.ts";
import { type HotelRow, type RoomTypeRow, createHotel, createRoomType } from "../factories.ts";
import { type ApiClient, type TestApp, createTestApp, signIn, signUp } from "../support/test-app.ts";
import { bodyOf, errorOf } from "../support/typed.ts";

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

/** A local calendar server: each path answers with the handler a test sets (feeds shaped like Airbnb's and Booking.com's). */
function startFeedServer() {
  const handlers = new Map<string, Handler>();
  const requests: { path: string; headers: http.IncomingHttpHeaders }[] = [];
  const server = http.createServer((req, res) => {
    const path = req.url ?? "/";
    requests.push({ path, headers: req.headers });
    const handler = handlers.get(path);
    if (!handler) {
      res.writeHead(404).end("not found");
      return;
    }
    handler(req, res);
  });
  return new Promise<{ base: string; handlers: typeof handlers; requests: typeof requests; close: () => Promise<void> }>((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const port = (server.address() as AddressInfo).port;
      resolve({
        base: `http://127.0.0.1:${port}`,
        handlers,
        requests,
        close: () =>
          new Promise<void>((r) => {
            server.closeAllConnections();
            server.close(() => r());
          }),
      });
    });
  });
}

const d = (n: number) => addDays(todayUtc(), n);
const ical = (date: string) => date.replaceAll("-", "");

function vcalendar(prodId: string, events: string[][]): string {
  return ["BEGIN:VCALENDAR", `PRODID:${prodId}`, "CALSCALE:GREGORIAN", "VERSION:2.0", ...events.flat(), "END:VCALENDAR", ""].join("\r\n");
}
/** Airbnb's shape: all-day DATE events, "Reserved" for a booking and "Airbnb (Not available)" for a blocked date. */
function airbnbEvent(uid: string, from: string, to: string, summary = "Reserved"): string[] {
  return [
    "BEGIN:VEVENT",
    `DTEND;VALUE=DATE:${ical(to)}`,
    `DTSTART;VALUE=DATE:${ical(from)}`,
    `UID:${uid}@airbnb.com`,
    "DESCRIPTION:Reservation URL: https://www.airbnb.com/hosting/reservations/details/HMXXXX\\nPhone Number (Last 4 Digits)",
    " : 1234",
    `SUMMARY:${summary}`,
    "END:VEVENT",
  ];
}
/** Booking.com's shape: "CLOSED - Not available", with a DTSTAMP. */
function bookingComEvent(uid: string, from: string, to: string): string[] {
  return [
    "BEGIN:VEVENT",
    "DTSTAMP:20261128T101010Z",
    `DTSTART;VALUE=DATE:${ical(from)}`,
    `DTEND;VALUE=DATE:${ical(to)}`,
    `UID:${uid}@booking.com`,
    "SUMMARY:CLOSED - Not available",
    "END:VEVENT",
  ];
}

function serve(body: () => string, etag?: string): Handler {
  return (req, res) => {
    if (etag && req.headers["if-none-match"] === etag) {
      res.writeHead(304, { etag }).end();
      return;
    }
    res.writeHead(200, { "content-type": "text/calendar; charset=utf-8", ...(etag ? { etag } : {}) }).end(body());
  };
}

let t: TestApp;
let admin: string;
let manager: string;
let otherManager: string;
let hotel: HotelRow;
let otherHotel: HotelRow;
let room: RoomTypeRow;
let single: RoomTypeRow;
let feeds: Awaited<ReturnType<typeof startFeedServer>>;
let deps: CalendarImportDeps;
let clock = Date.now();
/** Each round runs 16 minutes after the last, so every feed (15-minute interval) is due again. */
function nextRound(): Date {
  clock += 16 * 60_000;
  return new Date(clock);
}

beforeAll(async () => {
  // The operator switch lets the feeds on loopback through the outbound URL policy.
  t = await createTestApp({ OUTBOUND_PRIVATE_HOSTS: "127.0.0.1" });
  const db = t.deps.db;
  await ensureAdmin(db, t.deps.auth, { email: "cal-admin@example.com", password: "admin-password", name: "Admin" }, "test");
  admin = await signIn(t, "cal-admin@example.com", "admin-password");
  await signUp(t, "cal-manager@example.com", "secret123", "Cal Manager");
  await signUp(t, "cal-other@example.com", "secret123", "Other Manager");
  hotel = await createHotel(db, { name: "Calendar Inn", timeZone: "Europe/Madrid" });
  otherHotel = await createHotel(db, { name: "Other Inn" });
  room = await createRoomType(db, hotel.id, { name: "Double", priceCents: 10000, maxGuests: 2, totalRooms: 3 });
  single = await createRoomType(db, hotel.id, { name: "Cabin", priceCents: 10000, maxGuests: 2, totalRooms: 1 });
  for (const [email, hotelId] of [
    ["cal-manager@example.com", hotel.id],
    ["cal-other@example.com", otherHotel.id],
  ] as const) {
    const [row] = await db.update(users).set({ role: "manager" }).where(eq(users.email, email)).returning();
    await db.insert(hotelManagers).values({ userId: row!.id, hotelId });
  }
  manager = await signIn(t, "cal-manager@example.com");
  otherManager = await signIn(t, "cal-other@example.com");
  feeds = await startFeedServer();
  deps = calendarImportDeps({
    db,
    config: t.deps.config,
    deliveryMode: t.deps.deliveryMode,
    logger: t.deps.logger,
    limits: { timeoutMs: 500 },
  });
});
afterAll(async () => {
  await feeds.close();
  await t.close();
});
beforeEach(async () => {
  const db = t.deps.db;
  // Deleting through the API gives the rooms back; here every import goes, and the nights with them.
  await db.delete(calendarImports);
  await db.delete(roomNights).where(sql`${roomNights.roomTypeId} in (${room.id}, ${single.id})`);
  feeds.handlers.clear();
  feeds.requests.length = 0;
});

type ImportInput = InferRequestType<ApiClient["properties"]["hotels"][":hotelId"]["calendar-imports"]["$post"]>["json"];

/** The typed client's calendar imports of a hotel, as the user of `cookie`. */
const importsOf = (cookie: string) => t.client(cookie).properties.hotels[":hotelId"]["calendar-imports"];
const hotelParam = (hotelId = hotel.id) => ({ hotelId: String(hotelId) });
const importParam = (importId: number, hotelId = hotel.id) => ({ hotelId: String(hotelId), importId: String(importId) });

function createImport(json: ImportInput, cookie = manager, hotelId = hotel.id) {
  return importsOf(cookie).$post({ param: hotelParam(hotelId), json });
}

async function addImport(roomTypeId: number, name: string, path: string, cookie = manager) {
  const res = await createImport({ roomTypeId, name, url: `${feeds.base}${path}` }, cookie);
  return (await bodyOf(res, 201)).id;
}

async function taken(roomTypeId: number, from: number, to: number): Promise<number[]> {
  const rows = await t.deps.db
    .select({ night: roomNights.night, taken: roomNights.roomsTaken })
    .from(roomNights)
    .where(
      and(eq(roomNights.roomTypeId, roomTypeId), sql`${roomNights.night} >= ${d(from)}::date and ${roomNights.night} < ${d(to)}::date`),
    );
  const byNight = new Map(rows.map((r) => [r.night, r.taken]));
  return Array.from({ length: to - from }, (_, i) => byNight.get(d(from + i)) ?? 0);
}

async function blocksOf(importId: number) {
  return t.deps.db.select().from(calendarBlocks).where(eq(calendarBlocks.importId, importId)).orderBy(calendarBlocks.checkIn);
}

async function lastRun(importId: number, cookie = manager) {
  const res = await importsOf(cookie)[":importId"].runs.$get({ param: importParam(importId) });
  return (await bodyOf(res)).runs[0];
}

describe("calendar import", () => {
  it("an Airbnb block appears after one round and disappears when its event is removed", async () => {
    let events = [airbnbEvent("stay1", d(10), d(13)), airbnbEvent("na1", d(20), d(21), "Airbnb (Not available)")];
    feeds.handlers.set(
      "/airbnb.ics",
      serve(() => vcalendar("-//Airbnb Inc//Hosting Calendar 1.0//EN", events)),
    );
    const id = await addImport(room.id, "Airbnb", "/airbnb.ics");

    expect(await runCalendarImportRound(deps, nextRound())).toBe(1);
    expect((await blocksOf(id)).map((b) => [b.checkIn, b.checkOut, b.state, b.summary])).toEqual([
      [d(10), d(13), "blocked", "Reserved"],
      [d(20), d(21), "blocked", "Airbnb (Not available)"],
    ]);
    expect(await taken(room.id, 9, 14)).toEqual([0, 1, 1, 1, 0]);
    expect(await taken(room.id, 20, 21)).toEqual([1]);
    // The hotel's search sees one room fewer on those nights: the same rows bookings use.
    expect((await lastRun(id))?.added).toBe(2);

    events = [airbnbEvent("na1", d(20), d(21), "Airbnb (Not available)")];
    await runCalendarImportRound(deps, nextRound());
    expect((await blocksOf(id)).map((b) => b.checkIn)).toEqual([d(20)]);
    expect(await taken(room.id, 9, 14)).toEqual([0, 0, 0, 0, 0]);
    expect((await lastRun(id))?.removed).toBe(1);

    // Moved dates move the rooms; a cancelled event gives them back.
    events = [airbnbEvent("na1", d(22), d(24), "Airbnb (Not available)")];
    await runCalendarImportRound(deps, nextRound());
    expect(await taken(room.id, 20, 24)).toEqual([0, 0, 1, 1]);
    events = [[...airbnbEvent("na1", d(22), d(24)).slice(0, -1), "STATUS:CANCELLED", "END:VEVENT"]];
    await runCalendarImportRound(deps, nextRound());
    expect(await blocksOf(id)).toEqual([]);
    expect(await taken(room.id, 20, 24)).toEqual([0, 0, 0, 0]);
  });

  it("a feed that did not change (304) changes nothing and is logged as such", async () => {
    const body = vcalendar("-//Booking.com//EN", [bookingComEvent("b1", d(5), d(7))]);
    feeds.handlers.set(
      "/booking.ics",
      serve(() => body, '"v1"'),
    );
    const id = await addImport(room.id, "Booking.com", "/booking.ics");
    await runCalendarImportRound(deps, nextRound());
    expect(await taken(room.id, 5, 7)).toEqual([1, 1]);

    await runCalendarImportRound(deps, nextRound());
    const second = feeds.requests.filter((r) => r.path === "/booking.ics")[1];
    expect(second?.headers["if-none-match"]).toBe('"v1"');
    expect((await lastRun(id))?.status).toBe("not_modified");
    expect(await taken(room.id, 5, 7)).toEqual([1, 1]);
    expect((await blocksOf(id)).length).toBe(1);
  });

  it("an event that cannot fit is a conflict: listed, e-mailed to the managers once, and placed once rooms free up", async () => {
    let airbnb = [airbnbEvent("cabin", d(30), d(33))];
    feeds.handlers.set(
      "/cabin-airbnb.ics",
      serve(() => vcalendar("-//Airbnb Inc//Hosting Calendar 1.0//EN", airbnb)),
    );
    feeds.handlers.set(
      "/cabin-booking.ics",
      serve(() => vcalendar("-//Booking.com//EN", [bookingComEvent("cb", d(32), d(34))])),
    );
    const first = await addImport(single.id, "Airbnb", "/cabin-airbnb.ics");
    const second = await addImport(single.id, "Booking.com", "/cabin-booking.ics");
    await runCalendarImportRound(deps, nextRound());

    const conflict = (await blocksOf(second))[0];
    expect(conflict?.state).toBe("conflict");
    expect(await taken(single.id, 30, 34)).toEqual([1, 1, 1, 0]);
    expect((await blocksOf(first))[0]?.state).toBe("blocked");

    const res = await t.client(manager).properties.hotels[":hotelId"]["calendar-conflicts"].$get({ param: hotelParam() });
    expect((await bodyOf(res)).conflicts).toEqual([
      {
        id: conflict!.id,
        importId: second,
        importName: "Booking.com",
        roomTypeId: single.id,
        roomType: "Cabin",
        checkIn: d(32),
        checkOut: d(34),
        summary: "CLOSED - Not available",
      },
    ]);

    await runCalendarImportRound(deps, nextRound());
    const mails = await t.deps.db.select().from(emailOutbox).where(eq(emailOutbox.kind, "calendar_conflict"));
    expect(mails.map((m) => m.toAddress)).toEqual(["cal-manager@example.com"]);
    expect(mails[0]?.subject).toContain(`Cabin, ${d(32)} to ${d(34)}`);

    // Airbnb's stay is cancelled there: the next sync of both places the Booking.com block.
    airbnb = [];
    await runCalendarImportRound(deps, nextRound());
    await runCalendarImportRound(deps, nextRound());
    expect((await blocksOf(second))[0]?.state).toBe("blocked");
    expect(await taken(single.id, 30, 34)).toEqual([0, 0, 1, 1]);
  });

  it("a conflict at a hotel nobody manages is e-mailed to the administrators", async () => {
    const db = t.deps.db;
    const unmanaged = await createHotel(db, { name: "Unmanaged Inn" });
    const hut = await createRoomType(db, unmanaged.id, { name: "Hut", priceCents: 5000, maxGuests: 2, totalRooms: 1 });
    feeds.handlers.set(
      "/hut-a.ics",
      serve(() => vcalendar("-//Airbnb Inc//Hosting Calendar 1.0//EN", [airbnbEvent("hut", d(60), d(62))])),
    );
    feeds.handlers.set(
      "/hut-b.ics",
      serve(() => vcalendar("-//Booking.com//EN", [bookingComEvent("hut", d(61), d(63))])),
    );
    for (const [name, path] of [
      ["Airbnb", "/hut-a.ics"],
      ["Booking.com", "/hut-b.ics"],
    ] as const) {
      const res = await createImport({ roomTypeId: hut.id, name, url: `${feeds.base}${path}` }, admin, unmanaged.id);
      expect(res.status).toBe(201);
    }
    await runCalendarImportRound(deps, nextRound());
    const mails = await db
      .select()
      .from(emailOutbox)
      .where(sql`${emailOutbox.kind} = 'calendar_conflict' and ${emailOutbox.subject} like '%Unmanaged Inn%'`);
    expect(mails.map((m) => m.toAddress)).toEqual(["cal-admin@example.com"]);
  });

  it("a feed that is not iCalendar, one of 50 MB and one that times out are logged as errors and change nothing", async () => {
    let mode: "good" | "html" | "huge" | "slow" | "redirect" = "good";
    const good = vcalendar("-//Airbnb Inc//Hosting Calendar 1.0//EN", [airbnbEvent("keep", d(40), d(42))]);
    feeds.handlers.set("/feed.ics", (req, res) => {
      if (mode === "good") return serve(() => good)(req, res);
      if (mode === "html")
        return res.writeHead(200, { "content-type": "text/html" }).end("<!doctype html><html><body>Sign in</body></html>");
      if (mode === "redirect") return res.writeHead(302, { location: "http://10.20.30.40/feed.ics" }).end();
      if (mode === "slow") return; // never answers
      res.writeHead(200, { "content-type": "text/calendar" });
      const chunk = Buffer.alloc(64 * 1024, "X");
      let sent = 0;
      const pump = () => {
        while (sent < 50 * 1024 * 1024) {
          sent += chunk.length;
          if (!res.write(chunk)) return res.once("drain", pump);
        }
        res.end();
      };
      res.on("close", () => (sent = Number.POSITIVE_INFINITY));
      pump();
    });
    const id = await addImport(room.id, "Flaky", "/feed.ics");
    await runCalendarImportRound(deps, nextRound());
    expect(await taken(room.id, 40, 42)).toEqual([1, 1]);

    const expected = {
      html: /not return an iCalendar file/,
      huge: /larger than 2 MB/,
      slow: /did not answer within 0\.5 seconds/,
      redirect: /redirected to an address that is not allowed/,
    } as const;
    for (const bad of ["html", "huge", "slow", "redirect"] as const) {
      mode = bad;
      await runCalendarImportRound(deps, nextRound());
      const run = await lastRun(id);
      expect(run?.status, bad).toBe("error");
      expect(run?.error, bad).toMatch(expected[bad]);
      expect(await taken(room.id, 40, 42), bad).toEqual([1, 1]);
      expect((await blocksOf(id)).length, bad).toBe(1);
    }
    const [row] = await t.deps.db.select().from(calendarImports).where(eq(calendarImports.id, id));
    expect(row?.lastStatus).toBe("error");
  });

  it("expands a recurring block and reads a timed event in its time zone", async () => {
    const body = vcalendar("-//VRBO//EN", [
      [
        "BEGIN:VEVENT",
        "UID:owner@vrbo",
        `DTSTART;VALUE=DATE:${ical(d(50))}`,
        `DTEND;VALUE=DATE:${ical(d(51))}`,
        "RRULE:FREQ=WEEKLY;COUNT=3",
        "SUMMARY:Owner",
        "END:VEVENT",
      ],
      [
        "BEGIN:VEVENT",
        "UID:timed@vrbo",
        `DTSTART;TZID=America/New_York:${ical(d(70))}T160000`,
        `DTEND;TZID=America/New_York:${ical(d(72))}T100000`,
        "SUMMARY:Blocked",
        "END:VEVENT",
      ],
      // 23:30 UTC is 00:30 (or 01:30) the next day in Madrid, the hotel's zone.
      ["BEGIN:VEVENT", "UID:utc@vrbo", `DTSTART:${ical(d(80))}T233000Z`, `DTEND:${ical(d(81))}T233000Z`, "END:VEVENT"],
    ]);
    feeds.handlers.set(
      "/vrbo.ics",
      serve(() => body),
    );
    const id = await addImport(room.id, "VRBO", "/vrbo.ics");
    await runCalendarImportRound(deps, nextRound());
    expect((await blocksOf(id)).map((b) => [b.uid, b.checkIn, b.checkOut])).toEqual([
      ["owner@vrbo", d(50), d(51)],
      ["owner@vrbo", d(57), d(58)],
      ["owner@vrbo", d(64), d(65)],
      ["timed@vrbo", d(70), d(72)],
      ["utc@vrbo", d(81), d(82)],
    ]);
    expect(await taken(room.id, 70, 73)).toEqual([1, 1, 0]);
  });

  it("deleting an import gives its rooms back; Sync now fetches at once; blocked rooms are not available in the report", async () => {
    feeds.handlers.set(
      "/a.ics",
      serve(() => vcalendar("-//Airbnb Inc//Hosting Calendar 1.0//EN", [airbnbEvent("x", d(15), d(16))])),
    );
    const id = await addImport(room.id, "Airbnb", "/a.ics");
    const syncNow = () => importsOf(manager)[":importId"].sync.$post({ param: importParam(id) });
    const sync = await syncNow();
    expect((await bodyOf(sync)).run).toMatchObject({ status: "ok", events: 1 });
    expect(await taken(room.id, 15, 16)).toEqual([1]);
    // Pressed again at once: the same run, no second request to the feed's host.
    const again = await syncNow();
    expect(again.status).toBe(200);
    expect(feeds.requests.filter((r) => r.path === "/a.ics").length).toBe(1);
    // Rooms sold elsewhere are not rooms to sell here: the revenue report's availability drops by the block.
    const available = async () => {
      const res = await t.client(manager).properties.reports.$get({ query: { from: d(15), to: d(15), hotelId: String(hotel.id) } });
      return (await bodyOf(res)).daily[0]?.availableRoomNights;
    };
    expect(await available()).toBe(3); // 3 doubles and 1 cabin, less the block
    const del = await importsOf(manager)[":importId"].$delete({ param: importParam(id) });
    expect(del.status).toBe(200);
    expect(await taken(room.id, 15, 16)).toEqual([0]);
    expect(await available()).toBe(4);
  });

  it("a calendar turned off is not fetched; a new address is checked like the first", async () => {
    feeds.handlers.set(
      "/off.ics",
      serve(() => vcalendar("-//Airbnb Inc//Hosting Calendar 1.0//EN", [airbnbEvent("off", d(35), d(36))])),
    );
    const id = await addImport(room.id, "Airbnb", "/off.ics");
    type Change = InferRequestType<ApiClient["properties"]["hotels"][":hotelId"]["calendar-imports"][":importId"]["$patch"]>["json"];
    const change = (json: Change, cookie = manager) => importsOf(cookie)[":importId"].$patch({ param: importParam(id), json });
    expect((await change({ enabled: false, intervalMinutes: 30 })).status).toBe(200);
    expect(await runCalendarImportRound(deps, nextRound())).toBe(0);
    expect(feeds.requests.length).toBe(0);
    const moved = await change({ url: "http://169.254.169.254/latest/meta-data" });
    expect((await errorOf(moved, 400)).code).toBe("CALENDAR_IMPORT_URL_NOT_ALLOWED");
    expect((await change({})).status).toBe(400);
    expect((await change({ enabled: true }, otherManager)).status).toBe(403);
    expect((await change({ enabled: true })).status).toBe(200);
    expect(await runCalendarImportRound(deps, nextRound())).toBe(1);
    expect(await taken(room.id, 35, 36)).toEqual([1]);
  });

  it("one round across instances: two calls at once sync each feed once", async () => {
    feeds.handlers.set(
      "/once.ics",
      serve(() => vcalendar("-//Airbnb Inc//Hosting Calendar 1.0//EN", [airbnbEvent("o", d(25), d(26))])),
    );
    await addImport(room.id, "Airbnb", "/once.ics");
    await t.deps.db.execute(sql`delete from job_rounds where job = 'calendar-import'`);
    const results = await Promise.all([runCalendarImportJobRound(deps), runCalendarImportJobRound(deps)]);
    expect(results.filter((r) => r !== null)).toEqual([1]);
    expect(feeds.requests.filter((r) => r.path === "/once.ics").length).toBe(1);
  });

  it("refuses a manager of another hotel, addresses the policy forbids, and bad input", async () => {
    feeds.handlers.set(
      "/mine.ics",
      serve(() => vcalendar("-//x//EN", [])),
    );
    const id = await addImport(room.id, "Mine", "/mine.ics");
    const other = t.client(otherManager).properties.hotels[":hotelId"];
    for (const [label, call] of [
      ["list", () => other["calendar-imports"].$get({ param: hotelParam() })],
      ["conflicts", () => other["calendar-conflicts"].$get({ param: hotelParam() })],
      ["sync", () => other["calendar-imports"][":importId"].sync.$post({ param: importParam(id) })],
      ["delete", () => other["calendar-imports"][":importId"].$delete({ param: importParam(id) })],
    ] as const) {
      const res = await call();
      expect(res.status, label).toBe(403);
    }
    const stolen = await other["calendar-imports"][":importId"].sync.$post({ param: importParam(id, otherHotel.id) });
    expect(stolen.status).toBe(404);
    const create = (json: ImportInput) => createImport(json, admin);
    const privateAddress = await create({ roomTypeId: room.id, name: "LAN", url: "https://10.0.0.8/cal.ics" });
    expect((await errorOf(privateAddress, 400)).code).toBe("CALENDAR_IMPORT_URL_NOT_ALLOWED");
    expect((await create({ roomTypeId: room.id, name: "", url: "https://example.com/a.ics" })).status).toBe(400);
    expect((await create({ roomTypeId: room.id, name: "x", url: "ftp://example.com/a.ics" })).status).toBe(400);
    expect((await create({ roomTypeId: room.id, name: "x", url: "https://example.com/a.ics", intervalMinutes: 1 })).status).toBe(400);
    const dup = await create({ roomTypeId: room.id, name: "Again", url: `${feeds.base}/mine.ics` });
    expect(dup.status).toBe(409);
    const otherRoom = await createRoomType(t.deps.db, otherHotel.id, { name: "Other", priceCents: 100, maxGuests: 2, totalRooms: 1 });
    expect((await create({ roomTypeId: otherRoom.id, name: "x", url: "https://example.com/b.ics" })).status).toBe(404);
  });
});

describe("booking source in the back office", () => {
  it("filters the admin's bookings by source, shows each one's source, and splits the revenue report by it", async () => {
    const make = (source: string, sourceDetail: string | null, guestName: string) => {
      const id = randomUUID();
      return {
        id,
        bookingReference: `BKSRC${id.slice(0, 8)}`,
        hotelId: hotel.id,
        hotelName: "Calendar Inn",
        roomTypeId: room.id,
        roomType: room.name,
        roomPriceCents: 10000,
        checkIn: d(100),
        checkOut: d(101),
        numGuests: 2,
        numRooms: 1,
        totalNights: 1,
        totalPriceCents: 10000,
        guestName,
        guestEmail: "source@example.com",
        guestPhone: "+1 555 0101",
        status: "confirmed",
        paymentStatus: "completed",
        source,
        sourceDetail,
      };
    };
    await t.deps.db
      .insert(bookings)
      .values([make("website", null, "Web Guest"), make("phone", null, "Phone Guest"), make("channel", "SiteMinder key", "Channel Guest")]);
    const list = async (source?: "channel" | "phone" | "calendar") => {
      const res = await t.client(admin).admin.bookings.$get({ query: { search: "source@example.com", ...(source ? { source } : {}) } });
      return (await bodyOf(res)).bookings;
    };
    expect((await list()).length).toBe(3);
    expect(await list("channel")).toEqual([
      expect.objectContaining({ guestName: "Channel Guest", source: "channel", sourceDetail: "SiteMinder key" }),
    ]);
    expect((await list("phone")).map((b) => b.guestName)).toEqual(["Phone Guest"]);
    expect(await list("calendar")).toEqual([]);
    // A source the filter does not know: the typed client cannot send it.
    const bad = await t.request("GET", "/api/admin/bookings?source=fax", { cookie: admin });
    expect(bad.status).toBe(400);

    // The revenue report splits them by source: the channel's stay is not the own site's.
    const report = await t.client(manager).properties.reports.$get({ query: { from: d(100), to: d(100), hotelId: String(hotel.id) } });
    const { channels } = await bodyOf(report);
    const of = (channel: string) => channels.find((c) => c.channel === channel);
    expect(of("channel")).toMatchObject({ bookings: 1, revenueCents: 10000 });
    // The website's and the phone row's (written here without a staff member, so not the front desk's).
    expect(of("own_site")).toMatchObject({ bookings: 2, revenueCents: 20000 });
    expect(of("calendar")).toMatchObject({ bookings: 0, revenueCents: 0 });
  });
});
