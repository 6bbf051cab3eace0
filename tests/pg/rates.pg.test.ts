import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayUtc } from "../../src/shared/dates.ts";
import { bookings, roomNights } from "../../src/server/db/schema.ts";
import { ensureAdmin } from "../../src/server/services/accounts.ts";
import { createHotel, createRoomType } from "../factories.ts";
import { type TwoInstances, startTwoInstances } from "../support/pg.ts";
import { signIn } from "../support/test-app.ts";
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

describe("rooms to sell edited while guests hold rooms, on PostgreSQL", () => {
  it("never sells more rooms than the calendar allows, whichever commits first", async () => {
    const db = databases[0]!.db;
    await ensureAdmin(db, instances[0]!.deps.auth, { email: "pg-rates@example.com", password: "admin-password", name: "Admin" }, "test");
    const admin = await signIn(instances[0]!, "pg-rates@example.com", "admin-password");
    const hotel = await createHotel(db, { name: "Calendar Race Hotel" });
    const room = await createRoomType(db, hotel.id, { name: "Double", totalRooms: 6, maxGuests: 2, priceCents: 10000 });
    const checkIn = addDays(todayUtc(), 20);
    const checkOut = addDays(checkIn, 2);
    const holds = Array.from({ length: 16 }, (_, i) =>
      instances[i % 2]!.request("POST", "/api/bookings", {
        body: holdBody(hotel.id, room.id, { checkIn, checkOut }, `Racer ${i}`),
      }),
    );
    // Meanwhile the hotelier cuts and restores the rooms to sell, from both instances.
    const edits = [2, 5, 1, 4, 3, 6, 2, 3].map((roomsToSell, i) =>
      instances[(i + 1) % 2]!.request("POST", `/api/properties/hotels/${hotel.id}/calendar`, {
        cookie: admin,
        body: { roomTypeIds: [room.id], from: checkIn, to: addDays(checkIn, 1), roomsToSell },
      }),
    );
    const holdStatuses = (await Promise.all(holds)).map((r) => r.status);
    const editAnswers = await Promise.all(
      edits.map(async (pending) => {
        const r = await pending;
        return { status: r.status, body: (await r.json()) as { code?: string } };
      }),
    );

    expect(
      holdStatuses.every((s) => s === 201 || s === 409),
      holdStatuses.join(","),
    ).toBe(true);
    for (const e of editAnswers) {
      expect([200, 400], JSON.stringify(e)).toContain(e.status);
      if (e.status === 400) expect(e.body.code).toBe("ROOMS_TO_SELL_BELOW_SOLD");
    }
    const nights = await databases[1]!.db.select().from(roomNights).where(eq(roomNights.roomTypeId, room.id));
    expect(nights).toHaveLength(2);
    const held = await databases[1]!.db.select().from(bookings).where(eq(bookings.roomTypeId, room.id));
    expect(held).toHaveLength(holdStatuses.filter((s) => s === 201).length);
    for (const n of nights) {
      expect(n.roomsTaken).toBeLessThanOrEqual(n.roomsTotal);
      expect(n.roomsTaken).toBe(held.length);
    }
    // The calendar ends on the last edit that went through, and no edit went below what was sold then.
    expect(nights[0]!.roomsTotal).toBe(nights[1]!.roomsTotal);
    expect(editAnswers.some((e) => e.status === 200)).toBe(true);
  });
});
