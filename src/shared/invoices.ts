/**
 * Invoices and credit notes (decision 056): what a line and a party are, the billing and legal
 * details people type, and the one rule that turns a booking's stored amounts into invoice lines.
 * Amounts are integer minor units; a credit note's amounts are negative, so a ledger sums as is.
 */
import { z } from "zod";
import { taxIdProblem } from "./tax-ids.ts";
import { type PriceBreakdown, shareOut } from "./charges.ts";

export const INVOICE_KINDS = ["invoice", "credit_note"] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/**
 * What a line is for. `tax`, `fee` and `extra` are reserved for taxes, fixed fees and extras
 * (issue 30 items 1, 2 and 4): the invoice already carries a rate and an amount of tax per line.
 */
export const INVOICE_LINE_KINDS = ["room", "child", "discount", "extra", "fee", "tax", "refund"] as const;
export type InvoiceLineKind = (typeof INVOICE_LINE_KINDS)[number];

export interface InvoiceLine {
  kind: InvoiceLineKind;
  description: string;
  quantity: number;
  unitCents: number;
  /** Before tax. */
  netCents: number;
  /** Tax rate in basis points (2000 = 20 %); 0 until taxes are configured. */
  taxRateBasisPoints: number;
  taxCents: number;
  /** netCents + taxCents. */
  totalCents: number;
}

/** The seller or the buyer as the document was issued (later edits never reach an issued invoice). */
export interface InvoiceParty {
  name: string;
  company: string | null;
  taxId: string | null;
  address: string | null;
  email: string | null;
}

/** How the invoice's total was or will be paid (points are a means of payment, not a discount). */
export interface InvoiceSettlement {
  paidByCardCents: number;
  paidWithPointsCents: number;
  pointsRedeemed: number;
  dueAtHotelCents: number;
  /** Credit notes: what went back to the card. */
  refundedToCardCents: number;
}

/** H{hotel}-{six digits}: one series per hotel for invoices and credit notes alike. */
export function invoiceNumberText(hotelId: number, number: number): string {
  return `H${hotelId}-${String(number).padStart(6, "0")}`;
}

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((value) => (value ? value : null));

