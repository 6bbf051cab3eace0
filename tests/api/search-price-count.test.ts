import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rateRules, roomNights } from "../../src/server/db/schema.ts";
import { refreshDestinations } from "../../src/server/db/seed/seed-catalogue.ts";
import { createInventorySupplier } from "../../src/server/integrations/suppliers/inventory-supplier.ts";
import { addDays, todayUtc } from "../../src/shared/dates.ts";
import type { HotelDetail, SearchResponse } from "../../src/shared/search.ts";
import { createHotel, createRoomType } from "../factories.ts";
import { type TestApp, createTestApp } from "../support/test-app.ts";

/*
 * The large-catalogue plan counts and filters a search with a price filter without pricing every
 * room type (noFreeRoomBelow, freeRoomWithin). Its hotels must be those whose hotel page shows the
 * cheapest bookable room within the range, and its capped count, its full list and its price sort
 * must agree, with sold-out rooms, closed nights, minimum stays and rule prices below and above the
 * base price deciding the cheapest offer. (With rate rules both plans walk.)
 */
const HOTELS = 48;
const checkIn = addDays(todayUtc(), 30);
const checkOut = addDays(checkIn, 2);

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

describe("the count of a search with a price filter", () => {
  let t: TestApp;
  const hotelIds: number[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    t.deps.suppliers[0] = createInventorySupplier(t.deps.db, { smallCatalogue: 0 });
    {
      const db = t.deps.db;
      const rnd = random(16);
      const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
      for (let n = 0; n < HOTELS; n++) {
        const prices = [0, 1, 2].map(() => pick([4000, 7500, 9000, 12000, 16000, 22000, 30000, 45000]));
        const hotel = await createHotel(db, {
          name: `Tally Hotel ${n}`,
          city: "Tallyton",
          country: "Countland",
          countryCode: "CL",
          reviewCount: n,
          priceCents: Math.min(...prices),
          originalPriceCents: null,
        });
        hotelIds.push(hotel.id);
        for (const priceCents of prices) {
          const totalRooms = pick([1, 2, 3]);
          const room = await createRoomType(db, hotel.id, {
            priceCents,
            originalPriceCents: null,
            maxGuests: pick([1, 2, 2, 3]),
            totalRooms,
          });
          const roll = rnd();
          if (roll < 0.2) {
            await db
              .insert(roomNights)
              .values({ roomTypeId: room.id, night: addDays(checkIn, 1), roomsTotal: totalRooms, roomsTaken: totalRooms });
          } else if (roll < 0.3) {
            await db.insert(rateRules).values({ roomTypeId: room.id, firstNight: checkIn, lastNight: checkIn, closed: true });
          } else if (roll < 0.4) {
            await db.insert(rateRules).values({ roomTypeId: room.id, firstNight: checkIn, lastNight: checkOut, minStay: 3 });
          } else if (roll < 0.55) {
            // One night cheaper or dearer: the stay's average moves across the range's edges.
            await db.insert(rateRules).values({
              roomTypeId: room.id,
              firstNight: checkIn,
              lastNight: checkIn,
              priceCents: pick([3000, 8000, 14000, 26000, 60000]),
            });
          }
        }
      }
      await refreshDestinations(db);
    }
  });
  afterAll(() => t.close());

  async function search(query: string): Promise<SearchResponse> {
    const res = await t.request("GET", `/api/hotels/search?destination=Tallyton&checkIn=${checkIn}&checkOut=${checkOut}&${query}`);
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as SearchResponse;
  }

  it.each([
    "minPrice=0&maxPrice=100",
    "minPrice=50&maxPrice=150",
    "minPrice=100&maxPrice=300",
    "minPrice=150&maxPrice=350",
    "minPrice=80&maxPrice=120&guests=3",
    "minPrice=60&maxPrice=250&guests=2&rooms=2",
    "minPrice=120&maxPrice=200&guests=1",
  ])("%s: the walks' capped count equals the exact total", async (filter) => {
    // The reference: each hotel's page for the stay, its cheapest bookable room within the range.
    const params = new URLSearchParams(filter);
    const [min, max] = [Number(params.get("minPrice")) * 100, Number(params.get("maxPrice")) * 100];
    const party = `checkIn=${checkIn}&checkOut=${checkOut}&guests=${params.get("guests") ?? "2"}&rooms=${params.get("rooms") ?? "1"}`;
    const expected: string[] = [];
    for (const id of hotelIds) {
      const res = await t.request("GET", `/api/hotels/${id}?${party}`);
      const detail = (await res.json()) as HotelDetail;
      const offer = Math.min(...detail.rooms.filter((r) => r.bookable).map((r) => r.priceCents));
      if (offer >= min && offer <= max) expected.push(String(id));
    }
    // Every match on one page: the total is the list's length, each hotel priced.
    const all = await search(`${filter}&pageSize=50`);
    expect(all.hotels.map((h) => h.id).sort()).toEqual(expected.sort());
    const byPrice = await search(`${filter}&pageSize=50&sort=price`);
    expect(all.total).toBe(all.hotels.length);
    expect(all.total).toBeGreaterThan(1);
    expect(all.total).toBeLessThan(HOTELS);
    expect(byPrice.total).toBe(all.total);
    // A page of one is full whenever two hotels match, so its total comes from the capped count.
    const counted = await search(`${filter}&pageSize=1`);
    expect(counted.total).toBe(all.total);
    expect(counted.totalIsCapped).toBe(false);
  });
});
