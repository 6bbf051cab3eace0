import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayUtc } from "../../src/shared/dates.ts";
import { calendarBlocks, calendarImports, roomNights } from "../../src/server/db/schema.ts";
import { createLogger } from "../../src/server/logger.ts";
import { calendarImportDeps, runCalendarImportRound } from "../../src/server/services/calendar-imports.ts";
import { createHotel, createRoomType } from "../factories.ts";
import { type TwoInstances, startTwoInstances } from "../support/pg.ts";
import { holdBody } from "./hold-body.ts";

let cluster: TwoInstances;
let server: http.Server;
let feedUrl = "";
const checkIn = addDays(todayUtc(), 20);
const checkOut = addDays(todayUtc(), 22);
const ical = (date: string) => date.replaceAll("-", "");

beforeAll(async () => {
  cluster = await startTwoInstances();
  server = http.createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/calendar" });
    res.end(
      [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        "BEGIN:VEVENT",
        "UID:race@airbnb.com",
        `DTSTART;VALUE=DATE:${ical(checkIn)}`,
        `DTEND;VALUE=DATE:${ical(checkOut)}`,
        "SUMMARY:Reserved",
        "END:VEVENT",
        "END:VCALENDAR",
        "",
      ].join("\r\n"),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  feedUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/race.ics`;
});

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await cluster?.close();
});

describe("an imported block racing website holds for the last room on PostgreSQL", () => {
  it("sells the room once: either the block holds it and every hold is refused, or one hold wins and the block is a conflict", async () => {
    const [first, second] = cluster.databases;
    const hotel = await createHotel(first!.db, { name: "Race Calendar Hotel" });
    const room = await createRoomType(first!.db, hotel.id, { name: "Only Room", totalRooms: 1, maxGuests: 2, priceCents: 12300 });
    await first!.db.insert(calendarImports).values({ roomTypeId: room.id, name: "Airbnb", url: feedUrl });
    const deps = calendarImportDeps({
      db: second!.db,
      config: { outboundPrivateHosts: ["127.0.0.1"], publicUrl: "http://localhost" },
      deliveryMode: "mailbox",
      logger: createLogger("silent"),
    });
    const holds = Array.from({ length: 20 }, (_, i) =>
      cluster.instances[i % 2]!.request("POST", "/api/bookings", {
        body: holdBody(hotel.id, room.id, { checkIn, checkOut }, `Racer ${i}`),
      }),
    );
    const [responses, synced] = await Promise.all([Promise.all(holds), runCalendarImportRound(deps)]);
    expect(synced).toBe(1);
    const won = responses.filter((r) => r.status === 201).length;
    expect(responses.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    const [block] = await first!.db.select().from(calendarBlocks).where(eq(calendarBlocks.roomTypeId, room.id));
    expect(won + (block?.state === "blocked" ? 1 : 0)).toBe(1);
    expect(block?.state).toBe(won === 1 ? "conflict" : "blocked");
    const nights = await first!.db.select().from(roomNights).where(eq(roomNights.roomTypeId, room.id));
    expect(nights.map((n) => n.roomsTaken)).toEqual([1, 1]);
  });
});
