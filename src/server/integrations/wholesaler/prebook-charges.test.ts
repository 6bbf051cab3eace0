/** The wholesaler's tax and fee lines (decision 062): read from its pre-book answer and kept on the booking's breakdown. */
import { XMLParser } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import type { Db } from "../../db/client.ts";
import { NO_DISCOUNTS, type SupplierPricedRoom, stayCharges } from "../../services/bookings/charges.ts";
import { parsePreBook } from "./wholesaler-answers.ts";

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@", removeNSPrefix: true, parseTagValue: false });
const xml = (text: string) => parser.parse(text) as Record<string, unknown>;

describe("partner taxes and fees", () => {
  it("reads the tax inside the price and each fee, paid at the hotel or not", () => {
    const answer = parsePreBook(
      xml(`<preBookResultWithTaxAndFees><PreBookCode>abc</PreBookCode><Price currency="USD">330.00</Price>
        <Tax currency="USD">30.00</Tax>
        <Fees>
          <Fee><FeeTitle>Resort fee</FeeTitle><Value currency="USD">45.00</Value><PayableAtHotel>true</PayableAtHotel></Fee>
          <Fee><FeeTitle>Service charge</FeeTitle><Value currency="USD">12.50</Value></Fee>
          <Fee><FeeTitle>Nothing</FeeTitle><Value currency="USD">0.00</Value></Fee>
        </Fees></preBookResultWithTaxAndFees>`),
      false,
    );
    expect(answer.priceCents).toBe(33000);
    expect(answer.charges).toEqual([
      { kind: "tax", name: "Taxes", amountCents: 3000, payableAtHotel: false },
      { kind: "fee", name: "Resort fee", amountCents: 4500, payableAtHotel: true },
      { kind: "fee", name: "Service charge", amountCents: 1250, payableAtHotel: false },
    ]);
    const none = parsePreBook(
      xml(
        `<preBookResultWithTaxAndFees><PreBookCode>abc</PreBookCode><Price currency="USD">99.90</Price><Tax currency="USD">0.00</Tax><Fees/></preBookResultWithTaxAndFees>`,
      ),
      false,
    );
    expect(none.charges).toEqual([]);
  });

  it("keeps them on the breakdown as tax and fee lines, the total the supplier's price", async () => {
    const priced: SupplierPricedRoom = {
      hotelName: "Partner Hotel",
      roomName: "Double",
      nightlyPriceCents: 11000,
      totalPriceCents: 33000,
      childChargeCents: 0,
      currency: "USD",
      source: { supplier: "wholesaler" },
      supplierCharges: [
        { kind: "tax", name: "Taxes", amountCents: 3000, payableAtHotel: false },
        { kind: "fee", name: "Resort fee", amountCents: 4500, payableAtHotel: true },
      ],
    };
    const stay = { checkIn: "2030-05-01", checkOut: "2030-05-04", rooms: 1, guests: 2, childAges: [] };
    // No extras chosen: the database is not asked.
    const breakdown = await stayCharges(null as unknown as Db, priced, stay as never, [], NO_DISCOUNTS);
    expect(breakdown.totalCents).toBe(33000);
    expect(breakdown.taxCents).toBe(0);
    expect(breakdown.lines.filter((l) => l.code === "supplier_tax" || l.code === "supplier_fee")).toEqual([
      expect.objectContaining({ kind: "tax", label: "Taxes", amountCents: 3000, included: true }),
      expect.objectContaining({ kind: "fee", label: "Resort fee (payable at the hotel)", amountCents: 4500, payableAtHotel: true }),
    ]);
  });
});
