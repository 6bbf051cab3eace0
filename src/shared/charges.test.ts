import { describe, expect, it } from "vitest";
import { type ChargesInput, computeCharges, shareOut } from "./charges.ts";
import { NO_TAXES, TaxSettings, cityTaxPerPersonNight } from "./taxes.ts";
import { ExtrasChoice, includedByPlan } from "./extras.ts";

const base: ChargesInput = {
  currency: "EUR",
  roomLabel: "Double",
  nights: 3,
  rooms: 1,
  adults: 2,
  childAges: [],
  stars: 4,
  nightlyPrices: [12000, 12000, 12000],
  roomsCents: 36000,
  childChargeCents: 0,
  discounts: [],
  extras: [],
  taxes: NO_TAXES,
};

describe("computeCharges", () => {
  it("without taxes the total is the room price", () => {
    const c = computeCharges(base);
    expect(c.totalCents).toBe(36000);
    expect(c.taxCents).toBe(0);
    expect(c.lines).toHaveLength(1);
    expect(c.lines[0]).toMatchObject({ kind: "room", quantity: 3, unitCents: 12000, amountCents: 36000, vatCents: 0 });
    expect(c.roomRevenueCents).toBe(36000);
  });

  it("an EU hotel: VAT included, city tax per person per night with a child exemption, breakfast per person per night", () => {
    const c = computeCharges({
      ...base,
      childAges: [10],
      extras: [
        {
          id: "7",
          name: "Breakfast",
          kind: "breakfast",
          pricing: "per_person_per_night",
          priceCents: 1500,
          taxable: true,
          quantity: 1,
          inPlan: false,
        },
      ],
      taxes: {
        vat: { name: "VAT", rateBasisPoints: 1000, included: true },
        cityTax: {
          name: "Taxe de séjour",
          kind: "per_person_per_night",
          amountCents: 100,
          rateBasisPoints: 0,
          tiers: [
            { minStars: 4, amountCents: 260 },
            { minStars: 5, amountCents: 500 },
          ],
          childrenExemptUnderAge: 18,
          maxNights: null,
        },
        fees: [],
      },
    });
    // Breakfast: 3 persons × 3 nights × 15.00 = 135.00; VAT inside 360.00 + 135.00 = 495.00 at 10 % = 45.00.
    const extra = c.lines.find((l) => l.kind === "extra")!;
    expect(extra).toMatchObject({ quantity: 9, unitCents: 1500, amountCents: 13500 });
    const vat = c.lines.find((l) => l.code === "vat")!;
    expect(vat).toMatchObject({ amountCents: 4500, included: true, rateBasisPoints: 1000 });
    // 4500 shared 3272.73 / 1227.27: the room takes the remaining cent.
    expect(c.lines.find((l) => l.kind === "room")!.vatCents).toBe(3273);
    expect(extra.vatCents).toBe(1227);
    // City tax: 2 adults (the child of 10 is exempt) × 3 nights × 2.60 (the 4-star tier).
    expect(c.lines.find((l) => l.code === "city_tax")).toMatchObject({ quantity: 6, unitCents: 260, amountCents: 1560, included: false });
    expect(c.totalCents).toBe(36000 + 13500 + 1560);
    expect(c.taxCents).toBe(4500 + 1560);
    expect(c.addedTaxCents).toBe(1560);
    expect(c.beforeTaxesAndFeesCents).toBe(49500);
    expect(c.taxesAndFeesCents).toBe(1560);
    expect(c.roomRevenueCents).toBe(36000 - 3273);
    expect(c.extrasRevenueCents).toBe(13500 - 1227);
  });

  it("a US hotel: sales tax added, a taxed resort fee per night and an untaxed cleaning fee, after a promo code", () => {
    const c = computeCharges({
      ...base,
      currency: "USD",
      nights: 2,
      nightlyPrices: [20000, 25000],
      roomsCents: 45000,
      discounts: [{ code: "promotion", label: "SUMMER10", cents: 4500 }],
      taxes: {
        vat: { name: "Sales tax", rateBasisPoints: 1475, included: false },
        cityTax: null,
        fees: [
          { name: "Resort fee", basis: "per_night", amountCents: 3000, vatApplies: true },
          { name: "Cleaning fee", basis: "per_stay", amountCents: 5000, vatApplies: false },
        ],
      },
    });
    // Taxed: 450.00 − 45.00 + 60.00 = 465.00 × 14.75 % = 68.5875 → 68.59 (half up once).
    expect(c.lines.find((l) => l.code === "vat")).toMatchObject({ amountCents: 6859, included: false });
    expect(c.lines.filter((l) => l.kind === "room").map((l) => l.amountCents)).toEqual([20000, 25000]);
    expect(c.lines.find((l) => l.label === "Cleaning fee")).toMatchObject({ amountCents: 5000, vatCents: 0, rateBasisPoints: 0 });
    expect(c.lines.filter((l) => l.kind !== "tax").reduce((s, l) => s + l.vatCents, 0)).toBe(6859);
    expect(c.feesCents).toBe(11000);
    expect(c.totalCents).toBe(40500 + 11000 + 6859);
    expect(c.beforeTaxesAndFeesCents).toBe(40500);
    expect(c.taxesAndFeesCents).toBe(17859);
    expect(c.roomRevenueCents).toBe(40500);
  });

  it("a percentage city tax is a share of the room price net of included VAT, capped nights do not apply to it", () => {
    const c = computeCharges({
      ...base,
      taxes: {
        vat: { name: "IVA", rateBasisPoints: 1000, included: true },
        cityTax: {
          name: "Tourist tax",
          kind: "percent",
          amountCents: 0,
          rateBasisPoints: 500,
          tiers: [],
          childrenExemptUnderAge: null,
          maxNights: null,
        },
        fees: [],
      },
    });
    // 360.00 gross holds 32.73 VAT; 5 % of 327.27 = 16.36.
    expect(c.lines.find((l) => l.code === "city_tax")!.amountCents).toBe(1636);
    expect(c.totalCents).toBe(36000 + 1636);
  });

  it("caps the taxed nights and an extra in the plan costs nothing", () => {
    const c = computeCharges({
      ...base,
      nights: 10,
      nightlyPrices: Array(10).fill(10000),
      roomsCents: 100000,
      extras: [
        {
          id: "1",
          name: "Breakfast",
          kind: "breakfast",
          pricing: "per_person_per_night",
          priceCents: 1500,
          taxable: true,
          quantity: 1,
          inPlan: true,
        },
      ],
      taxes: {
        ...NO_TAXES,
        cityTax: {
          name: "City tax",
          kind: "per_person_per_night",
          amountCents: 300,
          rateBasisPoints: 0,
          tiers: [],
          childrenExemptUnderAge: null,
          maxNights: 7,
        },
      },
    });
    expect(c.lines.find((l) => l.kind === "extra")).toMatchObject({ amountCents: 0, inPlan: true, quantity: 20 });
    expect(c.lines.find((l) => l.code === "city_tax")).toMatchObject({ quantity: 14, amountCents: 4200 });
  });

  it("falls back to one room line when the nightly prices do not explain the total", () => {
    const c = computeCharges({ ...base, nightlyPrices: [], roomsCents: 33333 });
    expect(c.lines).toEqual([expect.objectContaining({ kind: "room", quantity: 1, amountCents: 33333 })]);
  });
});

