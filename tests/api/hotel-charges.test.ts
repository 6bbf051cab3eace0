import { and, desc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ExtraView } from "../../src/shared/extras.ts";
import { addDays, todayUtc } from "../../src/shared/dates.ts";
import type { TaxSettings } from "../../src/shared/taxes.ts";
import { activityLogs, hotelExtras, hotels, users } from "../../src/server/db/schema.ts";
import { DEMO_EXTRAS, demoTaxSettings, seedDemoCharges } from "../../src/server/db/seed/demo-charges.ts";
import { ensureAdmin } from "../../src/server/services/accounts.ts";
import { type HotelRow, type RoomTypeRow, createHotel, createRoomType } from "../factories.ts";
import { type TestApp, createTestApp, signIn, signUp } from "../support/test-app.ts";
import { errorOf } from "../support/typed.ts";

let t: TestApp;
let admin: string;
let manager: string;
let otherManager: string;
let traveller: string;
let hotel: HotelRow;
let otherHotel: HotelRow;
let room: RoomTypeRow;

/** A Berlin-style setting: 7 % VAT included, a city tax per person per night with a 4-star tier, children under 12 exempt, 2 nights at most, and a cleaning fee. */
const EU: TaxSettings = {
  vat: { name: "MwSt.", rateBasisPoints: 700, included: true },
  cityTax: {
    name: "City tax",
    kind: "per_person_per_night",
    amountCents: 300,
    rateBasisPoints: 0,
    tiers: [{ minStars: 4, amountCents: 500 }],
    childrenExemptUnderAge: 12,
    maxNights: 2,
  },
  fees: [{ name: "Cleaning", basis: "per_stay", amountCents: 2000, vatApplies: true }],
};

async function grant(email: string, hotelId: number): Promise<string> {
  await signUp(t, email);
  const [row] = await t.deps.db.select().from(users).where(eq(users.email, email));
  const res = await t.client(admin).admin.users[":id"].hotels.$put({ param: { id: row!.id }, json: { hotelIds: [hotelId] } });
  expect(res.status, await res.clone().text()).toBe(200);
  return signIn(t, email);
}

beforeAll(async () => {
  t = await createTestApp();
  hotel = await createHotel(t.deps.db, {
    name: "Spree Hotel",
    countryCode: "DE",
    country: "Germany",
    currency: "EUR",
    starRating: 4,
    childRateCents: 0,
  });
  otherHotel = await createHotel(t.deps.db, { name: "Other Inn", currency: "EUR" });
  room = await createRoomType(t.deps.db, hotel.id, { name: "Double", priceCents: 10_000, maxGuests: 4, totalRooms: 10 });
  await ensureAdmin(t.deps.db, t.deps.auth, { email: "charges-admin@example.com", password: "admin-password", name: "Admin" }, "test");
  admin = await signIn(t, "charges-admin@example.com", "admin-password");
  manager = await grant("charges-manager@example.com", hotel.id);
  otherManager = await grant("other-manager@example.com", otherHotel.id);
  await signUp(t, "charges-traveller@example.com");
  traveller = await signIn(t, "charges-traveller@example.com");
}, 120_000);
afterAll(() => t.close());

