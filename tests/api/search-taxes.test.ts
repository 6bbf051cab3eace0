/**
 * Search results and the hotel page carry the stay's price with the hotel's taxes and fees
 * (issue 30 item 2, decision 061), computed by the server to the cent as the quote computes it,
 * while the order and the price filter stay on the room price (decision 059). Both plans of the
 * inventory supplier; the numbers are worked out by hand below.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../src/server/db/client.ts";
import { cancellationPolicies, hotels, ratePlans } from "../../src/server/db/schema.ts";
import { refreshDestinations } from "../../src/server/db/seed/seed-catalogue.ts";
import { createInventorySupplier } from "../../src/server/services/search/inventory-supplier.ts";
import { freeUntilTerms } from "../../src/shared/cancellation-policies.ts";
import { addDays, todayUtc } from "../../src/shared/dates.ts";
import type { PriceQuote } from "../../src/shared/price-quote.ts";
import type { HotelDetail, HotelSummary, SearchResponse } from "../../src/shared/search.ts";
import type { TaxSettings } from "../../src/shared/taxes.ts";
import { createHotel, createRoomType } from "../factories.ts";
import { type TestApp, createTestApp } from "../support/test-app.ts";

const d = (days: number) => addDays(todayUtc(), days);
const checkIn = d(20);
const checkOut = d(23); // 3 nights
// 2 adults and two children of 8 and 4, one room.
const party = { guests: "2", children: "2", ages: "8,4", rooms: "1" };

/** An EU hotel: VAT 10 % included, a cleaning fee with VAT, a city tax per person per night with a 4-star tier, children under 6 exempt, at most 2 nights. */
const EU_TAXES: TaxSettings = {
  vat: { name: "VAT", rateBasisPoints: 1000, included: true },
  cityTax: {
    name: "City tax",
    kind: "per_person_per_night",
    amountCents: 250,
    rateBasisPoints: 0,
    tiers: [{ minStars: 4, amountCents: 375 }],
    childrenExemptUnderAge: 6,
    maxNights: 2,
  },
  fees: [{ name: "Cleaning", basis: "per_stay", amountCents: 2000, vatApplies: true }],
};

/** A US hotel: sales tax 8.75 % added, a resort fee per room per night without tax. */
const US_TAXES: TaxSettings = {
  vat: { name: "Sales tax", rateBasisPoints: 875, included: false },
  cityTax: null,
  fees: [{ name: "Resort fee", basis: "per_night", amountCents: 1500, vatApplies: false }],
};

/*
 * By hand, 3 nights, 1 room, 2 adults + children of 8 and 4:
 *
 * EU (4 stars, $123.45 a night, children from 6 pay $15 a night, no plans):
 *   rooms 3 × 12,345 = 37,035; child charges 3 × 1,500 = 4,500 (the 8-year-old) → 41,535 before taxes and fees
 *   cleaning 2,000; VAT included 10/110 × 43,535 = 3,957.7 → 3,958 (inside the prices, not added)
 *   city tax 3 persons (the 4-year-old exempt) × 2 nights (cap) × 3.75 (4-star tier) = 2,250
 *   total 41,535 + 2,000 + 2,250 = 45,785; taxes and fees 4,250
 *
 * US (2 stars, $99.99 a night, no child charge), plans Flexible (±0) and Advance saver (−10 %):
 *   Flexible: rooms 29,997; resort fee 3 × 1,500 = 4,500; sales tax 8.75 % × 29,997 = 2,624.7 → 2,625
 *     total 29,997 + 4,500 + 2,625 = 37,122; taxes and fees 7,125
 *   Advance saver: 9,999 × 0.9 = 8,999.1 → 8,999 a night, rooms 26,997; tax 8.75 % × 26,997 = 2,362.2 → 2,362
 *     total 26,997 + 4,500 + 2,362 = 33,859; taxes and fees 6,862  (the search's offer: the cheaper plan)
 *
 * Plain (no tax settings, $80 a night): 24,000 whatever the display.
 */
const EU = { before: 41_535, taxes: 4_250, total: 45_785 };
const US_FLEX = { before: 29_997, taxes: 7_125, total: 37_122 };
const US_SAVER = { before: 26_997, taxes: 6_862, total: 33_859 };
const PLAIN = { before: 24_000, taxes: 0, total: 24_000 };

