import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayUtc } from "../../src/shared/dates.ts";
import { eq, sql } from "drizzle-orm";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { AMENITIES } from "../../src/shared/amenities.ts";
import { type Db, queryRows } from "../../src/server/db/client.ts";
import { migrationsFolder } from "../../src/server/db/migrate.ts";
import { roomNights, roomTypes } from "../../src/server/db/schema.ts";
import { refreshDestinations } from "../../src/server/db/seed/seed-catalogue.ts";
import { createInventorySupplier } from "../../src/server/services/search/inventory-supplier.ts";
import { type HotelRow, type RoomTypeRow, createHotel, createRoomType } from "../factories.ts";
import { type TestApp, createTestApp } from "../support/test-app.ts";
import { errorOf } from "../support/typed.ts";

const today = todayUtc();
const d = (n: number) => addDays(today, n);
const base = { city: "Testville", country: "Testland", countryCode: "TL", originalPriceCents: null } as const;

// Every search assertion runs against both plans of the inventory supplier: the single exact query
// (catalogues up to SMALL_CATALOGUE hotels) and the index walks used above it, forced here on a few
// hotels, so the two are proved to give the same answers.
describe.each([
  { plan: "small-catalogue plan", smallCatalogue: undefined },
  { plan: "large-catalogue plan", smallCatalogue: 0 },
])("$plan", ({ smallCatalogue }) => {
  let t: TestApp;
  const h: Record<string, HotelRow> = {};
  const r: Record<string, RoomTypeRow> = {};

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.deps.db;
    if (smallCatalogue !== undefined) {
      expect(t.deps.suppliers[0]?.id).toBe("inventory");
      t.deps.suppliers[0] = createInventorySupplier(db, { smallCatalogue });
    }
    h.grand = await createHotel(db, {
      ...base,
      name: "Grand Testville Palace",
      starRating: 5,
      rating: 4.8,
      reviewCount: 100,
      distanceFromCenterKm: 1,
      amenities: ["Free WiFi", "Pool", "Gym"],
      priceCents: 20000,
    });
    r.grandDouble = await createRoomType(db, h.grand.id, {
      name: "Deluxe Double",
      priceCents: 20000,
      originalPriceCents: 25000,
      maxGuests: 2,
      totalRooms: 3,
    });
    r.grandFamily = await createRoomType(db, h.grand.id, {
      name: "Family Suite",
      priceCents: 30000,
      originalPriceCents: null,
      maxGuests: 4,
      totalRooms: 1,
    });
    h.budget = await createHotel(db, {
      ...base,
      name: "Budget Inn Testville",
      starRating: 3,
      rating: 4.0,
      reviewCount: 500,
      distanceFromCenterKm: 5,
      amenities: ["Parking", "Restaurant"],
      priceCents: 8000,
    });
    r.budgetTwin = await createRoomType(db, h.budget.id, {
      name: "Twin Room",
      priceCents: 8000,
      originalPriceCents: null,
      maxGuests: 2,
      totalRooms: 2,
    });
    h.luxury = await createHotel(db, {
      ...base,
      name: "Testville Royal Tower",
      starRating: 4,
      rating: 4.5,
      reviewCount: 50,
      distanceFromCenterKm: 3,
      amenities: ["Spa"],
      priceCents: 120000,
    });
    r.luxurySuite = await createRoomType(db, h.luxury.id, {
      name: "Penthouse",
      priceCents: 120000,
      originalPriceCents: null,
      maxGuests: 2,
      totalRooms: 1,
    });
    h.far = await createHotel(db, {
      ...base,
      name: "Testville Countryside Lodge",
      starRating: 2,
      rating: 3.5,
      reviewCount: 10,
      distanceFromCenterKm: 12,
      amenities: ["Parking"],
      priceCents: 5000,
    });
    r.farRoom = await createRoomType(db, h.far.id, {
      name: "Cabin",
      priceCents: 5000,
      originalPriceCents: null,
      maxGuests: 2,
      totalRooms: 4,
    });
    h.zurich = await createHotel(db, {
      name: "Hôtel Süd",
      city: "Zürich",
      country: "Switzerland",
      countryCode: "CH",
      starRating: 4,
      rating: 4.2,
      reviewCount: 30,
      distanceFromCenterKm: 2,
      amenities: ["Free WiFi"],
      priceCents: 15000,
      originalPriceCents: null,
    });
    r.zurichRoom = await createRoomType(db, h.zurich.id, {
      name: "Classic",
      priceCents: 15000,
      originalPriceCents: null,
      maxGuests: 2,
      totalRooms: 2,
    });
    await refreshDestinations(db);
  });
  afterAll(() => t.close());

  const asQuery = (params: Record<string, string | number>) => Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)]));

  async function search(params: Record<string, string | number> = {}) {
    const res = await t.api.hotels.search.$get({ query: asQuery({ destination: "Testville", ...params }) });
    expect(res.status, await res.clone().text()).toBe(200);
    return res.json();
  }

  async function searchError(params: Record<string, string | number>): Promise<string> {
    const res = await t.api.hotels.search.$get({ query: asQuery(params) });
    expect(res.status).toBe(400);
    return (await errorOf(res)).message;
  }

  const hotel = (id: string | number, query: Record<string, string | number> = {}) =>
    t.api.hotels[":id"].$get({ param: { id: String(id) }, query: asQuery(query) });
  const destinations = (q: string) => t.api.destinations.$get({ query: { q } });

  const names = (res: { hotels: { name: string }[] }) => res.hotels.map((x) => x.name);

  describe("search: destination and defaults", () => {
    it("matches city, country or hotel name regardless of case and accents, and tolerates a typo", async () => {
      expect((await search({ destination: "TESTVILLE" })).total).toBe(4);
      expect((await search({ destination: "testland" })).total).toBe(4);
      expect(names(await search({ destination: "royal tower" }))).toEqual(["Testville Royal Tower"]);
      expect(names(await search({ destination: "zurich" }))).toEqual(["Hôtel Süd"]);
      expect(names(await search({ destination: "hotel sud" }))).toEqual(["Hôtel Süd"]);
      expect((await search({ destination: "Testvile" })).total).toBe(4);
    });

    it("defaults to tomorrow and the day after, 2 guests, 1 room", async () => {
      const res = await search();
      expect(res.stay).toEqual({ checkIn: d(1), checkOut: d(2), guests: 2, children: 0, childAges: [], rooms: 1 });
      expect(res.nights).toBe(1);
    });

    it("treats what the user types as text, never as SQL or a wildcard", async () => {
      expect((await search({ destination: "'; drop table hotels; --" })).total).toBe(0);
      expect((await search({ destination: "%" })).total).toBe(0);
      expect((await search({ destination: "Testville" })).total).toBe(4);
    });
  });

  describe("search: results", () => {
    it("prices each hotel at its cheapest free room that fits, with the discount", async () => {
      const grand = (await search()).hotels.find((x) => x.name === "Grand Testville Palace")!;
      expect(grand).toMatchObject({ priceCents: 20000, originalPriceCents: 25000, discountPercent: 20, roomsAvailable: 4 });
    });

    it("sorts by popularity by default, and by price, rating and distance", async () => {
      expect(names(await search())).toEqual([
        "Budget Inn Testville",
        "Grand Testville Palace",
        "Testville Royal Tower",
        "Testville Countryside Lodge",
      ]);
      expect(names(await search({ sort: "price" }))).toEqual([
        "Testville Countryside Lodge",
        "Budget Inn Testville",
        "Grand Testville Palace",
        "Testville Royal Tower",
      ]);
      expect(names(await search({ sort: "rating" }))[0]).toBe("Grand Testville Palace");
      expect(names(await search({ sort: "distance" }))).toEqual([
        "Grand Testville Palace",
        "Testville Royal Tower",
        "Budget Inn Testville",
        "Testville Countryside Lodge",
      ]);
    });

    it("pages with a stable total", async () => {
      const first = await search({ pageSize: 3, page: 1, sort: "price" });
      const second = await search({ pageSize: 3, page: 2, sort: "price" });
      const beyond = await search({ pageSize: 3, page: 5, sort: "price" });
      expect([first.total, second.total, beyond.total]).toEqual([4, 4, 4]);
      expect(names(second)).toEqual(["Testville Royal Tower"]);
      expect(beyond.hotels).toEqual([]);
    });
  });

  describe("search: filters", () => {
    it("filters by nightly price; the slider's top end means 'and above'", async () => {
      expect(names(await search({ minPrice: 100, maxPrice: 250, sort: "price" }))).toEqual(["Grand Testville Palace"]);
      expect(names(await search({ minPrice: 500, maxPrice: 1000 }))).toEqual(["Testville Royal Tower"]);
      expect((await search({ maxPrice: 990 })).total).toBe(3);
    });

    it("filters by distance; 10 km at the top end means any distance", async () => {
      expect(names(await search({ maxDistance: 1.5 }))).toEqual(["Grand Testville Palace"]);
      expect((await search({ maxDistance: 10 })).total).toBe(4);
      expect((await search({ maxDistance: 9.5 })).total).toBe(3);
    });

    it("filters by any of the chosen star ratings", async () => {
      expect(names(await search({ stars: "5" }))).toEqual(["Grand Testville Palace"]);
      expect((await search({ stars: "5,3" })).total).toBe(2);
    });

    it("requires every chosen amenity, named in any case", async () => {
      expect(names(await search({ amenities: "WiFi,Pool" }))).toEqual(["Grand Testville Palace"]);
      expect(names(await search({ amenities: "wifi,pool,gym" }))).toEqual(["Grand Testville Palace"]);
      expect(names(await search({ amenities: "Parking,Restaurant" }))).toEqual(["Budget Inn Testville"]);
      expect((await search({ amenities: "Parking" })).total).toBe(2);
    });
  });

  describe("amenity mask", () => {
    it("sets the bit of a filter amenity for its canonical label only", async () => {
      for (const amenity of AMENITIES) {
        const [row] = await queryRows<{ mask: number }>(t.deps.db, sql`select f_amenity_mask(array['Terrace', ${amenity.label}]) as mask`);
        expect(row?.mask, amenity.label).toBe("bit" in amenity ? amenity.bit : 0);
      }
      const [former] = await queryRows<{ mask: number }>(
        t.deps.db,
        sql`select f_amenity_mask(array['High-speed WiFi', 'free wifi', 'Rooftop pool']) as mask`,
      );
      expect(former?.mask).toBe(0);
    });
  });

  describe("amenities stored in a former wording (migration 0009)", () => {
    it("are rewritten to their canonical labels, once each, and then found by the amenity filter", async () => {
      const db = t.deps.db;
      const hotel = await createHotel(db, {
        name: "Wordingham Lodge",
        city: "Wordingham",
        country: "Elsewhere",
        countryCode: "EW",
        priceCents: 10000,
        originalPriceCents: null,
        amenities: ["High-speed WiFi", "Terrace", "WiFi", "Spa and sauna", "Fitness center & gym", "Rooftop pool"],
      });
      await createRoomType(db, hotel.id, {
        name: "Double",
        priceCents: 10000,
        originalPriceCents: null,
        maxGuests: 2,
        totalRooms: 2,
        amenities: ["Flat-screen TV", "Desk", "Smart TV"],
      });
      await refreshDestinations(db);
      expect((await search({ destination: "Wordingham", amenities: "Gym" })).total).toBe(0);

      await runMigration(db, "0009_canonical_amenities.sql");

      const found = await search({ destination: "Wordingham", amenities: "WiFi,Pool,Gym,Spa" });
      expect(found.hotels).toMatchObject([{ name: "Wordingham Lodge", amenities: ["Free WiFi", "Terrace", "Spa", "Gym", "Pool"] }]);
      const detail = await (await t.api.hotels[":id"].$get({ param: { id: String(hotel.id) }, query: {} })).json();
      expect(detail.rooms.map((room) => room.amenities)).toEqual([["Flat-screen TV", "Desk"]]);
    });
  });

  describe("search: bad input", () => {
    it.each([
      [{ checkIn: d(5), checkOut: d(5) }, "Check-out must be after check-in"],
      [{ checkIn: d(5), checkOut: d(3) }, "Check-out must be after check-in"],
      [{ checkIn: d(-3), checkOut: d(1) }, "Check-in cannot be in the past"],
      [{ checkIn: d(1), checkOut: d(40) }, "Stays can be at most 30 nights"],
      [{ checkIn: d(600), checkOut: d(602) }, "Check-in can be at most 18 months ahead"],
      [{ checkIn: "2026-02-30" }, "Check-in must be a date like 2026-05-31"],
      [{ guests: 0 }, "At least one adult is required"],
      [{ guests: 17 }, "Adults must be at most 16"],
      [{ rooms: 3, guests: 2 }, "Each room needs at least one guest"],
      [{ rooms: "two" }, "Rooms must be a number"],
      [{ sort: "cheapest" }, "Sort must be one of popularity, price, rating, distance"],
      [{ stars: "6" }, "Unknown star rating: 6"],
      [{ amenities: "Sauna" }, "Unknown amenity: Sauna"],
      [{ minPrice: 500, maxPrice: 100 }, "Minimum price cannot be above maximum price"],
      [{ maxDistance: 11 }, "Maximum distance must be at most 10"],
    ])("refuses %j with 400: %s", async (params, message) => {
      expect(await searchError(params)).toContain(message);
    });
  });

  describe("availability", () => {
    it("drops a booked-out room type for those nights only, and counts partly taken rooms", async () => {
      const stay = { checkIn: d(10), checkOut: d(12) };
      await t.deps.db.insert(roomNights).values({ roomTypeId: r.budgetTwin!.id, night: d(11), roomsTotal: 2, roomsTaken: 2 });
      await t.deps.db.insert(roomNights).values({ roomTypeId: r.grandDouble!.id, night: d(10), roomsTotal: 3, roomsTaken: 1 });
      const during = await search(stay);
      expect(names(during)).not.toContain("Budget Inn Testville");
      expect(during.hotels.find((x) => x.name === "Grand Testville Palace")?.roomsAvailable).toBe(3);
      // The night before and the check-out night are free.
      expect(names(await search({ checkIn: d(9), checkOut: d(11) }))).toContain("Budget Inn Testville");
      expect(names(await search({ checkIn: d(12), checkOut: d(13) }))).toContain("Budget Inn Testville");

      const detail = await (await hotel(h.budget!.id, { checkIn: d(10), checkOut: d(12) })).json();
      expect(detail.rooms[0]).toMatchObject({ roomsAvailable: 0, bookable: false, unavailableReason: "Sold out for these dates" });
    });

    it("offers only room types that hold the party across the rooms asked for", async () => {
      const four = await search({ guests: 4, rooms: 1 });
      expect(names(four)).toEqual(["Grand Testville Palace"]);
      expect(four.hotels[0]).toMatchObject({ priceCents: 30000, roomsAvailable: 1 });
      // Two rooms of two fit four guests.
      expect((await search({ guests: 4, rooms: 2 })).total).toBe(3);
      expect(names(await search({ guests: 4, rooms: 1, sort: "price" }))).toEqual(["Grand Testville Palace"]);
      expect(names(await search({ guests: 4, rooms: 2, sort: "price" }))).toEqual([
        "Testville Countryside Lodge",
        "Budget Inn Testville",
        "Grand Testville Palace",
      ]);
    });
  });

  describe("hotel detail", () => {
    it("prices every room for the stay and says which cannot be booked", async () => {
      const res = await hotel(h.grand!.id, { checkIn: d(20), checkOut: d(23), guests: 3, rooms: 1 });
      expect(res.status).toBe(200);
      const grand = await res.json();
      expect(grand).toMatchObject({
        name: "Grand Testville Palace",
        nights: 3,
        stay: { checkIn: d(20), checkOut: d(23), guests: 3, rooms: 1 },
      });
      const [double, family] = grand.rooms;
      expect(double).toMatchObject({ name: "Deluxe Double", fitsParty: false, bookable: false, discountPercent: 20 });
      expect(double?.unavailableReason).toMatch(/too small for 3 guests/);
      expect(family).toMatchObject({ name: "Family Suite", fitsParty: true, bookable: true, roomsAvailable: 1, unavailableReason: null });
      expect(grand.priceCents).toBe(30000);
    });

    it("answers 404 'Hotel not found' for unknown ids and 400 for bad dates", async () => {
      for (const id of ["999999999", "no-such-hotel", "12abc"]) {
        const res = await hotel(id);
        expect(res.status, id).toBe(404);
        expect(await res.json()).toMatchObject({ code: "HOTEL_NOT_FOUND", message: "Hotel not found" });
      }
      const bad = await hotel(h.grand!.id, { checkIn: d(3), checkOut: d(2) });
      expect(bad.status).toBe(400);
    });
  });

  describe("room type changes", () => {
    it("shows a room type's new price, a new room type and a removed one in the next search", async () => {
      const db = t.deps.db;
      const hotel = await createHotel(db, {
        name: "Changeton Inn",
        city: "Changeton",
        country: "Elsewhere",
        countryCode: "EW",
        priceCents: 9000,
        originalPriceCents: null,
      });
      const double = await createRoomType(db, hotel.id, {
        name: "Double",
        priceCents: 9000,
        originalPriceCents: null,
        maxGuests: 2,
        totalRooms: 2,
      });
      await refreshDestinations(db);
      const offer = async (guests = 2) => (await search({ destination: "Changeton", guests })).hotels[0] ?? null;
      expect(await offer()).toMatchObject({ priceCents: 9000, roomsAvailable: 2 });
      await db.update(roomTypes).set({ priceCents: 9500, originalPriceCents: 12000, totalRooms: 5 }).where(eq(roomTypes.id, double.id));
      expect(await offer()).toMatchObject({ priceCents: 9500, originalPriceCents: 12000, roomsAvailable: 5 });
      expect(await offer(3)).toBeNull();
      const family = await createRoomType(db, hotel.id, {
        name: "Family",
        priceCents: 15000,
        originalPriceCents: null,
        maxGuests: 4,
        totalRooms: 1,
      });
      expect(await offer(3)).toMatchObject({ priceCents: 15000, roomsAvailable: 1 });
      await db.delete(roomTypes).where(eq(roomTypes.id, family.id));
      expect(await offer(3)).toBeNull();
    });
  });

  describe("several cities at once", () => {
    // A destination matching several cities is walked city by city in one statement (decision 033):
    // each city's walk stops, and resumes, on its own; the same city name in two countries stays two.
    const stay = { checkIn: d(30), checkOut: d(32) };

    beforeAll(async () => {
      const db = t.deps.db;
      const make = async (name: string, city: string, country: string, priceCents: number, soldOut = false) => {
        const hotel = await createHotel(db, {
          name,
          city,
          country,
          countryCode: "XX",
          priceCents,
          originalPriceCents: null,
          reviewCount: priceCents,
          distanceFromCenterKm: 1,
        });
        const room = await createRoomType(db, hotel.id, {
          name: "Double",
          priceCents,
          originalPriceCents: null,
          maxGuests: 2,
          totalRooms: 1,
        });
        if (soldOut) await db.insert(roomNights).values({ roomTypeId: room.id, night: stay.checkIn, roomsTotal: 1, roomsTaken: 1 });
      };
      // More sold-out hotels below the free ones than a price walk's first batch takes (24).
      for (let i = 0; i < 30; i++) await make(`Northern Sold ${i}`, "Twinford", "Northland", 5000 + i, true);
      await make("Northern Free A", "Twinford", "Northland", 9000);
      await make("Northern Free B", "Twinford", "Northland", 9500);
      await make("Southern Inn", "Twinford", "Southland", 7000);
      await make("Harbour Inn", "Twinmouth", "Westland", 8000);
      await refreshDestinations(db);
    });

    it("sorts and pages every matching city's hotels together, and counts them", async () => {
      const cheapestFirst = ["Southern Inn", "Harbour Inn", "Northern Free A", "Northern Free B"];
      const byPrice = await search({ destination: "twin", sort: "price", ...stay });
      expect(names(byPrice)).toEqual(cheapestFirst);
      expect(byPrice.total).toBe(4);
      for (const page of [1, 2]) {
        const paged = await search({ destination: "twin", sort: "price", pageSize: 2, page, ...stay });
        expect(names(paged), `page ${page}`).toEqual(cheapestFirst.slice((page - 1) * 2, page * 2));
        expect(paged.total).toBe(4);
      }
      expect(names(await search({ destination: "twin", sort: "popularity", ...stay }))).toEqual([...cheapestFirst].reverse());
      const firstOfThree = await search({ destination: "twin", sort: "popularity", pageSize: 3, ...stay });
      expect(names(firstOfThree)).toEqual(["Northern Free B", "Northern Free A", "Harbour Inn"]);
      expect(firstOfThree.total).toBe(4);
      // The sold-out hotels are back on another night.
      expect((await search({ destination: "twin", checkIn: d(31), checkOut: d(32) })).total).toBe(34);
    });

    it("keeps one country's city apart from the same city name in another", async () => {
      expect(names(await search({ destination: "northland", sort: "price", ...stay }))).toEqual(["Northern Free A", "Northern Free B"]);
      expect(names(await search({ destination: "southland", ...stay }))).toEqual(["Southern Inn"]);
    });
  });

  describe("destination suggestions", () => {
    it("suggests matching cities by prefix, accent-insensitively, with hotel counts", async () => {
      const res = await destinations("test");
      expect(await res.json()).toEqual({ suggestions: [{ city: "Testville", country: "Testland", hotelCount: 4 }] });
      const zur = await (await destinations("zur")).json();
      expect(zur.suggestions.map((s) => s.city)).toEqual(["Zürich"]);
      const none = await destinations("%_\\");
      expect(await none.json()).toEqual({ suggestions: [] });
    });
  });
});

/** Runs one committed migration's statements again, as it runs on a database seeded before it. */
async function runMigration(db: Db, file: string): Promise<void> {
  const text = await readFile(path.join(migrationsFolder, file), "utf8");
  for (const statement of text.split("--> statement-breakpoint")) await db.execute(sql.raw(statement));
}