describe("tax settings", () => {
  it("start empty, are saved and read back as sent, and the change is in the activity log", async () => {
    const before = await t.client(manager).properties.hotels[":hotelId"]["tax-settings"].$get({ param: { hotelId: String(hotel.id) } });
    expect(before.status).toBe(200);
    expect(await before.json()).toEqual({
      hotelId: String(hotel.id),
      countryCode: "DE",
      currency: "EUR",
      settings: { vat: null, cityTax: null, fees: [] },
    });
    const put = await t
      .client(manager)
      .properties.hotels[":hotelId"]["tax-settings"].$put({ param: { hotelId: String(hotel.id) }, json: EU });
    expect(put.status, await put.clone().text()).toBe(200);
    expect((await put.json()).settings).toEqual(EU);
    const after = await (
      await t.client(manager).properties.hotels[":hotelId"]["tax-settings"].$get({ param: { hotelId: String(hotel.id) } })
    ).json();
    expect(after.settings).toEqual(EU);
    const [log] = await t.deps.db
      .select()
      .from(activityLogs)
      .where(eq(activityLogs.actionType, "hotel_tax_settings_updated"))
      .orderBy(desc(activityLogs.createdAt))
      .limit(1);
    expect(log?.userEmail).toBe("charges-manager@example.com");
    expect(log?.details).toMatchObject({ hotelId: hotel.id, vat: "MwSt. 7 % included", cityTax: "City tax", fees: ["Cleaning"] });
  });

  it("refuses bad rates and amounts with the field's message and saves nothing", async () => {
    const cases: [TaxSettings, string][] = [
      [{ ...EU, vat: { name: "VAT", rateBasisPoints: -100, included: true } }, "VAT rate must be between 0 and 100 %"],
      [{ ...EU, vat: { name: "VAT", rateBasisPoints: 10_001, included: true } }, "VAT rate must be between 0 and 100 %"],
      [{ ...EU, vat: { name: "VAT", rateBasisPoints: 750.5, included: true } }, "VAT rate must be given to two decimal places at most"],
      [{ ...EU, fees: [{ name: "Resort fee", basis: "per_night", amountCents: -1, vatApplies: false }] }, "Fee amount cannot be negative"],
      [{ ...EU, cityTax: { ...EU.cityTax!, childrenExemptUnderAge: 18 } }, "The exemption age must be 1 to 17"],
      [
        {
          ...EU,
          cityTax: {
            ...EU.cityTax!,
            tiers: [
              { minStars: 3, amountCents: 100 },
              { minStars: 3, amountCents: 200 },
            ],
          },
        },
        "Each city tax tier needs different stars",
      ],
    ];
    for (const [body, message] of cases) {
      const res = await t
        .client(manager)
        .properties.hotels[":hotelId"]["tax-settings"].$put({ param: { hotelId: String(hotel.id) }, json: body });
      expect(res.status).toBe(400);
      const answer = await errorOf(res);
      expect(answer.code).toBe("VALIDATION_ERROR");
      expect(answer.message).toContain(message);
    }
    const [row] = await t.deps.db.select({ taxSettings: hotels.taxSettings }).from(hotels).where(eq(hotels.id, hotel.id));
    expect(row!.taxSettings).toEqual(EU);
  });

  it("are refused to another hotel's manager and to a traveller, and an admin's unknown hotel is not found", async () => {
    expect(
      (await t.client(otherManager).properties.hotels[":hotelId"]["tax-settings"].$get({ param: { hotelId: String(hotel.id) } })).status,
    ).toBe(403);
    expect(
      (await t.client(otherManager).properties.hotels[":hotelId"]["tax-settings"].$put({ param: { hotelId: String(hotel.id) }, json: EU }))
        .status,
    ).toBe(403);
    expect(
      (await t.client(traveller).properties.hotels[":hotelId"]["tax-settings"].$get({ param: { hotelId: String(hotel.id) } })).status,
    ).toBe(403);
    // A method the extras do not have, sent raw: the guard refuses a traveller before any route is matched.
    expect((await t.request("PUT", `/api/properties/hotels/${hotel.id}/extras`, { cookie: traveller, body: {} })).status).toBe(403);
    expect((await t.api.properties.hotels[":hotelId"]["tax-settings"].$get({ param: { hotelId: String(hotel.id) } })).status).toBe(401);
    expect(
      (await t.client(admin).properties.hotels[":hotelId"]["tax-settings"].$get({ param: { hotelId: String(9_999_999) } })).status,
    ).toBe(404);
    expect(
      (await t.client(admin).properties.hotels[":hotelId"]["tax-settings"].$get({ param: { hotelId: String(hotel.id) } })).status,
    ).toBe(200);
  });
});

