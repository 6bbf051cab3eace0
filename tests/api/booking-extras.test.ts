import { and, eq } from "drizzle-orm";
import type { InferRequestType } from "hono/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PriceBreakdown } from "../../src/shared/charges.ts";
import { addDays, todayUtc } from "../../src/shared/dates.ts";
import type { TaxSettings } from "../../src/shared/taxes.ts";
import { bookings, cancellationPolicies, emailOutbox, hotelExtras, ratePlans } from "../../src/server/db/schema.ts";
import { TEST_CARDS } from "../../src/server/integrations/payments/simulated-gateway.ts";
import { type HotelRow, type RoomTypeRow, createHotel, createRoomType } from "../factories.ts";
import { type ApiClient, type TestApp, createTestApp, signIn, signUp } from "../support/test-app.ts";
import { errorOf } from "../support/typed.ts";

/**
 * Issue 30 items 2 and 4 from the traveller's side: extras chosen in the quote and the hold, priced
 * with the hotel's taxes and fees, charged to the cent, kept on the booking and written in the
 * confirmation e-mail and download. Every expected amount below is worked out by hand in its comment.
 */

let t: TestApp;
let cookie: string;
let eu: HotelRow;
let euRoom: RoomTypeRow;
let us: HotelRow;
let usRoom: RoomTypeRow;
const extra = {} as Record<"parking" | "breakfast" | "transfer" | "spa" | "usParking" | "otherHotels", string>;
const d = (n: number) => addDays(todayUtc(), n);
const guest = { guestName: "Extra Guest", guestEmail: "extra.guest@example.com", guestPhone: "+33 1 23 45 67 89" };

// An EU hotel: 10 % VAT inside its prices, a city tax of €3.00 per person per night for 4 stars
// (€2.50 for 3, €2.00 otherwise) with children under 12 exempt, and a €25 cleaning fee per room with VAT.
const EU_TAXES: TaxSettings = {
  vat: { name: "VAT", rateBasisPoints: 1_000, included: true },
  cityTax: {
    name: "City tax",
    kind: "per_person_per_night",
    amountCents: 200,
    rateBasisPoints: 0,
    tiers: [
      { minStars: 3, amountCents: 250 },
      { minStars: 4, amountCents: 300 },
    ],
    childrenExemptUnderAge: 12,
    maxNights: null,
  },
  fees: [{ name: "Cleaning", basis: "per_stay", amountCents: 2_500, vatApplies: true }],
};
// A US hotel: 8.88 % sales tax added on top.
const US_TAXES: TaxSettings = { vat: { name: "Sales tax", rateBasisPoints: 888, included: false }, cityTax: null, fees: [] };

async function addExtra(values: typeof hotelExtras.$inferInsert): Promise<string> {
  const [row] = await t.deps.db.insert(hotelExtras).values(values).returning();
  return String(row!.id);
}

beforeAll(async () => {
  t = await createTestApp();
  eu = await createHotel(t.deps.db, {
    name: "Hôtel des Extras",
    starRating: 4,
    childrenFreeUnderAge: 12,
    childRateCents: 0,
    taxSettings: EU_TAXES,
  });
  euRoom = await createRoomType(t.deps.db, eu.id, { name: "Deluxe", priceCents: 12_345, maxGuests: 4, totalRooms: 10 });
  us = await createHotel(t.deps.db, { name: "Extras Inn", starRating: 3, taxSettings: US_TAXES });
  usRoom = await createRoomType(t.deps.db, us.id, { name: "King", priceCents: 20_000, maxGuests: 2, totalRooms: 10 });
  extra.parking = await addExtra({
    hotelId: eu.id,
    name: "Parking",
    kind: "parking",
    pricing: "per_night",
    priceCents: 1_500,
    sortOrder: 1,
  });
  extra.breakfast = await addExtra({
    hotelId: eu.id,
    name: "Breakfast",
    kind: "breakfast",
    pricing: "per_person_per_night",
    priceCents: 1_750,
    sortOrder: 2,
  });
  extra.transfer = await addExtra({
    hotelId: eu.id,
    name: "Airport transfer",
    kind: "airport_transfer",
    pricing: "per_stay",
    priceCents: 4_000,
    taxable: false,
    sortOrder: 3,
  });
  extra.spa = await addExtra({
    hotelId: eu.id,
    name: "Spa",
    kind: "other",
    pricing: "per_person",
    priceCents: 3_000,
    active: false,
    sortOrder: 4,
  });
  extra.usParking = await addExtra({ hotelId: us.id, name: "Valet parking", kind: "parking", pricing: "per_stay", priceCents: 2_500 });
  extra.otherHotels = extra.usParking;
  await signUp(t, "extras.member@example.com");
  cookie = await signIn(t, "extras.member@example.com");
});
afterAll(() => t.close());

