import { describe, expect, it } from "vitest";
import {
  convertForDisplay,
  convertToWholeUnits,
  currencyDigits,
  decimalToMicros,
  implausibleRate,
  microsToDecimal,
  numberToMicros,
} from "./fx.ts";

describe("rates as micros", () => {
  it("reads plain decimals exactly and writes them back shortest", () => {
    expect(decimalToMicros("0.92")).toBe(920_000);
    expect(decimalToMicros(" 151.5 ")).toBe(151_500_000);
    expect(decimalToMicros("1")).toBe(1_000_000);
    expect(decimalToMicros("0.000001")).toBe(1);
    expect(decimalToMicros("0.1234567")).toBeNull();
    expect(decimalToMicros("1e3")).toBeNull();
    expect(decimalToMicros("-1")).toBeNull();
    expect(decimalToMicros("1,5")).toBeNull();
    expect(microsToDecimal(920_000)).toBe("0.92");
    expect(microsToDecimal(151_500_000)).toBe("151.5");
    expect(microsToDecimal(2_000_000)).toBe("2");
    expect(microsToDecimal(1)).toBe("0.000001");
  });

  it("reads a feed's JSON numbers through their decimal text, never by multiplying floats", () => {
    // 0.57 * 1e6 is 569999.9999999999 in floating point; the text "0.57" is exact.
    expect(numberToMicros(0.57)).toBe(570_000);
    expect(numberToMicros(1.1)).toBe(1_100_000);
    expect(numberToMicros(150.25)).toBe(150_250_000);
    expect(numberToMicros(1e-7)).toBeNull();
    expect(numberToMicros(0)).toBeNull();
    expect(numberToMicros(Number.NaN)).toBeNull();
  });

  it("refuses rates outside the bounds or far from the stored one", () => {
    expect(implausibleRate(920_000)).toBeNull();
    expect(implausibleRate(99)).toMatch(/between 0.0001 and 100000/);
    expect(implausibleRate(100_001_000_000)).toMatch(/between/);
    expect(implausibleRate(4_600_000, 920_000)).toBeNull();
    expect(implausibleRate(4_600_001, 920_000)).toMatch(/5 times/);
    expect(implausibleRate(183_999, 920_000)).toMatch(/5 times/);
  });
});

describe("conversion for display", () => {
  it("knows minor units from Intl: JPY has none", () => {
    expect(currencyDigits("USD")).toBe(2);
    expect(currencyDigits("JPY")).toBe(0);
  });

  it("rounds to whole units of the display currency, half away from zero", () => {
    // $100.00 at 0.92 → €92 exactly.
    expect(convertToWholeUnits(10_000, 1_000_000, 2, 920_000)).toBe(92);
    // $123.45 at 0.92 → 113.574 → €114.
    expect(convertToWholeUnits(12_345, 1_000_000, 2, 920_000)).toBe(114);
    // $0.50 at 1 → exactly half → 1.
    expect(convertToWholeUnits(50, 1_000_000, 2, 1_000_000)).toBe(1);
    expect(convertToWholeUnits(49, 1_000_000, 2, 1_000_000)).toBe(0);
    expect(convertToWholeUnits(-50, 1_000_000, 2, 1_000_000)).toBe(-1);
    // ¥15,150 (no minor unit) at 151.5 per dollar, into EUR at 0.92 → €92.
    expect(convertToWholeUnits(15_150, 151_500_000, 0, 920_000)).toBe(92);
  });

  it("stays exact for amounts where floating point would drift", () => {
    // $10,000,000.05 at 151.5 → ¥1,515,000,007.575 → ¥1,515,000,008.
    expect(convertToWholeUnits(1_000_000_005, 1_000_000, 2, 151_500_000)).toBe(1_515_000_008);
  });

  it("converts through the base and gives up when a rate is missing", () => {
    const rates = { EUR: 920_000, JPY: 151_500_000 };
    expect(convertForDisplay(10_000, "USD", "JPY", rates)).toBe(15_150);
    expect(convertForDisplay(10_000, "USD", "USD", rates)).toBe(100);
    expect(convertForDisplay(9_200, "EUR", "USD", rates)).toBe(100);
    expect(convertForDisplay(10_000, "USD", "GBP", rates)).toBeNull();
    expect(convertForDisplay(10_000, "THB", "EUR", rates)).toBeNull();
  });
});
