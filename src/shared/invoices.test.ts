import { describe, expect, it } from "vitest";
import { BillingDetailsInput, type InvoicedBooking, invoiceLinesFor, invoiceNumberText, invoiceTotals, monthEnd } from "./invoices.ts";

const base: InvoicedBooking = {
  roomType: "Deluxe",
  ratePlanName: null,
  checkIn: "2026-12-03",
  numRooms: 2,
  totalNights: 3,
  nightlyPriceCents: [10000, 12000, 10000],
  totalPriceCents: 2 * 32000,
  childChargeCents: 0,
  promoCode: null,
  promoDiscountCents: 0,
  memberDiscountCents: 0,
};

describe("invoiceLinesFor", () => {
  it("groups nights by price × rooms, with the plan's name", () => {
    const lines = invoiceLinesFor({ ...base, ratePlanName: "Non-refundable" });
    expect(lines.map((l) => [l.kind, l.description, l.quantity, l.unitCents, l.totalCents])).toEqual([
      ["room", "Deluxe (Non-refundable): 2 nights × 2 rooms", 4, 10000, 40000],
      ["room", "Deluxe (Non-refundable): 1 night × 2 rooms", 2, 12000, 24000],
    ]);
    expect(invoiceTotals(lines)).toEqual({ netCents: 64000, taxCents: 0, totalCents: 64000 });
  });

  it("adds child charges and the discounts taken off the total as negative lines, summing to the total to the cent", () => {
    // 64000 of rooms + 3000 of children, less a 10 % code (6700) and a 5 % member price (3015).
    const b = {
      ...base,
      childChargeCents: 3000,
      promoCode: "AUTUMN",
      promoDiscountCents: 6700,
      memberDiscountCents: 3015,
      totalPriceCents: 57285,
    };
    const lines = invoiceLinesFor(b);
    expect(lines.slice(2).map((l) => [l.kind, l.description, l.totalCents])).toEqual([
      ["child", "Child charges", 3000],
      ["discount", "Promo code AUTUMN", -6700],
      ["discount", "Member price", -3015],
    ]);
    expect(invoiceTotals(lines).totalCents).toBe(57285);
    expect(lines.every((l) => l.taxCents === 0 && l.taxRateBasisPoints === 0 && l.netCents === l.totalCents)).toBe(true);
  });

  it("makes the rooms one line when the stored nights do not explain the amount (older bookings)", () => {
    expect(invoiceLinesFor({ ...base, nightlyPriceCents: null, totalPriceCents: 63999 })).toEqual([
      expect.objectContaining({
        kind: "room",
        description: "Deluxe: 3 nights × 2 rooms",
        quantity: 1,
        unitCents: 63999,
        totalCents: 63999,
      }),
    ]);
    expect(invoiceTotals(invoiceLinesFor({ ...base, totalPriceCents: 70000 })).totalCents).toBe(70000);
  });
});

describe("invoice helpers", () => {
  it("numbers per hotel with six digits", () => {
    expect(invoiceNumberText(12, 7)).toBe("H12-000007");
  });
  it("finds the next month's first day", () => {
    expect(monthEnd("2026-12")).toBe("2027-01-01");
    expect(monthEnd("2026-02")).toBe("2026-03-01");
  });
  it("checks billing details: a name, tax ids of a sane shape, empty fields as null", () => {
    expect(BillingDetailsInput.parse({ name: " Ann ", company: "", taxId: "DE 136/695-976" })).toEqual({
      name: "Ann",
      company: null,
      taxId: "DE 136/695-976",
      address: null,
    });
    // A VAT number with its country's prefix must pass that country's check (decision 060).
    expect(BillingDetailsInput.safeParse({ name: "Ann", taxId: "DE 123/456-7" }).error?.issues[0]?.message).toBe(
      "This German VAT number should be DE followed by 9 digits: check it against the VAT certificate (Bestätigung der USt-IdNr.)",
    );
    expect(BillingDetailsInput.safeParse({ name: "" }).success).toBe(false);
    expect(BillingDetailsInput.safeParse({ name: "Ann", taxId: "<script>" }).success).toBe(false);
  });
});
