/**
 * The revenue report with taxes and extras (decision 063): room revenue only (net of VAT, no extras,
 * fees or taxes) so ADR and RevPAR stay room-only, the extras revenue and each tax collected for the
 * range, kept after refunds in proportion, and the city-tax report per month. Every figure is worked
 * out by hand in the comments; the bookings' breakdowns come from computeCharges, as the server stores them.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ChargesInput, computeCharges } from "../../src/shared/charges.ts";
import type { TaxSettings } from "../../src/shared/taxes.ts";
import { bookings, hotelManagers, users } from "../../src/server/db/schema.ts";
import { type HotelRow, type RoomTypeRow, createHotel, createRoomType } from "../factories.ts";
import { type TestApp, createTestApp, signIn, signUp } from "../support/test-app.ts";

let t: TestApp;
let manager: string;
let hotel: HotelRow;
let room: RoomTypeRow;

const TAXES: TaxSettings = {
  vat: { name: "IVA", rateBasisPoints: 1000, included: true },
  cityTax: {
    name: "Tourist tax",
    kind: "per_person_per_night",
    amountCents: 250,
    rateBasisPoints: 0,
    tiers: [],
    childrenExemptUnderAge: 12,
    maxNights: 3,
  },
  fees: [],
};

function charges(nights: number, nightly: number, adults: number, childAges: number[], extras: ChargesInput["extras"] = []) {
  return computeCharges({
    currency: "EUR",
    roomLabel: "Double",
    nights,
    rooms: 1,
    adults,
    childAges,
    stars: 4,
    nightlyPrices: Array.from({ length: nights }, () => nightly),
    roomsCents: nightly * nights,
    childChargeCents: 0,
    discounts: [],
    extras,
    taxes: TAXES,
  });
}

let sequence = 0;
function booking(checkIn: string, checkOut: string, fields: Partial<typeof bookings.$inferInsert>) {
  sequence += 1;
  return {
    id: randomUUID(),
    bookingReference: `BKTAXREP${sequence}`,
    hotelId: hotel.id,
    hotelName: hotel.name,
    roomTypeId: room.id,
    roomType: room.name,
    roomPriceCents: 10000,
    checkIn,
    checkOut,
    numGuests: 2,
    numRooms: 1,
    totalNights: 1,
    totalPriceCents: 10000,
    currency: "EUR",
    guestName: "Guest",
    guestEmail: "guest@example.com",
    guestPhone: "+34 600 000 000",
    status: "confirmed" as const,
    paymentStatus: "completed" as const,
    ...fields,
  };
}

function withCharges(c: ReturnType<typeof charges>) {
  return {
    charges: c,
    totalPriceCents: c.totalCents,
    roomRevenueCents: c.roomRevenueCents,
    extrasRevenueCents: c.extrasRevenueCents,
    taxCents: c.taxCents,
  };
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.db;
  hotel = await createHotel(db, { name: "Tax Report Hotel", city: "Valencia", currency: "EUR", taxSettings: TAXES });
  room = await createRoomType(db, hotel.id, { name: "Double", totalRooms: 5, priceCents: 11000 });
  await signUp(t, "tax-report-manager@example.com", "secret123", "Rita Reports");
  const [row] = await db.update(users).set({ role: "manager" }).where(eq(users.email, "tax-report-manager@example.com")).returning();
  await db.insert(hotelManagers).values({ userId: row!.id, hotelId: hotel.id });
  manager = await signIn(t, "tax-report-manager@example.com");

  // A: 2 nights × 110.00, 2 adults and a child of 8; breakfast 15.00 × 3 persons × 2 nights = 90.00.
  // VAT 10 % included in 310.00: 28.18 (rooms 20.00, breakfast 8.18); room revenue 200.00, extras 81.82;
  // city tax 2 adults × 2 nights × 2.50 = 10.00 (the child is exempt); total 320.00.
  const a = charges(
    2,
    11000,
    2,
    [8],
    [
      {
        id: "1",
        name: "Breakfast",
        kind: "breakfast",
        pricing: "per_person_per_night",
        priceCents: 1500,
        taxable: true,
        quantity: 1,
        inPlan: false,
      },
    ],
  );
  expect([a.roomRevenueCents, a.extrasRevenueCents, a.taxCents, a.totalCents]).toEqual([20000, 8182, 2818 + 1000, 32000]);
  // B: 4 nights × 100.00 for 1 adult: VAT 400.00 × 10 / 110 = 36.36, room revenue 363.64; the city tax
  // stops after 3 nights: 7.50; total 407.50. Half refunded (203.75): every figure keeps half.
  const b = charges(4, 10000, 1, []);
  expect([b.roomRevenueCents, b.taxCents, b.totalCents]).toEqual([36364, 3636 + 750, 40750]);
  // C: cancelled and refunded in full: nothing sold, no tax collected.
  const c = charges(1, 10000, 2, []);
  await db.insert(bookings).values([
    booking("2030-04-02", "2030-04-04", { ...withCharges(a), numGuests: 3, numChildren: 1, childAges: [8], totalNights: 2 }),
    booking("2030-04-10", "2030-04-14", {
      ...withCharges(b),
      numGuests: 1,
      totalNights: 4,
      paymentStatus: "refunded",
      refundedCents: 20375,
    }),
    booking("2030-04-20", "2030-04-21", { ...withCharges(c), status: "cancelled", paymentStatus: "refunded", refundedCents: c.totalCents }),
    // An older booking without a breakdown: its whole price is room revenue, as before.
    booking("2030-04-05", "2030-04-06", { totalPriceCents: 10000 }),
  ]);
}, 180_000);
afterAll(() => t.close());

describe("revenue report with taxes and extras", () => {
  it("counts room revenue only (net of VAT, kept after refunds), so ADR stays room-only, with extras and each tax apart", async () => {
    const res = await t
      .client(manager)
      .properties.reports.$get({ query: { from: "2030-04-01", to: "2030-04-30", hotelId: String(hotel.id) } });
    expect(res.status, await res.clone().text()).toBe(200);
    const report = await res.json();
    // Room revenue: A 200.00 + B 363.64 × ½ = 181.82 + the older booking's 100.00 = 481.82 over 2 + 4 + 1 = 7 room-nights.
    expect(report.totals).toMatchObject({ soldRoomNights: 7, roomRevenueCents: 48182, adrCents: Math.round(48182 / 7) });
    expect(report.daily.find((d) => d.night === "2030-04-02")!.revenueCents).toBe(10000);
    // B's 181.82 over its 4 nights by the cumulative rule (decision 023): 45.45, 45.46, 45.45, 45.46.
    expect(["10", "11", "12", "13"].map((day) => report.daily.find((d) => d.night === `2030-04-${day}`)!.revenueCents)).toEqual([
      4545, 4546, 4545, 4546,
    ]);
    // Extras: A's breakfast 81.82. Taxes: VAT 28.18 + 36.36 × ½ = 18.18 → 46.36; city tax 10.00 + 7.50 × ½ = 3.75 → 13.75.
    expect(report.extrasRevenueCents).toBe(8182);
    expect(report.taxes).toEqual([
      { code: "vat", name: "IVA", cents: 4636 },
      { code: "city_tax", name: "Tourist tax", cents: 1375 },
    ]);
    const csv = await t
      .client(manager)
      .properties["reports.csv"].$get({ query: { from: "2030-04-01", to: "2030-04-30", hotelId: String(hotel.id) } });
    const text = await csv.text();
    expect(text).toContain("Room revenue,481.82\r\n");
    expect(text).toContain("Extras revenue (net of VAT),81.82\r\n");
    expect(text).toContain("Tax collected,Amount\r\nIVA,46.36\r\nTourist tax,13.75\r\n");
  });

  it("takes only the range's nights' part of a stay's taxes and extras", async () => {
    // 2030-04-03 only: A's second night of two (½ of 28.18 VAT = 14.09, of 10.00 city tax = 5.00, of 81.82 extras = 40.91).
    const res = await t
      .client(manager)
      .properties.reports.$get({ query: { from: "2030-04-03", to: "2030-04-03", hotelId: String(hotel.id) } });
    const report = await res.json();
    expect(report.totals.roomRevenueCents).toBe(10000);
    expect(report.extrasRevenueCents).toBe(4091);
    expect(report.taxes).toEqual([
      { code: "vat", name: "IVA", cents: 1409 },
      { code: "city_tax", name: "Tourist tax", cents: 500 },
    ]);
  });

  it("files the city tax per month: stays, person-nights taxed and exempt, the amount, also as CSV", async () => {
    const res = await t
      .client(manager)
      .properties.reports["city-tax"].$get({ query: { from: "2030-04-01", to: "2030-04-30", hotelId: String(hotel.id) } });
    expect(res.status, await res.clone().text()).toBe(200);
    const report = await res.json();
    // A: 3 guests × 2 nights = 6 person-nights, 4 taxed, 2 exempt (the child); B: 1 × 4 = 4, 3 taxed, 1 beyond the cap.
    // Amount: 10.00 + 7.50 × ½ = 13.75. C was refunded in full: not counted.
    expect(report.rows).toEqual([
      {
        hotelId: hotel.id,
        hotelName: "Tax Report Hotel",
        month: "2030-04",
        taxName: "Tourist tax",
        currency: "EUR",
        stays: 2,
        taxedPersonNights: 7,
        exemptPersonNights: 3,
        amountCents: 1375,
      },
    ]);
    const csv = await t
      .client(manager)
      .properties.reports["city-tax.csv"].$get({ query: { from: "2030-04-01", to: "2030-04-30", hotelId: String(hotel.id) } });
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect(await csv.text()).toContain(
      "Hotel,Month,Tax,Currency,Stays,Person-nights taxed,Person-nights exempt,Amount\r\nTax Report Hotel,2030-04,Tourist tax,EUR,2,7,3,13.75\r\n",
    );
    const traveller = await signUp(t, "tax-report-traveller@example.com", "secret123", "Tom").then(() =>
      signIn(t, "tax-report-traveller@example.com"),
    );
    const refused = await t
      .client(traveller)
      .properties.reports["city-tax"].$get({ query: { from: "2030-04-01", to: "2030-04-30", hotelId: String(hotel.id) } });
    expect(refused.status).toBe(403);
    const bad = await t.client(manager).properties.reports["city-tax"].$get({ query: { from: "2030-04-30", to: "2030-04-01" } });
    expect(bad.status).toBe(400);
  });
});
