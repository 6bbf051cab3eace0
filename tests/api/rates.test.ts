import { eq, inArray, sql } from "drizzle-orm";
import type { InferRequestType } from "hono/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayUtc } from "../../src/shared/dates.ts";
import type { CalendarMonthView } from "../../src/shared/rates.ts";
import type { HotelDetail, SearchResponse } from "../../src/shared/search.ts";
import { seedCatalogue } from "../../src/server/db/seed/seed-catalogue.ts";
import { seedDemoRates, seedYearOfRates } from "../../src/server/db/seed/seed-rates.ts";
import { activityLogs, bookings, hotelManagers, rateRules, roomTypes, users } from "../../src/server/db/schema.ts";
import { createInventorySupplier } from "../../src/server/services/search/inventory-supplier.ts";
import { ensureAdmin } from "../../src/server/services/accounts.ts";
import { type HotelRow, type RoomTypeRow, createHotel, createRoomType } from "../factories.ts";
import { type ApiClient, type TestApp, createTestApp, signIn, signUp } from "../support/test-app.ts";
import { errorOf } from "../support/typed.ts";

const today = todayUtc();
const d = (n: number) => addDays(today, n);
/** The first Thursday at least `n` days ahead: stays below start on a known week day. */
function thursdayAfter(n: number): string {
  let day = d(n);
  while (new Date(`${day}T00:00:00Z`).getUTCDay() !== 4) day = addDays(day, 1);
  return day;
}
const FRI_SAT = 0b011_0000;
const guest = { guestName: "Rita Rates", guestEmail: "rita@example.com", guestPhone: "+44 20 7946 0001" };

let t: TestApp;
let admin: string;
let manager: string;
let traveller: string;
let hotel: HotelRow;
let other: HotelRow;
let double: RoomTypeRow;
let suite: RoomTypeRow;
let otherRoom: RoomTypeRow;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.db;
  await ensureAdmin(db, t.deps.auth, { email: "rates-admin@example.com", password: "admin-password", name: "Admin" }, "test");
  admin = await signIn(t, "rates-admin@example.com", "admin-password");
  await signUp(t, "rates-manager@example.com", "secret123", "Manager");
  await signUp(t, "rates-traveller@example.com", "secret123", "Traveller");
  traveller = await signIn(t, "rates-traveller@example.com");
  hotel = await createHotel(db, {
    name: "Calendar Inn",
    city: "Rateville",
    country: "Rateland",
    priceCents: 10000,
    originalPriceCents: null,
  });
  double = await createRoomType(db, hotel.id, { name: "Double", priceCents: 10000, maxGuests: 2, totalRooms: 5, originalPriceCents: null });
  suite = await createRoomType(db, hotel.id, { name: "Suite", priceCents: 40000, maxGuests: 4, totalRooms: 2, originalPriceCents: null });
  other = await createHotel(db, { name: "Other Manager Hotel", city: "Elsewhere", country: "Rateland", priceCents: 9000 });
  otherRoom = await createRoomType(db, other.id, { name: "Twin", priceCents: 9000, maxGuests: 2, totalRooms: 3 });
  const [m] = await db.update(users).set({ role: "manager" }).where(eq(users.email, "rates-manager@example.com")).returning();
  await db.insert(hotelManagers).values({ userId: m!.id, hotelId: hotel.id });
  manager = await signIn(t, "rates-manager@example.com");
});
afterAll(() => t.close());

type CalendarEdit = InferRequestType<ApiClient["properties"]["hotels"][":hotelId"]["calendar"]["$post"]>["json"];

function editCalendar(hotelId: number, body: CalendarEdit, cookie = admin) {
  return t.client(cookie).properties.hotels[":hotelId"].calendar.$post({ param: { hotelId: String(hotelId) }, json: body });
}

async function edit(body: CalendarEdit, cookie = admin) {
  const res = await editCalendar(hotel.id, body, cookie);
  expect(res.status, await res.clone().text()).toBe(200);
}

async function hotelPage(checkIn: string, checkOut: string, rooms = 1): Promise<HotelDetail> {
  const res = await t.api.hotels[":id"].$get({
    param: { id: String(hotel.id) },
    query: { checkIn: checkIn, checkOut: checkOut, guests: "2", rooms: String(rooms) },
  });
  expect(res.status).toBe(200);
  return await res.json();
}

