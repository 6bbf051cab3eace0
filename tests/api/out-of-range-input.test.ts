import { and, eq, gte } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayUtc } from "../../src/shared/dates.ts";
import { bookings, rateRules, roomNights, users } from "../../src/server/db/schema.ts";
import { ensureAdmin } from "../../src/server/services/accounts.ts";
import { createHotel, createRoomType } from "../factories.ts";
import { type TestApp, createTestApp, signIn, signUp } from "../support/test-app.ts";

/**
 * Numbers and dates a form never sends but a hostile or careless client can: ids beyond what a
 * database integer holds, years 0001 and 9999, booleans and empty strings for numbers. Each gets
 * a 400 or a 404 that says what is wrong, never a 500, and writes nothing.
 */
let t: TestApp;
let admin: string;
let traveller: string;
let hotelId: number;
let roomTypeId: number;
const d = (n: number) => addDays(todayUtc(), n);
const HUGE = "99999999999";
const TEN_DIGITS = "9999999999";

beforeAll(async () => {
  t = await createTestApp();
  await ensureAdmin(t.deps.db, t.deps.auth, { email: "boss@example.com", password: "boss-password", name: "Boss" }, "test");
  admin = await signIn(t, "boss@example.com", "boss-password");
  await signUp(t, "tess@example.com");
  traveller = await signIn(t, "tess@example.com");
  hotelId = (await createHotel(t.deps.db, { name: "Range Check Inn" })).id;
  roomTypeId = (await createRoomType(t.deps.db, hotelId, { totalRooms: 5 })).id;
});
afterAll(() => t.close());

async function status(res: Response): Promise<number> {
  await res.text();
  return res.status;
}

