import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayUtc } from "../../src/shared/dates.ts";
import type { HotelDetail, SearchResponse } from "../../src/shared/search.ts";
import { refreshDestinations } from "../../src/server/db/seed/seed-catalogue.ts";
import { createInventorySupplier } from "../../src/server/services/search/inventory-supplier.ts";
import { createHotel, createRoomType } from "../factories.ts";
import { type TwoInstances, startTwoInstances } from "../support/pg.ts";
import { holdBody } from "./hold-body.ts";

// Search reads availability from room_nights, the rows the hold's transaction writes under the
// overbooking check, with no copy or cache in between (decision 030). This proves what a traveller
// sees while rooms sell out: instance 0 searches with the large-catalogue plan (index walks, capped
// count), instance 1 with the small-catalogue plan, and both take holds.
let cluster: TwoInstances;

beforeAll(async () => {
  cluster = await startTwoInstances();
  cluster.instances[0]!.deps.suppliers[0] = createInventorySupplier(cluster.databases[0]!.db, { smallCatalogue: 0 });
  cluster.instances[1]!.deps.suppliers[0] = createInventorySupplier(cluster.databases[1]!.db, { smallCatalogue: 1_000_000 });
});

afterAll(async () => {
  await cluster?.close();
});

describe("search while the last rooms sell, on PostgreSQL", () => {
  it("never shows more rooms than are left, and never a sold-out hotel, under concurrent holds", async () => {
    const { databases, instances } = cluster;
    const db = databases[0]!.db;
    const city = { city: "Soldoutville", country: "Testland" };
    const hotel = await createHotel(db, { ...city, name: "Last Rooms Inn", priceCents: 15000 });
    const room = await createRoomType(db, hotel.id, { name: "Corner Room", totalRooms: 3, maxGuests: 2, priceCents: 15000 });
    // A neighbour with its own free room keeps every search's total meaningful.
    const neighbour = await createHotel(db, { ...city, name: "Always Free Hotel", priceCents: 30000 });
    await createRoomType(db, neighbour.id, { name: "Suite", totalRooms: 5, maxGuests: 2, priceCents: 30000 });
    await refreshDestinations(db);

    const checkIn = addDays(todayUtc(), 20);
    const checkOut = addDays(checkIn, 3);
    const stay = `checkIn=${checkIn}&checkOut=${checkOut}&guests=2&rooms=1`;
    const searchPath = `/api/hotels/search?destination=Soldoutville&${stay}&sort=price`;

    // Holds that succeeded, with when their answer arrived (their transaction had committed by then).
    const sold: number[] = [];
    const holds = Array.from({ length: 12 }, (_, i) =>
      instances[i % 2]!.request("POST", "/api/bookings", {
        body: holdBody(hotel.id, room.id, { checkIn, checkOut }, `Guest ${i}`),
      }).then((res) => {
        if (res.status === 201) sold.push(performance.now());
        return res.status;
      }),
    );
    // Searches on both instances, started while the holds run and after each one answers.
    const seen: { soldBefore: number; plan: number; body: SearchResponse }[] = [];
    const searches = Array.from({ length: 24 }, async (_, i) => {
      await new Promise((resolve) => setTimeout(resolve, i * 5));
      const soldBefore = sold.length;
      const res = await instances[i % 2]!.request("GET", searchPath);
      expect(res.status).toBe(200);
      seen.push({ soldBefore, plan: i % 2, body: (await res.json()) as SearchResponse });
    });
    const statuses = await Promise.all(holds);
    await Promise.all(searches);

    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    for (const { soldBefore, plan, body } of seen) {
      const listed = body.hotels.find((h) => h.id === String(hotel.id));
      const context = `plan ${plan}, ${soldBefore} sold before the search`;
      if (soldBefore === 3) expect(listed, context).toBeUndefined();
      if (listed) expect(listed.roomsAvailable, context).toBeLessThanOrEqual(3 - soldBefore);
      expect(body.hotels.some((h) => h.id === String(neighbour.id))).toBe(true);
    }

    // Sold out now: neither plan lists or counts it, and its page says why the room cannot be booked.
    for (const instance of instances) {
      const body = (await (await instance.request("GET", searchPath)).json()) as SearchResponse;
      expect(body.hotels.map((h) => h.name)).toEqual(["Always Free Hotel"]);
      expect(body.total).toBe(1);
      const popular = (await (
        await instance.request("GET", searchPath.replace("sort=price", "sort=popularity&page=1&pageSize=1"))
      ).json()) as SearchResponse;
      expect(popular.total).toBe(1);
      const detail = (await (await instance.request("GET", `/api/hotels/${hotel.id}?${stay}`)).json()) as HotelDetail;
      const corner = detail.rooms.find((r) => r.id === String(room.id));
      expect(corner?.bookable).toBe(false);
      expect(corner?.roomsAvailable).toBe(0);
      expect(corner?.unavailableReason).toBe("Sold out for these dates");
    }
    // The nights around the stay still sell.
    const after = (await (
      await instances[0]!.request(
        "GET",
        `/api/hotels/search?destination=Soldoutville&checkIn=${checkOut}&checkOut=${addDays(checkOut, 2)}&guests=2&rooms=1&sort=price`,
      )
    ).json()) as SearchResponse;
    expect(after.hotels.find((h) => h.id === String(hotel.id))?.roomsAvailable).toBe(3);
  });
});