describe("extras", () => {
  let breakfast: ExtraView;

  it("are created, listed, changed, taken off sale and deleted", async () => {
    const created = await t.client(manager).properties.hotels[":hotelId"].extras.$post({
      param: { hotelId: String(hotel.id) },
      json: { name: "Breakfast buffet", kind: "breakfast", pricing: "per_person_per_night", priceCents: 1500 },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    breakfast = (await created.json()).extra;
    expect(breakfast).toMatchObject({ hotelId: String(hotel.id), name: "Breakfast buffet", taxable: true, active: true });

    const parking = await t.client(manager).properties.hotels[":hotelId"].extras.$post({
      param: { hotelId: String(hotel.id) },
      json: { name: "Parking", kind: "parking", pricing: "per_night", priceCents: 1200, taxable: false },
    });
    expect(parking.status).toBe(201);
    const parkingId = (await parking.json()).extra.id;

    const taken = await t.client(manager).properties.hotels[":hotelId"].extras.$post({
      param: { hotelId: String(hotel.id) },
      json: { name: "Breakfast buffet", kind: "breakfast", pricing: "per_person", priceCents: 900 },
    });
    expect(taken.status).toBe(409);
    expect((await errorOf(taken)).code).toBe("EXTRA_NAME_TAKEN");

    const badPrice = await t.client(manager).properties.hotels[":hotelId"].extras.$post({
      param: { hotelId: String(hotel.id) },
      json: { name: "Pet", kind: "pet", pricing: "per_stay", priceCents: 0 },
    });
    expect(badPrice.status).toBe(400);
    expect((await errorOf(badPrice)).message).toContain("Price must be greater than 0");

    const off = await t.client(manager).properties.hotels[":hotelId"].extras[":extraId"].$patch({
      param: { hotelId: String(hotel.id), extraId: parkingId },
      json: { active: false },
    });
    expect(off.status, await off.clone().text()).toBe(200);
    // A change of one field leaves the others (taxable stays false).
    expect((await off.json()).extra).toMatchObject({ active: false, taxable: false, priceCents: 1200 });

    const list = await (await t.client(manager).properties.hotels[":hotelId"].extras.$get({ param: { hotelId: String(hotel.id) } })).json();
    expect(list.extras.map((e) => [e.name, e.active])).toEqual([
      ["Breakfast buffet", true],
      ["Parking", false],
    ]);

    expect(
      (
        await t
          .client(manager)
          .properties.hotels[":hotelId"].extras[":extraId"].$delete({ param: { hotelId: String(hotel.id), extraId: parkingId } })
      ).status,
    ).toBe(200);
    const gone = await t
      .client(manager)
      .properties.hotels[":hotelId"].extras[":extraId"].$delete({ param: { hotelId: String(hotel.id), extraId: parkingId } });
    expect(gone.status).toBe(404);
    expect((await errorOf(gone)).code).toBe("EXTRA_NOT_FOUND");
    const logged = await t.deps.db.select().from(activityLogs).where(like(activityLogs.actionType, "hotel_extra_%"));
    expect(logged.map((l) => l.actionType).sort()).toEqual([
      "hotel_extra_created",
      "hotel_extra_created",
      "hotel_extra_deleted",
      "hotel_extra_updated",
    ]);
  });

  it("of one hotel cannot be reached through another hotel or by its manager", async () => {
    expect(
      (
        await t.client(admin).properties.hotels[":hotelId"].extras[":extraId"].$patch({
          param: { hotelId: String(otherHotel.id), extraId: breakfast.id },
          json: { priceCents: 1 },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await t.client(otherManager).properties.hotels[":hotelId"].extras[":extraId"].$patch({
          param: { hotelId: String(hotel.id), extraId: breakfast.id },
          json: { priceCents: 1 },
        })
      ).status,
    ).toBe(403);
    expect((await t.client(traveller).properties.hotels[":hotelId"].extras.$get({ param: { hotelId: String(hotel.id) } })).status).toBe(
      403,
    );
    const [row] = await t.deps.db
      .select()
      .from(hotelExtras)
      .where(eq(hotelExtras.id, Number(breakfast.id)));
    expect(row!.priceCents).toBe(1500);
  });

  it("are limited to the most a hotel may offer", async () => {
    const [count] = await t.deps.db.select({ id: hotelExtras.id }).from(hotelExtras).where(eq(hotelExtras.hotelId, otherHotel.id));
    expect(count).toBeUndefined();
    for (let i = 0; i < 30; i++) {
      const res = await t.client(otherManager).properties.hotels[":hotelId"].extras.$post({
        param: { hotelId: String(otherHotel.id) },
        json: { name: `Extra ${i}`, kind: "other", pricing: "per_stay", priceCents: 100 },
      });
      expect(res.status).toBe(201);
    }
    const over = await t.client(otherManager).properties.hotels[":hotelId"].extras.$post({
      param: { hotelId: String(otherHotel.id) },
      json: { name: "One too many", kind: "other", pricing: "per_stay", priceCents: 100 },
    });
    expect(over.status).toBe(400);
    expect((await errorOf(over)).message).toBe("A hotel may offer at most 30 extras: delete one you no longer sell first.");
  });

  it("make the quote of that hotel show the taxes, fees and extras to the cent", async () => {
    const checkIn = addDays(todayUtc(), 20);
    const res = await t.api.bookings.quote.$post({
      json: {
        hotelId: String(hotel.id),
        roomTypeId: String(room.id),
        checkIn,
        checkOut: addDays(checkIn, 3),
        guests: 2,
        children: 1,
        ages: [5],
        rooms: 1,
        extras: [{ extraId: breakfast.id, quantity: 1 }],
      },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const quote = await res.json();
    // Rooms 3 × 100.00 = 300.00; breakfast 3 persons × 3 nights × 15.00 = 135.00; cleaning 20.00.
    // VAT 7 % included in 455.00: 455.00 × 7 / 107 = 29.7663 → 29.77.
    // City tax: 2 adults (the child of 5 is exempt) × 2 nights (the cap) × 5.00 (the 4-star tier) = 20.00, added.
    const charges = quote.charges;
    expect(charges.roomCents).toBe(30_000);
    expect(charges.extrasCents).toBe(13_500);
    expect(charges.feesCents).toBe(2000);
    const vat = charges.lines.find((l) => l.kind === "tax" && l.code === "vat");
    expect(vat).toMatchObject({ label: "MwSt.", amountCents: 2977, included: true, rateBasisPoints: 700 });
    const city = charges.lines.find((l) => l.kind === "tax" && l.code === "city_tax");
    expect(city).toMatchObject({ quantity: 4, unitCents: 500, amountCents: 2000 });
    expect(charges.taxCents).toBe(4977);
    expect(charges.totalCents).toBe(47_500);
    expect(quote.totalCents).toBe(47_500);
    expect(quote.availableExtras.map((e) => e.name)).toEqual(["Breakfast buffet"]);

    // The US way: 10 % added on top, nothing else.
    const us: TaxSettings = { vat: { name: "Sales tax", rateBasisPoints: 1000, included: false }, cityTax: null, fees: [] };
    expect(
      (await t.client(admin).properties.hotels[":hotelId"]["tax-settings"].$put({ param: { hotelId: String(hotel.id) }, json: us })).status,
    ).toBe(200);
    const added = await (
      await t.api.bookings.quote.$post({
        json: { hotelId: String(hotel.id), roomTypeId: String(room.id), checkIn, checkOut: addDays(checkIn, 3), guests: 2, rooms: 1 },
      })
    ).json();
    expect(added.charges.taxCents).toBe(3000);
    expect(added.totalCents).toBe(33_000);
  });
});

describe("tax id on the hotel's legal details", () => {
  const legal = (taxId: string) => ({ legalName: "Spree Hotel GmbH", legalAddress: "Ufer 1, 10115 Berlin", taxId });

  it("checks an id without a prefix against the hotel's country, and a prefixed one against its prefix", async () => {
    const wrong = await t
      .client(manager)
      .properties.hotels[":hotelId"]["legal-details"].$put({ param: { hotelId: String(hotel.id) }, json: legal("136695977") });
    expect(wrong.status).toBe(400);
    expect((await errorOf(wrong)).message).toBe(
      "This German VAT number's check digit is wrong: check it against the VAT certificate (Bestätigung der USt-IdNr.)",
    );
    const prefixed = await t
      .client(manager)
      .properties.hotels[":hotelId"]["legal-details"].$put({ param: { hotelId: String(hotel.id) }, json: legal("FR41303265045") });
    expect(prefixed.status).toBe(400);
    expect((await errorOf(prefixed)).message).toContain("This French VAT number's check digit is wrong");
    const [unchanged] = await t.deps.db.select({ taxId: hotels.taxId }).from(hotels).where(eq(hotels.id, hotel.id));
    expect(unchanged!.taxId).toBeNull();
    const right = await t
      .client(manager)
      .properties.hotels[":hotelId"]["legal-details"].$put({ param: { hotelId: String(hotel.id) }, json: legal("136 695 976") });
    expect(right.status, await right.clone().text()).toBe(200);
  });
});

describe("demo defaults", () => {
  it("give a hotel its country's demo taxes marked as demo values and the demo extras, once", async () => {
    const paris = await createHotel(t.deps.db, { name: "Demo Paris", countryCode: "FR", country: "France", currency: "EUR" });
    const nowhere = await createHotel(t.deps.db, { name: "Demo Elsewhere", countryCode: "AQ", country: "Antarctica", currency: "USD" });
    await seedDemoCharges(t.deps.db, { from: paris.id, to: nowhere.id });
    await seedDemoCharges(t.deps.db, { from: paris.id, to: nowhere.id });
    const rows = await t.deps.db
      .select({ id: hotels.id, taxSettings: hotels.taxSettings })
      .from(hotels)
      .where(and(eq(hotels.id, paris.id)));
    expect(rows[0]!.taxSettings).toEqual({ ...demoTaxSettings("FR")!, demo: true });
    expect(rows[0]!.taxSettings.vat).toMatchObject({ rateBasisPoints: 1000, included: true });
    const [far] = await t.deps.db.select({ taxSettings: hotels.taxSettings }).from(hotels).where(eq(hotels.id, nowhere.id));
    expect(far!.taxSettings).toEqual({ vat: null, cityTax: null, fees: [] });
    const extras = await t.deps.db.select().from(hotelExtras).where(eq(hotelExtras.hotelId, paris.id));
    expect(extras.map((e) => e.name).sort()).toEqual(DEMO_EXTRAS.map((e) => e.name).sort());
    // Saving the settings makes them the hotel's own: the demo mark goes.
    const res = await t
      .client(admin)
      .properties.hotels[":hotelId"]["tax-settings"].$put({ param: { hotelId: String(paris.id) }, json: rows[0]!.taxSettings });
    expect((await res.json()).settings.demo).toBeUndefined();
  });
});
