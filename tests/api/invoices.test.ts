import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CreateBookingResponse } from "../../src/shared/booking.ts";
import { addDays, todayUtc } from "../../src/shared/dates.ts";
import { queryRows } from "../../src/server/db/client.ts";
import { bookings, cancellationPolicies, invoices, ratePlans, users } from "../../src/server/db/schema.ts";
import { bookingDeps } from "../../src/server/deps.ts";
import { settleCancellationMoney } from "../../src/server/services/bookings/payment-settlement.ts";
import { ensureAdmin } from "../../src/server/services/accounts.ts";
import { issueBookingInvoice } from "../../src/server/services/invoices.ts";
import { type HotelRow, type RoomTypeRow, createHotel, createRoomType } from "../factories.ts";
import { holdRoom, payAndConfirm } from "../support/guest-booking.ts";
import { pdfText } from "../support/pdf-text.ts";
import { type TestApp, createTestApp, signIn, signUp } from "../support/test-app.ts";
import { errorOf } from "../support/typed.ts";

let t: TestApp;
let admin: string;
let manager: string;
let guest: string;
let otherGuest: string;
let hotel: HotelRow;
let other: HotelRow;
let room: RoomTypeRow;
let otherRoom: RoomTypeRow;
const d = (n: number) => addDays(todayUtc(), n);

interface Summary {
  id: number;
  invoiceNumber: string;
  kind: "invoice" | "credit_note";
  creditedInvoiceNumber: string | null;
  bookingReference: string;
  buyerName: string;
  buyerCompany: string | null;
  netCents: number;
  taxCents: number;
  totalCents: number;
}

beforeAll(async () => {
  t = await createTestApp();
  await ensureAdmin(t.deps.db, t.deps.auth, { email: "invoice-boss@example.com", password: "boss-password", name: "Boss" }, "test");
  admin = await signIn(t, "invoice-boss@example.com", "boss-password");
  // Free cancellation until the day before: a cancellation far ahead is refunded in full.
  hotel = await createHotel(t.deps.db, { name: "Ledger Inn", freeCancellationDays: 1, childRateCents: 1550, childrenFreeUnderAge: 6 });
  other = await createHotel(t.deps.db, { name: "Other Books Hotel", freeCancellationDays: 1 });
  room = await createRoomType(t.deps.db, hotel.id, { name: "Queen", priceCents: 12345, maxGuests: 4, totalRooms: 60 });
  otherRoom = await createRoomType(t.deps.db, other.id, { name: "Suite", priceCents: 20000, maxGuests: 2, totalRooms: 60 });
  await signUp(t, "invoice-manager@example.com", "secret123", "Invoice Manager");
  const [row] = await t.deps.db.select().from(users).where(eq(users.email, "invoice-manager@example.com"));
  const grant = await t.client(admin).admin.users[":id"].hotels.$put({ param: { id: row!.id }, json: { hotelIds: [hotel.id] } });
  expect(grant.status, await grant.clone().text()).toBe(200);
  manager = await signIn(t, "invoice-manager@example.com");
  await signUp(t, "payer@example.com", "secret123", "Pat Payer");
  guest = await signIn(t, "payer@example.com");
  await signUp(t, "nosy@example.com", "secret123", "Nosy Neighbour");
  otherGuest = await signIn(t, "nosy@example.com");
}, 180_000);
afterAll(() => t.close());

const PAT = { guestName: "Pat Payer", guestEmail: "payer@example.com", guestPhone: "+1 555 0100" };
const hold = (r: RoomTypeRow, checkIn: string, nights: number, extra: Record<string, unknown> = {}, cookie = guest) =>
  holdRoom(t, cookie, r, checkIn, nights, { ...PAT, ...extra });
const pay = (created: CreateBookingResponse) => payAndConfirm(t, created);

async function invoicesOf(bookingId: string, cookie = guest): Promise<Summary[]> {
  const res = await t.client(cookie).bookings[":id"].invoices.$get({ param: { id: bookingId }, header: {} });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()).invoices;
}

const month = () => new Date().toISOString().slice(0, 7);