const euStay = { checkIn: d(30), checkOut: d(33), guests: 2, children: 1, ages: [5], rooms: 1 };
const euChoice = [
  { extraId: () => extra.parking, quantity: 2 },
  { extraId: () => extra.breakfast, quantity: 1 },
  { extraId: () => extra.transfer, quantity: 1 },
];
const chosen = () => euChoice.map((c) => ({ extraId: c.extraId(), quantity: c.quantity }));

type QuoteInput = InferRequestType<ApiClient["bookings"]["quote"]["$post"]>["json"];
type StayInput = Omit<InferRequestType<ApiClient["bookings"]["$post"]>["json"], keyof typeof guest>;

function quote(body: QuoteInput) {
  return t.client(cookie).bookings.quote.$post({ json: body });
}

function hold(body: StayInput) {
  return t.client(cookie).bookings.$post({ json: { ...body, ...guest } });
}

async function heldCount(): Promise<number> {
  return (await t.deps.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.guestEmail, guest.guestEmail))).length;
}

// The EU stay by hand: 3 nights, 2 adults and a 5-year-old (free, and exempt from the city tax).
//   rooms        3 × 123.45                      = 370.35
//   parking      2 spaces × 3 nights × 15.00      =  90.00
//   breakfast    3 persons × 3 nights × 17.50     = 157.50
//   transfer     1 × 40.00 (no VAT)               =  40.00
//   cleaning     1 room × 25.00                   =  25.00
//   VAT inside   (370.35 + 90 + 157.50 + 25) × 10/110 = 642.85 / 11 = 58.4409… → 58.44 (not added)
//   city tax     2 adults × 3 nights × 3.00 (4★)  =  18.00
//   total        370.35 + 90 + 157.50 + 40 + 25 + 18 = 700.85
const EU_TOTAL = 70_085;