function holdBody(room: RoomTypeRow, checkIn: string, checkOut: string, rooms = 1) {
  return { hotelId: String(hotel.id), roomTypeId: String(room.id), checkIn, checkOut, guests: 2, rooms, ...guest };
}

describe("night-by-night prices", () => {
  const checkIn = thursdayAfter(30);
  const checkOut = addDays(checkIn, 3); // Thursday, Friday and Saturday nights

  it("a weekend rate prices the hotel page, the hold and the stored booking night by night", async () => {
    await edit({ roomTypeIds: [double.id], from: checkIn, to: addDays(checkIn, 13), weekdays: FRI_SAT, priceCents: 18000 });

    const page = await hotelPage(checkIn, checkOut);
    const room = page.rooms.find((r) => r.id === String(double.id))!;
    expect(room.nightlyPrices).toEqual([
      { night: checkIn, priceCents: 10000 },
      { night: addDays(checkIn, 1), priceCents: 18000 },
      { night: addDays(checkIn, 2), priceCents: 18000 },
    ]);
    expect(room.stayPriceCents).toBe(46000);
    expect(room.priceCents).toBe(15333);

    const res = await t.client(traveller).bookings.$post({ json: holdBody(double, checkIn, checkOut, 2) });
    expect(res.status, await res.clone().text()).toBe(201);
    const { booking } = await res.json();
    expect(booking.totalPriceCents).toBe(92000);
    expect(booking.nightlyPrices?.map((n) => n.priceCents)).toEqual([10000, 18000, 18000]);

    // The hotelier raises the weekend later: the booking keeps what was sold.
    await edit({ roomTypeIds: [double.id], from: checkIn, to: addDays(checkIn, 6), weekdays: FRI_SAT, priceCents: 30000 });
    expect((await hotelPage(checkIn, checkOut)).rooms.find((r) => r.id === String(double.id))!.stayPriceCents).toBe(70000);
    const [row] = await t.deps.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row!.totalPriceCents).toBe(92000);
    expect(row!.nightlyPriceCents).toEqual([10000, 18000, 18000]);
    const view = await (await t.client(traveller).bookings[":id"].$get({ param: { id: booking.id }, header: {} })).json();
    expect(view.booking.nightlyPrices).toEqual(booking.nightlyPrices);
    expect(view.booking.totalPriceCents).toBe(92000);
  });

  it("a browser's price is ignored: the hold charges the calendar's nights", async () => {
    const from = thursdayAfter(60);
    await edit({ roomTypeIds: [suite.id], from, to: from, priceCents: 55500 });
    // A price the browser made up rides along with the hold.
    const tampered = { ...holdBody(suite, from, addDays(from, 2)), expectedNightlyPriceCents: 1, totalPriceCents: 1 };
    const res = await t.client(traveller).bookings.$post({ json: tampered });
    expect(res.status, await res.clone().text()).toBe(201);
    const { booking } = await res.json();
    expect(booking.totalPriceCents).toBe(55500 + 40000);
  });
});