/** A VAT number, EIN, ABN...: letters, digits and the usual separators. */
const TAX_ID = /^[A-Za-z0-9][A-Za-z0-9 ./-]{1,38}[A-Za-z0-9]$/;
const taxId = optionalText(40, "Tax ID")
  .refine((value) => value === null || TAX_ID.test(value), {
    message: "Tax ID may contain only letters, digits, spaces, dots, slashes and dashes (3 to 40 characters)",
  })
  .superRefine((value, ctx) => {
    // An EU or GB VAT number (by its prefix) must have its country's shape and check digits (decision 060).
    const problem = value !== null && TAX_ID.test(value) ? taxIdProblem(value) : null;
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

/** The guest's billing details, editable until the invoice is issued. */
export const BillingDetailsInput = z.object({
  name: z.string().trim().min(1, "Billing name is required").max(200, "Billing name must be at most 200 characters"),
  company: optionalText(200, "Company"),
  taxId,
  address: optionalText(500, "Billing address"),
});
export type BillingDetailsInput = z.infer<typeof BillingDetailsInput>;

/** The hotel's legal details printed on its invoices. */
export const LegalDetailsInput = z.object({
  legalName: z.string().trim().min(1, "Legal name is required").max(200, "Legal name must be at most 200 characters"),
  legalAddress: z.string().trim().min(1, "Legal address is required").max(500, "Legal address must be at most 500 characters"),
  taxId,
});
export type LegalDetailsInput = z.infer<typeof LegalDetailsInput>;

/** A ledger month, YYYY-MM (years 2000-2099 like every back-office date). */
export const LEDGER_MONTH = /^20\d\d-(0[1-9]|1[0-2])$/;

/** The first day of the month after `month` (YYYY-MM), as YYYY-MM-DD. */
export function monthEnd(month: string): string {
  const [year, m] = month.split("-").map(Number) as [number, number];
  return m === 12 ? `${year + 1}-01-01` : `${year}-${String(m + 1).padStart(2, "0")}-01`;
}

/** The booking amounts an invoice is made from, as stored on the booking. */
export interface InvoicedBooking {
  roomType: string;
  ratePlanName: string | null;
  checkIn: string;
  numRooms: number;
  totalNights: number;
  nightlyPriceCents: number[] | null;
  /** Everything, after promotion and member discounts, before points. */
  totalPriceCents: number;
  childChargeCents: number;
  promoCode: string | null;
  promoDiscountCents: number;
  memberDiscountCents: number;
}

function line(kind: InvoiceLineKind, description: string, quantity: number, unitCents: number, totalCents: number): InvoiceLine {
  return { kind, description, quantity, unitCents, netCents: totalCents, taxRateBasisPoints: 0, taxCents: 0, totalCents };
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/**
 * The lines of a booking's invoice: room nights grouped by nightly price (× rooms, with the plan's
 * name), child charges, then the promotion and member discounts as negative lines. The lines always
 * add up to the booking's total to the cent: when the stored nightly prices do not explain the
 * room amount (older bookings), the rooms are one line of that amount.
 */
export function invoiceLinesFor(b: InvoicedBooking): InvoiceLine[] {
  const roomsCents = b.totalPriceCents - b.childChargeCents + b.promoDiscountCents + b.memberDiscountCents;
  const name = b.ratePlanName ? `${b.roomType} (${b.ratePlanName})` : b.roomType;
  const groups = new Map<number, number>();
  for (const price of b.nightlyPriceCents ?? []) groups.set(price, (groups.get(price) ?? 0) + 1);
  let lines = [...groups].map(([price, nights]) =>
    line(
      "room",
      `${name}: ${plural(nights, "night")} × ${plural(b.numRooms, "room")}`,
      nights * b.numRooms,
      price,
      price * nights * b.numRooms,
    ),
  );
  const explained = lines.reduce((sum, l) => sum + l.totalCents, 0);
  if (lines.length === 0 || explained !== roomsCents || (b.nightlyPriceCents?.length ?? 0) !== b.totalNights) {
    lines = [line("room", `${name}: ${plural(b.totalNights, "night")} × ${plural(b.numRooms, "room")}`, 1, roomsCents, roomsCents)];
  }
  if (b.childChargeCents > 0) lines.push(line("child", "Child charges", 1, b.childChargeCents, b.childChargeCents));
  if (b.promoDiscountCents > 0) {
    const label = b.promoCode ? `Promo code ${b.promoCode}` : "Promotion";
    lines.push(line("discount", label, 1, -b.promoDiscountCents, -b.promoDiscountCents));
  }
  if (b.memberDiscountCents > 0) lines.push(line("discount", "Member price", 1, -b.memberDiscountCents, -b.memberDiscountCents));
  return lines;
}

/** Net, tax and total of some lines. */
export function invoiceTotals(lines: readonly InvoiceLine[]): { netCents: number; taxCents: number; totalCents: number } {
  let netCents = 0;
  let taxCents = 0;
  for (const l of lines) {
    netCents += l.netCents;
    taxCents += l.taxCents;
  }
  return { netCents, taxCents, totalCents: netCents + taxCents };
}

/**
 * The lines of a booking that stores its price breakdown (decision 059, 063): one line per charge
 * line (rooms, child charges, discounts, extras, fees) with its VAT rate and its share of the VAT
 * (included VAT: net = amount − VAT; added VAT: net = amount, tax on top), and each tax that is not
 * VAT (the city tax) as a line of its own without VAT. The VAT line itself is not repeated: its cents
 * are on the lines. The lines add up to the breakdown's total to the cent.
 */
export function invoiceLinesFromCharges(charges: PriceBreakdown): InvoiceLine[] {
  const vatIncluded = charges.lines.some((l) => l.kind === "tax" && l.code === "vat" && l.included);
  const lines: InvoiceLine[] = [];
  for (const c of charges.lines) {
    if (c.kind === "tax") {
      if (c.code === "vat" || c.included) continue;
      lines.push({
        kind: "tax",
        description: c.label,
        quantity: c.quantity,
        unitCents: c.unitCents,
        netCents: c.amountCents,
        taxRateBasisPoints: 0,
        taxCents: 0,
        totalCents: c.amountCents,
      });
      continue;
    }
    const netCents = vatIncluded ? c.amountCents - c.vatCents : c.amountCents;
    lines.push({
      kind: c.kind,
      description: c.inPlan ? `${c.label} (included in the rate)` : c.label,
      quantity: c.quantity,
      unitCents: c.unitCents,
      netCents,
      taxRateBasisPoints: c.vatCents !== 0 || c.rateBasisPoints > 0 ? c.rateBasisPoints : 0,
      taxCents: c.vatCents,
      totalCents: netCents + c.vatCents,
    });
  }
  return lines;
}

/**
 * The lines of a credit note for `creditedCents` (positive) of an invoice: the same share of every
 * line's net and tax (largest remainder over all of them, so the cents add up to −creditedCents
 * exactly and each tax is reversed in proportion). Crediting the whole invoice reverses every line.
 */
export function creditLinesFor(invoiceLines: readonly InvoiceLine[], creditedCents: number, invoiceTotalCents: number): InvoiceLine[] {
  if (creditedCents === invoiceTotalCents) {
    return invoiceLines.map((l) => ({
      ...l,
      unitCents: -l.unitCents || 0,
      netCents: -l.netCents || 0,
      taxCents: -l.taxCents || 0,
      totalCents: -l.totalCents || 0,
    }));
  }
  const weights = invoiceLines.flatMap((l) => [l.netCents, l.taxCents]);
  const shares = shareOut(-creditedCents, weights);
  return invoiceLines
    .map((l, i) => {
      const netCents = shares[2 * i]! || 0;
      const taxCents = shares[2 * i + 1]! || 0;
      return { ...l, quantity: 1, unitCents: netCents, netCents, taxCents, totalCents: netCents + taxCents };
    })
    .filter((l) => l.netCents !== 0 || l.taxCents !== 0);
}

/** An invoice's tax totals: the VAT per rate (on which net amount) and each other tax line (city tax) by name. */
export interface InvoiceTaxTotals {
  vat: { rateBasisPoints: number; netCents: number; taxCents: number }[];
  other: { description: string; cents: number }[];
}

export function invoiceTaxTotals(lines: readonly InvoiceLine[]): InvoiceTaxTotals {
  const byRate = new Map<number, { rateBasisPoints: number; netCents: number; taxCents: number }>();
  const other = new Map<string, number>();
  for (const l of lines) {
    if (l.kind === "tax") {
      other.set(l.description, (other.get(l.description) ?? 0) + l.totalCents);
    } else if (l.taxRateBasisPoints > 0) {
      const row = byRate.get(l.taxRateBasisPoints) ?? { rateBasisPoints: l.taxRateBasisPoints, netCents: 0, taxCents: 0 };
      row.netCents += l.netCents;
      row.taxCents += l.taxCents;
      byRate.set(l.taxRateBasisPoints, row);
    }
  }
  return {
    vat: [...byRate.values()].sort((a, b) => a.rateBasisPoints - b.rateBasisPoints),
    other: [...other].map(([description, cents]) => ({ description, cents })),
  };
}
