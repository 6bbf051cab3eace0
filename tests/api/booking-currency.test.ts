import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CreateBookingResponse } from "../../src/shared/booking.ts";
import { addDays, todayUtc } from "../../src/shared/dates.ts";
import { bookings, emailOutbox, payments, simulatedPaymentIntents, simulatedRefunds } from "../../src/server/db/schema.ts";
import { ensureAdmin } from "../../src/server/services/accounts.ts";
import { type HotelRow, type RoomTypeRow, createHotel, createRoomType } from "../factories.ts";
import { payAndConfirm } from "../support/guest-booking.ts";
import { type TestApp, createTestApp, signIn, signUp } from "../support/test-app.ts";

// Hotels are USD-only where staff set them up (decision 028, addendum), so the euro hotel is made
// directly in the database: the booking path must carry whatever currency a hotel is priced in.
let t: TestApp;
let admin: string;
let guestCookie: string;
let euroHotel: HotelRow;
let euroRoom: RoomTypeRow;
let dollarHotel: HotelRow;
let dollarRoom: RoomTypeRow;
const d = (n: number) => addDays(todayUtc(), n);

beforeAll(async () => {
  t = await createTestApp();
  await ensureAdmin(t.deps.db, t.deps.auth, { email: "money-admin@example.com", password: "admin-password", name: "Admin" }, "test");
  admin = await signIn(t, "money-admin@example.com", "admin-password");
  await signUp(t, "euro.guest@example.com");
  guestCookie = await signIn(t, "euro.guest@example.com");
  euroHotel = await createHotel(t.deps.db, {
    name: "Hôtel de l'Euro",
    currency: "EUR",
    freeCancellationDays: 3,
    cancellationPolicy: "Free cancellation up to 3 days before check-in",
  });
  euroRoom = await createRoomType(t.deps.db, euroHotel.id, {
    name: "Chambre Double",
    priceCents: 12345,
    currency: "EUR",
    maxGuests: 2,
    totalRooms: 10,
  });
  dollarHotel = await createHotel(t.deps.db, { name: "Dollar Lodge", freeCancellationDays: 3, cancellationPolicy: "Free cancellation" });
  dollarRoom = await createRoomType(t.deps.db, dollarHotel.id, { name: "King", priceCents: 15000, maxGuests: 2, totalRooms: 10 });
}, 120_000);
afterAll(() => t.close());

async function book(room: RoomTypeRow, checkIn: string, nights: number): Promise<CreateBookingResponse> {
  // Raw: the hold carries a field the API drops (a display currency), which the typed client would not send.
  const res = await t.request("POST", "/api/bookings", {
    cookie: guestCookie,
    body: {
      hotelId: String(room.hotelId),
      roomTypeId: String(room.id),
      checkIn,
      checkOut: addDays(checkIn, nights),
      guests: 2,
      rooms: 1,
      guestName: "Euro Guest",
      guestEmail: "euro.guest@example.com",
      guestPhone: "+33 1 23 45 67 89",
      // A display currency is the browser's affair: the hold's schema drops it.
      displayCurrency: "JPY",
    },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const created: CreateBookingResponse = await res.json();
  await payAndConfirm(t, created);
  return created;
}

async function mail(bookingId: string, kind: "confirmation" | "cancellation") {
  const [row] = await t.deps.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.kind, `booking_${kind}`), eq(emailOutbox.dedupeKey, `booking:${bookingId}:${kind}`)));
  return row!.textBody;
}

async function stored(bookingId: string) {
  const [booking] = await t.deps.db.select().from(bookings).where(eq(bookings.id, bookingId));
  const [payment] = await t.deps.db.select().from(payments).where(eq(payments.bookingId, bookingId));
  const [intent] = await t.deps.db
    .select()
    .from(simulatedPaymentIntents)
    .where(eq(simulatedPaymentIntents.id, payment!.providerPaymentId!));
  return { booking: booking!, payment: payment!, intent: intent! };
}

