import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayUtc } from "../../src/shared/dates.ts";
import { activityLogs, hotelManagers, hotels, roomNights, users } from "../../src/server/db/schema.ts";
import { createInventorySupplier } from "../../src/server/services/search/inventory-supplier.ts";
import { ensureAdmin } from "../../src/server/services/accounts.ts";
import { createHotel, createRoomType } from "../factories.ts";
import { type TestApp, createTestApp, signIn, signUp } from "../support/test-app.ts";
import { bodyOf, errorOf } from "../support/typed.ts";

let t: TestApp;
let admin: string;
let manager: string;
let traveller: string;
const d = (n: number) => addDays(todayUtc(), n);

const hotelInput = {
  name: "Zephyrine Harbour Hotel",
  address: "12 Quai des Zéphyrs",
  city: "Paris",
  country: "France",
  lat: 48.8606,
  lng: 2.3376,
  starRating: 4,
  description: "A quiet hotel by the river.",
  amenities: ["Free WiFi", "Pool"],
  cancellationPolicy: "Free cancellation up to 3 days before check-in",
  freeCancellationDays: 3,
  checkInTime: "15:00",
  checkOutTime: "11:00",
  hidden: true,
};
const roomInput = {
  name: "Harbour Double",
  description: "A double room over the harbour.",
  bedType: "1 queen bed",
  sizeM2: 24,
  maxGuests: 2,
  amenities: ["Flat-screen TV"],
  totalRooms: 3,
  priceCents: 18_000,
  originalPriceCents: 21_000,
};

type Hotel = {
  id: number;
  hidden: boolean;
  image: string;
  images: string[];
  priceCents: number;
  timeZone: string;
  roomTypes: { id: number; closed: boolean }[];
};

async function searchIds(destination: string): Promise<string[]> {
  const res = await t.api.hotels.search.$get({ query: { destination: destination, checkIn: d(10), checkOut: d(12) } });
  const body = await bodyOf(res, 200);
  return body.hotels.map((h) => h.id);
}

/** The index-walk plan of catalogues over 50,000 hotels, forced on this small one. */
async function largePlanIds(destination: string): Promise<string[]> {
  const supplier = createInventorySupplier(t.deps.db, { smallCatalogue: 0 });
  const result = await supplier.search({
    destination,
    stay: { checkIn: d(10), checkOut: d(12), guests: 2, children: 0, childAges: [], rooms: 1 },
    stars: [],
    amenities: [],
    freeCancellation: false,
    guestRating: null,
    propertyTypes: [],
    minPriceCents: 0,
    maxPriceCents: null,
    minDistanceKm: 0,
    maxDistanceKm: null,
    sort: "popularity",
    limit: 20,
    offset: 0,
  } as Parameters<typeof supplier.search>[0]);
  return result.hotels.map((h) => h.id);
}

function hold(hotelId: number, roomTypeId: number, checkIn: string, nights = 2) {
  return t.client(traveller).bookings.$post({
    json: {
      hotelId: String(hotelId),
      roomTypeId: String(roomTypeId),
      checkIn,
      checkOut: addDays(checkIn, nights),
      guests: 2,
      rooms: 1,
      guestName: "Guest",
      guestEmail: "g@example.com",
      guestPhone: "+1 555 0000",
    },
  });
}

async function png(width = 64, height = 48): Promise<Blob> {
  const buffer = await sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .png()
    .toBuffer();
  return new Blob([new Uint8Array(buffer)], { type: "image/png" });
}

function upload(path: string, cookie: string, files: { blob: Blob; name: string }[]) {
  const form = new FormData();
  for (const f of files) form.append("photos", f.blob, f.name);
  return Promise.resolve(
    t.app.request(`http://localhost:3000${path}`, { method: "POST", body: form, headers: { origin: t.deps.config.publicUrl, cookie } }),
  );
}

let managed: number;
let other: number;

beforeAll(async () => {
  t = await createTestApp();
  await ensureAdmin(t.deps.db, t.deps.auth, { email: "boss@example.com", password: "boss-password", name: "Boss" }, "test");
  admin = await signIn(t, "boss@example.com", "boss-password");
  await signUp(t, "manager@example.com", "secret123", "Manny Manager");
  const [m] = await t.deps.db.update(users).set({ role: "manager" }).where(eq(users.email, "manager@example.com")).returning();
  managed = (await createHotel(t.deps.db, { name: "Managed Inn" })).id;
  await createRoomType(t.deps.db, managed);
  other = (await createHotel(t.deps.db, { name: "Someone Else's Lodge" })).id;
  const otherRoom = await createRoomType(t.deps.db, other);
  await t.deps.db.insert(hotelManagers).values({ userId: m!.id, hotelId: managed });
  manager = await signIn(t, "manager@example.com");
  await signUp(t, "traveller@example.com", "secret123", "Travis");
  traveller = await signIn(t, "traveller@example.com");
  expect(otherRoom.hotelId).toBe(other);
});
afterAll(() => t.close());

