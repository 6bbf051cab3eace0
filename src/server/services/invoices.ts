/**
 * Invoices and credit notes (decision 056). An invoice is issued in the transaction that confirms a
 * paid (or partly paid) booking of our own rooms; a refund recorded as done issues a credit note for
 * the refunded amount. Numbers come from one counter row per hotel, locked until the issuing
 * transaction ends, so a rolled-back confirmation gives its number back and the series has no gap.
 * Issued rows are never changed (a trigger refuses it).
 */
import { and, asc, desc, eq, gte, lt, sql } from "drizzle-orm";
import { currencyDigits } from "../../shared/fx.ts";
import { dateIn, startOfDayIn } from "../../shared/time-zones.ts";
import { csvField } from "../../shared/csv.ts";
import { percentText } from "../../shared/taxes.ts";
import {
  type BillingDetailsInput,
  type InvoiceLine,
  type InvoiceParty,
  type InvoiceSettlement,
  type LegalDetailsInput,
  creditLinesFor,
  invoiceLinesFor,
  invoiceLinesFromCharges,
  invoiceNumberText,
  invoiceTaxTotals,
  invoiceTotals,
  monthEnd,
} from "../../shared/invoices.ts";
import type { Db } from "../db/client.ts";
import { bookingBillingDetails, bookings, hotels, invoiceCounters, invoices } from "../db/schema.ts";
import { DomainError } from "../domain-error.ts";
import { logActivity } from "./activity-log.ts";
import { assertHotelTaxId } from "./hotel-charges.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type BookingRow = typeof bookings.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;

/** The key that makes issuing a booking's invoice idempotent. */
export function invoiceSourceKey(bookingId: string): string {
  return `booking:${bookingId}:invoice`;
}

/** Partner (wholesaler) bookings are sold as an agent: the wholesaler or the hotel invoices them, not us. */
function invoicedByUs(row: Pick<BookingRow, "supplier" | "hotelId">): row is Pick<BookingRow, "supplier"> & { hotelId: number } {
  return row.supplier === "inventory" && row.hotelId !== null;
}

async function seller(db: Db | Tx, hotelId: number): Promise<InvoiceParty> {
  const [hotel] = await db
    .select({
      name: hotels.name,
      location: hotels.location,
      city: hotels.city,
      country: hotels.country,
      legalName: hotels.legalName,
      legalAddress: hotels.legalAddress,
      taxId: hotels.taxId,
    })
    .from(hotels)
    .where(eq(hotels.id, hotelId));
  if (!hotel) throw new DomainError("HOTEL_NOT_FOUND");
  return {
    name: hotel.legalName ?? hotel.name,
    company: hotel.legalName ? hotel.name : null,
    taxId: hotel.taxId,
    address: hotel.legalAddress ?? [hotel.location, hotel.city, hotel.country].filter(Boolean).join(", "),
    email: null,
  };
}

async function buyer(db: Db | Tx, row: BookingRow): Promise<InvoiceParty> {
  const [billing] = await db.select().from(bookingBillingDetails).where(eq(bookingBillingDetails.bookingId, row.id));
  return {
    name: billing?.name ?? row.guestName,
    company: billing?.company ?? null,
    taxId: billing?.taxId ?? null,
    address: billing?.address ?? null,
    email: row.guestEmail,
  };
}

/**
 * Inserts the document with the hotel's next number, unless one with the same source key exists
 * (returned instead, the counter untouched). One statement bumps the counter row and locks it until
 * the caller's transaction ends: concurrent issuers of one hotel queue there, and a rollback gives
 * the number back. The caller must hold the booking's row lock.
 */
