import { describe, expect, it } from "vitest";
import { TaxSettings } from "../../../shared/taxes.ts";
import { basisPointsToPercent, centsToMoney, moneyToCents, optionalWhole, percentToBasisPoints } from "./amounts.ts";

describe("typed amounts", () => {
  it("turn percentages into basis points and back", () => {
    expect(percentToBasisPoints("7.5")).toBe(750);
    expect(percentToBasisPoints("7,5")).toBe(750);
    expect(percentToBasisPoints(" 19 ")).toBe(1900);
    expect(percentToBasisPoints("14.75")).toBe(1475);
    expect(percentToBasisPoints("0.01")).toBe(1);
    expect(percentToBasisPoints("100")).toBe(10_000);
    expect(percentToBasisPoints("-3")).toBe(-300);
    expect(percentToBasisPoints("")).toBeNaN();
    expect(percentToBasisPoints("7%")).toBeNaN();
    expect(basisPointsToPercent(750)).toBe("7.5");
    expect(basisPointsToPercent(1475)).toBe("14.75");
  });

  it("leave a third decimal as a fraction the schema refuses in words", () => {
    expect(percentToBasisPoints("7.125")).toBeCloseTo(712.5);
    const result = TaxSettings.safeParse({
      vat: { name: "VAT", rateBasisPoints: percentToBasisPoints("7.125"), included: true },
      cityTax: null,
      fees: [],
    });
    expect(result.error?.issues[0]?.message).toBe("VAT rate must be given to two decimal places at most");
    expect(
      TaxSettings.safeParse({ vat: { name: "VAT", rateBasisPoints: percentToBasisPoints("x"), included: true }, cityTax: null, fees: [] })
        .error?.issues[0]?.message,
    ).toBe("VAT rate must be a number");
  });

  it("turn money into cents and back, and optional whole numbers into null or a number", () => {
    expect(moneyToCents("2.50")).toBe(250);
    expect(moneyToCents("2.5")).toBe(250);
    expect(moneyToCents("18")).toBe(1800);
    expect(centsToMoney(250)).toBe("2.50");
    expect(optionalWhole("")).toBeNull();
    expect(optionalWhole("12")).toBe(12);
    expect(optionalWhole("1.5")).toBeNaN();
  });
});
