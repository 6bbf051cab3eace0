import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refreshDestinations } from "../../src/server/db/seed/seed-catalogue.ts";
import type { HotelCatalogSupplier } from "../../src/server/integrations/suppliers/hotel-supplier.ts";
import { warmSearch } from "../../src/server/services/search/warm-up.ts";
import { createHotel, createRoomType } from "../factories.ts";
import { type TestApp, createTestApp } from "../support/test-app.ts";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  const hotel = await createHotel(t.database.db, { city: "Lisbon", country: "Portugal" });
  await createRoomType(t.database.db, hotel.id);
  await refreshDestinations(t.database.db);
});
afterAll(() => t.close());

/** Our inventory, with each search held until the test lets it go and counted. */
function gatedInventory(inner: HotelCatalogSupplier) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const asked = { searches: 0, sorts: new Set<string>(), kinds: new Set<string>(), hotels: 0 };
  const supplier: HotelCatalogSupplier = {
    ...inner,
    id: "inventory",
    async search(criteria) {
      asked.searches++;
      asked.sorts.add(criteria.sort);
      const { stay } = criteria;
      asked.kinds.add(
        [
          criteria.destination === "" ? "home" : "city",
          `${stay.guests}/${stay.rooms}`,
          criteria.minPriceCents > 0 ? "price" : "",
          criteria.stars.length > 0 && criteria.amenities.length > 0 ? "stars+amenities" : "",
          criteria.maxDistanceKm !== null ? "distance" : "",
        ].join(" "),
      );
      await gate;
      return inner.search(criteria);
    },
    async getHotel(id, stay) {
      asked.hotels++;
      return inner.getHotel(id, stay);
    },
  };
  return { supplier, asked, release };
}

describe("readiness waits for the search warm-up", () => {
  it("says 503 'warming up' until the warm-up has run, then ready", async () => {
    const inventory = t.deps.suppliers.find((s) => s.id === "inventory")!;
    const { supplier, asked, release } = gatedInventory(inventory);
    const warming = warmSearch([supplier], t.deps.readDb, { connections: 1, runs: 1 });
    t.deps.lifecycle.warmUp(warming);

    const during = await t.request("GET", "/readyz");
    expect(during.status).toBe(503);
    expect(await during.json()).toEqual({ status: "warming up" });

    release();
    const done = await warming;
    // Every sort of the home page and of the largest city, for one and two guests; then its hotel pages.
    expect(done.searches).toBe(16);
    expect([...asked.sorts].sort()).toEqual(["distance", "popularity", "price", "rating"]);
    expect(done.hotelPages).toBeGreaterThan(0);
    expect(asked.hotels).toBe(done.hotelPages);

    const after = await t.request("GET", "/readyz");
    expect(after.status).toBe(200);
    expect(await after.json()).toEqual({ status: "ready" });
  });

  it("broad, on a catalogue large enough, warms every party preset with each kind of filter, then every destination", async () => {
    const inventory = t.deps.suppliers.find((s) => s.id === "inventory")!;
    const hotel = await createHotel(t.database.db, { city: "Porto", country: "Portugal" });
    await createRoomType(t.database.db, hotel.id);
    await refreshDestinations(t.database.db);
    const { supplier, asked, release } = gatedInventory(inventory);
    release();
    const done = await warmSearch([supplier], t.deps.readDb, { connections: 2, runs: 1, broad: true, broadFromHotels: 2 });
    // (home page + largest city) x 4 sorts x 5 parties x 4 filter sets on each of the 2 connections, then Lisbon and Porto.
    expect(done.searches).toBe(2 * 4 * 5 * 4 * 2 + 2);
    const filters = ["", "price", "stars+amenities", "distance"];
    const kind = (where: string, party: string, filter: string) =>
      [where, party, ...filters.slice(1).map((f) => (f === filter ? f : ""))].join(" ");
    const expected = ["home", "city"].flatMap((w) => ["1/1", "2/1", "3/1", "4/1", "4/2"].flatMap((p) => filters.map((f) => kind(w, p, f))));
    expect([...asked.kinds].sort()).toEqual(expected.sort());

    // Past its time budget no new round starts: the first of each connection, then every destination.
    const hurried = await warmSearch([supplier], t.deps.readDb, {
      connections: 2,
      runs: 3,
      broad: true,
      broadFromHotels: 2,
      broadBudgetMs: 0,
    });
    expect(hurried.searches).toBe(2 * 4 * 5 * 4 * 2 + 2);

    // Below the size it is the narrow warm-up: one and two guests, no filter, nothing per destination.
    const narrow = await warmSearch([supplier], t.deps.readDb, { connections: 2, runs: 1, broad: true });
    expect(narrow.searches).toBe(2 * 4 * 2 * 2);
  });

  it("a failed warm-up does not keep the instance unready", async () => {
    let fail!: (error: Error) => void;
    const warming = new Promise<void>((_, reject) => (fail = reject));
    t.deps.lifecycle.warmUp(warming);
    expect((await t.request("GET", "/readyz")).status).toBe(503);
    fail(new Error("database restarting"));
    await warming.catch(() => {});
    expect((await t.request("GET", "/readyz")).status).toBe(200);
  });
});
