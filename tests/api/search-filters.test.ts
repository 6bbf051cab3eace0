import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refreshDestinations } from "../../src/server/db/seed/seed-catalogue.ts";
import { createInventorySupplier } from "../../src/server/services/search/inventory-supplier.ts";
import type { PropertyType } from "../../src/shared/property-types.ts";
import { type HotelRow, createHotel, createRoomType } from "../factories.ts";
import { type TestApp, createTestApp } from "../support/test-app.ts";

const base = { city: "Filterton", country: "Filterland", countryCode: "FL", originalPriceCents: null, starRating: 3 } as const;

/** name, property type, free-cancellation days, rating (1–5, 0 = no reviews), reviews, nightly price in dollars */
const HOTELS: [string, PropertyType, number, number, number, number][] = [
  ["Alder Hotel", "hotel", 3, 4.6, 40, 120],
  ["Birch Apartments", "apartment", 0, 4.2, 80, 90],
  ["Cedar Resort", "resort", 7, 4.0, 10, 300],
  ["Dogwood Guest House", "guest_house", 1, 4.5, 5, 70],
  ["Elm Hostel", "hostel", 0, 0, 0, 30],
  ["Fir Hotel", "hotel", 2, 3.9, 200, 150],
];

// Both plans of the inventory supplier, as in hotels.test.ts: the exact query and the index walks.
describe.each([
  { plan: "small-catalogue plan", smallCatalogue: undefined },
  { plan: "large-catalogue plan", smallCatalogue: 0 },
])("$plan", ({ smallCatalogue }) => {
  let t: TestApp;
  const h: Record<string, HotelRow> = {};

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.deps.db;
    if (smallCatalogue !== undefined) t.deps.suppliers[0] = createInventorySupplier(db, { smallCatalogue });
    for (const [name, propertyType, freeCancellationDays, rating, reviewCount, dollars] of HOTELS) {
      h[name] = await createHotel(db, {
        ...base,
        name,
        propertyType,
        freeCancellationDays,
        cancellationPolicy:
          freeCancellationDays === 0 ? "Non-refundable" : `Free cancellation up to ${freeCancellationDays} days before check-in`,
        rating,
        reviewCount,
        priceCents: dollars * 100,
      });
      await createRoomType(db, h[name].id, { priceCents: dollars * 100, originalPriceCents: null, maxGuests: 2, totalRooms: 3 });
    }
    await refreshDestinations(db);
  });
  afterAll(() => t.close());

  async function search(params: Record<string, string> = {}) {
    const res = await t.api.hotels.search.$get({ query: { destination: "Filterton", ...params } });
    expect(res.status, await res.clone().text()).toBe(200);
    return res.json();
  }
  const names = (res: { hotels: { name: string }[] }) => res.hotels.map((x) => x.name).sort();

  it("free cancellation keeps only hotels refundable up to some day before check-in", async () => {
    const res = await search({ freeCancellation: "true" });
    expect(names(res)).toEqual(["Alder Hotel", "Cedar Resort", "Dogwood Guest House", "Fir Hotel"]);
    expect(res.total).toBe(4);
    expect(res.hotels.every((x) => x.freeCancellationDays > 0)).toBe(true);
    expect((await search({ freeCancellation: "false" })).total).toBe(6);
  });

  it("guest rating 8+ and 9+ compare the 10-point score (rating × 2), boundaries included, and skip hotels without reviews", async () => {
    expect(names(await search({ guestRating: "8" }))).toEqual(["Alder Hotel", "Birch Apartments", "Cedar Resort", "Dogwood Guest House"]);
    expect(names(await search({ guestRating: "9" }))).toEqual(["Alder Hotel", "Dogwood Guest House"]);
  });

  it("property type takes one or several types, by key or label", async () => {
    const hotels = await search({ propertyTypes: "hotel" });
    expect(names(hotels)).toEqual(["Alder Hotel", "Fir Hotel"]);
    expect(hotels.hotels.map((x) => x.propertyType)).toEqual(["hotel", "hotel"]);
    expect(names(await search({ propertyTypes: "apartment,hostel" }))).toEqual(["Birch Apartments", "Elm Hostel"]);
    expect(names(await search({ propertyTypes: "Guest house,RESORT" }))).toEqual(["Cedar Resort", "Dogwood Guest House"]);
  });

  it("combines the new filters with each other and with the existing ones", async () => {
    const all = await search({ freeCancellation: "true", guestRating: "8", propertyTypes: "resort,guest_house,hotel" });
    expect(names(all)).toEqual(["Alder Hotel", "Cedar Resort", "Dogwood Guest House"]);
    expect(all.total).toBe(3);
    expect(names(await search({ freeCancellation: "true", guestRating: "9", propertyTypes: "resort" }))).toEqual([]);
    expect(names(await search({ freeCancellation: "true", maxPrice: "200", sort: "price" }))).toEqual([
      "Alder Hotel",
      "Dogwood Guest House",
      "Fir Hotel",
    ]);
    expect(names(await search({ guestRating: "8", stars: "3", propertyTypes: "apartment" }))).toEqual(["Birch Apartments"]);
  });

  it("counts every match across pages while filtered", async () => {
    const first = await search({ freeCancellation: "true", pageSize: "2", sort: "rating" });
    const second = await search({ freeCancellation: "true", pageSize: "2", sort: "rating", page: "2" });
    expect(first.total).toBe(4);
    expect(second.total).toBe(4);
    expect(first.totalIsCapped).toBe(false);
    expect([...first.hotels, ...second.hotels].map((x) => x.name)).toEqual([
      "Alder Hotel",
      "Dogwood Guest House",
      "Cedar Resort",
      "Fir Hotel",
    ]);
  });

  it("sorts by guest rating, highest first, hotels without reviews last, also with the other filters on", async () => {
    expect((await search({ sort: "rating" })).hotels.map((x) => x.name)).toEqual([
      "Alder Hotel",
      "Dogwood Guest House",
      "Birch Apartments",
      "Cedar Resort",
      "Fir Hotel",
      "Elm Hostel",
    ]);
    expect((await search({ sort: "rating", guestRating: "8", propertyTypes: "resort,apartment" })).hotels.map((x) => x.name)).toEqual([
      "Birch Apartments",
      "Cedar Resort",
    ]);
    // Price sort walks other indexes; the filters hold there too.
    expect((await search({ sort: "price", guestRating: "9" })).hotels.map((x) => x.name)).toEqual(["Dogwood Guest House", "Alder Hotel"]);
    expect((await search({ sort: "distance", propertyTypes: "hostel" })).hotels.map((x) => x.name)).toEqual(["Elm Hostel"]);
  });

  it("gives the property type and free-cancellation days in the hotel answer", async () => {
    const res = await t.api.hotels[":id"].$get({ param: { id: String(h["Birch Apartments"]!.id) }, query: {} });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ propertyType: "apartment", freeCancellationDays: 0, cancellationPolicy: "Non-refundable" });
    const cedar = await (await t.api.hotels[":id"].$get({ param: { id: String(h["Cedar Resort"]!.id) }, query: {} })).json();
    expect(cedar).toMatchObject({ propertyType: "resort", freeCancellationDays: 7 });
  });

  it.each([
    [{ freeCancellation: "yes" }, "Free cancellation must be true or false"],
    [{ freeCancellation: "1" }, "Free cancellation must be true or false"],
    [{ guestRating: "7" }, "Guest rating must be 8 or 9"],
    [{ guestRating: "8.5" }, "Guest rating must be 8 or 9"],
    [{ propertyTypes: "hotel,castle" }, "Unknown property type: castle"],
  ])("refuses %j with 400: %s", async (params, message) => {
    const res = await t.request("GET", `/api/hotels/search?${new URLSearchParams({ destination: "Filterton", ...params })}`);
    expect(res.status).toBe(400);
    // The validation message names the parameter first ("guestRating: ..."), as for the other filters.
    expect(((await res.json()) as unknown as { message: string }).message).toContain(message);
  });

  it("says what is wrong with a child's age in words alone, without the list position ('ages.0: ...') a person cannot read", async () => {
    for (const path of ["/api/hotels/search?destination=Filterton&", `/api/hotels/${h["Alder Hotel"]!.id}?`]) {
      const res = await t.request("GET", `${path}children=1&ages=18`);
      expect(res.status).toBe(400);
      expect(((await res.json()) as unknown as { message: string }).message).toBe(
        "Each child's age must be 0 to 17: book older guests as adults",
      );
    }
  });
});
