import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayUtc } from "../../src/shared/dates.ts";
import { channelApiKeys, roomNights } from "../../src/server/db/schema.ts";
import { createHotel, createRoomType } from "../factories.ts";
import { type TwoInstances, startTwoInstances } from "../support/pg.ts";
import { holdBody } from "./hold-body.ts";

let cluster: TwoInstances;
const d = (n: number) => addDays(todayUtc(), n);
const guest = { guestName: "Rita Race", guestEmail: "rita@example.com", guestPhone: "+1 555 0101" };

// Creating and migrating the throw-away database can outlast the default hook time on a loaded machine.
beforeAll(async () => {
  cluster = await startTwoInstances();
}, 600_000);
afterAll(async () => {
  await cluster?.close();
});

/** A read_write channel key of the hotel, made the way the back office stores it (hashed). */
async function channelKey(hotelId: number, name: string): Promise<string> {
  const key = `swk_${name.replace(/\W/g, "")}${"x".repeat(40)}`;
  await cluster.databases[0].db.insert(channelApiKeys).values({
    hotelId,
    name,
    scope: "read_write",
    keyHash: createHash("sha256").update(key).digest("hex"),
    prefix: key.slice(0, 10),
  });
  return key;
}

function channel(instance: 0 | 1, method: string, path: string, key: string, body: unknown, idempotencyKey: string) {
  return cluster.instances[instance].request(method, `/api/channel/v1${path}`, {
    body,
    headers: { authorization: `Bearer ${key}`, "idempotency-key": idempotencyKey },
  });
}

async function taken(roomTypeId: number): Promise<Record<string, number>> {
  const rows = await cluster.databases[0].db.select().from(roomNights).where(eq(roomNights.roomTypeId, roomTypeId));
  return Object.fromEntries(rows.filter((r) => r.roomsTaken > 0).map((r) => [r.night, r.roomsTaken]));
}

describe("a channel's change of a booking's stay on PostgreSQL, two instances", () => {
  it("racing 20 website holds for the last room on the added night: the night is sold exactly once", async () => {
    const hotel = await createHotel(cluster.databases[0].db, { name: "Race Change Hotel" });
    const room = await createRoomType(cluster.databases[0].db, hotel.id, {
      name: "Only Room",
      totalRooms: 1,
      maxGuests: 2,
      priceCents: 9000,
    });
    const key = await channelKey(hotel.id, "Race Channel");
    const made = await channel(
      0,
      "POST",
      `/hotels/${hotel.id}/bookings`,
      key,
      {
        ...guest,
        roomTypeId: String(room.id),
        checkIn: d(20),
        checkOut: d(21),
        guests: 2,
        rooms: 1,
      },
      "race-book",
    );
    expect(made.status, await made.clone().text()).toBe(201);
    const booking = (await made.json()) as { id: string };

    const holds = Array.from({ length: 20 }, (_, i) =>
      cluster.instances[i % 2]!.request("POST", "/api/bookings", {
        body: holdBody(hotel.id, room.id, { checkIn: d(21), checkOut: d(22) }, `Racer ${i}`),
      }),
    );
    const change = channel(1, "PATCH", `/hotels/${hotel.id}/bookings/${booking.id}`, key, { checkOut: d(22) }, "race-change");
    const [responses, changed] = await Promise.all([Promise.all(holds), change]);
    expect(responses.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    expect([200, 409]).toContain(changed.status);
    const holdsWon = responses.filter((r) => r.status === 201).length;
    expect(holdsWon + (changed.status === 200 ? 1 : 0)).toBe(1);
    if (changed.status === 409) {
      const refusal = (await changed.json()) as { code: string; details?: { nights: string } };
      expect(refusal.code).toBe("ROOM_UNAVAILABLE");
    }
    expect(await taken(room.id)).toEqual({ [d(20)]: 1, [d(21)]: 1 });
  });

  it("two bookings swapping their nights at once on both instances never deadlock and end where they were asked to", async () => {
    const hotel = await createHotel(cluster.databases[0].db, { name: "Swap Change Hotel" });
    const room = await createRoomType(cluster.databases[0].db, hotel.id, { name: "Twin", totalRooms: 2, maxGuests: 2, priceCents: 8000 });
    const key = await channelKey(hotel.id, "Swap Channel");
    const early = { checkIn: d(30), checkOut: d(32) };
    const late = { checkIn: d(33), checkOut: d(35) };
    const book = async (stay: { checkIn: string; checkOut: string }, idempotencyKey: string) => {
      const res = await channel(
        0,
        "POST",
        `/hotels/${hotel.id}/bookings`,
        key,
        { ...guest, roomTypeId: String(room.id), ...stay, guests: 2, rooms: 1 },
        idempotencyKey,
      );
      expect(res.status, await res.clone().text()).toBe(201);
      return ((await res.json()) as { id: string }).id;
    };
    const a = await book(early, "swap-a");
    const b = await book(late, "swap-b");
    // Each round moves A to the other end and B to the one A left, both at once; each releases the nights the other takes.
    for (let round = 1; round <= 6; round++) {
      const [toA, toB] = round % 2 === 1 ? [late, early] : [early, late];
      const [ra, rb] = await Promise.all([
        channel(0, "PATCH", `/hotels/${hotel.id}/bookings/${a}`, key, toA, `swap-a-${round}`),
        channel(1, "PATCH", `/hotels/${hotel.id}/bookings/${b}`, key, toB, `swap-b-${round}`),
      ]);
      expect([ra.status, rb.status], `${await ra.clone().text()} ${await rb.clone().text()}`).toEqual([200, 200]);
    }
    // After an even number of rounds each booking is back where it began: one room taken on each of its nights.
    expect(await taken(room.id)).toEqual({ [d(30)]: 1, [d(31)]: 1, [d(33)]: 1, [d(34)]: 1 });
  });
});
