/**
 * Invoices with taxes, fees and extras (issue 30 item 3, decisions 059 and 063): an EU hotel with VAT
 * included and a city tax per person per night (children exempt), a US hotel with sales tax added.
 * Every amount below is worked out by hand in the comments, to the cent.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CreateBookingResponse } from "../../src/shared/booking.ts";
import { addDays, todayUtc } from "../../src/shared/dates.ts";
import type { InvoiceLine } from "../../src/shared/invoices.ts";
import type { TaxSettings } from "../../src/shared/taxes.ts";
import { bookings, hotelExtras, hotels, invoices, users } from "../../src/server/db/schema.ts";
import { ensureAdmin } from "../../src/server/services/accounts.ts";
import { type HotelRow, type RoomTypeRow, createHotel, createRoomType } from "../factories.ts";
import { holdRoom, payAndConfirm } from "../support/guest-booking.ts";
import { pdfText } from "../support/pdf-text.ts";
import { type TestApp, createTestApp, signIn, signUp } from "../support/test-app.ts";

let t: TestApp;
let admin: string;
let manager: string;
let guest: string;
let eu: HotelRow;
let us: HotelRow;
let euRoom: RoomTypeRow;
let usRoom: RoomTypeRow;
let breakfast: number;
let parking: number;
const d = (n: number) => addDays(todayUtc(), n);

const EU_TAXES: TaxSettings = {
  vat: { name: "IVA", rateBasisPoints: 1000, included: true },
  cityTax: {
    name: "Tourist tax",
    kind: "per_person_per_night",
    amountCents: 250,
    rateBasisPoints: 0,
    tiers: [],
    childrenExemptUnderAge: 12,
    maxNights: null,
  },
  fees: [{ name: "Cleaning fee", basis: "per_stay", amountCents: 2000, vatApplies: true }],
};
const US_TAXES: TaxSettings = {
  vat: { name: "Sales tax", rateBasisPoints: 850, included: false },
  cityTax: null,
  fees: [{ name: "Resort fee", basis: "per_night", amountCents: 2500, vatApplies: true }],
};

beforeAll(async () => {
  t = await createTestApp();
  await ensureAdmin(t.deps.db, t.deps.auth, { email: "tax-boss@example.com", password: "boss-password", name: "Boss" }, "test");
  admin = await signIn(t, "tax-boss@example.com", "boss-password");
  eu = await createHotel(t.deps.db, {
    name: "Hotel Mar",
    city: "Barcelona",
    country: "Spain",
    countryCode: "ES",
    currency: "EUR",
    freeCancellationDays: 1,
    childRateCents: 0,
    legalName: "Hotel Mar S.L.",
    legalAddress: "Passeig de Gracia 1, 08007 Barcelona, Spain",
    taxId: "ESB12345678",
  });
  us = await createHotel(t.deps.db, { name: "Bay Lodge", currency: "USD", freeCancellationDays: 1, childRateCents: 0 });
  // Set directly: the settings API is built separately (helper B).
  await t.deps.db.update(hotels).set({ taxSettings: EU_TAXES }).where(eq(hotels.id, eu.id));
  await t.deps.db.update(hotels).set({ taxSettings: US_TAXES }).where(eq(hotels.id, us.id));
  euRoom = await createRoomType(t.deps.db, eu.id, { name: "Double", priceCents: 11999, maxGuests: 4, totalRooms: 20 });
  usRoom = await createRoomType(t.deps.db, us.id, { name: "King", priceCents: 19950, maxGuests: 2, totalRooms: 20 });
  const [b] = await t.deps.db
    .insert(hotelExtras)
    .values({ hotelId: eu.id, name: "Breakfast", kind: "breakfast", pricing: "per_person_per_night", priceCents: 1500 })
    .returning();
  const [p] = await t.deps.db
    .insert(hotelExtras)
    .values({ hotelId: us.id, name: "Parking", kind: "parking", pricing: "per_night", priceCents: 3000 })
    .returning();
  breakfast = b!.id;
  parking = p!.id;
  await signUp(t, "tax-manager@example.com", "secret123", "Tax Manager");
  const [row] = await t.deps.db.select().from(users).where(eq(users.email, "tax-manager@example.com"));
  const grant = await t.client(admin).admin.users[":id"].hotels.$put({ param: { id: row!.id }, json: { hotelIds: [eu.id, us.id] } });
  expect(grant.status, await grant.clone().text()).toBe(200);
  manager = await signIn(t, "tax-manager@example.com");
  await signUp(t, "tax-guest@example.com", "secret123", "Ana Guest");
  guest = await signIn(t, "tax-guest@example.com");
}, 180_000);
afterAll(() => t.close());

const ANA = { guestName: "Ana Guest", guestEmail: "tax-guest@example.com", guestPhone: "+34 600 000 000" };
const hold = (r: RoomTypeRow, checkIn: string, nights: number, extra: Record<string, unknown>) =>
  holdRoom(t, guest, r, checkIn, nights, { ...ANA, ...extra });
const pay = (created: CreateBookingResponse) => payAndConfirm(t, created);

async function documentsOf(bookingId: string) {
  return t.deps.db.select().from(invoices).where(eq(invoices.bookingId, bookingId)).orderBy(invoices.number);
}

const pick = (lines: InvoiceLine[]) =>
  lines.map((l) => [l.kind, l.description, l.quantity, l.netCents, l.taxRateBasisPoints, l.taxCents, l.totalCents]);

describe("invoices with taxes", () => {
  let euBooking: CreateBookingResponse;

  it("invoices an EU stay with included VAT line by line, the city tax apart, to the cent", async () => {
    // 2 nights × 119.99 = 239.98; breakfast 15.00 × 3 persons × 2 nights = 90.00; cleaning 20.00 per stay.
    // VAT 10 % included in 349.98: 349.98 × 10 / 110 = 31.8163… → 31.82, shared by largest remainder:
    // rooms 31.82 × 239.98 / 349.98 = 21.819… , breakfast 8.182…, cleaning 1.818… → 21.82 + 8.18 + 1.82 = 31.82.
    // City tax: 2 adults (the child of 8 is exempt under 12) × 2 nights × 2.50 = 10.00, no VAT.
    // Total: 349.98 + 10.00 = 359.98; net 359.98 − 31.82 = 328.16.
    euBooking = await hold(euRoom, d(30), 2, { children: 1, ages: "8", extras: [{ extraId: String(breakfast), quantity: 1 }] });
    expect(euBooking.booking.totalPriceCents).toBe(35998);
    const billing = await t.client(guest).bookings[":id"].billing.$put({
      param: { id: euBooking.booking.id },
      json: { name: "Ana Guest", company: "Guest Consulting GmbH", taxId: "DE136695976", address: "Unter den Linden 1, Berlin" },
      header: {},
    });
    expect(billing.status, await billing.clone().text()).toBe(200);
    await pay(euBooking);

    const [invoice, ...rest] = await documentsOf(euBooking.booking.id);
    expect(rest).toEqual([]);
    expect(invoice).toMatchObject({ kind: "invoice", currency: "EUR", netCents: 32816, taxCents: 3182, totalCents: 35998 });
    expect(pick(invoice!.lines)).toEqual([
      ["room", "Double: 2 nights × 1 room", 2, 23998 - 2182, 1000, 2182, 23998],
      ["extra", "Breakfast", 6, 9000 - 818, 1000, 818, 9000],
      ["fee", "Cleaning fee", 1, 2000 - 182, 1000, 182, 2000],
      ["tax", "Tourist tax", 4, 1000, 0, 0, 1000],
    ]);
    const [row] = await t.deps.db.select().from(bookings).where(eq(bookings.id, euBooking.booking.id));
    expect(invoice!.totalCents).toBe(row!.totalPriceCents);
    expect(invoice!.seller).toMatchObject({ name: "Hotel Mar S.L.", taxId: "ESB12345678" });
    expect(invoice!.buyer).toMatchObject({ company: "Guest Consulting GmbH", taxId: "DE136695976" });
  });

  it("prints the tax totals per rate, the city tax and both tax IDs in the PDF, in the reader's language", async () => {
    const [invoice] = await documentsOf(euBooking.booking.id);
    const res = await t
      .client(guest)
      .bookings[":id"].invoices[":invoiceId"].pdf.$get({ param: { id: euBooking.booking.id, invoiceId: String(invoice!.id) }, header: {} });
    expect(res.status).toBe(200);
    const text = pdfText(Buffer.from(await res.arrayBuffer()));
    expect(text).toContain("Tax ID: ESB12345678");
    expect(text).toContain("Tax ID: DE136695976");
    // The standard fonts print "€" as byte 0x80 (Windows-1252).
    expect(text).toContain("Tax 10.00 % on \x80318.16\x8031.82");
    expect(text).toContain("Tourist tax\x8010.00Total\x80359.98");
    const staff = await t
      .client(manager)
      .properties.hotels[":hotelId"].invoices[":invoiceId"].pdf.$get(
        { param: { hotelId: String(eu.id), invoiceId: String(invoice!.id) } },
        { headers: { "accept-language": "es-ES,es;q=0.9" } },
      );
    const spanish = pdfText(Buffer.from(await staff.arrayBuffer()));
    expect(spanish).toContain("Impuesto 10,00 % sobre 318,16");
    expect(spanish).toContain("31,82");
    expect(spanish).toContain("359,98");
    const german = pdfText(
      Buffer.from(
        await (
          await t
            .client(manager)
            .properties.hotels[":hotelId"].invoices[":invoiceId"].pdf.$get(
              { param: { hotelId: String(eu.id), invoiceId: String(invoice!.id) } },
              { headers: { "accept-language": "de" } },
            )
        ).arrayBuffer(),
      ),
    );
    expect(german).toContain("Steuer 10,00 % auf 318,16");
  });

  it("invoices a US stay with sales tax added on top, to the cent", async () => {
    // 3 nights × 199.50 = 598.50; parking 30.00 × 3 nights = 90.00; resort fee 25.00 × 3 nights = 75.00.
    // Sales tax 8.5 % of 763.50 = 64.8975 → 64.90, shared: rooms 50.87, parking 7.65, resort fee 6.38.
    // Total 763.50 + 64.90 = 828.40.
    const booking = await hold(usRoom, d(40), 3, { extras: [{ extraId: String(parking), quantity: 1 }] });
    expect(booking.booking.totalPriceCents).toBe(82840);
    await pay(booking);
    const [invoice] = await documentsOf(booking.booking.id);
    expect(invoice).toMatchObject({ currency: "USD", netCents: 76350, taxCents: 6490, totalCents: 82840 });
    expect(pick(invoice!.lines)).toEqual([
      ["room", "King: 3 nights × 1 room", 3, 59850, 850, 5087, 64937],
      ["extra", "Parking", 3, 9000, 850, 765, 9765],
      ["fee", "Resort fee", 3, 7500, 850, 638, 8138],
    ]);
    const csv = await t.client(manager).properties.hotels[":hotelId"]["invoices.csv"].$get({
      param: { hotelId: String(us.id) },
      query: { month: new Date().toISOString().slice(0, 7) },
    });
    const rows = (await csv.text()).trim().split("\r\n");
    expect(rows[0]).toBe(
      "Number,Kind,Issued,Booking,Credits invoice,Guest,Company,Currency,Net,Tax,Total,Net at 8.5%,Tax at 8.5%,Other taxes,Buyer tax ID",
    );
    expect(rows[1]).toMatch(/,USD,763\.50,64\.90,828\.40,763\.50,64\.90,0\.00,$/);
  });

  it("issues one credit note for a refund, reversing every line and tax, referring to the invoice", async () => {
    const cancel = await t.client(guest).bookings[":id"].cancel.$post({ param: { id: euBooking.booking.id }, header: {} });
    expect(cancel.status, await cancel.clone().text()).toBe(200);
    const [invoice, note, ...rest] = await documentsOf(euBooking.booking.id);
    expect(rest).toEqual([]);
    expect(note).toMatchObject({
      kind: "credit_note",
      creditedInvoiceId: invoice!.id,
      netCents: -32816,
      taxCents: -3182,
      totalCents: -35998,
    });
    expect(pick(note!.lines)).toEqual([
      ["room", "Double: 2 nights × 1 room", 2, -21816, 1000, -2182, -23998],
      ["extra", "Breakfast", 6, -8182, 1000, -818, -9000],
      ["fee", "Cleaning fee", 1, -1818, 1000, -182, -2000],
      ["tax", "Tourist tax", 4, -1000, 0, 0, -1000],
    ]);
    const csv = await t.client(manager).properties.hotels[":hotelId"]["invoices.csv"].$get({
      param: { hotelId: String(eu.id) },
      query: { month: new Date().toISOString().slice(0, 7) },
    });
    const rows = (await csv.text()).trim().split("\r\n");
    expect(rows[0]).toContain("Net,Tax,Total,Net at 10%,Tax at 10%,Other taxes,Buyer tax ID");
    expect(rows[1]).toMatch(/,EUR,328\.16,31\.82,359\.98,318\.16,31\.82,10\.00,DE136695976$/);
    expect(rows[2]).toMatch(/,EUR,-328\.16,-31\.82,-359\.98,-318\.16,-31\.82,-10\.00,DE136695976$/);
  });
});
