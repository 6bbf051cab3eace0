import { z } from "@hono/zod-openapi";
import { INVOICE_KINDS } from "../../shared/invoices.ts";

/** Answers of the invoice routes (decision 056); tsc checks them against `services/invoices.ts` in the handlers. */
const cents = z.number().int().describe("Integer minor units of `currency`; negative on a credit note");

export const InvoiceSummarySchema = z
  .object({
    id: z.number().int(),
    invoiceNumber: z.string().describe("H{hotel}-{number}: one gap-free series per hotel"),
    kind: z.enum(INVOICE_KINDS),
    creditedInvoiceNumber: z.string().nullable().describe("A credit note: the invoice it corrects"),
    bookingId: z.string(),
    bookingReference: z.string(),
    issuedAt: z.string(),
    buyerName: z.string(),
    buyerCompany: z.string().nullable(),
    currency: z.string(),
    netCents: cents,
    taxCents: cents,
    totalCents: cents,
  })
  .openapi("InvoiceSummary");

export const BookingInvoicesSchema = z.object({ invoices: z.array(InvoiceSummarySchema) });
export const HotelInvoicesSchema = z.object({ month: z.string(), invoices: z.array(InvoiceSummarySchema) });

export const BillingDetailsSchema = z
  .object({
    name: z.string(),
    company: z.string().nullable(),
    taxId: z.string().nullable(),
    address: z.string().nullable(),
    editable: z.boolean().describe("False once the invoice is issued, and for partner bookings"),
    invoiceIssued: z.boolean(),
  })
  .openapi("BillingDetails");

export const StaffBillingDetailsSchema = BillingDetailsSchema.extend({
  bookingId: z.string(),
  bookingReference: z.string(),
  guestName: z.string(),
  canIssueAtDesk: z.boolean().describe("A confirmed booking with nothing invoiced yet (paid at the hotel): the desk may issue its invoice"),
});

export const LegalDetailsSchema = z
  .object({
    legalName: z.string().nullable(),
    legalAddress: z.string().nullable(),
    taxId: z.string().nullable(),
    fallbackName: z.string().describe("Printed as the seller while no legal name is set"),
    fallbackAddress: z.string(),
  })
  .openapi("HotelLegalDetails");

export const PdfAnswer = {
  content: { "application/pdf": { schema: z.string().openapi({ format: "binary" }) } },
  description: "The document as a PDF download",
};
