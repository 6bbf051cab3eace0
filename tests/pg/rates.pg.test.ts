import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayUtc } from "../../src/shared/dates.ts";
import { queryRows } from "../../src/server/db/client.ts";
import { stayNightlyPrice } from "../../src/server/services/search/pricing-sql.ts";
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

describe("compiled rates under concurrent edits, on PostgreSQL", () => {
  it("compiles two edits of one room type's rules made at once into both", async () => {
    const db = databases[0]!.db;
    const hotel = await createHotel(db, { name: "Compile Race Hotel" });
    const room = await createRoomType(db, hotel.id, { name: "Double", totalRooms: 2, maxGuests: 2, priceCents: 10000 });
    const first = addDays(todayUtc(), 30);
    const second = addDays(first, 3);
    const a = await databases[0]!.pool!.connect();
    const b = await databases[1]!.pool!.connect();
    try {
      await a.query("begin");
      await b.query("begin");
      const insert = "insert into rate_rules (room_type_id, first_night, last_night, price_cents) values ($1, $2, $2, $3)";
      await a.query(insert, [room.id, first, 20000]);
      // The second edit's compile waits for the first to commit, then sees its rule too.
      const pending = b.query(insert, [room.id, second, 30000]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await a.query("commit");
      await pending;
      await b.query("commit");
    } finally {
      a.release();
      b.release();
    }
    const stay = { checkIn: first, checkOut: addDays(second, 1), guests: 2, children: 0, childAges: [], rooms: 1 };
    const [row] = await queryRows<{ search: number; rules: number }>(
      db,
      sql`select ${stayNightlyPrice(stay, sql`${room.id}::int`, sql`0`)} as search,
        (select round(sum(n.price_cents)::numeric / 4)::int from f_stay_nights(${room.id}, ${first}::date, ${stay.checkOut}::date) n) as rules`,
    );
    expect(row).toEqual({ search: (20000 + 10000 + 10000 + 30000) / 4, rules: (20000 + 10000 + 10000 + 30000) / 4 });
  });
});
