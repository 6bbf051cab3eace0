import { describe, expect, it } from "vitest";
import { ExtraInput } from "../../../shared/extras.ts";
import { TaxSettings } from "../../../shared/taxes.ts";
import { DEMO_EXTRAS, demoTaxSettings } from "./demo-charges.ts";
import { generateHotel } from "./catalogue.ts";

describe("demo charges", () => {
  it("are valid settings for every country of the demo catalogue that has them, and most demo hotels' countries have them", () => {
    const countries = Array.from({ length: 2000 }, (_, i) => generateHotel(i).hotel.countryCode);
    for (const code of new Set(countries)) {
      const settings = demoTaxSettings(code);
      if (settings) expect(TaxSettings.safeParse(settings).error?.issues, code).toBeUndefined();
    }
    expect(countries.filter((code) => demoTaxSettings(code) !== null).length / countries.length).toBeGreaterThan(0.75);
    for (const extra of DEMO_EXTRAS) expect(ExtraInput.safeParse(extra).success, extra.name).toBe(true);
  });

  it("follow the country's way of showing prices: included in Germany, added in the United States", () => {
    expect(demoTaxSettings("DE")?.vat).toMatchObject({ rateBasisPoints: 700, included: true });
    expect(demoTaxSettings("US")?.vat).toMatchObject({ rateBasisPoints: 1475, included: false });
    expect(demoTaxSettings("AQ")).toBeNull();
  });
});
