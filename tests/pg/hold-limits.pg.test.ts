import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayUtc } from "../../src/shared/dates.ts";
import { roomNights } from "../../src/server/db/schema.ts";
import { createHotel, createRoomType } from "../factories.ts";
import { type TwoInstances, startTwoInstances } from "../support/pg.ts";
import { type TestApp, cookieFrom } from "../support/test-app.ts";

// The shipped defaults: 2 unpaid holds per guest, 3 per address, 4 rooms per hold, half of a room type per address, 10 attempts an hour.
const LIMITS = { HOLD_MAX_PENDING: "2", HOLD_MAX_PENDING_PER_ADDRESS: "3", HOLD_MAX_ROOM_SHARE_PERCENT: "50", HOLD_RATE_PER_HOUR: "10" };

let cluster: TwoInstances;
let databases: TwoInstances["databases"];
let instances: TwoInstances["instances"];

beforeAll(async () => {
  cluster = await startTwoInstances(LIMITS);
  ({ databases, instances } = cluster);
});

afterAll(async () => {
  await cluster?.close();
});

function holdRequest(instance: TestApp, body: Record<string, unknown>, address: string, cookie?: string) {
  return instance.request("POST", "/api/bookings", { body, headers: { "x-forwarded-for": address }, ...(cookie ? { cookie } : {}) });
}

describe("hold limits across two instances on PostgreSQL", () => {
  it("lets one address take only its share of a hotel under simultaneous requests, and other guests still book", async () => {
    const hotel = await createHotel(databases[0]!.db, { name: "Target Hotel" });
    const room = await createRoomType(databases[0]!.db, hotel.id, { name: "Double", totalRooms: 24, maxGuests: 2, priceCents: 9000 });
    const checkIn = addDays(todayUtc(), 20);
    const body = {
      hotelId: String(hotel.id),
      roomTypeId: String(room.id),
      checkIn,
      checkOut: addDays(checkIn, 7),
      guests: 8,
      rooms: 4,
      guestName: "Script",
      guestEmail: "script@example.com",
      guestPhone: "+1 555 0100",
    };
    const attempts = await Promise.all(Array.from({ length: 10 }, (_, i) => holdRequest(instances[i % 2]!, body, "203.0.113.50")));
    const statuses = attempts.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 201, 201, 429, 429, 429, 429, 429, 429, 429]);
    const nights = await databases[1]!.db.select().from(roomNights).where(eq(roomNights.roomTypeId, room.id));
    expect(nights.map((n) => n.roomsTaken)).toEqual(Array(7).fill(12));

    const guest = await holdRequest(
      instances[1]!,
      { ...body, guests: 2, rooms: 1, guestName: "Real Guest", guestEmail: "real@example.com" },
      "192.0.2.10",
    );
    expect(guest.status).toBe(201);
  });

  it("lets one address hold at most half of a small room type under simultaneous requests on both instances", async () => {
    const hotel = await createHotel(databases[0]!.db, { name: "Small Hotel" });
    const room = await createRoomType(databases[0]!.db, hotel.id, { name: "Loft", totalRooms: 4, maxGuests: 2, priceCents: 12000 });
    const checkIn = addDays(todayUtc(), 25);
    const body = {
      hotelId: String(hotel.id),
      roomTypeId: String(room.id),
      checkIn,
      checkOut: addDays(checkIn, 3),
      guests: 2,
      rooms: 1,
      guestName: "Script",
      guestEmail: "script@example.com",
      guestPhone: "+1 555 0100",
    };
    // Six one-room holds at once, no cookies: within the address's 3 unpaid holds only 2 rooms of the 4 may be held.
    const attempts = await Promise.all(Array.from({ length: 6 }, (_, i) => holdRequest(instances[i % 2]!, body, "203.0.113.60")));
    expect(attempts.map((r) => r.status).sort()).toEqual([201, 201, 429, 429, 429, 429]);
    const nights = await databases[1]!.db.select().from(roomNights).where(eq(roomNights.roomTypeId, room.id));
    expect(nights.map((n) => n.roomsTaken)).toEqual([2, 2, 2]);
  });

  it("counts one visitor session's simultaneous holds across instances and addresses", async () => {
    const hotel = await createHotel(databases[0]!.db, { name: "Second Hotel" });
    const room = await createRoomType(databases[0]!.db, hotel.id, { name: "Twin", totalRooms: 30, maxGuests: 2, priceCents: 8000 });
    const checkIn = addDays(todayUtc(), 30);
    const body = {
      hotelId: String(hotel.id),
      roomTypeId: String(room.id),
      checkIn,
      checkOut: addDays(checkIn, 2),
      guests: 2,
      rooms: 1,
      guestName: "Visitor",
      guestEmail: "v@example.com",
      guestPhone: "+1 555 0100",
    };
    const first = await holdRequest(instances[0]!, body, "192.0.2.20");
    expect(first.status).toBe(201);
    const cookie = cookieFrom(first);
    const more = await Promise.all(Array.from({ length: 6 }, (_, i) => holdRequest(instances[i % 2]!, body, `192.0.2.${21 + i}`, cookie)));
    expect(more.map((r) => r.status).sort()).toEqual([201, 429, 429, 429, 429, 429]);
  });
});
