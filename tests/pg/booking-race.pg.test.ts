import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayUtc } from "../../src/shared/dates.ts";
import { bookings, roomNights } from "../../src/server/db/schema.ts";
import { createHotel, createRoomType } from "../factories.ts";
import { type TwoInstances, startTwoInstances } from "../support/pg.ts";
import { holdBody } from "./hold-body.ts";

let cluster: TwoInstances;
let databases: TwoInstances["databases"];
let instances: TwoInstances["instances"];

beforeAll(async () => {
  cluster = await startTwoInstances();
  ({ databases, instances } = cluster);
});

afterAll(async () => {
  await cluster?.close();
});

describe("the last room under concurrent holds on PostgreSQL", () => {
  it("lets exactly one of 50 simultaneous holds across two instances take it", async () => {
    const hotel = await createHotel(databases[0]!.db, { name: "Race Hotel" });
    const room = await createRoomType(databases[0]!.db, hotel.id, { name: "Only Room", totalRooms: 1, maxGuests: 2, priceCents: 12300 });
    const checkIn = addDays(todayUtc(), 14);
    const checkOut = addDays(todayUtc(), 17);
    const attempts = Array.from({ length: 50 }, (_, i) =>
      instances[i % 2]!.request("POST", "/api/bookings", {
        body: holdBody(hotel.id, room.id, { checkIn, checkOut }, `Racer ${i}`),
      }),
    );
    const statuses = (await Promise.all(attempts)).map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    const nights = await databases[1]!.db.select().from(roomNights).where(eq(roomNights.roomTypeId, room.id));
    expect(nights.map((n) => n.roomsTaken)).toEqual([1, 1, 1]);
    const held = await databases[1]!.db.select().from(bookings).where(eq(bookings.roomTypeId, room.id));
    expect(held).toHaveLength(1);
  });

  it("keeps overlapping multi-room holds within the room count", async () => {
    const hotel = await createHotel(databases[0]!.db, { name: "Busy Hotel" });
    const room = await createRoomType(databases[0]!.db, hotel.id, { name: "Twin", totalRooms: 5, maxGuests: 2, priceCents: 9000 });
    const start = addDays(todayUtc(), 30);
    const attempts = Array.from({ length: 30 }, (_, i) =>
      instances[i % 2]!.request("POST", "/api/bookings", {
        body: holdBody(
          hotel.id,
          room.id,
          { checkIn: addDays(start, i % 3), checkOut: addDays(start, (i % 3) + 2), rooms: 1 + (i % 2) },
          `Guest ${i}`,
        ),
      }),
    );
    const statuses = (await Promise.all(attempts)).map((r) => r.status);
    expect(
      statuses.every((s) => s === 201 || s === 409),
      statuses.join(","),
    ).toBe(true);
    const nights = await databases[0]!.db.select().from(roomNights).where(eq(roomNights.roomTypeId, room.id));
    for (const n of nights) expect(n.roomsTaken).toBeLessThanOrEqual(5);
    // Every night's count equals the rooms of the holds that cover it.
    const held = await databases[0]!.db.select().from(bookings).where(eq(bookings.roomTypeId, room.id));
    for (const n of nights) {
      const expected = held.filter((b) => b.checkIn <= n.night && n.night < b.checkOut).reduce((s, b) => s + b.numRooms, 0);
      expect(n.roomsTaken).toBe(expected);
    }
  });
});
