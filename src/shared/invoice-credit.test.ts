import { describe, expect, it } from "vitest";
import { type InvoiceLine, creditLinesFor, invoiceTaxTotals, invoiceTotals } from "./invoices.ts";

const line = (kind: InvoiceLine["kind"], netCents: number, rate: number, taxCents: number): InvoiceLine => ({
  kind,
  description: kind,
  quantity: 1,
  unitCents: netCents,
  netCents,
  taxRateBasisPoints: rate,
  taxCents,
  totalCents: netCents + taxCents,
});

// The EU invoice of tests/api/invoice-taxes.test.ts: 359.98 with 31.82 VAT at 10 % and a 10.00 city tax.
const invoice = [line("room", 21816, 1000, 2182), line("extra", 8182, 1000, 818), line("fee", 1818, 1000, 182), line("tax", 1000, 0, 0)];

describe("credit notes with taxes (decision 063)", () => {
  it("reverses every line exactly when the whole invoice is credited", () => {
    const lines = creditLinesFor(invoice, 35998, 35998);
    expect(lines.map((l) => [l.netCents, l.taxCents, l.totalCents])).toEqual([
      [-21816, -2182, -23998],
      [-8182, -818, -9000],
      [-1818, -182, -2000],
      [-1000, 0, -1000],
    ]);
  });

  it("takes the same share of every line and tax for a partial refund, the cents adding up exactly", () => {
    // Half of 359.98 is 179.99: each net and tax halves, the odd cents by largest remainder.
    const lines = creditLinesFor(invoice, 17999, 35998);
    expect(invoiceTotals(lines).totalCents).toBe(-17999);
    // Exact halves: −10908, −1091, −4091, −409, −909, −91, −500, 0 = −17999: nothing left to round.
    expect(lines.map((l) => [l.kind, l.netCents, l.taxCents])).toEqual([
      ["room", -10908, -1091],
      ["extra", -4091, -409],
      ["fee", -909, -91],
      ["tax", -500, 0],
    ]);
    // A third (119.99 of 359.98 → 33.332…%): rounding falls where the remainders are largest.
    const third = creditLinesFor(invoice, 11999, 35998);
    const totals = invoiceTotals(third);
    expect(totals.totalCents).toBe(-11999);
    // VAT credited: 31.82 / 3 = 10.606… → 10.61 (±1 cent by the shared rounding), city tax 10.00 / 3 → 3.33.
    expect(Math.abs(totals.taxCents + 1061)).toBeLessThanOrEqual(1);
    expect(invoiceTaxTotals(third).other).toEqual([{ description: "tax", cents: -333 }]);
  });

  it("sums the tax per rate and lists the other taxes apart", () => {
    expect(invoiceTaxTotals([...invoice, line("extra", 500, 0, 0)])).toEqual({
      vat: [{ rateBasisPoints: 1000, netCents: 31816, taxCents: 3182 }],
      other: [{ description: "tax", cents: 1000 }],
    });
  });
});
