import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { roomNights } from "../../src/server/db/schema.ts";
import { refreshDestinations } from "../../src/server/db/seed/seed-catalogue.ts";
import { createInventorySupplier } from "../../src/server/services/search/inventory-supplier.ts";
import { addDays, todayUtc } from "../../src/shared/dates.ts";
import type { HotelDetail, SearchResponse } from "../../src/shared/search.ts";
import { createHotel, createRoomType } from "../factories.ts";
import { type TestApp, createTestApp } from "../support/test-app.ts";

/*
 * Without rate rules or plans, the large-catalogue plan's capped count checks a hotel's first
 * room types one by one and only the rest through generate_series (hasOffer, decision 077). Its
 * count must still be the hotels whose own page shows a bookable room for the party, whichever
 * position in room_offers (floor order) that room has: the first, the fifth (the first one walked
 * by generate_series) or a later one, with sold-out and partly taken nights deciding.
 */
const HOTELS = 40;
const checkIn = addDays(todayUtc(), 40);
const checkOut = addDays(checkIn, 3);

function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

describe("the capped count without rates, by room type position", () => {
  let t: TestApp;
  const hotelIds: number[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    t.deps.suppliers[0] = createInventorySupplier(t.deps.db, { smallCatalogue: 0 });
    const db = t.deps.db;
    const rnd = random(77);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
    /** A hotel of `rooms` (price, guests, rooms, and how its stay is booked), in any order of price. */
    const hotel = async (n: number, rooms: { price: number; guests: number; total: number; taken: number }[]) => {
      const row = await createHotel(db, {
        name: `Position Hotel ${n}`,
        city: "Roomsby",
        country: "Countland",
        countryCode: "CL",
        reviewCount: n,
        priceCents: Math.min(...rooms.map((r) => r.price)),
        originalPriceCents: null,
        freeCancellationDays: n % 3 === 0 ? 0 : 2,
      });
      hotelIds.push(row.id);
      for (const r of rooms) {
        const room = await createRoomType(db, row.id, {
          priceCents: r.price,
          originalPriceCents: null,
          maxGuests: r.guests,
          totalRooms: r.total,
        });
        if (r.taken > 0)
          await db.insert(roomNights).values({ roomTypeId: room.id, night: addDays(checkIn, 1), roomsTotal: r.total, roomsTaken: r.taken });
      }
    };
    // The family room is the fifth by price, then the seventh; then the same sold out.
    const singles = (k: number) => Array.from({ length: k }, (_, i) => ({ price: 5000 + 100 * i, guests: 1, total: 2, taken: 0 }));
    await hotel(0, [...singles(4), { price: 20000, guests: 4, total: 1, taken: 0 }]);
    await hotel(1, [...singles(6), { price: 20000, guests: 4, total: 2, taken: 0 }]);
    await hotel(2, [...singles(4), { price: 20000, guests: 4, total: 1, taken: 1 }]);
    await hotel(3, [...singles(6), { price: 20000, guests: 4, total: 2, taken: 1 }]);
    for (let n = 4; n < HOTELS; n++) {
      await hotel(
        n,
        Array.from({ length: 1 + Math.floor(rnd() * 7) }, () => {
          const total = pick([1, 2, 3]);
          const roll = rnd();
          return {
            price: pick([4000, 7500, 9000, 12000, 16000]),
            guests: pick([1, 2, 2, 3, 4]),
            total,
            taken: roll < 0.3 ? total : roll < 0.45 ? 1 : 0,
          };
        }),
      );
    }
    await refreshDestinations(db);
  });
  afterAll(() => t.close());

  /** The hotels whose own page shows a bookable room for the party. */
  async function bookable(party: string): Promise<number[]> {
    const ids: number[] = [];
    for (const id of hotelIds) {
      const res = await t.request("GET", `/api/hotels/${id}?checkIn=${checkIn}&checkOut=${checkOut}&${party}`);
      if (((await res.json()) as HotelDetail).rooms.some((r) => r.bookable)) ids.push(id);
    }
    return ids;
  }

  async function count(query: string): Promise<SearchResponse> {
    // A page of one is full, so its total comes from the capped count.
    const res = await t.request(
      "GET",
      `/api/hotels/search?destination=Roomsby&checkIn=${checkIn}&checkOut=${checkOut}&pageSize=1&${query}`,
    );
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as SearchResponse;
  }

  it.each(["guests=1", "guests=2", "guests=3", "guests=4", "guests=4&rooms=2", "guests=2&rooms=2", "guests=6&rooms=2"])(
    "%s: the count is the hotels with a bookable room",
    async (party) => {
      const expected = await bookable(party);
      expect(expected.length).toBeGreaterThan(0);
      expect(expected.length).toBeLessThan(HOTELS);
      if (party === "guests=4") {
        expect(expected).toEqual(expect.arrayContaining([hotelIds[0], hotelIds[1], hotelIds[3]]));
        expect(expected).not.toContain(hotelIds[2]);
      }
      const counted = await count(party);
      expect(counted.total).toBe(expected.length);
      expect(counted.totalIsCapped).toBe(false);
    },
  );

  it("counts with the free-cancellation filter the hotels whose standard rate is refundable", async () => {
    const expected = (await bookable("guests=2")).filter((id) => hotelIds.indexOf(id) % 3 !== 0);
    expect(expected.length).toBeGreaterThan(0);
    expect((await count("guests=2&freeCancellation=true")).total).toBe(expected.length);
  });
});
