import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { rateRestrictionNights, rateRules, roomNights, roomTypes } from "../../src/server/db/schema.ts";
import { refreshDestinations } from "../../src/server/db/seed/seed-catalogue.ts";
import { createInventorySupplier } from "../../src/server/services/search/inventory-supplier.ts";
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
const FLOORHAM_HOTELS = 40;
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
  const floorhamIds: number[] = [];

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
      // Floorham: every room type has one cheap night far ahead, so every hotel's floor (the price
      // sort's walk key) is far below its price for the stay and the walk needs several batches.
      for (let n = 0; n < FLOORHAM_HOTELS; n++) {
        const priceCents = 8000 + 100 * ((n * 17) % FLOORHAM_HOTELS); // each price once, in no order of id
        const hotel = await createHotel(db, {
          name: `Floor Hotel ${n}`,
          city: "Floorham",
          country: "Countland",
          countryCode: "CL",
          priceCents,
          originalPriceCents: null,
        });
        const room = await createRoomType(db, hotel.id, { priceCents, originalPriceCents: null, maxGuests: 2, totalRooms: 2 });
        const far = addDays(checkIn, 200);
        await db.insert(rateRules).values({ roomTypeId: room.id, firstNight: far, lastNight: far, priceCents: 1000 });
        floorhamIds.push(hotel.id);
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

  /** Each hotel's offer for the stay and party: its cheapest bookable room on its own page. */
  async function offers(ids: number[], party: string): Promise<Map<string, number>> {
    const byHotel = new Map<string, number>();
    for (const id of ids) {
      const res = await t.request("GET", `/api/hotels/${id}?checkIn=${checkIn}&checkOut=${checkOut}&${party}`);
      const rooms = ((await res.json()) as HotelDetail).rooms.filter((r) => r.bookable);
      if (rooms.length > 0) byHotel.set(String(id), Math.min(...rooms.map((r) => r.priceCents)));
    }
    return byHotel;
  }

  it.each([
    ["Tallyton", ""],
    ["Tallyton", "minPrice=50&maxPrice=250"],
    ["Tallyton", "minPrice=100&maxPrice=400&guests=3"],
    ["Floorham", ""],
    ["Floorham", "minPrice=90&maxPrice=130"],
    // Both cities' country: two walks share one page and one cutoff.
    ["Countland", ""],
    ["Countland", "minPrice=90&maxPrice=130"],
  ])("%s %s: the price sort's small pages follow the hotel pages' prices, ties by id", async (city, filter) => {
    // Small pages make the walk price a few hotels first. In Floorham no hotel's price is known from
    // its walk key, so the walk goes on with only the hotels that can still make the page (pricePage's
    // cutoff); Countland is both cities, each walked on its own up to the one cutoff. Equal prices are frequent: a page merged from several suppliers must keep the ids'
    // numeric order, or hotels repeat and go missing between pages.
    const params = new URLSearchParams(filter);
    const [min, max] = [Number(params.get("minPrice") ?? 0) * 100, Number(params.get("maxPrice") ?? 1e6) * 100];
    const ids = city === "Tallyton" ? hotelIds : city === "Floorham" ? floorhamIds : [...hotelIds, ...floorhamIds];
    const expected = [...(await offers(ids, `guests=${params.get("guests") ?? "2"}&rooms=1`))]
      .filter(([, offer]) => offer >= min && offer <= max)
      .sort(([a, x], [b, y]) => x - y || Number(a) - Number(b))
      .map(([id]) => id);
    expect(expected.length).toBeGreaterThan(6);
    const page = async (query: string) => {
      const res = await t.request(
        "GET",
        `/api/hotels/search?destination=${city}&checkIn=${checkIn}&checkOut=${checkOut}&sort=price&${filter}&${query}`,
      );
      expect(res.status).toBe(200);
      return ((await res.json()) as SearchResponse).hotels.map((h) => h.id);
    };
    const seen: string[] = [];
    for (let n = 1; n <= 3; n++) seen.push(...(await page(`pageSize=2&page=${n}`)));
    expect(seen).toEqual(expected.slice(0, 6));
    expect(await page("pageSize=1&page=5")).toEqual([expected[4]]);
    expect(await page("pageSize=8&page=1")).toEqual(expected.slice(0, 8));
  });

  it.each(["guests=2", "guests=3", "guests=4&rooms=2"])(
    "%s: without a price filter, the capped count is the hotels with a bookable room, closed nights and minimum stays left out",
    async (party) => {
      const expected = await offers(hotelIds, party);
      expect(expected.size).toBeGreaterThan(1);
      expect(expected.size).toBeLessThan(HOTELS);
      // A page of one is full, so its total comes from the capped count (hasOffer).
      const counted = await search(`${party}&pageSize=1`);
      expect(counted.total).toBe(expected.size);
      expect(counted.totalIsCapped).toBe(false);
    },
  );

  it("keeps each night's count of closing and minimum-stay rules as rules come and go", async () => {
    const db = t.deps.db;
    const nightsOf = async () => new Map((await db.select().from(rateRestrictionNights)).map((n) => [n.night, n.rules] as const));
    const before = await nightsOf();
    const hotel = await createHotel(db, { name: "Counting Hotel", city: "Countville", country: "Countland", countryCode: "CL" });
    const room = await createRoomType(db, hotel.id, { priceCents: 10000, originalPriceCents: null });
    const [a, b, c] = [addDays(checkIn, 100), addDays(checkIn, 101), addDays(checkIn, 102)];
    await db.insert(rateRules).values([
      { roomTypeId: room.id, firstNight: a, lastNight: c, closed: true },
      { roomTypeId: room.id, firstNight: b, lastNight: b, minStay: 2 },
      { roomTypeId: room.id, firstNight: a, lastNight: c, priceCents: 9000 },
    ]);
    const after = await nightsOf();
    expect([a, b, c].map((night) => (after.get(night) ?? 0) - (before.get(night) ?? 0))).toEqual([1, 2, 1]);
    // Deleting the room type deletes its rules (cascade), and their nights' counts.
    await db.delete(roomTypes).where(eq(roomTypes.id, room.id));
    const gone = await nightsOf();
    expect([a, b, c].map((night) => (gone.get(night) ?? 0) - (before.get(night) ?? 0))).toEqual([0, 0, 0]);
  });

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