describe("invoices", () => {
  let first: CreateBookingResponse;

  it("issues an invoice at confirmation with lines and totals to the cent, the billing details set before payment and the hotel's legal details", async () => {
    const legal = await t.client(manager).properties.hotels[":hotelId"]["legal-details"].$put({
      param: { hotelId: String(hotel.id) },
      json: { legalName: "Ledger Hospitality GmbH", legalAddress: "Hauptstrasse 1, 10115 Berlin, Germany", taxId: "DE136695976" },
    });
    expect(legal.status, await legal.clone().text()).toBe(200);

    // 3 nights, 2 adults and two children aged 4 (free) and 9 (pays 15.50 a night).
    first = await hold(room, d(30), 3, { children: 2, ages: "4,9" });
    const billing = await t.client(guest).bookings[":id"].billing.$put({
      param: { id: first.booking.id },
      json: { name: "Pat Payer", company: "Payer & Sons Ltd", taxId: "GB 999 9999 73", address: "1 High St, London" },
      header: {},
    });
    expect(billing.status, await billing.clone().text()).toBe(200);
    expect(await invoicesOf(first.booking.id)).toEqual([]);
    await pay(first);

    const list = await invoicesOf(first.booking.id);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      invoiceNumber: `H${hotel.id}-000001`,
      kind: "invoice",
      buyerName: "Pat Payer",
      buyerCompany: "Payer & Sons Ltd",
      netCents: 3 * 12345 + 3 * 1550,
      taxCents: 0,
      totalCents: 3 * 12345 + 3 * 1550,
    });
    const [stored] = await t.deps.db.select().from(invoices).where(eq(invoices.id, list[0]!.id));
    expect(stored!.lines).toEqual([
      expect.objectContaining({
        kind: "room",
        quantity: 3,
        unitCents: 12345,
        netCents: 37035,
        taxRateBasisPoints: 0,
        taxCents: 0,
        totalCents: 37035,
      }),
      expect.objectContaining({ kind: "child", quantity: 1, unitCents: 4650, totalCents: 4650 }),
    ]);
    expect(stored!.seller).toMatchObject({ name: "Ledger Hospitality GmbH", taxId: "DE136695976" });
    expect(stored!.buyer).toMatchObject({ company: "Payer & Sons Ltd", taxId: "GB 999 9999 73", email: "payer@example.com" });
    expect(stored!.settlement).toMatchObject({ paidByCardCents: 41685, dueAtHotelCents: 0 });
  });

  it("refuses billing changes once the invoice is issued, with a 409 that says why", async () => {
    const res = await t
      .client(guest)
      .bookings[":id"].billing.$put({ param: { id: first.booking.id }, json: { name: "Someone Else" }, header: {} });
    expect(res.status).toBe(409);
    const body = await errorOf(res);
    expect(body.code).toBe("INVOICE_ALREADY_ISSUED");
    expect(body.message).toMatch(/already been issued/);
    const staff = await t.client(manager).properties.hotels[":hotelId"].billing[":reference"].$put({
      param: { hotelId: String(hotel.id), reference: first.booking.bookingReference },
      json: { name: "Someone Else" },
    });
    expect(staff.status).toBe(409);
    const view = await t.client(guest).bookings[":id"].billing.$get({ param: { id: first.booking.id }, header: {} });
    expect(await view.json()).toMatchObject({ name: "Pat Payer", editable: false, invoiceIssued: true });
  });

  it("numbers each hotel's invoices in one series without gaps", async () => {
    const second = await hold(room, d(40), 1);
    await pay(second);
    const third = await hold(otherRoom, d(40), 2);
    await pay(third);
    expect((await invoicesOf(second.booking.id))[0]!.invoiceNumber).toBe(`H${hotel.id}-000002`);
    expect((await invoicesOf(third.booking.id))[0]).toMatchObject({ invoiceNumber: `H${other.id}-000001`, totalCents: 40000 });
  });

  it("lets the staff set billing details of an unpaid booking, found by its reference", async () => {
    const unpaid = await hold(room, d(50), 1);
    const res = await t.client(manager).properties.hotels[":hotelId"].billing[":reference"].$put({
      param: { hotelId: String(hotel.id), reference: unpaid.booking.bookingReference },
      json: { name: "Front Desk Billing", company: "Acme" },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ name: "Front Desk Billing", company: "Acme", editable: true, invoiceIssued: false });
    const wrongHotel = await t.client(admin).properties.hotels[":hotelId"].billing[":reference"].$get({
      param: { hotelId: String(other.id), reference: unpaid.booking.bookingReference },
    });
    expect(wrongHotel.status).toBe(404);
    const bad = await t
      .client(guest)
      .bookings[":id"].billing.$put({ param: { id: unpaid.booking.id }, json: { name: "  ", taxId: "!!" }, header: {} });
    expect(bad.status).toBe(400);
  });

  it("issues one credit note for a refund, referring to the invoice", async () => {
    const booking = await hold(room, d(60), 2);
    await pay(booking);
    const cancel = await t.client(guest).bookings[":id"].cancel.$post({ param: { id: booking.booking.id }, header: {} });
    expect(cancel.status, await cancel.clone().text()).toBe(200);
    const again = await t.client(guest).bookings[":id"].cancel.$post({ param: { id: booking.booking.id }, header: {} });
    expect(again.status).toBeGreaterThanOrEqual(400);
    const list = await invoicesOf(booking.booking.id);
    expect(list.map((i) => [i.kind, i.totalCents, i.creditedInvoiceNumber])).toEqual([
      ["invoice", 24690, null],
      ["credit_note", -24690, list[0]!.invoiceNumber],
    ]);
    // One series: the credit note takes the hotel's next number.
    expect(Number(list[1]!.invoiceNumber.split("-")[1])).toBe(Number(list[0]!.invoiceNumber.split("-")[1]) + 1);
  });

  it("keeps issued invoices immutable: the database refuses an update or a delete", async () => {
    const [row] = await t.deps.db.select().from(invoices).limit(1);
    await expect(t.deps.db.update(invoices).set({ totalCents: 1, netCents: 1 }).where(eq(invoices.id, row!.id))).rejects.toThrow();
    await expect(t.deps.db.delete(invoices).where(eq(invoices.id, row!.id))).rejects.toThrow();
    const [after] = await t.deps.db.select().from(invoices).where(eq(invoices.id, row!.id));
    expect(after!.totalCents).toBe(row!.totalCents);
  });

  it("issues no invoice for a partner booking (agency model) or a booking with nothing paid by card", async () => {
    const [row] = await t.deps.db.select().from(bookings).where(eq(bookings.id, first.booking.id));
    const issued = await t.deps.db.transaction(async (tx) => [
      await issueBookingInvoice(tx, { ...row!, id: "partner", supplier: "wholesaler" }, 1000),
      await issueBookingInvoice(tx, { ...row!, id: "guarantee", paymentTiming: "pay_at_hotel" }, 0),
    ]);
    expect(issued).toEqual([null, null]);
  });

  it("serves the PDF to the guest and the hotel, with the invoice number in it", async () => {
    const [inv] = await invoicesOf(first.booking.id);
    const res = await t
      .client(guest)
      .bookings[":id"].invoices[":invoiceId"].pdf.$get({ param: { id: first.booking.id, invoiceId: String(inv!.id) }, header: {} });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const text = pdfText(bytes);
    expect(text).toContain(inv!.invoiceNumber);
    expect(text).toContain("Ledger Hospitality GmbH");
    expect(text).toContain("Payer & Sons Ltd");
    expect(text).toContain("$416.85");
    expect(text).toContain(`Stay: Ledger Inn, Queen, ${d(30)} to ${d(33)}`);
    const staff = await t
      .client(manager)
      .properties.hotels[":hotelId"].invoices[":invoiceId"].pdf.$get(
        { param: { hotelId: String(hotel.id), invoiceId: String(inv!.id) } },
        { headers: { "accept-language": "de-DE,de;q=0.9" } },
      );
    expect(staff.status).toBe(200);
    // In the reader's language: labels and number formats; the lines keep the words they were issued with.
    const german = pdfText(Buffer.from(await staff.arrayBuffer()));
    expect(german).toContain(`Rechnung ${inv!.invoiceNumber}`);
    expect(german).toContain("Mit Karte bezahlt");
    expect(german).toContain("416,85");
    expect(german).toContain("Queen: 3 nights × 1 room");
  });

  it("lets only the booking's guest, the hotel's managers and admins read invoices", async () => {
    const [inv] = await invoicesOf(first.booking.id);
    expect((await t.client(otherGuest).bookings[":id"].invoices.$get({ param: { id: first.booking.id }, header: {} })).status).toBe(404);
    expect(
      (
        await t
          .client(otherGuest)
          .bookings[":id"].invoices[":invoiceId"].pdf.$get({ param: { id: first.booking.id, invoiceId: String(inv!.id) }, header: {} })
      ).status,
    ).toBe(404);
    expect((await t.api.bookings[":id"].invoices.$get({ param: { id: first.booking.id }, header: {} })).status).toBe(404);
    expect(
      (await t.client(otherGuest).bookings[":id"].billing.$put({ param: { id: first.booking.id }, json: { name: "X" }, header: {} }))
        .status,
    ).toBe(404);
    // The manager of Ledger Inn is not a manager of the other hotel.
    expect(
      (await t.client(manager).properties.hotels[":hotelId"].invoices.$get({ param: { hotelId: String(other.id) }, query: {} })).status,
    ).toBe(403);
    expect(
      (await t.client(manager).properties.hotels[":hotelId"]["invoices.csv"].$get({ param: { hotelId: String(other.id) }, query: {} }))
        .status,
    ).toBe(403);
    // An invoice of another hotel is not found through this hotel's path.
    const [otherInvoice] = await t.deps.db.select().from(invoices).where(eq(invoices.hotelId, other.id));
    expect(
      (
        await t.client(manager).properties.hotels[":hotelId"].invoices[":invoiceId"].pdf.$get({
          param: { hotelId: String(hotel.id), invoiceId: String(otherInvoice!.id) },
        })
      ).status,
    ).toBe(404);
    expect(
      (await t.client(guest).properties.hotels[":hotelId"].invoices.$get({ param: { hotelId: String(hotel.id) }, query: {} })).status,
    ).toBe(403);
    const byAdmin = await t.client(admin).properties.hotels[":hotelId"].invoices.$get({ param: { hotelId: String(other.id) }, query: {} });
    expect(byAdmin.status).toBe(200);
  });

  it("lists the month's documents and exports them as a CSV ledger", async () => {
    const res = await t
      .client(manager)
      .properties.hotels[":hotelId"].invoices.$get({ param: { hotelId: String(hotel.id) }, query: { month: month() } });
    expect(res.status).toBe(200);
    const list = (await res.json()).invoices;
    expect(list.map((i) => i.invoiceNumber)).toEqual([4, 3, 2, 1].map((n) => `H${hotel.id}-00000${n}`));
    const csv = await t
      .client(manager)
      .properties.hotels[":hotelId"]["invoices.csv"].$get({ param: { hotelId: String(hotel.id) }, query: { month: month() } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const rows = (await csv.text()).trim().split("\r\n");
    // No VAT in the month: no per-rate columns; the other taxes and the buyer's tax ID follow the totals (decision 063).
    expect(rows[0]).toBe("Number,Kind,Issued,Booking,Credits invoice,Guest,Company,Currency,Net,Tax,Total,Other taxes,Buyer tax ID");
    expect(rows).toHaveLength(5);
    expect(rows[1]).toMatch(
      new RegExp(
        `^H${hotel.id}-000001,invoice,\\d{4}-\\d\\d-\\d\\d,BK\\w+,,Pat Payer,Payer & Sons Ltd,USD,416.85,0.00,416.85,0.00,GB [\\d ]+$`,
      ),
    );
    expect(rows[4]).toMatch(
      new RegExp(`^H${hotel.id}-000004,credit note,.*,H${hotel.id}-000003,Pat Payer,,USD,-246.90,0.00,-246.90,0.00,$`),
    );
    const empty = await t
      .client(manager)
      .properties.hotels[":hotelId"]["invoices.csv"].$get({ param: { hotelId: String(hotel.id) }, query: { month: "2001-01" } });
    expect((await empty.text()).trim().split("\r\n")).toHaveLength(1);
    const bad = await t
      .client(manager)
      .properties.hotels[":hotelId"].invoices.$get({ param: { hotelId: String(hotel.id) }, query: { month: "2026-13" } });
    expect(bad.status).toBe(400);
  });

  it("lets the front desk invoice a booking paid at the hotel once, with the billing details set before", async () => {
    const phone = await t.client(admin).properties.hotels[":hotelId"]["front-desk"]["phone-bookings"].$post({
      param: { hotelId: String(other.id) },
      json: {
        guestName: "Desk Payer",
        guestEmail: "desk.payer@example.com",
        guestPhone: "+1 555 0199",
        roomTypeId: String(otherRoom.id),
        checkIn: d(70),
        checkOut: d(71),
        payment: "pay_at_hotel",
      },
    });
    expect(phone.status, await phone.clone().text()).toBe(201);
    const { bookingId, reference } = await phone.json();
    // Nothing was paid by card: no invoice at confirmation.
    expect(await t.deps.db.select().from(invoices).where(eq(invoices.bookingId, bookingId))).toEqual([]);
    const billing = (cookie: string) => t.client(cookie).properties.hotels[":hotelId"].billing[":reference"];
    const param = { hotelId: String(other.id), reference };
    const before = await billing(admin).$put({ param, json: { name: "Desk Payer", company: "Desk Co" } });
    expect(await before.json()).toMatchObject({ editable: true, canIssueAtDesk: true, company: "Desk Co" });
    const issued = await billing(admin).invoice.$post({ param });
    expect(issued.status, await issued.clone().text()).toBe(201);
    expect(await issued.json()).toMatchObject({
      invoiceNumber: `H${other.id}-000002`,
      kind: "invoice",
      buyerCompany: "Desk Co",
      totalCents: 20000,
    });
    const [stored] = await t.deps.db.select().from(invoices).where(eq(invoices.bookingId, bookingId));
    expect(stored!.settlement).toMatchObject({ paidByCardCents: 0, dueAtHotelCents: 20000 });
    const again = await billing(admin).invoice.$post({ param });
    expect(again.status).toBe(409);
    expect(await (await billing(admin).$get({ param })).json()).toMatchObject({ editable: false, canIssueAtDesk: false });
    // The manager of Ledger Inn cannot invoice the other hotel's booking.
    expect((await billing(manager).invoice.$post({ param })).status).toBe(403);
  });

  it("invoices the fee charged on a card guarantee, once, and then the desk cannot invoice the stay again", async () => {
    const guaranteeHotel = await createHotel(t.deps.db, { name: "Guarantee Inn" });
    const twin = await createRoomType(t.deps.db, guaranteeHotel.id, { name: "Twin", priceCents: 9000, maxGuests: 2, totalRooms: 20 });
    const [policy] = await t.deps.db
      .insert(cancellationPolicies)
      .values({ hotelId: guaranteeHotel.id, name: "Strict", terms: { tiers: [], finalFee: { kind: "nights", nights: 1 } } })
      .returning();
    const [plan] = await t.deps.db
      .insert(ratePlans)
      .values({
        roomTypeId: twin.id,
        hotelId: guaranteeHotel.id,
        name: "Pay at the hotel",
        cancellationPolicyId: policy!.id,
        paymentTiming: "pay_at_hotel",
      })
      .returning();
    const created = await hold(twin, d(80), 2, { ratePlanId: String(plan!.id) });
    await pay(created);
    expect(await invoicesOf(created.booking.id)).toEqual([]);
    const [row] = await t.deps.db.select().from(bookings).where(eq(bookings.id, created.booking.id));
    const deps = bookingDeps(t.deps);
    const settled = await Promise.all([
      settleCancellationMoney(deps, row!, { feeCents: 9000, why: "first night charged" }),
      settleCancellationMoney(deps, row!, { feeCents: 9000, why: "first night charged" }),
    ]);
    expect(settled[0].capturedCents + settled[1].capturedCents).toBe(9000);
    const list = await invoicesOf(created.booking.id);
    expect(list).toEqual([expect.objectContaining({ invoiceNumber: `H${guaranteeHotel.id}-000001`, kind: "invoice", totalCents: 9000 })]);
    const [stored] = await t.deps.db.select().from(invoices).where(eq(invoices.id, list[0]!.id));
    expect(stored!.lines).toEqual([
      expect.objectContaining({
        kind: "fee",
        description: expect.stringMatching(/^Cancellation fee \(first night charged\): Twin, /),
        totalCents: 9000,
      }),
    ]);
    expect(stored!.settlement).toMatchObject({ paidByCardCents: 9000, dueAtHotelCents: 0 });
    const desk = await t.client(admin).properties.hotels[":hotelId"].billing[":reference"].invoice.$post({
      param: { hotelId: String(guaranteeHotel.id), reference: created.booking.bookingReference },
    });
    expect(desk.status).toBe(409);
  });

  it("keeps the counter at the number of documents issued", async () => {
    const [counter] = await queryRows<{ last_number: number }>(
      t.deps.db,
      sql`select last_number from invoice_counters where hotel_id = ${hotel.id}`,
    );
    expect(counter?.last_number).toBe(4);
  });
});