const asStayPrice = (x: { before: number; taxes: number; total: number }) => ({
  beforeTaxesAndFeesCents: x.before,
  taxesAndFeesCents: x.taxes,
  totalCents: x.total,
});

async function setTaxes(db: Db, hotelId: number, taxes: TaxSettings) {
  await db.update(hotels).set({ taxSettings: taxes }).where(eq(hotels.id, hotelId));
}

describe.each([
  { name: "small-catalogue plan", smallCatalogue: undefined },
  { name: "large-catalogue plan", smallCatalogue: 0 },
])("$name", ({ smallCatalogue }) => {
  let t: TestApp;
  const ids = { eu: 0, euRoom: 0, us: 0, usRoom: 0, saver: 0, plain: 0 };

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.deps.db;
    if (smallCatalogue !== undefined) t.deps.suppliers[0] = createInventorySupplier(db, { smallCatalogue });
    const common = { city: "Taxberg", country: "Taxland", countryCode: "TX", timeZone: "UTC", currency: "USD", originalPriceCents: null };

    const eu = await createHotel(db, {
      ...common,
      name: "Hotel Mehrwert",
      starRating: 4,
      priceCents: 12_345,
      childrenFreeUnderAge: 6,
      childRateCents: 1_500,
    });
    const euRoom = await createRoomType(db, eu.id, { priceCents: 12_345, originalPriceCents: null, maxGuests: 4, totalRooms: 5 });
    await setTaxes(db, eu.id, EU_TAXES);

    const us = await createHotel(db, {
      ...common,
      name: "Sales Tax Inn",
      starRating: 2,
      priceCents: 9_999,
      childrenFreeUnderAge: 18,
      childRateCents: 0,
    });
    const usRoom = await createRoomType(db, us.id, { priceCents: 9_999, originalPriceCents: null, maxGuests: 4, totalRooms: 5 });
    await setTaxes(db, us.id, US_TAXES);
    const [policy] = await db
      .insert(cancellationPolicies)
      .values({ hotelId: us.id, name: "Flexible", terms: freeUntilTerms(2) })
      .returning();
    await db
      .insert(ratePlans)
      .values({ roomTypeId: usRoom.id, hotelId: us.id, name: "Flexible", cancellationPolicyId: policy!.id, sortOrder: 0 });
    const [saver] = await db
      .insert(ratePlans)
      .values({
        roomTypeId: usRoom.id,
        hotelId: us.id,
        name: "Advance saver",
        priceRuleKind: "percent",
        priceRuleValue: -10,
        cancellationPolicyId: policy!.id,
        sortOrder: 1,
      })
      .returning();

    const plain = await createHotel(db, {
      ...common,
      name: "Plain Lodge",
      starRating: 3,
      priceCents: 8_000,
      childrenFreeUnderAge: 18,
      childRateCents: 0,
    });
    await createRoomType(db, plain.id, { priceCents: 8_000, originalPriceCents: null, maxGuests: 4, totalRooms: 5 });
    Object.assign(ids, { eu: eu.id, euRoom: euRoom.id, us: us.id, usRoom: usRoom.id, saver: saver!.id, plain: plain.id });
    await refreshDestinations(db);
  });
  afterAll(() => t.close());

  async function search(params: Record<string, string>): Promise<SearchResponse> {
    const query = new URLSearchParams({ destination: "Taxberg", ...party, ...params });
    const res = await t.request("GET", `/api/hotels/search?${query}`);
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as SearchResponse;
  }
  const byName = (hotels: HotelSummary[], name: string) => hotels.find((h) => h.name === name);

  it("gives each result the stay's total with the hotel's taxes and fees, to the cent", async () => {
    const { hotels } = await search({ checkIn, checkOut });
    expect(byName(hotels, "Hotel Mehrwert")?.stayPrice).toEqual(asStayPrice(EU));
    expect(byName(hotels, "Sales Tax Inn")?.stayPrice).toEqual(asStayPrice(US_SAVER));
    expect(byName(hotels, "Sales Tax Inn")?.ratePlan?.name).toBe("Advance saver");
    expect(byName(hotels, "Plain Lodge")?.stayPrice).toEqual(asStayPrice(PLAIN));
    // The nightly price on the card is still the room's, before taxes and child charges.
    expect(byName(hotels, "Hotel Mehrwert")?.priceCents).toBe(12_345);
    expect(byName(hotels, "Sales Tax Inn")?.priceCents).toBe(8_999);
  });

  it("sorts and filters on the room price, not the total", async () => {
    // By total the US hotel (33,859) is dearer than the plain one (24,000) by far less than by taxes; by room price: 80.00 < 89.99 < 123.45.
    const sorted = await search({ checkIn, checkOut, sort: "price" });
    expect(sorted.hotels.map((h) => h.name)).toEqual(["Plain Lodge", "Sales Tax Inn", "Hotel Mehrwert"]);
    // $124 a night keeps the EU hotel ($123.45 a night) although its total with taxes is $152.62 a night.
    const filtered = await search({ checkIn, checkOut, maxPrice: "124", minPrice: "90" });
    expect(filtered.hotels.map((h) => h.name)).toEqual(["Hotel Mehrwert"]);
    expect(filtered.hotels[0]?.stayPrice?.totalCents).toBe(EU.total);
  });

  it("leaves the stay price out of a search without dates, as before", async () => {
    const { hotels } = await search({});
    expect(hotels.length).toBe(3);
    for (const hotel of hotels) expect(hotel.stayPrice ?? null).toBeNull();
  });

  it("gives each rate plan on the hotel page the same numbers, and the quote agrees", async () => {
    const stay = new URLSearchParams({ checkIn, checkOut, ...party });
    const usRes = await t.request("GET", `/api/hotels/${ids.us}?${stay}`);
    expect(usRes.status).toBe(200);
    const usPlans = ((await usRes.json()) as HotelDetail).rooms[0]!.plans!;
    expect(usPlans.map((p) => [p.name, p.totalPriceCents, p.stayPrice])).toEqual([
      ["Flexible", US_FLEX.before, asStayPrice(US_FLEX)],
      ["Advance saver", US_SAVER.before, asStayPrice(US_SAVER)],
    ]);

    const euRes = await t.request("GET", `/api/hotels/${ids.eu}?${stay}`);
    const euPlans = ((await euRes.json()) as HotelDetail).rooms[0]!.plans!;
    expect(euPlans).toHaveLength(1);
    expect(euPlans[0]!.stayPrice).toEqual(asStayPrice(EU));

    // The quote (what the hold charges) has the same totals.
    const quote = async (body: Record<string, unknown>) => {
      const res = await t.request("POST", "/api/bookings/quote", {
        body: { checkIn, checkOut, guests: 2, children: 2, ages: [8, 4], rooms: 1, ...body },
      });
      expect(res.status, await res.clone().text()).toBe(200);
      return ((await res.json()) as PriceQuote).charges;
    };
    const euQuote = await quote({ hotelId: String(ids.eu), roomTypeId: String(ids.euRoom) });
    expect([euQuote.beforeTaxesAndFeesCents, euQuote.taxesAndFeesCents, euQuote.totalCents]).toEqual([EU.before, EU.taxes, EU.total]);
    const usQuote = await quote({ hotelId: String(ids.us), roomTypeId: String(ids.usRoom), ratePlanId: String(ids.saver) });
    expect([usQuote.beforeTaxesAndFeesCents, usQuote.taxesAndFeesCents, usQuote.totalCents]).toEqual([
      US_SAVER.before,
      US_SAVER.taxes,
      US_SAVER.total,
    ]);
  });

  it("follows a change of the hotel's settings on the next search", async () => {
    const db = t.deps.db;
    await setTaxes(db, ids.plain, { vat: { name: "VAT", rateBasisPoints: 2000, included: false }, cityTax: null, fees: [] });
    try {
      const { hotels } = await search({ checkIn, checkOut });
      // 20 % added on 24,000 = 4,800.
      expect(byName(hotels, "Plain Lodge")?.stayPrice).toEqual({
        beforeTaxesAndFeesCents: 24_000,
        taxesAndFeesCents: 4_800,
        totalCents: 28_800,
      });
    } finally {
      await setTaxes(db, ids.plain, { vat: null, cityTax: null, fees: [] });
    }
  });
});
