import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { z } from "zod";
import { BillingDetailsInput, LEDGER_MONTH, LegalDetailsInput } from "../../shared/invoices.ts";
import { LANGUAGE_COOKIE } from "../../shared/i18n/languages.ts";
import { MAX_DATABASE_ID } from "../../shared/ids.ts";
import { BookingAccessHeader } from "../contract/bookings.ts";
import {
  BillingDetailsSchema,
  BookingInvoicesSchema,
  HotelInvoicesSchema,
  InvoiceSummarySchema,
  LegalDetailsSchema,
  PdfAnswer,
  StaffBillingDetailsSchema,
} from "../contract/invoices.ts";
import { DomainError } from "../domain-error.ts";
import { apiRouter, defineRoute, jsonAnswer, jsonBody } from "../http/openapi.ts";
import { requestLanguage } from "../i18n.ts";
import type { AppDeps, AppEnv, SignedInEnv } from "../http/types.ts";
import { verifyBookingAccessToken } from "../services/bookings/access.ts";
import { findBooking } from "../services/bookings/queries.ts";
import { renderInvoicePdf } from "../services/invoice-pdf.ts";
import {
  type FullInvoice,
  bookingBilling,
  canIssueAtDesk,
  findInvoice,
  hotelBookingByReference,
  hotelLegalDetails,
  invoiceLedgerCsv,
  issueDeskInvoice,
  listBookingInvoices,
  listHotelInvoices,
  updateBookingBilling,
  updateHotelLegalDetails,
} from "../services/invoices.ts";

const invoiceId = z.coerce
  .number({ message: "Invoice not found" })
  .int("Invoice not found")
  .positive("Invoice not found")
  .max(MAX_DATABASE_ID, "Invoice not found");
const BookingParam = z.object({ id: z.string().uuid("Booking not found") });
const BookingInvoiceParam = BookingParam.extend({ invoiceId });
// requireHotelAccess (app.ts) has already checked the hotel against the caller's scope.
const HotelParam = z.object({
  hotelId: z.coerce.number({ message: "Hotel not found" }).int().positive().max(MAX_DATABASE_ID, "Hotel not found"),
});
const HotelInvoiceParam = HotelParam.extend({ invoiceId });
const HotelBookingParam = HotelParam.extend({
  reference: z.string().trim().min(1, "Booking not found").max(40, "Booking not found"),
});
const MonthQuery = z.object({
  month: z.string().regex(LEDGER_MONTH, "month must be a month like 2026-05").optional(),
});

const GUEST_TAGS = ["Invoices"];
const STAFF_TAGS = ["Property management"];

const bookingInvoices = defineRoute({
  method: "get",
  path: "/{id}/invoices",
  operationId: "listBookingInvoices",
  tags: GUEST_TAGS,
  summary: "A booking's invoice and credit notes (owner or access token)",
  request: { params: BookingParam, headers: BookingAccessHeader },
  errors: ["BOOKING_NOT_FOUND"],
  responses: { 200: jsonAnswer(BookingInvoicesSchema, "In the order they were issued") },
});
const bookingInvoicePdf = defineRoute({
  method: "get",
  path: "/{id}/invoices/{invoiceId}/pdf",
  operationId: "downloadBookingInvoicePdf",
  tags: GUEST_TAGS,
  summary: "One of the booking's invoices or credit notes as a PDF",
  request: { params: BookingInvoiceParam, headers: BookingAccessHeader },
  errors: ["BOOKING_NOT_FOUND", "INVOICE_NOT_FOUND"],
  responses: { 200: PdfAnswer },
});
const guestBilling = defineRoute({
  method: "get",
  path: "/{id}/billing",
  operationId: "getBookingBillingDetails",
  tags: GUEST_TAGS,
  summary: "The billing details the booking's invoice will carry",
  request: { params: BookingParam, headers: BookingAccessHeader },
  errors: ["BOOKING_NOT_FOUND"],
  responses: { 200: jsonAnswer(BillingDetailsSchema, "The billing details") },
});
const guestBillingUpdate = defineRoute({
  method: "put",
  path: "/{id}/billing",
  operationId: "updateBookingBillingDetails",
  tags: GUEST_TAGS,
  summary: "Set the billing details, until the invoice is issued",
  request: { params: BookingParam, headers: BookingAccessHeader, body: jsonBody(BillingDetailsInput) },
  errors: ["BOOKING_NOT_FOUND", "INVOICE_ALREADY_ISSUED", "INVOICE_NOT_ISSUED_BY_US"],
  responses: { 200: jsonAnswer(BillingDetailsSchema, "The billing details") },
});