describe("quote with extras, taxes and fees", () => {
  it("prices the EU stay line by line to the cent and lists the hotel's active extras", async () => {
    const res = await quote({ hotelId: String(eu.id), roomTypeId: String(euRoom.id), ...euStay, extras: chosen() });
    expect(res.status, await res.clone().text()).toBe(200);
    const body = await res.json();
    const pick = (c: PriceBreakdown) => c.lines.map((l) => [l.kind, l.code, l.label, l.quantity, l.unitCents, l.amountCents, l.included]);
    expect(pick(body.charges)).toEqual([
      ["room", null, "Deluxe: 3 nights × 1 room", 3, 12_345, 37_035, false],
      ["extra", extra.parking, "Parking", 6, 1_500, 9_000, false],
      ["extra", extra.breakfast, "Breakfast", 9, 1_750, 15_750, false],
      ["extra", extra.transfer, "Airport transfer", 1, 4_000, 4_000, false],
      ["fee", "0", "Cleaning", 1, 2_500, 2_500, false],
      ["tax", "vat", "VAT", 1, 5_844, 5_844, true],
      ["tax", "city_tax", "City tax", 6, 300, 1_800, false],
    ]);
    expect(body.charges).toMatchObject({ totalCents: EU_TOTAL, taxCents: 5_844 + 1_800, addedTaxCents: 1_800, currency: body.currency });
    expect(body.totalCents).toBe(EU_TOTAL);
    expect(body.amountDueNowCents).toBe(EU_TOTAL);
    // The inactive spa is not offered; the others are, in the hotel's order, none included by a plan.
    expect(body.availableExtras.map((e) => [e.name, e.inPlan])).toEqual([
      ["Parking", false],
      ["Breakfast", false],
      ["Airport transfer", false],
    ]);
  });

  it("adds a US sales tax on top, rounded half up once for the stay", async () => {
    // 2 nights × 200.00 + valet 25.00 = 425.00; 8.88 % of it = 37.74 exactly → total 462.74.
    const res = await quote({
      hotelId: String(us.id),
      roomTypeId: String(usRoom.id),
      checkIn: d(40),
      checkOut: d(42),
      guests: 2,
      rooms: 1,
      extras: [{ extraId: extra.usParking, quantity: 1 }],
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const body = await res.json();
    expect(body.charges.lines.filter((l) => l.kind === "tax")).toMatchObject([{ code: "vat", amountCents: 3_774, included: false }]);
    expect(body.charges.totalCents).toBe(46_274);
    expect(body.totalCents).toBe(46_274);
  });

  it("lists an extra the rate plan includes at no charge", async () => {
    const [policy] = await t.deps.db
      .insert(cancellationPolicies)
      .values({ hotelId: eu.id, name: "Flexible", terms: { tiers: [], finalFee: { kind: "percent", percent: 0 } } })
      .returning();
    const [plan] = await t.deps.db
      .insert(ratePlans)
      .values({
        roomTypeId: euRoom.id,
        hotelId: eu.id,
        name: "Bed and breakfast",
        mealPlan: "breakfast",
        cancellationPolicyId: policy!.id,
        sortOrder: 0,
      })
      .returning();
    try {
      const res = await quote({
        hotelId: String(eu.id),
        roomTypeId: String(euRoom.id),
        ratePlanId: String(plan!.id),
        ...euStay,
        extras: [{ extraId: extra.breakfast, quantity: 1 }],
      });
      expect(res.status, await res.clone().text()).toBe(200);
      const body = await res.json();
      expect(body.availableExtras.find((e) => e.name === "Breakfast")?.inPlan).toBe(true);
      expect(body.charges.lines.find((l) => l.kind === "extra")).toMatchObject({ label: "Breakfast", amountCents: 0, inPlan: true });
      expect(body.charges.extrasCents).toBe(0);
    } finally {
      await t.deps.db.delete(ratePlans).where(eq(ratePlans.id, plan!.id));
    }
  });
});

describe("hold with extras", () => {
  it("charges exactly the breakdown's total, keeps the same charges on the booking, and writes them in the e-mail and the download", async () => {
    const before = await heldCount();
    const res = await hold({ hotelId: String(eu.id), roomTypeId: String(euRoom.id), ...euStay, extras: chosen() });
    expect(res.status, await res.clone().text()).toBe(201);
    const created = await res.json();
    expect(await heldCount()).toBe(before + 1);
    expect(created.payment.amountCents).toBe(EU_TOTAL);
    expect(created.booking.totalPriceCents).toBe(EU_TOTAL);
    expect(created.booking.charges?.totalCents).toBe(EU_TOTAL);

    const paid = await t.api["simulated-payments"][":id"].confirm.$post({
      param: { id: created.payment.paymentId },
      json: {
        clientSecret: created.payment.clientSecret,
        returnUrl: "/booking-success",
        card: { number: TEST_CARDS.success, expMonth: 12, expYear: 2040, cvc: "123" },
      },
    });
    expect(paid.status).toBe(200);
    const confirmed = await t
      .client(cookie)
      .bookings[":id"]["confirm-payment"].$post({ param: { id: created.booking.id }, json: { paymentId: created.payment.paymentId } });
    expect(confirmed.status, await confirmed.clone().text()).toBe(200);

    const view = await t.client(cookie).bookings[":id"].$get({ param: { id: created.booking.id }, header: {} });
    const booking = (await view.json()).booking;
    expect(booking.status).toBe("confirmed");
    expect(booking.charges).toEqual(created.booking.charges);
    const [row] = await t.deps.db.select().from(bookings).where(eq(bookings.id, created.booking.id));
    expect(row).toMatchObject({ totalPriceCents: EU_TOTAL, taxCents: 5_844 + 1_800 });
    expect(row!.extrasRevenueCents).toBe(booking.charges!.extrasRevenueCents);

    const [mail] = await t.deps.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, guest.guestEmail), eq(emailOutbox.kind, "booking_confirmation")));
    const lines = [
      "Price:",
      "  Deluxe (3 nights × 1 room · $123.45 per night): $370.35",
      "  Parking (6 × $15.00): $90.00",
      "  Breakfast (9 × $17.50): $157.50",
      "  Airport transfer: $40.00",
      "  Cleaning: $25.00",
      "  City tax (6 × $3.00): $18.00",
      "Total: $700.85",
      "  includes VAT 10 %: $58.44",
    ].join("\n");
    expect(mail!.textBody).toContain(lines);

    const download = await t.client(cookie).bookings[":id"].confirmation.$get({ param: { id: created.booking.id }, header: {} });
    expect(download.status).toBe(200);
    expect(await download.text()).toContain(lines);
  });

  it("refuses an inactive extra and another hotel's extra with EXTRA_NOT_AVAILABLE, in the quote and the hold, and holds nothing", async () => {
    const before = await heldCount();
    for (const extraId of [extra.spa, extra.otherHotels]) {
      const body = { hotelId: String(eu.id), roomTypeId: String(euRoom.id), ...euStay, extras: [{ extraId, quantity: 1 }] };
      const quoted = await quote(body);
      expect(quoted.status).toBe(400);
      expect((await errorOf(quoted)).code).toBe("EXTRA_NOT_AVAILABLE");
      const held = await hold(body);
      expect(held.status).toBe(400);
      expect((await errorOf(held)).code).toBe("EXTRA_NOT_AVAILABLE");
    }
    expect(await heldCount()).toBe(before);
  });

  it("keeps a booking without extras priced as before, its charges a room line and the total", async () => {
    const res = await hold({
      hotelId: String(us.id),
      roomTypeId: String(usRoom.id),
      checkIn: d(50),
      checkOut: d(51),
      guests: 1,
      rooms: 1,
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const created = await res.json();
    // 200.00 + 8.88 % = 17.76 → 217.76.
    expect(created.booking.charges?.lines.map((l) => [l.kind, l.amountCents])).toEqual([
      ["room", 20_000],
      ["tax", 1_776],
    ]);
    expect(created.payment.amountCents).toBe(21_776);
  });
});