describe("input out of range", () => {
  it("ids beyond a database integer name no hotel, room or review: 404, not 500", async () => {
    const stay = `checkIn=${d(10)}&checkOut=${d(12)}`;
    expect(await status(await t.request("GET", `/api/hotels/${TEN_DIGITS}?${stay}`))).toBe(404);
    expect(await status(await t.request("GET", `/api/hotels/${TEN_DIGITS}/reviews`))).toBe(404);
    for (const path of [`/api/properties/hotels/${HUGE}`, `/api/properties/hotels/${HUGE}/calendar?month=2027-01`]) {
      expect(await status(await t.request("GET", path, { cookie: admin })), path).toBe(404);
    }
    const phone = await t.request("POST", `/api/properties/hotels/${hotelId}/front-desk/phone-bookings`, {
      body: {
        guestName: "Pat Phone",
        guestEmail: "pat@example.com",
        guestPhone: "+1 555 0100",
        roomTypeId: TEN_DIGITS,
        checkIn: d(10),
        checkOut: d(12),
        guests: 2,
        rooms: 1,
        payment: "pay_at_hotel",
      },
      cookie: admin,
    });
    expect(phone.status, await phone.clone().text()).toBe(404);
    const hold = await t.request("POST", "/api/bookings", {
      body: {
        hotelId: String(hotelId),
        roomTypeId: TEN_DIGITS,
        checkIn: d(10),
        checkOut: d(12),
        guests: 2,
        rooms: 1,
        guestName: "Guest",
        guestEmail: "g@example.com",
        guestPhone: "+1 555 0000",
      },
    });
    expect(hold.status, await hold.clone().text()).toBe(404);
    expect(await t.deps.db.select().from(bookings).where(eq(bookings.guestEmail, "pat@example.com"))).toEqual([]);
  });

  it("calendar months and report dates outside 2000-2099 get a 400 that says so", async () => {
    for (const month of ["9999-12", "0000-01", "1999-12"]) {
      const res = await t.request("GET", `/api/properties/hotels/${hotelId}/calendar?month=${month}`, { cookie: admin });
      expect(res.status, month).toBe(400);
      expect(((await res.json()) as { message: string }).message).toContain("between 2000 and 2099");
    }
    for (const [from, to] of [
      ["9999-12-01", "9999-12-31"],
      ["0001-01-01", "0001-01-31"],
    ]) {
      for (const path of ["/api/properties/reports", "/api/properties/reports.csv"]) {
        const res = await t.request("GET", `${path}?from=${from}&to=${to}`, { cookie: admin });
        expect(res.status, `${path} ${from}`).toBe(400);
        expect(((await res.json()) as { message: string }).message).toContain("between 2000 and 2099");
      }
    }
  });

  it("a calendar edit takes numbers only, room types that can exist and dates before 2100, and writes nothing otherwise", async () => {
    const edit = (body: Record<string, unknown>) =>
      t.request("POST", `/api/properties/hotels/${hotelId}/calendar`, {
        body: { roomTypeIds: [roomTypeId], from: d(20), to: d(22), ...body },
        cookie: admin,
      });
    const refused: [Record<string, unknown>, string][] = [
      [{ priceCents: true }, "Price must be a number"],
      [{ priceCents: "5000" }, "Price must be a number"],
      [{ priceCents: [5000] }, "Price must be a number"],
      [{ roomsToSell: "" }, "Rooms to sell must be a number"],
      [{ roomsToSell: null }, "Rooms to sell must be a number"],
      [{ minStay: true }, "Minimum stay must be a number of nights"],
      [{ priceCents: 5000, weekdays: true }, "Choose the days of the week"],
      [{ priceCents: 5000, roomTypeIds: [Number(HUGE)] }, "Choose room types of this hotel"],
      [{ priceCents: 5000, from: "9999-12-30", to: "9999-12-31" }, "between 2000 and 2099"],
    ];
    for (const [body, message] of refused) {
      const res = await edit(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as { message: string }).message, JSON.stringify(body)).toContain(message);
    }
    expect(await t.deps.db.select().from(rateRules).where(eq(rateRules.roomTypeId, roomTypeId))).toEqual([]);
    expect(
      await t.deps.db
        .select()
        .from(roomNights)
        .where(and(eq(roomNights.roomTypeId, roomTypeId), gte(roomNights.night, d(0)))),
    ).toEqual([]);
    // The same edit with a number goes through.
    expect(await status(await edit({ priceCents: 5000 }))).toBe(200);
  });

  it("dates PostgreSQL cannot hold (year 0000, the day after 9999-12-31) are 400s in the booking and activity filters", async () => {
    for (const query of ["checkOutTo=0000-01-01", "checkInFrom=0000-01-01", "checkOutTo=9999-12-31"]) {
      const res = await t.request("GET", `/api/bookings/mine?${query}`, { cookie: traveller });
      expect(res.status, query).toBe(400);
    }
    for (const query of ["startDate=0000-01-01", "endDate=0000-01-01", "endDate=9999-12-31"]) {
      const res = await t.request("GET", `/api/admin/activity?${query}`, { cookie: admin });
      expect(res.status, query).toBe(400);
      expect(((await res.json()) as { message: string }).message, query).toMatch(/must be (a date like|between 2000 and 2099)/);
    }
  });

  it("an admin granting a hotel id beyond a database integer gets a 400", async () => {
    const [tess] = await t.deps.db.select({ id: users.id }).from(users).where(eq(users.email, "tess@example.com"));
    for (const id of [2_147_483_648, 99_999_999_999]) {
      const res = await t.request("PUT", `/api/admin/users/${tess!.id}/hotels`, { body: { hotelIds: [id] }, cookie: admin });
      expect(res.status, String(id)).toBe(400);
    }
  });

  it("a multipart body that does not parse is a 400, on routes with and without a form validator", async () => {
    for (const [type, body] of [
      ["multipart/form-data; boundary=x", "--x\r\n"],
      ["multipart/form-data", "a"],
    ]) {
      for (const path of ["/api/simulated-payments/sim_pi_0123456789abcdef01234567/challenge", `/api/hotels/${hotelId}/reviews`]) {
        const res = await t.app.request(`http://localhost:3000${path}`, {
          method: "POST",
          body,
          headers: { "content-type": type!, origin: t.deps.config.publicUrl, cookie: traveller },
        });
        expect(res.status, `${path} ${type}`).toBe(400);
      }
    }
  });
});