async function issue(
  tx: Tx,
  document: Omit<typeof invoices.$inferInsert, "number" | "invoiceNumber" | "netCents" | "taxCents" | "totalCents"> & {
    hotelId: number;
    lines: InvoiceLine[];
  },
): Promise<InvoiceRow> {
  // Every caller holds the booking's row lock (it has just written or locked the booking), so no
  // other transaction can issue the same document between this check and the insert.
  const [existing] = await tx.select().from(invoices).where(eq(invoices.sourceKey, document.sourceKey));
  if (existing) return existing;
  // Takes the hotel's next number and keeps its counter row locked until the transaction ends.
  const [counter] = await tx
    .insert(invoiceCounters)
    .values({ hotelId: document.hotelId, lastNumber: 1 })
    .onConflictDoUpdate({ target: invoiceCounters.hotelId, set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` } })
    .returning({ lastNumber: invoiceCounters.lastNumber });
  const number = counter!.lastNumber;
  const [row] = await tx
    .insert(invoices)
    .values({ ...document, number, invoiceNumber: invoiceNumberText(document.hotelId, number), ...invoiceTotals(document.lines) })
    .returning();
  await logActivity(tx, {
    actionType: document.kind === "invoice" ? "invoice_issued" : "credit_note_issued",
    details: { bookingId: document.bookingId, invoiceNumber: row!.invoiceNumber, totalCents: row!.totalCents, currency: row!.currency },
  });
  return row!;
}

/**
 * Issues the invoice of a booking just confirmed by a card payment (the full price or a deposit), in
 * the confirming transaction; once per booking. Partner bookings and bookings with nothing paid by
 * card (a card guarantee to pay at the hotel) get none. `paidByCardCents` is what the card paid.
 */
export async function issueBookingInvoice(tx: Tx, row: BookingRow, paidByCardCents: number): Promise<InvoiceRow | null> {
  if (!invoicedByUs(row) || row.payAtHotel || row.paymentTiming === "pay_at_hotel" || paidByCardCents <= 0) return null;
  return issueForBooking(tx, row, paidByCardCents);
}

async function issueForBooking(tx: Tx, row: BookingRow & { hotelId: number }, paidByCardCents: number): Promise<InvoiceRow> {
  // A booking that stores its price breakdown (decision 059) is invoiced line by line with its taxes
  // (decision 063); an older one as before (decision 056).
  const lines = row.charges
    ? invoiceLinesFromCharges(row.charges)
    : invoiceLinesFor({
        roomType: row.roomType,
        ratePlanName: row.ratePlanName,
        checkIn: row.checkIn,
        numRooms: row.numRooms,
        totalNights: row.totalNights,
        nightlyPriceCents: row.nightlyPriceCents,
        totalPriceCents: row.totalPriceCents,
        childChargeCents: row.childChargeCents,
        promoCode: row.promoCode,
        promoDiscountCents: row.promoDiscountCents,
        memberDiscountCents: row.memberDiscountCents,
      });
  const settlement: InvoiceSettlement = {
    paidByCardCents,
    paidWithPointsCents: row.discountCents,
    pointsRedeemed: row.pointsRedeemed,
    dueAtHotelCents: Math.max(0, row.totalPriceCents - row.discountCents - paidByCardCents),
    refundedToCardCents: 0,
  };
  return issue(tx, {
    hotelId: row.hotelId,
    kind: "invoice",
    creditedInvoiceId: null,
    bookingId: row.id,
    sourceKey: invoiceSourceKey(row.id),
    seller: await seller(tx, row.hotelId),
    buyer: await buyer(tx, row),
    currency: row.currency,
    lines,
    settlement,
  });
}

/**
 * Issues the credit note of a refund recorded as done, referring to the booking's invoice; `row` is
 * the booking after the refund (its refunded_cents names the refund, so each refund gets one note).
 * No invoice (a partner booking, a hold paid after it lapsed, a booking from before invoices): none.
 */
export async function issueRefundCreditNote(tx: Tx, row: BookingRow, refundedCents: number): Promise<InvoiceRow | null> {
  if (refundedCents <= 0) return null;
  const [invoice] = await tx
    .select()
    .from(invoices)
    .where(eq(invoices.sourceKey, invoiceSourceKey(row.id)));
  if (!invoice) return null;
  const description = `Refund for booking ${row.bookingReference} (invoice ${invoice.invoiceNumber})`;
  const line: InvoiceLine = {
    kind: "refund",
    description,
    quantity: 1,
    unitCents: -refundedCents,
    netCents: -refundedCents,
    taxRateBasisPoints: 0,
    taxCents: 0,
    totalCents: -refundedCents,
  };
  // An invoice with taxes (decision 063) is credited line by line: the same share of every line and
  // tax, so the VAT and the city tax go back in proportion. One without stays one refund line.
  const taxed = invoice.taxCents !== 0 || invoice.lines.some((l) => l.kind === "tax" || l.taxRateBasisPoints > 0);
  const lines = taxed && refundedCents <= invoice.totalCents ? creditLinesFor(invoice.lines, refundedCents, invoice.totalCents) : [line];
  return issue(tx, {
    hotelId: invoice.hotelId,
    kind: "credit_note",
    creditedInvoiceId: invoice.id,
    bookingId: row.id,
    sourceKey: `booking:${row.id}:refund:${row.refundedCents}`,
    seller: invoice.seller,
    buyer: invoice.buyer,
    currency: invoice.currency,
    lines,
    settlement: { paidByCardCents: 0, paidWithPointsCents: 0, pointsRedeemed: 0, dueAtHotelCents: 0, refundedToCardCents: refundedCents },
  });
}

export interface InvoiceSummary {
  id: number;
  invoiceNumber: string;
  kind: InvoiceRow["kind"];
  creditedInvoiceNumber: string | null;
  bookingId: string;
  bookingReference: string;
  issuedAt: string;
  buyerName: string;
  buyerCompany: string | null;
  currency: string;
  netCents: number;
  taxCents: number;
  totalCents: number;
}

const credited = sql<string | null>`(select c.invoice_number from invoices c where c.id = ${invoices.creditedInvoiceId})`;

function summaryColumns() {
  return {
    invoice: invoices,
    bookingReference: bookings.bookingReference,
    creditedInvoiceNumber: credited,
  };
}

function toSummary(r: { invoice: InvoiceRow; bookingReference: string; creditedInvoiceNumber: string | null }): InvoiceSummary {
  const i = r.invoice;
  return {
    id: i.id,
    invoiceNumber: i.invoiceNumber,
    kind: i.kind,
    creditedInvoiceNumber: r.creditedInvoiceNumber,
    bookingId: i.bookingId,
    bookingReference: r.bookingReference,
    issuedAt: i.issuedAt.toISOString(),
    buyerName: i.buyer.name,
    buyerCompany: i.buyer.company,
    currency: i.currency,
    netCents: i.netCents,
    taxCents: i.taxCents,
    totalCents: i.totalCents,
  };
}

/** A booking's invoices and credit notes, in the order they were issued. */
export async function listBookingInvoices(db: Db, bookingId: string): Promise<InvoiceSummary[]> {
  const rows = await db
    .select(summaryColumns())
    .from(invoices)
    .innerJoin(bookings, eq(bookings.id, invoices.bookingId))
    .where(eq(invoices.bookingId, bookingId))
    .orderBy(asc(invoices.number));
  return rows.map(toSummary);
}

/** The instants a month (YYYY-MM) starts and ends at in the hotel's time zone. */
async function monthBounds(db: Db, hotelId: number, month: string): Promise<{ from: Date; to: Date; timeZone: string }> {
  const [hotel] = await db.select({ timeZone: hotels.timeZone }).from(hotels).where(eq(hotels.id, hotelId));
  if (!hotel) throw new DomainError("HOTEL_NOT_FOUND");
  return { from: startOfDayIn(`${month}-01`, hotel.timeZone), to: startOfDayIn(monthEnd(month), hotel.timeZone), timeZone: hotel.timeZone };
}

/** A hotel's invoices and credit notes issued in a month (the hotel's local calendar), newest first. */
export async function listHotelInvoices(db: Db, hotelId: number, month: string): Promise<InvoiceSummary[]> {
  const { from, to } = await monthBounds(db, hotelId, month);
  const rows = await db
    .select(summaryColumns())
    .from(invoices)
    .innerJoin(bookings, eq(bookings.id, invoices.bookingId))
    .where(and(eq(invoices.hotelId, hotelId), gte(invoices.issuedAt, from), lt(invoices.issuedAt, to)))
    .orderBy(desc(invoices.number));
  return rows.map(toSummary);
}

/** One invoice with its booking reference and, for a credit note, the invoice it corrects. */
export async function findInvoice(db: Db, invoiceId: number) {
  const [row] = await db
    .select({
      ...summaryColumns(),
      timeZone: hotels.timeZone,
      hotelName: bookings.hotelName,
      roomType: bookings.roomType,
      checkIn: bookings.checkIn,
      checkOut: sql<string>`coalesce(${bookings.bookedCheckOut}, ${bookings.checkOut})::text`,
    })
    .from(invoices)
    .innerJoin(bookings, eq(bookings.id, invoices.bookingId))
    .innerJoin(hotels, eq(hotels.id, invoices.hotelId))
    .where(eq(invoices.id, invoiceId));
  return row ?? null;
}
export type FullInvoice = NonNullable<Awaited<ReturnType<typeof findInvoice>>>;

/** An amount in minor units as a plain decimal in its currency's major units (-1234 USD → -12.34). */
export function decimalAmount(cents: number, currency: string): string {
  const digits = currencyDigits(currency);
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  if (digits === 0) return `${sign}${abs}`;
  const scale = 10 ** digits;
  return `${sign}${Math.floor(abs / scale)}.${String(abs % scale).padStart(digits, "0")}`;
}

/**
 * The month's ledger as CSV: one row per invoice or credit note in number order, amounts as plain
 * decimals (credit notes negative, never quoted), text fields formula-safe. After net, tax and total
 * come the tax columns (decision 063): net and tax at each VAT rate used in the month (ascending),
 * the other taxes (city tax, without VAT), and the buyer's tax ID.
 */
export async function invoiceLedgerCsv(db: Db, hotelId: number, month: string): Promise<string> {
  const { from, to, timeZone } = await monthBounds(db, hotelId, month);
  const rows = await db
    .select(summaryColumns())
    .from(invoices)
    .innerJoin(bookings, eq(bookings.id, invoices.bookingId))
    .where(and(eq(invoices.hotelId, hotelId), gte(invoices.issuedAt, from), lt(invoices.issuedAt, to)))
    .orderBy(asc(invoices.number));
  const taxes = rows.map((r) => invoiceTaxTotals(r.invoice.lines));
  const rates = [...new Set(taxes.flatMap((t) => t.vat.map((v) => v.rateBasisPoints)))].sort((a, b) => a - b);
  const rateText = (bp: number) => `${percentText(bp)}%`;
  const header = [
    ...["Number", "Kind", "Issued", "Booking", "Credits invoice", "Guest", "Company", "Currency", "Net", "Tax", "Total"],
    ...rates.flatMap((bp) => [`Net at ${rateText(bp)}`, `Tax at ${rateText(bp)}`]),
    "Other taxes",
    "Buyer tax ID",
  ];
  const lines = [header.map(csvField).join(",")];
  rows.forEach((r, k) => {
    const i = toSummary(r);
    const text = [
      i.invoiceNumber,
      i.kind === "invoice" ? "invoice" : "credit note",
      dateIn(new Date(i.issuedAt), timeZone),
      i.bookingReference,
      i.creditedInvoiceNumber,
      i.buyerName,
      i.buyerCompany,
      i.currency,
    ].map(csvField);
    const tax = taxes[k]!;
    const byRate = rates.flatMap((bp) => {
      const v = tax.vat.find((x) => x.rateBasisPoints === bp);
      return [v?.netCents ?? 0, v?.taxCents ?? 0];
    });
    const other = tax.other.reduce((sum, o) => sum + o.cents, 0);
    const amounts = [i.netCents, i.taxCents, i.totalCents, ...byRate, other].map((cents) => decimalAmount(cents, i.currency));
    lines.push([...text, ...amounts, csvField(r.invoice.buyer.taxId)].join(","));
  });
  return `${lines.join("\r\n")}\r\n`;
}

export interface BillingView {
  name: string;
  company: string | null;
  taxId: string | null;
  address: string | null;
  /** False once the invoice is issued, and for bookings we do not invoice (partner rooms). */
  editable: boolean;
  invoiceIssued: boolean;
}

/** The billing details a booking's invoice will carry (its guest's name until someone sets them). */
export async function bookingBilling(db: Db, row: BookingRow): Promise<BillingView> {
  const [billing] = await db.select().from(bookingBillingDetails).where(eq(bookingBillingDetails.bookingId, row.id));
  const [invoice] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(eq(invoices.sourceKey, invoiceSourceKey(row.id)));
  return {
    name: billing?.name ?? row.guestName,
    company: billing?.company ?? null,
    taxId: billing?.taxId ?? null,
    address: billing?.address ?? null,
    editable: invoicedByUs(row) && !invoice,
    invoiceIssued: Boolean(invoice),
  };
}

/**
 * Sets a booking's billing details, refused (409) once its invoice is issued. The booking row is
 * locked first, as the confirming transaction holds it while it issues the invoice, so an edit and
 * an issue never interleave.
 */
export async function updateBookingBilling(
  db: Db,
  bookingId: string,
  input: BillingDetailsInput,
  actor: { userId: string | null; email: string | null },
): Promise<BillingView> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for("update");
    if (!row) throw new DomainError("BOOKING_NOT_FOUND");
    if (!invoicedByUs(row)) {
      throw new DomainError("INVOICE_NOT_ISSUED_BY_US", "Partner hotel bookings are invoiced by the partner, not by Staywise.");
    }
    const [invoice] = await tx
      .select({ id: invoices.id })
      .from(invoices)
      .where(eq(invoices.sourceKey, invoiceSourceKey(row.id)));
    if (invoice) throw new DomainError("INVOICE_ALREADY_ISSUED");
    const values = { name: input.name, company: input.company, taxId: input.taxId, address: input.address, updatedAt: new Date() };
    await tx
      .insert(bookingBillingDetails)
      .values({ bookingId, ...values })
      .onConflictDoUpdate({ target: bookingBillingDetails.bookingId, set: values });
    await logActivity(tx, {
      actionType: "billing_details_updated",
      userId: actor.userId,
      targetUserEmail: row.guestEmail,
      details: { bookingId, reference: row.bookingReference, by: actor.email },
    });
  });
  const [row] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  return bookingBilling(db, row!);
}

export interface LegalDetailsView {
  legalName: string | null;
  legalAddress: string | null;
  taxId: string | null;
  /** What invoices print while no legal details are set. */
  fallbackName: string;
  fallbackAddress: string;
}

export async function hotelLegalDetails(db: Db, hotelId: number): Promise<LegalDetailsView> {
  const [hotel] = await db.select().from(hotels).where(eq(hotels.id, hotelId));
  if (!hotel) throw new DomainError("HOTEL_NOT_FOUND");
  return {
    legalName: hotel.legalName,
    legalAddress: hotel.legalAddress,
    taxId: hotel.taxId,
    fallbackName: hotel.name,
    fallbackAddress: [hotel.location, hotel.city, hotel.country].filter(Boolean).join(", "),
  };
}

/** Sets the seller details of the hotel's future invoices (issued ones keep theirs). */
export async function updateHotelLegalDetails(
  db: Db,
  hotelId: number,
  input: LegalDetailsInput,
  actor: { userId: string; email: string },
): Promise<LegalDetailsView> {
  // An id without a VAT prefix is checked as the hotel's country's number (decision 060).
  await assertHotelTaxId(db, hotelId, input.taxId);
  await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(hotels)
      .set({ legalName: input.legalName, legalAddress: input.legalAddress, taxId: input.taxId, updatedAt: new Date() })
      .where(eq(hotels.id, hotelId))
      .returning({ id: hotels.id });
    if (!updated) throw new DomainError("HOTEL_NOT_FOUND");
    await logActivity(tx, {
      actionType: "hotel_legal_details_updated",
      userId: actor.userId,
      details: { hotelId, legalName: input.legalName, taxId: input.taxId, by: actor.email },
    });
  });
  return hotelLegalDetails(db, hotelId);
}

/** A booking of one hotel by its reference, for the hotel's staff (404 for another hotel's). */
export async function hotelBookingByReference(db: Db, hotelId: number, reference: string): Promise<BookingRow> {
  const [row] = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.hotelId, hotelId), eq(bookings.bookingReference, reference.trim().toUpperCase())));
  if (!row) throw new DomainError("BOOKING_NOT_FOUND", "No booking of this hotel has this reference.");
  return row;
}

/** A confirmed booking of ours that has no invoice yet: what the front desk may invoice when the guest pays there. */
function deskInvoiceable(row: BookingRow, invoiced: boolean): boolean {
  return invoicedByUs(row) && row.status === "confirmed" && !invoiced;
}

/**
 * Issues the invoice of a booking paid at the hotel (pay at hotel, a card guarantee), when the front
 * desk takes the money: what the card paid through us (nothing) and the points are on it, the rest as
 * due at the hotel. Refused once the booking has an invoice, and for bookings we do not invoice.
 */
export async function issueDeskInvoice(db: Db, hotelId: number, reference: string): Promise<InvoiceRow> {
  const booking = await hotelBookingByReference(db, hotelId, reference);
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(bookings).where(eq(bookings.id, booking.id)).for("update");
    if (!row || !invoicedByUs(row)) {
      throw new DomainError("INVOICE_NOT_ISSUED_BY_US", "Partner hotel bookings are invoiced by the partner, not by Staywise.");
    }
    const [invoice] = await tx
      .select({ id: invoices.id })
      .from(invoices)
      .where(eq(invoices.sourceKey, invoiceSourceKey(row.id)));
    if (invoice) throw new DomainError("INVOICE_ALREADY_ISSUED", "This booking already has its invoice; a correction is a credit note.");
    if (!deskInvoiceable(row, false)) throw new DomainError("NOT_PAID", "Only a confirmed booking can be invoiced.");
    return issueForBooking(tx, row, 0);
  });
}

/** Whether the front desk may issue this booking's invoice now. */
export async function canIssueAtDesk(db: Db, row: BookingRow): Promise<boolean> {
  const [invoice] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(eq(invoices.sourceKey, invoiceSourceKey(row.id)));
  return deskInvoiceable(row, Boolean(invoice));
}

/**
 * Issues the invoice of a fee charged on a card guarantee (a late cancellation or a no-show), in the
 * transaction that records the charge; the booking's one invoice (nothing was invoiced before: a
 * guarantee charges nothing at confirmation), so a later refund credits it and the desk cannot
 * invoice the stay again.
 */
export async function issueFeeInvoice(tx: Tx, row: BookingRow, feeCents: number, why: string): Promise<InvoiceRow | null> {
  if (!invoicedByUs(row) || feeCents <= 0) return null;
  const kind = row.stayStatus === "no_show" ? "No-show fee" : "Cancellation fee";
  const description = `${kind} (${why}): ${row.roomType}, ${row.checkIn} to ${row.bookedCheckOut ?? row.checkOut}`;
  const line: InvoiceLine = {
    kind: "fee",
    description,
    quantity: 1,
    unitCents: feeCents,
    netCents: feeCents,
    taxRateBasisPoints: 0,
    taxCents: 0,
    totalCents: feeCents,
  };
  return issue(tx, {
    hotelId: row.hotelId,
    kind: "invoice",
    creditedInvoiceId: null,
    bookingId: row.id,
    sourceKey: invoiceSourceKey(row.id),
    seller: await seller(tx, row.hotelId),
    buyer: await buyer(tx, row),
    currency: row.currency,
    lines: [line],
    settlement: { paidByCardCents: feeCents, paidWithPointsCents: 0, pointsRedeemed: 0, dueAtHotelCents: 0, refundedToCardCents: 0 },
  });
}