describe("closed dates and minimum stays", () => {
  it("a closed night makes the room unavailable on the hotel page and refuses the hold", async () => {
    const from = d(90);
    await edit({ roomTypeIds: [suite.id], from: addDays(from, 1), to: addDays(from, 1), closed: true });
    const room = (await hotelPage(from, addDays(from, 3))).rooms.find((r) => r.id === String(suite.id))!;
    expect(room.bookable).toBe(false);
    // The night is named as the app writes dates ("Sat, Dec 28, 2030"), in the room's reason and the hold's refusal.
    const closedNight = new Date(`${addDays(from, 1)}T00:00:00Z`).toLocaleDateString("en-US", {
      weekday: "short",
      month: "short",
      day: "numeric",
      year: "numeric",
      timeZone: "UTC",
    });
    expect(room.unavailableReason).toBe(`Not available on ${closedNight}`);
    const res = await t.client(traveller).bookings.$post({ json: holdBody(suite, from, addDays(from, 3)) });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      code: "ROOM_CLOSED_FOR_DATES",
      message: `This room is not sold on ${closedNight}. Please choose other dates or another room.`,
      details: { nights: [addDays(from, 1)] },
    });
    // The night before is still sold, and opening the night again sells the stay.
    expect((await hotelPage(from, addDays(from, 1))).rooms.find((r) => r.id === String(suite.id))!.bookable).toBe(true);
    await edit({ roomTypeIds: [suite.id], from: addDays(from, 1), to: addDays(from, 1), closed: false });
    expect((await hotelPage(from, addDays(from, 3))).rooms.find((r) => r.id === String(suite.id))!.bookable).toBe(true);
  });

  it("a stay shorter than its check-in night's minimum stay is refused with the minimum", async () => {
    const from = d(100);
    await edit({ roomTypeIds: [suite.id], from, to: addDays(from, 6), minStay: 3 });
    const short = (await hotelPage(from, addDays(from, 2))).rooms.find((r) => r.id === String(suite.id))!;
    expect(short.bookable).toBe(false);
    expect(short.unavailableReason).toBe("Minimum stay 3 nights from this check-in date");
    const res = await t.client(traveller).bookings.$post({ json: holdBody(suite, from, addDays(from, 2)) });
    expect(res.status).toBe(400);
    const body = await errorOf(res);
    expect(body.code).toBe("MIN_STAY_NOT_MET");
    expect(body.details?.minStay).toBe(3);
    expect(body.message).toContain("at least 3 nights");
    // Three nights are enough; a stay checking in the day before the rule is not bound by it.
    expect((await hotelPage(from, addDays(from, 3))).rooms.find((r) => r.id === String(suite.id))!.bookable).toBe(true);
    expect((await hotelPage(addDays(from, -1), addDays(from, 1))).rooms.find((r) => r.id === String(suite.id))!.bookable).toBe(true);
  });
});

describe("rooms to sell", () => {
  it("never sells more rooms than the calendar allows, and cannot go below the rooms sold", async () => {
    const from = d(120);
    await edit({ roomTypeIds: [double.id], from: addDays(from, 1), to: addDays(from, 1), roomsToSell: 1 });
    const room = (await hotelPage(from, addDays(from, 2))).rooms.find((r) => r.id === String(double.id))!;
    expect(room.roomsAvailable).toBe(1);
    const two = await t.client(traveller).bookings.$post({ json: holdBody(double, from, addDays(from, 2), 2) });
    expect(two.status).toBe(409);
    const one = await t.client(traveller).bookings.$post({ json: holdBody(double, from, addDays(from, 2), 1) });
    expect(one.status, await one.clone().text()).toBe(201);
    const none = await editCalendar(hotel.id, { roomTypeIds: [double.id], from, to: addDays(from, 2), roomsToSell: 0 });
    expect(none.status).toBe(400);
    const body = await errorOf(none);
    expect(body.code).toBe("ROOMS_TO_SELL_BELOW_SOLD");
    expect(body.message).toContain(from);
    // Nothing of the refused edit was written: the first night still sells all 5 rooms, less the one sold.
    const month = await calendar(from.slice(0, 7));
    const night = month.roomTypes.find((r) => r.id === double.id)!.nights.find((n) => n.night === from)!;
    expect(night).toMatchObject({ roomsToSell: 5, roomsSold: 1 });
  });
});

async function calendar(month: string, cookie = admin): Promise<CalendarMonthView> {
  const res = await t
    .client(cookie)
    .properties.hotels[":hotelId"].calendar.$get({ param: { hotelId: String(hotel.id) }, query: { month: month } });
  expect(res.status, await res.clone().text()).toBe(200);
  return await res.json();
}