const hotelInvoices = defineRoute({
  method: "get",
  path: "/hotels/{hotelId}/invoices",
  operationId: "listHotelInvoices",
  tags: STAFF_TAGS,
  summary: "A hotel's invoices and credit notes issued in a month (hotel time; this month by default), newest first",
  request: { params: HotelParam, query: MonthQuery },
  errors: ["HOTEL_NOT_FOUND"],
  responses: { 200: jsonAnswer(HotelInvoicesSchema, "The month's documents") },
});
const hotelLedger = defineRoute({
  method: "get",
  path: "/hotels/{hotelId}/invoices.csv",
  operationId: "downloadInvoiceLedgerCsv",
  tags: STAFF_TAGS,
  summary: "The month's ledger as CSV: number, kind, date, booking, guest, net, tax, total, currency",
  request: { params: HotelParam, query: MonthQuery },
  errors: ["HOTEL_NOT_FOUND"],
  responses: { 200: { content: { "text/csv": { schema: z.string() } }, description: "invoices-hotel-{id}-{month}.csv" } },
});
const hotelInvoicePdf = defineRoute({
  method: "get",
  path: "/hotels/{hotelId}/invoices/{invoiceId}/pdf",
  operationId: "downloadHotelInvoicePdf",
  tags: STAFF_TAGS,
  summary: "One of the hotel's invoices or credit notes as a PDF",
  request: { params: HotelInvoiceParam },
  errors: ["HOTEL_NOT_FOUND", "INVOICE_NOT_FOUND"],
  responses: { 200: PdfAnswer },
});
const legalDetails = defineRoute({
  method: "get",
  path: "/hotels/{hotelId}/legal-details",
  operationId: "getHotelLegalDetails",
  tags: STAFF_TAGS,
  summary: "The seller details printed on the hotel's invoices",
  request: { params: HotelParam },
  errors: ["HOTEL_NOT_FOUND"],
  responses: { 200: jsonAnswer(LegalDetailsSchema, "The legal details") },
});
const legalDetailsUpdate = defineRoute({
  method: "put",
  path: "/hotels/{hotelId}/legal-details",
  operationId: "updateHotelLegalDetails",
  tags: STAFF_TAGS,
  summary: "Set the seller details of the hotel's future invoices (issued ones keep theirs)",
  request: { params: HotelParam, body: jsonBody(LegalDetailsInput) },
  errors: ["HOTEL_NOT_FOUND"],
  responses: { 200: jsonAnswer(LegalDetailsSchema, "The legal details") },
});
const staffBilling = defineRoute({
  method: "get",
  path: "/hotels/{hotelId}/billing/{reference}",
  operationId: "getHotelBookingBillingDetails",
  tags: STAFF_TAGS,
  summary: "A booking's billing details, found by its reference",
  request: { params: HotelBookingParam },
  errors: ["HOTEL_NOT_FOUND", "BOOKING_NOT_FOUND"],
  responses: { 200: jsonAnswer(StaffBillingDetailsSchema, "The billing details") },
});
const staffBillingUpdate = defineRoute({
  method: "put",
  path: "/hotels/{hotelId}/billing/{reference}",
  operationId: "updateHotelBookingBillingDetails",
  tags: STAFF_TAGS,
  summary: "Set a booking's billing details, until its invoice is issued",
  request: { params: HotelBookingParam, body: jsonBody(BillingDetailsInput) },
  errors: ["HOTEL_NOT_FOUND", "BOOKING_NOT_FOUND", "INVOICE_ALREADY_ISSUED", "INVOICE_NOT_ISSUED_BY_US"],
  responses: { 200: jsonAnswer(StaffBillingDetailsSchema, "The billing details") },
});

const deskInvoice = defineRoute({
  method: "post",
  path: "/hotels/{hotelId}/billing/{reference}/invoice",
  operationId: "issueDeskInvoice",
  tags: STAFF_TAGS,
  summary: "Issue the invoice of a booking paid at the hotel (pay at hotel, card guarantee), once",
  request: { params: HotelBookingParam },
  errors: ["HOTEL_NOT_FOUND", "BOOKING_NOT_FOUND", "INVOICE_ALREADY_ISSUED", "INVOICE_NOT_ISSUED_BY_US", "NOT_PAID"],
  responses: { 201: jsonAnswer(InvoiceSummarySchema, "The invoice issued") },
});

function thisMonth(): string {
  return new Date().toISOString().slice(0, 7);
}

/** The PDF in the reader's language (the app's language cookie, else Accept-Language). */
async function pdfResponse(c: Context, full: FullInvoice) {
  const pdf = await renderInvoicePdf(full, requestLanguage(getCookie(c, LANGUAGE_COOKIE), c.req.header("accept-language")));
  return c.body(new Uint8Array(pdf), 200, {
    "Content-Type": "application/pdf",
    "Content-Disposition": `attachment; filename="${full.invoice.invoiceNumber}.pdf"`,
    "Cache-Control": "no-store",
  });
}