describe("hotels: create, edit, validation", () => {
  let hotel: Hotel;

  it("refuses bad input with messages a person can act on, and writes nothing", async () => {
    const before = await t.deps.db.select({ id: hotels.id }).from(hotels);
    const cases: [Record<string, unknown>, string][] = [
      [{ starRating: 6 }, "Star rating must be 1 to 5"],
      [{ amenities: ["Helipad"] }, "Unknown amenity: Helipad"],
      [{ checkInTime: "3pm" }, "Check-in time must look like 15:00"],
      [{ lat: 123 }, "Latitude must be between -90 and 90"],
      [{ name: "  " }, "Name is required"],
      [{ name: "\u200b\u200b" }, "Name is required"],
      [{ address: "\u2800" }, "Address is required"],
      [{ cancellationPolicy: "\u3164" }, "Cancellation policy is required"],
      [{ name: "Harbour \u202eletoH" }, "Name contains characters that reverse the text's direction"],
      [{ freeCancellationDays: -1 }, "Free cancellation days cannot be negative"],
      [{ timeZone: "Europe/Atlantis" }, "Choose the hotel's time zone from the list"],
      [{ timeZone: "" }, "Choose the hotel's time zone from the list"],
    ];
    for (const [change, message] of cases) {
      const body = await errorOf(await t.client(admin).properties.hotels.$post({ json: { ...hotelInput, ...change } }), 400);
      expect(body.code).toBe("VALIDATION_ERROR");
      expect(body.issues?.map((i) => i.message).join(" | ")).toContain(message);
    }
    // A swapped sign puts a Paris hotel in the Southern Ocean: refused, with the distance.
    const misplaced = await errorOf(await t.client(admin).properties.hotels.$post({ json: { ...hotelInput, lat: -48.8606 } }), 400);
    expect(misplaced.message).toMatch(/^These coordinates are [\d,]+ km from the centre of Paris/);
    const unknown = await errorOf(await t.client(admin).properties.hotels.$post({ json: { ...hotelInput, city: "Atlantis" } }), 400);
    expect(unknown.code).toBe("UNKNOWN_DESTINATION");
    expect(unknown.message).toContain("Atlantis, France is not in the destination list");
    // A hotel with no room type cannot be shown to travellers.
    const visible = await errorOf(await t.client(admin).properties.hotels.$post({ json: { ...hotelInput, hidden: false } }), 409);
    expect(visible.code).toBe("HOTEL_HAS_NO_OPEN_ROOMS");
    expect(await t.deps.db.select({ id: hotels.id }).from(hotels)).toHaveLength(before.length);
  });

  it("creates a hotel with the destination's country code and distance from the centre, logged", async () => {
    hotel = (await bodyOf(await t.client(admin).properties.hotels.$post({ json: hotelInput }), 201)).hotel;
    const [row] = await t.deps.db.select().from(hotels).where(eq(hotels.id, hotel.id));
    expect(row).toMatchObject({ countryCode: "FR", hidden: true, wifi: true, pool: true, spa: false, checkInTime: "15:00" });
    // No zone chosen: the zone of the coordinates, not UTC.
    expect(row!.timeZone).toBe("Europe/Paris");
    expect(hotel.timeZone).toBe("Europe/Paris");
    expect(row!.distanceFromCenterKm).toBeGreaterThan(0);
    expect(row!.distanceFromCenterKm).toBeLessThan(3);
    const logs = await t.deps.db.select().from(activityLogs).where(eq(activityLogs.actionType, "property_hotel_created"));
    expect(logs.map((l) => l.details)).toContainEqual(expect.objectContaining({ hotelId: hotel.id }));
  });

  it("sets the time zone chosen in the form, keeps it when an edit leaves it out, and suggests each city's zone", async () => {
    const edited = await bodyOf(
      await t
        .client(admin)
        .properties.hotels[":hotelId"].$put({ param: { hotelId: String(hotel.id) }, json: { ...hotelInput, timeZone: "America/Cayenne" } }),
      200,
    );
    expect(edited.hotel.timeZone).toBe("America/Cayenne");
    const kept = await bodyOf(
      await t.client(admin).properties.hotels[":hotelId"].$put({ param: { hotelId: String(hotel.id) }, json: hotelInput }),
      200,
    );
    expect(kept.hotel.timeZone).toBe("America/Cayenne");
    await bodyOf(
      await t
        .client(admin)
        .properties.hotels[":hotelId"].$put({ param: { hotelId: String(hotel.id) }, json: { ...hotelInput, timeZone: "Europe/Paris" } }),
      200,
    );
    const choices = await bodyOf(await t.client(admin).properties["destination-choices"].$get({ query: { q: "Tokyo" } }), 200);
    expect(choices.destinations.find((c) => c.city === "Tokyo")?.timeZone).toBe("Asia/Tokyo");
  });

  it("validates room types (original price above the price, positive prices and counts)", async () => {
    for (const [change, message] of [
      [{ priceCents: 0 }, "Price must be more than 0"],
      [{ priceCents: -500 }, "Price must be more than 0"],
      [{ originalPriceCents: 18_000 }, "Original price must be higher than the price"],
      [{ totalRooms: 0 }, "Number of rooms must be at least 1"],
    ] as const) {
      const body = await errorOf(
        await t
          .client(admin)
          .properties.hotels[":hotelId"]["room-types"].$post({ param: { hotelId: String(hotel.id) }, json: { ...roomInput, ...change } }),
        400,
      );
      expect(body.issues?.map((i) => i.message).join(" | ")).toContain(message);
    }
  });

  it("a new room type sets the hotel's price; shown, the hotel is found by search on both plans", async () => {
    const { roomType } = await bodyOf(
      await t.client(admin).properties.hotels[":hotelId"]["room-types"].$post({ param: { hotelId: String(hotel.id) }, json: roomInput }),
      201,
    );
    expect(await searchIds("Zephyrine")).not.toContain(String(hotel.id));
    hotel = (
      await bodyOf(
        await t
          .client(admin)
          .properties.hotels[":hotelId"].$put({ param: { hotelId: String(hotel.id) }, json: { ...hotelInput, hidden: false } }),
        200,
      )
    ).hotel;
    expect(hotel.priceCents).toBe(18_000);
    expect(await searchIds("Zephyrine")).toContain(String(hotel.id));
    expect(await largePlanIds("Zephyrine")).toContain(String(hotel.id));
    const page = await bodyOf(
      await t.api.hotels[":id"].$get({ param: { id: String(hotel.id) }, query: { checkIn: d(10), checkOut: d(12) } }),
      200,
    );
    expect(page.rooms.map((r) => r.id)).toEqual([String(roomType.id)]);
  });

  it("hidden: gone at once from search (both plans), suggestions, the hotel page and booking", async () => {
    const suggestions = async () =>
      (await bodyOf(await t.api.destinations.$get({ query: { q: "Paris" } }), 200)).suggestions.find((s) => s.city === "Paris")
        ?.hotelCount ?? 0;
    const shownCount = await suggestions();
    expect(shownCount).toBeGreaterThan(0);
    await bodyOf(
      await t
        .client(admin)
        .properties.hotels[":hotelId"].$put({ param: { hotelId: String(hotel.id) }, json: { ...hotelInput, hidden: true } }),
      200,
    );
    expect(await searchIds("Zephyrine")).not.toContain(String(hotel.id));
    expect(await largePlanIds("Zephyrine")).not.toContain(String(hotel.id));
    expect(await suggestions()).toBe(shownCount - 1);
    const pageRes = await t.api.hotels[":id"].$get({ param: { id: String(hotel.id) }, query: { checkIn: d(10), checkOut: d(12) } });
    expect(pageRes.status).toBe(404);
    const refused = await errorOf(await hold(hotel.id, hotel.roomTypes[0]!.id, d(10)), 404);
    expect(refused.code).toBe("ROOM_NOT_FOUND");
    const logs = await t.deps.db.select().from(activityLogs).where(eq(activityLogs.actionType, "property_hotel_hidden"));
    expect(logs).toHaveLength(1);
    // Shown again, it sells again.
    await bodyOf(
      await t
        .client(admin)
        .properties.hotels[":hotelId"].$put({ param: { hotelId: String(hotel.id) }, json: { ...hotelInput, hidden: false } }),
      200,
    );
    expect(await largePlanIds("Zephyrine")).toContain(String(hotel.id));
    expect(await suggestions()).toBe(shownCount);
  });

  it("room types: delete refused with upcoming bookings, closing stops sales, fewer rooms than sold refused", async () => {
    const roomTypeId = hotel.roomTypes[0]!.id;
    await bodyOf(await hold(hotel.id, roomTypeId, d(20)), 201);
    await bodyOf(await hold(hotel.id, roomTypeId, d(20)), 201);
    const refused = await errorOf(
      await t.client(admin).properties.hotels[":hotelId"]["room-types"][":roomTypeId"].$delete({
        param: { hotelId: String(hotel.id), roomTypeId: String(roomTypeId) },
      }),
      409,
    );
    expect(refused.code).toBe("ROOM_TYPE_HAS_BOOKINGS");
    expect(refused.message).toContain("Harbour Double has 2 upcoming bookings, so it cannot be deleted. Close it instead");

    const fewer = await errorOf(
      await t.client(admin).properties.hotels[":hotelId"]["room-types"][":roomTypeId"].$put({
        param: { hotelId: String(hotel.id), roomTypeId: String(roomTypeId) },
        json: { ...roomInput, totalRooms: 1 },
      }),
      409,
    );
    expect(fewer.code).toBe("ROOM_COUNT_BELOW_BOOKED");
    expect(fewer.message).toContain(`2 rooms of this type are already booked on ${d(20)}`);
    // More rooms apply to the nights already sold too.
    await bodyOf(
      await t.client(admin).properties.hotels[":hotelId"]["room-types"][":roomTypeId"].$put({
        param: { hotelId: String(hotel.id), roomTypeId: String(roomTypeId) },
        json: { ...roomInput, totalRooms: 5 },
      }),
      200,
    );
    const [night] = await t.deps.db
      .select()
      .from(roomNights)
      .where(and(eq(roomNights.roomTypeId, roomTypeId), eq(roomNights.night, d(20))));
    expect(night).toMatchObject({ roomsTotal: 5, roomsTaken: 2 });

    // Closing the hotel's only open room type while it is shown is refused; a second room type makes it possible.
    const alone = await errorOf(
      await t.client(admin).properties.hotels[":hotelId"]["room-types"][":roomTypeId"].$put({
        param: { hotelId: String(hotel.id), roomTypeId: String(roomTypeId) },
        json: { ...roomInput, closed: true },
      }),
      409,
    );
    expect(alone.code).toBe("HOTEL_HAS_NO_OPEN_ROOMS");
    const { roomType: suite } = await bodyOf(
      await t.client(admin).properties.hotels[":hotelId"]["room-types"].$post({
        param: { hotelId: String(hotel.id) },
        json: { ...roomInput, name: "Harbour Suite", priceCents: 30_000, originalPriceCents: null },
      }),
      201,
    );
    const closed = await bodyOf(
      await t.client(admin).properties.hotels[":hotelId"]["room-types"][":roomTypeId"].$put({
        param: { hotelId: String(hotel.id), roomTypeId: String(roomTypeId) },
        json: { ...roomInput, closed: true },
      }),
      200,
    );
    expect(closed.roomType).toMatchObject({ closed: true, upcomingBookings: 2 });
    const page = await bodyOf(
      await t.api.hotels[":id"].$get({ param: { id: String(hotel.id) }, query: { checkIn: d(10), checkOut: d(12) } }),
      200,
    );
    expect(page.rooms.map((r) => r.id)).toEqual([String(suite.id)]);
    expect(page.priceCents).toBe(30_000);
    const [row] = await t.deps.db
      .select({ priceCents: hotels.priceCents, roomOffers: hotels.roomOffers })
      .from(hotels)
      .where(eq(hotels.id, hotel.id));
    expect(row!.priceCents).toBe(30_000);
    expect(row!.roomOffers[0]).toBe(suite.id);
    expect(row!.roomOffers).toHaveLength(5);
    expect((await errorOf(await hold(hotel.id, roomTypeId, d(30)), 404)).code).toBe("ROOM_NOT_FOUND");

    // A room type nobody booked can be deleted.
    await errorOf(
      await t.client(admin).properties.hotels[":hotelId"]["room-types"][":roomTypeId"].$delete({
        param: { hotelId: String(hotel.id), roomTypeId: String(suite.id) },
      }),
      409,
    );
    await bodyOf(
      await t
        .client(admin)
        .properties.hotels[":hotelId"].$put({ param: { hotelId: String(hotel.id) }, json: { ...hotelInput, hidden: true } }),
      200,
    );
    await bodyOf(
      await t.client(admin).properties.hotels[":hotelId"]["room-types"][":roomTypeId"].$delete({
        param: { hotelId: String(hotel.id), roomTypeId: String(suite.id) },
      }),
      200,
    );
    const after = await bodyOf(
      await t.client(admin).properties.hotels[":hotelId"]["room-types"].$get({ param: { hotelId: String(hotel.id) } }),
      200,
    );
    expect(after.roomTypes.map((r) => r.id)).toEqual([roomTypeId]);
  });

  it("a new room count keeps the calendar's stop-sells and smaller allotments", async () => {
    const hotel = await createHotel(t.deps.db, { name: "Allotment House" });
    const { roomType: room } = await bodyOf(
      await t
        .client(admin)
        .properties.hotels[":hotelId"]["room-types"].$post({ param: { hotelId: String(hotel.id) }, json: { ...roomInput, totalRooms: 3 } }),
      201,
    );
    const month = d(130).slice(0, 7);
    const night = (day: string) => `${month}-${day}`;
    const sell = async (day: string, roomsToSell: number) =>
      bodyOf(
        await t.client(admin).properties.hotels[":hotelId"].calendar.$post({
          param: { hotelId: String(hotel.id) },
          json: { roomTypeIds: [room.id], from: night(day), to: night(day), roomsToSell },
        }),
        200,
      );
    await sell("10", 0); // stop-sell
    await sell("11", 2); // an allotment below the count
    await sell("12", 3); // every room
    const roomsToSell = async () => {
      const view = await bodyOf(
        await t
          .client(admin)
          .properties.hotels[":hotelId"].calendar.$get({ param: { hotelId: String(hotel.id) }, query: { month: month } }),
        200,
      );
      const nights = view.roomTypes.find((r) => r.id === room.id)!.nights;
      return ["10", "11", "12", "13"].map((day) => nights.find((n) => n.night === night(day))!.roomsToSell);
    };
    const put = (totalRooms: number) =>
      t.client(admin).properties.hotels[":hotelId"]["room-types"][":roomTypeId"].$put({
        param: { hotelId: String(hotel.id), roomTypeId: String(room.id) },
        json: { ...roomInput, totalRooms },
      });
    await bodyOf(await put(5), 200);
    expect(await roomsToSell()).toEqual([0, 2, 5, 5]);
    await bodyOf(await put(1), 200);
    expect(await roomsToSell()).toEqual([0, 1, 1, 1]);
  });

  it("a room type of another hotel is not found through this hotel", async () => {
    const [room] = (await bodyOf(await t.client(admin).properties.hotels[":hotelId"].$get({ param: { hotelId: String(managed) } }), 200))
      .hotel.roomTypes;
    const res = await t.client(admin).properties.hotels[":hotelId"]["room-types"][":roomTypeId"].$put({
      param: { hotelId: String(hotel.id), roomTypeId: String(room!.id) },
      json: roomInput,
    });
    expect((await errorOf(res, 404)).code).toBe("ROOM_TYPE_NOT_FOUND");
  });

  it("photos: checked by content, cover first, reordered, deleted, only the hotel's own", async () => {
    const base = `/api/properties/hotels/${hotel.id}/photos`;
    const fake = new Blob([new TextEncoder().encode("<html>not an image</html>")], { type: "image/png" });
    const bad = await errorOf(await upload(base, admin, [{ blob: fake, name: "photo.png" }]), 400);
    expect(bad.code).toBe("PHOTO_NOT_IMAGE");
    const added = await bodyOf<{ photos: string[] }>(
      await upload(base, admin, [
        { blob: await png(), name: "a.png" },
        { blob: await png(80, 60), name: "b.png" },
      ]),
      201,
    );
    expect(added.photos).toHaveLength(2);
    for (const url of added.photos) expect(url).toMatch(/^\/uploads\/hotels\/[a-f0-9]{32}\.webp$/);
    const stored = await t.app.request(`http://localhost:3000${added.photos[0]}`);
    expect(stored.status).toBe(200);
    expect((await sharp(Buffer.from(await stored.arrayBuffer())).metadata()).format).toBe("webp");

    const [first, second] = added.photos as [string, string];
    const photos = t.client(admin).properties.hotels[":hotelId"].photos;
    const param = { hotelId: String(hotel.id) };
    const reordered = await bodyOf(await photos.$put({ param, json: { photos: [second, first] } }), 200);
    expect(reordered.photos).toEqual([second, first]);
    let [row] = await t.deps.db.select({ image: hotels.image }).from(hotels).where(eq(hotels.id, hotel.id));
    expect(row!.image).toBe(second);

    const foreign = await errorOf(await photos.$put({ param, json: { photos: [second, "https://evil.example/x.png"] } }), 400);
    expect(foreign.code).toBe("PHOTO_NOT_FOUND");
    const twice = await errorOf(await photos.$put({ param, json: { photos: [second, second, first] } }), 400);
    expect(twice.message).toBe("Each photo may appear once in the order.");
    await bodyOf(await photos.$put({ param, json: { photos: [first] } }), 200);
    [row] = await t.deps.db.select({ image: hotels.image }).from(hotels).where(eq(hotels.id, hotel.id));
    expect(row!.image).toBe(first);

    // Room photos the same way.
    const roomBase = `/api/properties/hotels/${hotel.id}/room-types/${hotel.roomTypes[0]!.id}/photos`;
    const room = await bodyOf<{ photos: string[] }>(await upload(roomBase, admin, [{ blob: await png(), name: "r.png" }]), 201);
    expect(room.photos).toHaveLength(1);
  });
});

