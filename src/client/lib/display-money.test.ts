import { describe, expect, it } from "vitest";
import { displayAmount, formatWholeUnits, rateTable, rateUsed } from "./display-money.ts";
import { formatMoney } from "./format.ts";

const rates = rateTable({ EUR: "0.92", JPY: "151.5", GBP: "not a rate", XAU: "0.0004" });

describe("display money", () => {
  it("reads the public rates as micros, with the base at 1 and unreadable or unknown rates left out", () => {
    expect(rates).toEqual({ USD: 1_000_000, EUR: 920_000, JPY: 151_500_000 });
  });

  it("shows a converted estimate in whole units, marked ≈", () => {
    const eur = displayAmount(12_345, "USD", "EUR", rates);
    expect(eur.converted).toBe(true);
    expect(eur.text).toBe(`≈ ${formatWholeUnits(114, "EUR")}`);
    expect(eur.text).toMatch(/114/);
    expect(eur.text).not.toMatch(/114[.,]/);
    // JPY has no minor unit: ¥18,703 for $123.45 at 151.5.
    expect(displayAmount(12_345, "USD", "JPY", rates).text).toMatch(/18,703|18\u00a0703|18\.703/);
  });

  it("shows the amount exactly in its own currency when the display is that currency, or a rate is missing", () => {
    expect(displayAmount(12_345, "USD", "USD", rates)).toEqual({ text: formatMoney(12_345, "USD"), converted: false });
    expect(displayAmount(12_345, "USD", "GBP", rates)).toEqual({ text: formatMoney(12_345, "USD"), converted: false });
    expect(displayAmount(12_345, "USD", "EUR", null)).toEqual({ text: formatMoney(12_345, "USD"), converted: false });
  });
});

describe("the rate behind an estimate", () => {
  const updated = { EUR: "2026-11-27T06:00:00.000Z", JPY: "2026-11-20T06:00:00.000Z" };

  it("names the rate an amount is converted at and when it was set", () => {
    expect(rateUsed("USD", "EUR", rates, updated)).toEqual({ from: "USD", to: "EUR", rate: "0.92", updatedAt: "2026-11-27T06:00:00.000Z" });
    // Between two rates of the table: through the base, rounded to micros, dated by the older rate.
    expect(rateUsed("EUR", "JPY", rates, updated)).toEqual({
      from: "EUR",
      to: "JPY",
      rate: "164.673913",
      updatedAt: "2026-11-20T06:00:00.000Z",
    });
    expect(rateUsed("USD", "EUR", rates, {})?.updatedAt).toBeNull();
  });

  it("has none when nothing is converted", () => {
    expect(rateUsed("USD", "USD", rates, updated)).toBeNull();
    expect(rateUsed("USD", "GBP", rates, updated)).toBeNull();
    expect(rateUsed("USD", "EUR", null, updated)).toBeNull();
  });
});