describe("a hotel priced in euros", () => {
  let created: CreateBookingResponse;

  beforeAll(async () => {
    created = await book(euroRoom, d(20), 2);
  });

  it("holds, charges and stores the stay in EUR, with the same cents everywhere", async () => {
    expect(created.booking).toMatchObject({ currency: "EUR", totalPriceCents: 24690, amountDueCents: 24690 });
    expect(created.payment).toMatchObject({ currency: "EUR", amountCents: 24690 });
    const { booking, payment, intent } = await stored(created.booking.id);
    expect(booking).toMatchObject({ currency: "EUR", totalPriceCents: 24690, status: "confirmed" });
    expect(payment).toMatchObject({ currency: "EUR", amountCents: 24690, status: "succeeded" });
    expect(intent).toMatchObject({ currency: "EUR", amountCents: 24690 });
  });

  it("writes euros in the confirmation e-mail and the download", async () => {
    const email = await mail(created.booking.id, "confirmation");
    expect(email).toContain("Total: €246.90");
    expect(email).toContain(`${d(20)}: €123.45`);
    expect(email).not.toContain("$");
    const res = await t.client(guestCookie).bookings[":id"].confirmation.$get({ param: { id: created.booking.id }, header: {} });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain("Total: €246.90");
    expect(text).not.toContain("$");
  });

  it("shows EUR in My Bookings and in the admin's booking list", async () => {
    const mine = await (await t.client(guestCookie).bookings.mine.$get({ query: {} })).json();
    expect(mine.bookings.find((b) => b.id === created.booking.id)).toMatchObject({ currency: "EUR", totalPriceCents: 24690 });
    const listed = await t.client(admin).admin.bookings.$get({ query: { search: created.booking.bookingReference } });
    expect(listed.status, await listed.clone().text()).toBe(200);
    const { bookings: rows } = await listed.json();
    expect(rows.map((b) => [b.id, b.currency, b.totalPriceCents])).toEqual([[created.booking.id, "EUR", 24690]]);
  });

  it("refunds the euros it charged when the guest cancels, and says so in euros", async () => {
    const res = await t.client(guestCookie).bookings[":id"].cancel.$post({ param: { id: created.booking.id }, header: {} });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await res.json()).booking).toMatchObject({
      currency: "EUR",
      refundedCents: 24690,
    });
    const { intent } = await stored(created.booking.id);
    const refunds = await t.deps.db.select().from(simulatedRefunds).where(eq(simulatedRefunds.paymentId, intent.id));
    expect(refunds.map((r) => r.amountCents)).toEqual([24690]);
    const email = await mail(created.booking.id, "cancellation");
    expect(email).toContain("A refund of €246.90 has been issued");
    expect(email).not.toContain("$");
  });

  it("words an admin's refund in euros", async () => {
    const other = await book(euroRoom, d(30), 1);
    const res = await t.client(admin).admin.bookings[":id"].refund.$post({ param: { id: other.booking.id } });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await mail(other.booking.id, "cancellation")).toContain("A refund of €123.45 has been issued");
  });

  it("keeps euros on a booking taken by phone to be paid at the hotel", async () => {
    const res = await t.client(admin).properties.hotels[":hotelId"]["front-desk"]["phone-bookings"].$post({
      param: { hotelId: String(euroHotel.id) },
      json: {
        guestName: "Phone Guest",
        guestEmail: "phone.guest@example.com",
        guestPhone: "+33 1 00 00 00 00",
        guests: 2,
        roomTypeId: String(euroRoom.id),
        checkIn: d(5),
        checkOut: d(6),
        payment: "pay_at_hotel",
      },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const { bookingId } = await res.json();
    const [booking] = await t.deps.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(booking).toMatchObject({ currency: "EUR", totalPriceCents: 12345 });
    expect(await mail(bookingId, "confirmation")).toContain("Total: €123.45");
    const day = await t
      .client(admin)
      .properties.hotels[":hotelId"]["front-desk"].$get({ param: { hotelId: String(euroHotel.id) }, query: { date: d(5) } });
    const { arrivals } = await day.json();
    expect(arrivals.find((b) => b.id === bookingId)).toMatchObject({ currency: "EUR", amountDueCents: 12345 });
  });
});

describe("a hotel priced in dollars", () => {
  it("is held, charged, e-mailed and downloaded in USD as before", async () => {
    const created = await book(dollarRoom, d(40), 2);
    expect(created.payment).toMatchObject({ currency: "USD", amountCents: 30000 });
    const { booking, payment, intent } = await stored(created.booking.id);
    expect([booking.currency, payment.currency, intent.currency]).toEqual(["USD", "USD", "USD"]);
    expect([booking.totalPriceCents, payment.amountCents, intent.amountCents]).toEqual([30000, 30000, 30000]);
    expect(await mail(created.booking.id, "confirmation")).toContain("Total: $300.00");
    const text = await (
      await t.client(guestCookie).bookings[":id"].confirmation.$get({ param: { id: created.booking.id }, header: {} })
    ).text();
    expect(text).toContain("Total: $300.00");
  });
});

describe("the currency rule", () => {
  it("refuses a hotel in another currency than USD from the back office", async () => {
    // A currency the typed client would not let through: sent raw.
    const res = await t.request("POST", "/api/properties/hotels", {
      cookie: admin,
      body: {
        name: "Yen Palace",
        address: "1 Chome",
        city: "Paris",
        country: "France",
        lat: 48.86,
        lng: 2.34,
        starRating: 3,
        cancellationPolicy: "Non-refundable",
        freeCancellationDays: 0,
        checkInTime: "15:00",
        checkOutTime: "11:00",
        hidden: true,
        currency: "JPY",
      },
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Hotels are priced and charged in USD");
  });

  it("stores only three-letter upper-case codes", async () => {
    const [any] = await t.deps.db.select({ id: bookings.id }).from(bookings).limit(1);
    await expect(t.deps.db.update(bookings).set({ currency: "eur" }).where(eq(bookings.id, any!.id))).rejects.toThrow();
  });
});
