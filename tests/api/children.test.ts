import { and, eq } from "drizzle-orm";
import type { InferRequestType } from "hono/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayUtc } from "../../src/shared/dates.ts";
import { bookings, emailOutbox } from "../../src/server/db/schema.ts";
import { type HotelRow, type RoomTypeRow, createHotel, createRoomType } from "../factories.ts";
import { type ApiClient, type TestApp, createTestApp } from "../support/test-app.ts";
import { errorOf } from "../support/typed.ts";

let t: TestApp;
let family: HotelRow;
let freeHotel: HotelRow;
let quad: RoomTypeRow;
let double: RoomTypeRow;
let freeRoom: RoomTypeRow;
const d = (n: number) => addDays(todayUtc(), n);
const guest = { guestName: "Kim Parent", guestEmail: "kim.parent@example.com", guestPhone: "+44 20 7946 0001" };

beforeAll(async () => {
  t = await createTestApp();
  // Children under 6 free, older ones $15 a night each.
  family = await createHotel(t.deps.db, { name: "Family Inn", city: "Lisbon", childrenFreeUnderAge: 6, childRateCents: 1500 });
  quad = await createRoomType(t.deps.db, family.id, { name: "Family Room", priceCents: 10000, maxGuests: 4, totalRooms: 5 });
  double = await createRoomType(t.deps.db, family.id, { name: "Double", priceCents: 8000, maxGuests: 2, totalRooms: 5 });
  // The rule a hotel has until it sets one: children stay free.
  freeHotel = await createHotel(t.deps.db, { name: "Plain Hotel", city: "Lisbon", childrenFreeUnderAge: 12, childRateCents: 0 });
  freeRoom = await createRoomType(t.deps.db, freeHotel.id, { name: "Quad", priceCents: 9000, maxGuests: 4, totalRooms: 5 });
});
afterAll(() => t.close());

type HoldInput = InferRequestType<ApiClient["bookings"]["$post"]>["json"];

/** The hold's body; `extra` may carry a tampered price, which the server ignores. */
function holdBody(hotel: HotelRow, room: RoomTypeRow, extra: Partial<HoldInput> & { totalPriceCents?: number } = {}): HoldInput {
  return {
    hotelId: String(hotel.id),
    roomTypeId: String(room.id),
    checkIn: d(20),
    checkOut: d(23),
    guests: 2,
    rooms: 1,
    ...guest,
    ...extra,
  };
}

async function hold(body: HoldInput) {
  const res = await t.api.bookings.$post({ json: body });
  expect(res.status, await res.clone().text()).toBe(201);
  return await res.json();
}

/** Raw: some refused bodies do not fit the typed client (an age given as text). */
async function refused(body: object): Promise<{ status: number; message: string }> {
  const res = await t.request("POST", "/api/bookings", { body });
  const answer = await errorOf(res);
  return { status: res.status, message: answer.message };
}

describe("prices with children", () => {
  it("adds the child rate per night for children at or over the free age, on the hotel page and the hold", async () => {
    const res = await t.api.hotels[":id"].$get({
      param: { id: String(family.id) },
      query: { checkIn: d(20), checkOut: d(23), guests: "2", children: "2", ages: "4,10" },
    });
    expect(res.status).toBe(200);
    const detail = await res.json();
    expect(detail.childPolicy).toEqual({ freeUnderAge: 6, childRateCents: 1500 });
    expect(detail.childChargeCents).toBe(1500 * 3);
    expect(detail.stay).toMatchObject({ guests: 2, children: 2, childAges: [4, 10] });

    const created = await hold(holdBody(family, quad, { children: 2, ages: [4, 10], totalPriceCents: 1 }));
    expect(created.booking).toMatchObject({
      totalPriceCents: 10000 * 3 + 1500 * 3,
      childChargeCents: 4500,
      numGuests: 4,
      numAdults: 2,
      numChildren: 2,
      childAges: [4, 10],
    });
    expect(created.payment.amountCents).toBe(34500);
    const [row] = await t.deps.db.select().from(bookings).where(eq(bookings.id, created.booking.id));
    expect(row).toMatchObject({ numGuests: 4, numChildren: 2, childAges: [4, 10], childChargeCents: 4500, totalPriceCents: 34500 });
  });

  it("charges nothing at a hotel whose children stay free, and nothing for young children", async () => {
    const free = await hold(holdBody(freeHotel, freeRoom, { children: 2, ages: [10, 15] }));
    expect(free.booking).toMatchObject({ totalPriceCents: 27000, childChargeCents: 0 });
    const young = await hold(holdBody(family, quad, { children: 2, ages: [0, 5] }));
    expect(young.booking).toMatchObject({ totalPriceCents: 30000, childChargeCents: 0 });
  });

  it("keeps the search price the room's price", async () => {
    const res = await t.api.hotels.search.$get({
      query: { destination: "Lisbon", checkIn: d(20), checkOut: d(23), guests: "2", children: "2", ages: "4,10" },
    });
    expect(res.status).toBe(200);
    const found = (await res.json()).hotels.find((h) => h.id === String(family.id));
    expect(found?.priceCents).toBe(10000);
  });
});

