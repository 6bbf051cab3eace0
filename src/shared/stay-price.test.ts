import { describe, expect, it } from "vitest";
import { defaultPriceDisplay, isPriceDisplay, stayPriceHeadline, stayPriceOf } from "./stay-price.ts";
import { NO_TAXES, type TaxSettings } from "./taxes.ts";

const stay = { currency: "EUR", nights: 2, rooms: 2, adults: 3, childAges: [3, 10], stars: 5 };

describe("stayPriceOf", () => {
  it("is the room price alone for a hotel without taxes or fees", () => {
    expect(stayPriceOf({ ...stay, roomsCents: 40_000, childChargeCents: 2_000, taxes: NO_TAXES })).toEqual({
      beforeTaxesAndFeesCents: 42_000,
      taxesAndFeesCents: 0,
      totalCents: 42_000,
    });
  });

  it("adds fees per room and night, added VAT and a percentage city tax, each rounded once for the stay", () => {
    const taxes: TaxSettings = {
      vat: { name: "Sales tax", rateBasisPoints: 725, included: false },
      cityTax: {
        name: "Occupancy tax",
        kind: "percent",
        amountCents: 0,
        rateBasisPoints: 600,
        tiers: [],
        childrenExemptUnderAge: null,
        maxNights: null,
      },
      fees: [{ name: "Resort fee", basis: "per_night", amountCents: 2_999, vatApplies: true }],
    };
    // Rooms 40,001; fee 2 rooms × 2 nights × 2,999 = 11,996 (taxed); sales tax 7.25 % × 51,997 = 3,769.78 → 3,770;
    // occupancy 6 % × 40,001 = 2,400.06 → 2,400. Total 40,001 + 11,996 + 3,770 + 2,400 = 58,167.
    expect(stayPriceOf({ ...stay, roomsCents: 40_001, childChargeCents: 0, taxes })).toEqual({
      beforeTaxesAndFeesCents: 40_001,
      taxesAndFeesCents: 18_166,
      totalCents: 58_167,
    });
  });

  it("counts included VAT in the price, not on top", () => {
    const taxes: TaxSettings = { vat: { name: "IVA", rateBasisPoints: 1000, included: true }, cityTax: null, fees: [] };
    expect(stayPriceOf({ ...stay, roomsCents: 33_333, childChargeCents: 0, taxes })).toEqual({
      beforeTaxesAndFeesCents: 33_333,
      taxesAndFeesCents: 0,
      totalCents: 33_333,
    });
  });
});

describe("defaultPriceDisplay", () => {
  it("shows prices before taxes to travellers from the US and Canada, including them elsewhere", () => {
    expect(defaultPriceDisplay("US")).toBe("before");
    expect(defaultPriceDisplay("ca")).toBe("before");
    expect(defaultPriceDisplay("DE")).toBe("including");
    expect(defaultPriceDisplay("GB")).toBe("including");
    expect(defaultPriceDisplay(null)).toBe("including");
  });

  it("knows its two values", () => {
    expect(isPriceDisplay("before")).toBe(true);
    expect(isPriceDisplay("including")).toBe(true);
    expect(isPriceDisplay("excluded")).toBe(false);
    expect(isPriceDisplay(null)).toBe(false);
  });
});

describe("stayPriceHeadline", () => {
  const price = { beforeTaxesAndFeesCents: 30_000, taxesAndFeesCents: 4_512, totalCents: 34_512 };

  it("shows the total including taxes and fees, or the amount before them with what is added", () => {
    expect(stayPriceHeadline(price, "including")).toEqual({ amountCents: 34_512, addedCents: null });
    expect(stayPriceHeadline(price, "before")).toEqual({ amountCents: 30_000, addedCents: 4_512 });
  });

  it("adds nothing when there is nothing to add", () => {
    const flat = { beforeTaxesAndFeesCents: 30_000, taxesAndFeesCents: 0, totalCents: 30_000 };
    expect(stayPriceHeadline(flat, "before")).toEqual({ amountCents: 30_000, addedCents: null });
  });
});
