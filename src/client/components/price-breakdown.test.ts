import { describe, expect, it } from "vitest";
import { type ChargesInput, computeCharges } from "../../shared/charges.ts";
import { NO_TAXES } from "../../shared/taxes.ts";
import { i18next } from "../lib/i18n.ts";
import { breakdownRows } from "../../shared/charge-rows.ts";

const money = (cents: number) => `€${(cents / 100).toFixed(2)}`;
const count = (value: number) => String(value);

const base: ChargesInput = {
  currency: "EUR",
  roomLabel: "Double Room (Breakfast included)",
  nights: 3,
  rooms: 1,
  adults: 2,
  childAges: [],
  stars: 4,
  nightlyPrices: [15_000, 15_000, 12_000],
  roomsCents: 42_000,
  childChargeCents: 0,
  discounts: [],
  extras: [],
  taxes: NO_TAXES,
};

const shown = (input: ChargesInput) =>
  breakdownRows(computeCharges(input), i18next.t, money, count).map((row) => [row.label, row.detail, row.amount, row.tone]);

describe("price breakdown rows", () => {
  it("lists an EU stay: nights by price, extras, a promo code, a fee, the city tax added, the total and the VAT included", () => {
    const rows = shown({
      ...base,
      discounts: [{ code: "promotion", label: "Promo code SUMMER", cents: 2_000 }],
      extras: [
        {
          id: "1",
          name: "Breakfast",
          kind: "breakfast",
          pricing: "per_person_per_night",
          priceCents: 1_500,
          taxable: true,
          quantity: 1,
          inPlan: true,
        },
        { id: "2", name: "Parking", kind: "parking", pricing: "per_night", priceCents: 2_000, taxable: true, quantity: 1, inPlan: false },
      ],
      taxes: {
        vat: { name: "VAT", rateBasisPoints: 1_000, included: true },
        cityTax: {
          name: "City tax",
          kind: "per_person_per_night",
          amountCents: 250,
          rateBasisPoints: 0,
          tiers: [],
          childrenExemptUnderAge: null,
          maxNights: null,
        },
        fees: [{ name: "Cleaning", basis: "per_stay", amountCents: 3_000, vatApplies: true }],
      },
    });
    // 420 + 60 parking − 20 + 30 cleaning = 490 gross, VAT 10 % inside = 44.545… → 44.55; city tax 2 × 3 × 2.50 = 15.
    expect(rows).toEqual([
      ["Double Room (Breakfast included)", "2 nights × 1 room · €150.00 per night", "€300.00", "charge"],
      ["Double Room (Breakfast included)", "1 night × 1 room · €120.00 per night", "€120.00", "charge"],
      ["Promo code SUMMER", null, "−€20.00", "discount"],
      ["Breakfast", null, "Included in your rate", "included"],
      ["Parking", "3 × €20.00", "€60.00", "charge"],
      ["Cleaning", null, "€30.00", "charge"],
      ["City tax", "6 × €2.50", "€15.00", "charge"],
      ["Total", null, "€505.00", "total"],
      ["includes VAT 10 %", null, "€44.55", "note"],
    ]);
  });

  it("adds a US sales tax as its own line and names member prices and child charges, ", () => {
    const rows = shown({
      ...base,
      currency: "USD",
      roomLabel: "King Room",
      nights: 1,
      nightlyPrices: [20_000],
      roomsCents: 20_000,
      childChargeCents: 1_000,
      discounts: [{ code: "member", label: "Member price (Gold)", cents: 2_000 }],
      taxes: { vat: { name: "Sales tax", rateBasisPoints: 887, included: false }, cityTax: null, fees: [] },
    });
    // (200 + 10 − 20) × 8.87 % = 16.853 → 16.85.
    expect(rows).toEqual([
      ["King Room", "1 night × 1 room · €200.00 per night", "€200.00", "charge"],
      ["Child charges", null, "€10.00", "charge"],
      ["Gold member price", null, "−€20.00", "discount"],
      ["Sales tax 8.87 %", null, "€16.85", "charge"],
      ["Total", null, "€206.85", "total"],
    ]);
  });

  it("keeps a stay priced as one total (nightly prices unknown) as one line without a price per night", () => {
    const rows = shown({ ...base, nightlyPrices: [], roomsCents: 40_000 });
    expect(rows).toEqual([
      ["Double Room (Breakfast included)", "3 nights × 1 room", "€400.00", "charge"],
      ["Total", null, "€400.00", "total"],
    ]);
  });

  it("says a partner's fees and taxes without adding them: one inside its price, one paid at the hotel", () => {
    const charges = computeCharges({ ...base, nightlyPrices: [], roomsCents: 40_000 });
    const partnerLine = { quantity: 1, rateBasisPoints: 0, vatCents: 0, included: true };
    charges.lines.push(
      { ...partnerLine, kind: "tax", code: "supplier_tax", label: "Taxes", unitCents: 3_600, amountCents: 3_600 },
      { ...partnerLine, kind: "fee", code: "supplier_fee", label: "Service fee", unitCents: 500, amountCents: 500 },
      {
        ...partnerLine,
        kind: "fee",
        code: "supplier_fee",
        label: "Resort fee (payable at the hotel)",
        unitCents: 2_000,
        amountCents: 2_000,
        payableAtHotel: true,
      },
    );
    const rows = breakdownRows(charges, i18next.t, money, count).map((row) => [row.label, row.amount, row.tone]);
    expect(rows).toEqual([
      ["Double Room (Breakfast included)", "€400.00", "charge"],
      ["Total", "€400.00", "total"],
      ["includes Taxes", "€36.00", "note"],
      ["includes Service fee", "€5.00", "note"],
      ["Resort fee (payable at the hotel)", "€20.00", "note"],
    ]);
  });
});

describe("price breakdown options", () => {
  it("takes points off before a total the surface names, and words the child charges its own way", () => {
    const charges = computeCharges({ ...base, nights: 1, nightlyPrices: [10_000], roomsCents: 10_000, childChargeCents: 500 });
    const rows = breakdownRows(charges, i18next.t, money, count, {
      childLabel: "Child charges: €5.00 × 1 child × 1 night",
      after: [{ key: "points", label: "Points discount", cents: 1_000 }],
      total: { label: "Total paid", cents: charges.totalCents - 1_000 },
    });
    expect(rows.map((row) => [row.label, row.amount])).toEqual([
      ["Double Room (Breakfast included)", "€100.00"],
      ["Child charges: €5.00 × 1 child × 1 night", "€5.00"],
      ["Points discount", "−€10.00"],
      ["Total paid", "€95.00"],
    ]);
    expect(breakdownRows(charges, i18next.t, money, count, { total: null }).map((row) => row.tone)).toEqual(["charge", "charge"]);
  });
});