describe("shareOut", () => {
  it("adds up exactly, negatives included", () => {
    expect(shareOut(100, [1, 1, 1])).toEqual([34, 33, 33]);
    const shares = shareOut(4500, [45000, -4500, 6000]);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(4500);
    expect(shareOut(0, [1, 2])).toEqual([0, 0]);
  });
});

describe("tax settings", () => {
  it("refuses a rate over 100 % or negative, and repeated tiers, with words", () => {
    const over = TaxSettings.safeParse({ vat: { name: "VAT", rateBasisPoints: 10001, included: true }, cityTax: null, fees: [] });
    expect(over.success).toBe(false);
    expect(over.error!.issues[0]!.message).toBe("VAT rate must be between 0 and 100 %");
    const negative = TaxSettings.safeParse({
      vat: null,
      cityTax: null,
      fees: [{ name: "Cleaning", basis: "per_stay", amountCents: -1, vatApplies: false }],
    });
    expect(negative.error!.issues[0]!.message).toBe("Fee amount cannot be negative");
    const tiers = TaxSettings.safeParse({
      vat: null,
      cityTax: {
        name: "City",
        kind: "per_person_per_night",
        amountCents: 100,
        rateBasisPoints: 0,
        tiers: [
          { minStars: 3, amountCents: 1 },
          { minStars: 3, amountCents: 2 },
        ],
        childrenExemptUnderAge: null,
        maxNights: null,
      },
      fees: [],
    });
    expect(tiers.error!.issues[0]!.message).toBe("Each city tax tier needs different stars");
  });

  it("picks the highest tier the stars reach", () => {
    const city = {
      name: "c",
      kind: "per_person_per_night" as const,
      amountCents: 100,
      rateBasisPoints: 0,
      tiers: [
        { minStars: 3, amountCents: 200 },
        { minStars: 5, amountCents: 400 },
      ],
      childrenExemptUnderAge: null,
      maxNights: null,
    };
    expect(cityTaxPerPersonNight(city, 2)).toBe(100);
    expect(cityTaxPerPersonNight(city, 4)).toBe(200);
    expect(cityTaxPerPersonNight(city, 5)).toBe(400);
  });
});

describe("extras", () => {
  it("a plan includes breakfast by its meal plan and parking by its inclusions", () => {
    expect(includedByPlan("breakfast", { mealPlan: "half_board", inclusions: [] })).toBe(true);
    expect(includedByPlan("breakfast", { mealPlan: "room_only", inclusions: ["parking"] })).toBe(false);
    expect(includedByPlan("parking", { mealPlan: "room_only", inclusions: ["parking"] })).toBe(true);
    expect(includedByPlan("pet", null)).toBe(false);
  });
  it("refuses an extra chosen twice", () => {
    expect(ExtrasChoice.safeParse([{ extraId: "1" }, { extraId: "1" }]).success).toBe(false);
    expect(ExtrasChoice.parse([{ extraId: "2" }])).toEqual([{ extraId: "2", quantity: 1 }]);
  });
});