describe("capacity counts every person", () => {
  it("refuses a room too small for adults and children together, in search and at the hold", async () => {
    const detail = await (
      await t.api.hotels[":id"].$get({
        param: { id: String(family.id) },
        query: { checkIn: d(20), checkOut: d(23), guests: "2", children: "1", ages: "3" },
      })
    ).json();
    expect(detail.rooms.find((r) => r.id === String(double.id))).toMatchObject({ fitsParty: false, bookable: false });
    const answer = await refused(holdBody(family, double, { children: 1, ages: [3] }));
    expect(answer.status).toBe(400);
    expect(answer.message).toContain("for 3 guests");
  });

  it("leaves out of search a hotel whose rooms cannot sleep the whole party", async () => {
    const res = await t.api.hotels.search.$get({
      query: { destination: "Lisbon", checkIn: d(20), checkOut: d(23), guests: "2", children: "3", ages: "1,2,3" },
    });
    const ids = (await res.json()).hotels.map((h) => h.id);
    expect(ids).not.toContain(String(family.id));
  });
});

describe("validation", () => {
  it.each([
    [{ children: 2, ages: [4] }, "Give the age of each child: 2 children, 1 age given"],
    [{ children: 1 }, "Give the age of each child: 1 child, 0 ages given"],
    [{ children: 1, ages: [18] }, "book older guests as adults"],
    [{ children: 1, ages: [-1] }, "Each child's age must be 0 to 17"],
    [{ children: 1, ages: ["x"] }, "Each child's age must be a number"],
    [{ guests: 0, children: 1, ages: [9] }, "At least one adult is required"],
    [{ guests: 10, children: 8, ages: [1, 2, 3, 4, 5, 6, 7, 8] }, "A booking can be for at most 16 people"],
    [{ children: 9, ages: [1, 2, 3, 4, 5, 6, 7, 8, 9] }, "Children must be at most 8"],
  ])("refuses %j with a 400 that says why", async (party, message) => {
    const answer = await refused({ ...holdBody(family, quad), ...party });
    expect(answer.status).toBe(400);
    expect(answer.message).toContain(message);
  });

  it("reads ages from a query string and refuses bad ones there too", async () => {
    const bad = await t.api.hotels[":id"].$get({
      param: { id: String(family.id) },
      query: { checkIn: d(20), checkOut: d(23), children: "1", ages: "4,5" },
    });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).message).toContain("1 child, 2 ages given");
  });
});

describe("the booking shows its party", () => {
  it("names adults and children's ages and the child charges in the e-mail and the download", async () => {
    const created = await hold(holdBody(family, quad, { children: 2, ages: [4, 10] }));
    const paid = await t.api["simulated-payments"][":id"].confirm.$post({
      param: { id: created.payment.paymentId },
      json: {
        clientSecret: created.payment.clientSecret,
        returnUrl: "/booking-success",
        card: { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2040, cvc: "123" },
      },
    });
    expect(paid.status).toBe(200);
    const confirmed = await t.api.bookings[":id"]["confirm-payment"].$post({
      param: { id: created.booking.id },
      json: { paymentId: created.payment.paymentId },
    });
    const { booking, accessToken } = await confirmed.json();
    expect(booking.status).toBe("confirmed");
    const [mail] = await t.deps.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, "booking_confirmation"), eq(emailOutbox.dedupeKey, `booking:${booking.id}:confirmation`)));
    expect(mail?.textBody).toContain("Guests: 2 adults, 2 children (ages 4, 10)");
    expect(mail?.textBody).toContain("Child charges: $45.00");
    expect(mail?.textBody).toContain("Total: $345.00");
    const download = await t.api.bookings[":id"].confirmation.$get({
      param: { id: booking.id },
      header: { "x-booking-access": accessToken },
    });
    expect(download.status).toBe(200);
    expect(await download.text()).toContain("Guests: 2 adults, 2 children (ages 4, 10)");
  });
});