describe("calendar API", () => {
  it("shows a month of room types × nights, for the hotel's manager too, and logs edits", async () => {
    const from = d(150);
    await edit({ roomTypeIds: [double.id, suite.id], from, to: addDays(from, 1), priceCents: 12345, minStay: 2 }, manager);
    const month = await calendar(from.slice(0, 7), manager);
    expect(month.hotelName).toBe("Calendar Inn");
    expect(month.roomTypes.map((r) => r.name)).toEqual(["Double", "Suite"]);
    const days = month.roomTypes[0]!.nights;
    expect(days[0]!.night).toBe(`${from.slice(0, 7)}-01`);
    expect(days.find((n) => n.night === from)).toMatchObject({
      priceCents: 12345,
      minStay: 2,
      closed: false,
      roomsToSell: 5,
      roomsSold: 0,
    });
    const [log] = await t.deps.db
      .select()
      .from(activityLogs)
      .where(eq(activityLogs.actionType, "rate_calendar_updated"))
      .orderBy(sql`${activityLogs.id} desc`)
      .limit(1);
    expect(log!.userEmail).toBe("rates-manager@example.com");
    expect(log!.details).toMatchObject({ hotelId: hotel.id, priceCents: 12345, minStay: 2, nights: 2 });
  });

  it("refuses another manager's hotel, travellers and visitors", async () => {
    expect(
      (
        await t
          .client(manager)
          .properties.hotels[":hotelId"].calendar.$get({ param: { hotelId: String(other.id) }, query: { month: d(10).slice(0, 7) } })
      ).status,
    ).toBe(403);
    expect((await editCalendar(other.id, { roomTypeIds: [otherRoom.id], from: d(10), to: d(10), priceCents: 100 }, manager)).status).toBe(
      403,
    );
    expect((await editCalendar(hotel.id, { roomTypeIds: [double.id], from: d(10), to: d(10), priceCents: 100 }, traveller)).status).toBe(
      403,
    );
    // An empty body, sent raw: a visitor is refused before the body is read.
    expect((await t.request("POST", `/api/properties/hotels/${hotel.id}/calendar`, { body: {} })).status).toBe(401);
  });

  const valid = () => ({ roomTypeIds: [double.id], from: d(10), to: d(20) });
  it.each([
    ["a zero price", { priceCents: 0 }, "Price must be more than zero"],
    ["a negative price", { priceCents: -500 }, "Price must be more than zero"],
    ["a price in fractions of a cent", { priceCents: 100.5 }, "Price must be whole cents"],
    ["a minimum stay of 0", { minStay: 0 }, "Minimum stay must be at least 1 night"],
    ["a minimum stay over 30", { minStay: 31 }, "Minimum stay must be at most 30 nights"],
    ["a minimum stay over the range", { to: d(11), minStay: 3 }, "Minimum stay (3 nights) is longer than the 2 nights chosen"],
    ["a date in the past", { from: d(-3), priceCents: 100 }, "Dates in the past cannot be changed"],
    ["a range over 366 nights", { to: d(10 + 366), priceCents: 100 }, "Change at most 366 nights at once"],
    ["the last night before the first", { to: d(5), priceCents: 100 }, "The last night must be on or after the first night"],
    ["no week day", { weekdays: 0, priceCents: 100 }, "Choose at least one day of the week"],
    [
      "week days that do not occur",
      { to: d(10), weekdays: 0b111_1111 ^ (1 << ((new Date(`${d(10)}T00:00:00Z`).getUTCDay() + 6) % 7)), priceCents: 100 },
      "None of the chosen days",
    ],
    ["nothing to change", {}, "Set a price, a minimum stay, open/closed or rooms to sell"],
    ["a date that does not exist", { from: "2031-02-30", priceCents: 100 }, "Enter a date as YYYY-MM-DD"],
    ["no room type", { roomTypeIds: [], priceCents: 100 }, "Choose at least one room type"],
    ["another hotel's room type", { roomTypeIds: "other hotel", priceCents: 100 }, "Choose room types of this hotel"],
    ["rooms to sell over the room count", { roomsToSell: 6 }, "cannot exceed the 5 rooms of Double"],
    ["negative rooms to sell", { roomsToSell: -1 }, "Rooms to sell cannot be negative"],
  ])("refuses %s with a clear 400 and writes nothing", async (_name, change, message) => {
    const before = await t.deps.db.$count(rateRules);
    const body: Record<string, unknown> = { ...valid(), ...change };
    if (body.roomTypeIds === "other hotel") body.roomTypeIds = [otherRoom.id];
    // Some refused bodies (a list given as text) do not fit the typed client: the table goes raw.
    const res = await t.request("POST", `/api/properties/hotels/${hotel.id}/calendar`, { cookie: admin, body });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(message);
    expect(await t.deps.db.$count(rateRules)).toBe(before);
  });

  it("refuses a month that is not YYYY-MM", async () => {
    const res = await t
      .client(admin)
      .properties.hotels[":hotelId"].calendar.$get({ param: { hotelId: String(hotel.id) }, query: { month: "2030-13" } });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Enter a month as YYYY-MM");
  });
});