describe("a manager's scope", () => {
  it("lists only the manager's hotels; an admin sees every hotel", async () => {
    const mine = await bodyOf(await t.client(manager).properties.hotels.$get({ query: {} }), 200);
    expect(mine.hotels.map((h) => h.id)).toEqual([managed]);
    expect(mine.total).toBe(1);
    const all = await bodyOf(await t.client(admin).properties.hotels.$get({ query: { pageSize: "1" } }), 200);
    expect(all.total).toBeGreaterThanOrEqual(3);
    const searched = await bodyOf(await t.client(admin).properties.hotels.$get({ query: { search: "lodge" } }), 200);
    expect(searched.hotels.map((h) => h.name)).toEqual(["Someone Else's Lodge"]);
  });

  it("the list counts each hotel's own room types, and gives no price to a hotel without any", async () => {
    const three = (await createHotel(t.deps.db, { name: "Tricorne Suites" })).id;
    for (let i = 0; i < 3; i++) await createRoomType(t.deps.db, three);
    const empty = (await createHotel(t.deps.db, { name: "Tricorne Annexe" })).id;
    const listed = await bodyOf(await t.client(admin).properties.hotels.$get({ query: { search: "tricorne" } }), 200);
    const byId = new Map(listed.hotels.map((h) => [h.id, h]));
    expect(byId.get(three)?.roomTypeCount).toBe(3);
    expect(byId.get(three)?.priceCents).toBeGreaterThan(0);
    expect(byId.get(empty)).toMatchObject({ roomTypeCount: 0, priceCents: null });
  });

  it("edits their own hotel, gets 403 on another hotel and on creating one", async () => {
    const own = await bodyOf(await t.client(manager).properties.hotels[":hotelId"].$get({ param: { hotelId: String(managed) } }), 200);
    expect(own.hotel.roomTypes).toHaveLength(1);
    for (const [method, path, body] of [
      ["GET", `/api/properties/hotels/${other}`, undefined],
      ["PUT", `/api/properties/hotels/${other}`, hotelInput],
      ["GET", `/api/properties/hotels/${other}/room-types`, undefined],
      ["POST", `/api/properties/hotels/${other}/room-types`, roomInput],
      ["PUT", `/api/properties/hotels/${other}/photos`, { photos: [] }],
      ["POST", "/api/properties/hotels", hotelInput],
    ] as const) {
      // One table of routes tried as another hotel's manager: the paths are data, so they go raw.
      const res = await t.request(method, path, { cookie: manager, ...(body ? { body } : {}) });
      expect(res.status, `${method} ${path}`).toBe(403);
      // Says why in a manager's terms, not "Admin privileges required".
      const { message } = await res.json();
      expect(message, `${method} ${path}`).toMatch(/not one of the hotels you manage|Only administrators can add hotels/);
    }
    const [otherRow] = await t.deps.db.select({ name: hotels.name }).from(hotels).where(eq(hotels.id, other));
    expect(otherRow!.name).toBe("Someone Else's Lodge");
  });

  it("a traveller has no access at all", async () => {
    const refused = await t.client(traveller).properties.hotels.$get({ query: {} });
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).message).toBe("Access denied. Hotel managers and administrators only.");
    expect((await t.api.properties.hotels.$get({ query: {} })).status).toBe(401);
  });
});
