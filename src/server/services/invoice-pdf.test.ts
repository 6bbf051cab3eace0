import { describe, expect, it } from "vitest";
import { invoiceTotals, type InvoiceLine } from "../../shared/invoices.ts";
import { pdfSafe, renderInvoicePdf } from "./invoice-pdf.ts";
import type { FullInvoice } from "./invoices.ts";

/** The words of an uncompressed PDF's text operators (pdfkit writes them as hex strings). */
function pdfText(bytes: Buffer): string {
  return [...bytes.toString("latin1").matchAll(/<([0-9a-fA-F]+)>/g)].map((m) => Buffer.from(m[1]!, "hex").toString("latin1")).join("");
}

const refund: InvoiceLine = {
  kind: "refund",
  description: "Refund for booking BK1767225600000ABCDE (invoice H3-000001)",
  quantity: 1,
  unitCents: -12050,
  netCents: -12050,
  taxRateBasisPoints: 0,
  taxCents: 0,
  totalCents: -12050,
};
const party = { name: "Zoë Müller", company: null, taxId: "DE123", address: "Weg 1, Köln", email: "zoe@example.com" };

function creditNote(): FullInvoice {
  return {
    invoice: {
      id: 2,
      hotelId: 3,
      number: 2,
      invoiceNumber: "H3-000002",
      kind: "credit_note",
      creditedInvoiceId: 1,
      bookingId: "b",
      sourceKey: "booking:b:refund:12050",
      issuedAt: new Date("2026-03-28T23:30:00Z"),
      seller: { ...party, name: "Hotel Köln GmbH" },
      buyer: party,
      currency: "EUR",
      lines: [refund],
      ...invoiceTotals([refund]),
      settlement: { paidByCardCents: 0, paidWithPointsCents: 0, pointsRedeemed: 0, dueAtHotelCents: 0, refundedToCardCents: 12050 },
    },
    bookingReference: "BK1767225600000ABCDE",
    creditedInvoiceNumber: "H3-000001",
    timeZone: "Europe/Berlin",
    hotelName: "Hotel Köln",
    roomType: "Double",
    checkIn: "2026-04-10",
    checkOut: "2026-04-12",
  };
}

describe("invoice PDFs", () => {
  it("keep what the standard fonts can print and mark the rest", () => {
    expect(pdfSafe("Zoë Müller — 120 €")).toBe("Zoë Müller — 120 €");
    expect(pdfSafe("李 Ωmega\u202f5")).toBe("? ?mega 5");
  });

  it("print a credit note with the invoice it corrects, its negative total and the hotel's local issue date", async () => {
    const bytes = await renderInvoicePdf(creditNote());
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const text = pdfText(bytes);
    expect(text).toContain("Credit note H3-000002");
    expect(text).toContain("Corrects invoice H3-000001");
    // "€" is byte 0x80 in the fonts' Windows-1252.
    expect(text).toContain("-\x80120.50");
    expect(text).toContain("Refunded to card");
    // 23:30 UTC on 28 March is already 00:30 on the 29th in Berlin: the hotel's date is printed.
    expect(text).toContain("Issued: 2026-03-29");
    expect(text).toContain("Zoë Müller");
  });
});