// Search prices a stay from the calendar in both plans: the exact query and the index walks.
describe.each([
  { plan: "small-catalogue plan", smallCatalogue: undefined },
  { plan: "large-catalogue plan", smallCatalogue: 0 },
])("search with rates, $plan", ({ smallCatalogue }) => {
  let s: TestApp;
  let cookie: string;
  const ids: Record<string, number> = {};
  const room: Record<string, number> = {};
  const checkIn = thursdayAfter(40);
  const checkOut = addDays(checkIn, 2); // Thursday and Friday nights

  beforeAll(async () => {
    s = await createTestApp();
    const db = s.deps.db;
    if (smallCatalogue !== undefined) s.deps.suppliers[0] = createInventorySupplier(db, { smallCatalogue });
    await ensureAdmin(db, s.deps.auth, { email: "search-admin@example.com", password: "admin-password", name: "Admin" }, "test");
    cookie = await signIn(s, "search-admin@example.com", "admin-password");
    const place = { city: "Seasonburg", country: "Rateland", countryCode: "RL", originalPriceCents: null, reviewCount: 10 } as const;
    for (const [name, price] of [
      ["weekend", 10000],
      ["steady", 16000],
      ["sale", 50000],
      ["closed", 8000],
      ["minstay", 7000],
    ] as const) {
      const h = await createHotel(db, { ...place, name: `Season ${name}`, priceCents: price });
      ids[name] = h.id;
      room[name] = (
        await createRoomType(db, h.id, { name: "Room", priceCents: price, maxGuests: 2, totalRooms: 4, originalPriceCents: null })
      ).id;
    }
    const set = async (name: string, body: Partial<CalendarEdit>) => {
      const res = await s.client(cookie).properties.hotels[":hotelId"].calendar.$post({
        param: { hotelId: String(ids[name]) },
        json: { roomTypeIds: [room[name]!], from: checkIn, to: addDays(checkIn, 6), ...body },
      });
      expect(res.status, await res.clone().text()).toBe(200);
    };
    await set("weekend", { weekdays: FRI_SAT, priceCents: 30000 }); // 10000 + 30000 = 20000 a night
    await set("sale", { priceCents: 5000 }); // base 50000, sold at 5000
    await set("closed", { weekdays: FRI_SAT, closed: true });
    await set("minstay", { minStay: 3 });
    // Several room types in one hotel, outside Seasonburg: the offer is the cheapest sellable one,
    // and the rooms left count every sellable room type, dearer ones included.
    const suites = { ...place, city: "Suiteville", country: "Rateland" };
    for (const [name, rooms] of [
      [
        "mixed",
        [
          ["Small", 9000, 2, null],
          ["Large", 20000, 3, null],
          ["Shut", 25000, 4, "closed"],
          ["Long", 30000, 5, "minStay"],
        ],
      ],
      [
        "first shut",
        [
          ["Small", 6000, 1, "closed"],
          ["Large", 12000, 2, "dearer Friday"],
          ["Larger", 15000, 3, null],
        ],
      ],
    ] as const) {
      const h = await createHotel(db, { ...suites, name: `Suite ${name}`, priceCents: rooms[0]![1] });
      for (const [roomName, price, totalRooms, restriction] of rooms) {
        const id = (
          await createRoomType(db, h.id, { name: roomName, priceCents: price, maxGuests: 2, totalRooms, originalPriceCents: null })
        ).id;
        const rule =
          restriction === "closed"
            ? { closed: true }
            : restriction === "minStay"
              ? { minStay: 3 }
              : restriction === "dearer Friday"
                ? { weekdays: FRI_SAT, priceCents: price + 2000 }
                : { priceCents: price };
        const res = await s.client(cookie).properties.hotels[":hotelId"].calendar.$post({
          param: { hotelId: String(h.id) },
          json: { roomTypeIds: [id], from: checkIn, to: addDays(checkIn, 6), ...rule },
        });
        expect(res.status, await res.clone().text()).toBe(200);
      }
    }
  });
  afterAll(() => s.close());

  async function search(query: string): Promise<SearchResponse> {
    const res = await s.request(
      "GET",
      `/api/hotels/search?destination=Seasonburg&checkIn=${checkIn}&checkOut=${checkOut}&guests=2&${query}`,
    );
    expect(res.status, await res.clone().text()).toBe(200);
    return await res.json();
  }

  it("sorts by the stay's price and leaves out closed dates and minimum stays", async () => {
    const res = await search("sort=price");
    expect(res.hotels.map((h) => [h.name, h.priceCents])).toEqual([
      ["Season sale", 5000],
      ["Season steady", 16000],
      ["Season weekend", 20000],
    ]);
    expect(res.total).toBe(3);
  });

  it("filters on the stay's price", async () => {
    const cheap = await search("sort=price&maxPrice=180");
    expect(cheap.hotels.map((h) => h.name)).toEqual(["Season sale", "Season steady"]);
    const dear = await search("sort=popularity&minPrice=190");
    expect(dear.hotels.map((h) => h.name)).toEqual(["Season weekend"]);
    expect(dear.total).toBe(1);
  });

  it("offers a hotel's cheapest sellable room and counts the rooms left of every sellable room type", async () => {
    const res = await s.api.hotels.search.$get({
      query: { destination: "Suiteville", checkIn: checkIn, checkOut: checkOut, guests: "2", sort: "price" },
    });
    const hotels = (await res.json()).hotels.map((h) => [h.name, h.priceCents, h.roomsAvailable]);
    // Mixed: Small (2) and Large (3) sell; Shut has a closed night, Long a 3-night minimum.
    // First shut: its cheapest room is closed, so the offer is Large's, priced night by night
    // (12000 on Thursday, 14000 on Friday), with Larger's rooms too.
    expect(hotels).toEqual([
      ["Suite mixed", 9000, 5],
      ["Suite first shut", 13000, 5],
    ]);
  });

  it("sells a minimum-stay hotel to a long enough stay", async () => {
    const res = await s.api.hotels.search.$get({
      query: { destination: "Seasonburg", checkIn: checkIn, checkOut: addDays(checkIn, 3), guests: "2", sort: "price" },
    });
    const names = (await res.json()).hotels.map((h) => h.name);
    expect(names).toContain("Season minstay");
    expect(names).not.toContain("Season closed");
  });
});