/** The guest's side, under /api/bookings: the booking's owner or the holder of its access token, else 404. */
export function bookingInvoiceRoutes(deps: AppDeps) {
  async function accessible(c: Context<AppEnv>, id: string) {
    const row = await findBooking(deps.db, id);
    if (!row) throw new DomainError("BOOKING_NOT_FOUND");
    const user = c.get("user");
    const owner = user !== null && row.userId === user.id;
    const token = verifyBookingAccessToken(deps.config.appSecret, row.id, c.req.header("x-booking-access"));
    if (!owner && !token) throw new DomainError("BOOKING_NOT_FOUND");
    return row;
  }

  return apiRouter()
    .openapi(bookingInvoices, async (c) => {
      const row = await accessible(c, c.req.valid("param").id);
      return c.json({ invoices: await listBookingInvoices(deps.db, row.id) }, 200);
    })
    .openapi(bookingInvoicePdf, async (c) => {
      const { id, invoiceId: wanted } = c.req.valid("param");
      const row = await accessible(c, id);
      const full = await findInvoice(deps.db, wanted);
      if (!full || full.invoice.bookingId !== row.id) throw new DomainError("INVOICE_NOT_FOUND");
      return pdfResponse(c, full);
    })
    .openapi(guestBilling, async (c) => {
      const row = await accessible(c, c.req.valid("param").id);
      return c.json(await bookingBilling(deps.db, row), 200);
    })
    .openapi(guestBillingUpdate, async (c) => {
      const row = await accessible(c, c.req.valid("param").id);
      const user = c.get("user");
      const actor = user && row.userId === user.id ? { userId: user.id, email: user.email } : { userId: null, email: row.guestEmail };
      return c.json(await updateBookingBilling(deps.db, row.id, c.req.valid("json"), actor), 200);
    });
}

/** The hotel's side, under /api/properties: managers their hotels, admins all (requireHotelAccess). */
export function propertyInvoiceRoutes(deps: AppDeps) {
  async function staffView(hotelId: number, reference: string) {
    const row = await hotelBookingByReference(deps.db, hotelId, reference);
    return {
      ...(await bookingBilling(deps.db, row)),
      bookingId: row.id,
      bookingReference: row.bookingReference,
      guestName: row.guestName,
      canIssueAtDesk: await canIssueAtDesk(deps.db, row),
    };
  }

  return apiRouter<SignedInEnv>()
    .openapi(hotelInvoices, async (c) => {
      const month = c.req.valid("query").month ?? thisMonth();
      return c.json({ month, invoices: await listHotelInvoices(deps.db, c.req.valid("param").hotelId, month) }, 200);
    })
    .openapi(hotelLedger, async (c) => {
      const { hotelId } = c.req.valid("param");
      const month = c.req.valid("query").month ?? thisMonth();
      return c.text(await invoiceLedgerCsv(deps.db, hotelId, month), 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="invoices-hotel-${hotelId}-${month}.csv"`,
      });
    })
    .openapi(hotelInvoicePdf, async (c) => {
      const { hotelId, invoiceId: wanted } = c.req.valid("param");
      const full = await findInvoice(deps.db, wanted);
      if (!full || full.invoice.hotelId !== hotelId) throw new DomainError("INVOICE_NOT_FOUND");
      return pdfResponse(c, full);
    })
    .openapi(legalDetails, async (c) => c.json(await hotelLegalDetails(deps.db, c.req.valid("param").hotelId), 200))
    .openapi(legalDetailsUpdate, async (c) => {
      const user = c.get("user");
      const view = await updateHotelLegalDetails(deps.db, c.req.valid("param").hotelId, c.req.valid("json"), {
        userId: user.id,
        email: user.email,
      });
      return c.json(view, 200);
    })
    .openapi(staffBilling, async (c) => {
      const { hotelId, reference } = c.req.valid("param");
      return c.json(await staffView(hotelId, reference), 200);
    })
    .openapi(staffBillingUpdate, async (c) => {
      const { hotelId, reference } = c.req.valid("param");
      const user = c.get("user");
      const row = await hotelBookingByReference(deps.db, hotelId, reference);
      await updateBookingBilling(deps.db, row.id, c.req.valid("json"), { userId: user.id, email: user.email });
      return c.json(await staffView(hotelId, reference), 200);
    })
    .openapi(deskInvoice, async (c) => {
      const { hotelId, reference } = c.req.valid("param");
      const issued = await issueDeskInvoice(deps.db, hotelId, reference);
      const summary = (await listBookingInvoices(deps.db, issued.bookingId)).find((i) => i.id === issued.id)!;
      return c.json(summary, 201);
    });
}