describe("seeded rates", () => {
  let s: TestApp;
  beforeAll(async () => {
    s = await createTestApp();
    await seedCatalogue(s.database, { hotels: 4 });
  });
  afterAll(() => s.close());

  it("gives the demo chain a season with closed nights, and --rates a year of rates on every room type", async () => {
    const db = s.deps.db;
    const written = await seedDemoRates(db, today);
    const chainRooms = await db
      .select()
      .from(roomTypes)
      .where(inArray(roomTypes.hotelId, [1, 2, 3]));
    expect(written).toBe(chainRooms.length * 5 + 3);
    const dearest = [...chainRooms].filter((r) => r.hotelId === 1).sort((a, b) => b.priceCents - a.priceCents)[0]!;
    const closed = await (
      await s.api.hotels[":id"].$get({ param: { id: "1" }, query: { checkIn: d(19), checkOut: d(22), guests: "1" } })
    ).json();
    expect(closed.rooms.find((r) => r.id === String(dearest.id))!.unavailableReason).toMatch(
      /^Not available on \w{3}, \w{3} \d{1,2}, \d{4}/,
    );
    const friday = thursdayAfter(1) < d(45) ? addDays(thursdayAfter(1), 1) : d(1);
    const weekend = await (
      await s.api.hotels[":id"].$get({ param: { id: "1" }, query: { checkIn: friday, checkOut: addDays(friday, 1), guests: "1" } })
    ).json();
    const room = weekend.rooms.find((r) => r.id === String(dearest.id))!;
    expect(room.priceCents).toBe(Math.round(dearest.priceCents * 1.25));

    const all = await db.$count(roomTypes);
    const before = await db.$count(rateRules);
    expect(await seedYearOfRates(db, { today })).toBe(all * 24);
    expect(await db.$count(rateRules)).toBe(before + all * 24);
  });
});
