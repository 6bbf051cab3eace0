import { queryOptions } from "@tanstack/react-query";
import type { BillingDetailsInput, LegalDetailsInput } from "../../shared/invoices.ts";
import { api, body } from "./client.ts";

const booking = api.bookings[":id"];
const hotel = api.properties.hotels[":hotelId"];

/** A visitor proves access to one booking with its token; the signed-in owner's cookie is enough. */
function access(bookingId: string, accessToken: string | null) {
  return { param: { id: encodeURIComponent(bookingId) }, header: accessToken ? { "x-booking-access": accessToken } : {} };
}

function filenameOf(response: Response, fallback: string): string {
  return /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") ?? "")?.[1] ?? fallback;
}

// The guest's side

export function fetchBookingInvoices(bookingId: string, accessToken: string | null) {
  return body(booking.invoices.$get(access(bookingId, accessToken)));
}

export type InvoiceSummary = Awaited<ReturnType<typeof fetchBookingInvoices>>["invoices"][number];

/** The PDF of one of the booking's documents. */
export async function fetchBookingInvoicePdf(bookingId: string, invoiceId: number, accessToken: string | null): Promise<Blob> {
  const { param, header } = access(bookingId, accessToken);
  const response = await booking.invoices[":invoiceId"].pdf.$get(
    { param: { ...param, invoiceId: String(invoiceId) }, header },
    { headers: { Accept: "application/pdf" } },
  );
  return response.blob();
}

export function fetchBookingBilling(bookingId: string, accessToken: string | null) {
  return body(booking.billing.$get(access(bookingId, accessToken)));
}

export type BillingDetails = Awaited<ReturnType<typeof fetchBookingBilling>>;

export function updateBookingBilling(bookingId: string, accessToken: string | null, input: BillingDetailsInput) {
  return body(booking.billing.$put({ ...access(bookingId, accessToken), json: input }));
}

// The hotel's side

export function fetchHotelInvoices(hotelId: number, month: string) {
  return body(hotel.invoices.$get({ param: { hotelId: String(hotelId) }, query: { month } }));
}

export async function fetchHotelInvoicePdf(hotelId: number, invoiceId: number): Promise<Blob> {
  const response = await hotel.invoices[":invoiceId"].pdf.$get(
    { param: { hotelId: String(hotelId), invoiceId: String(invoiceId) } },
    { headers: { Accept: "application/pdf" } },
  );
  return response.blob();
}

/** The month's ledger as CSV, with the file name the server gave it. */
export async function fetchInvoiceLedgerCsv(hotelId: number, month: string): Promise<{ blob: Blob; filename: string }> {
  const response = await hotel["invoices.csv"].$get(
    { param: { hotelId: String(hotelId) }, query: { month } },
    { headers: { Accept: "text/csv" } },
  );
  return { blob: await response.blob(), filename: filenameOf(response, `invoices-${month}.csv`) };
}

export function fetchLegalDetails(hotelId: number) {
  return body(hotel["legal-details"].$get({ param: { hotelId: String(hotelId) } }));
}

export function updateLegalDetails(hotelId: number, input: LegalDetailsInput) {
  return body(hotel["legal-details"].$put({ param: { hotelId: String(hotelId) }, json: input }));
}

export function fetchStaffBilling(hotelId: number, reference: string) {
  return body(hotel.billing[":reference"].$get({ param: { hotelId: String(hotelId), reference: encodeURIComponent(reference) } }));
}

export function updateStaffBilling(hotelId: number, reference: string, input: BillingDetailsInput) {
  return body(
    hotel.billing[":reference"].$put({ param: { hotelId: String(hotelId), reference: encodeURIComponent(reference) }, json: input }),
  );
}

/** Issues the invoice of a booking paid at the hotel. */
export function issueDeskInvoice(hotelId: number, reference: string) {
  return body(hotel.billing[":reference"].invoice.$post({ param: { hotelId: String(hotelId), reference: encodeURIComponent(reference) } }));
}

export const invoiceKeys = {
  /** Everything invoice-related: what an issued document or a billing change refreshes. */
  all: ["invoices"] as const,
  booking: (bookingId: string) => ["invoices", "booking", bookingId] as const,
  bookingBilling: (bookingId: string) => ["invoices", "booking", bookingId, "billing"] as const,
  hotelMonth: (hotelId: number, month: string) => ["invoices", "hotel", hotelId, month] as const,
  legal: (hotelId: number) => ["invoices", "hotel", hotelId, "legal"] as const,
  staffBilling: (hotelId: number, reference: string) => ["invoices", "hotel", hotelId, "billing", reference] as const,
};

export function bookingInvoicesQueryOptions(bookingId: string, accessToken: string | null) {
  return queryOptions({ queryKey: invoiceKeys.booking(bookingId), queryFn: () => fetchBookingInvoices(bookingId, accessToken) });
}

export function bookingBillingQueryOptions(bookingId: string, accessToken: string | null) {
  return queryOptions({ queryKey: invoiceKeys.bookingBilling(bookingId), queryFn: () => fetchBookingBilling(bookingId, accessToken) });
}

export function hotelInvoicesQueryOptions(hotelId: number, month: string) {
  return queryOptions({ queryKey: invoiceKeys.hotelMonth(hotelId, month), queryFn: () => fetchHotelInvoices(hotelId, month) });
}

export function legalDetailsQueryOptions(hotelId: number) {
  return queryOptions({ queryKey: invoiceKeys.legal(hotelId), queryFn: () => fetchLegalDetails(hotelId) });
}

export function staffBillingQueryOptions(hotelId: number, reference: string) {
  return queryOptions({
    queryKey: invoiceKeys.staffBilling(hotelId, reference),
    queryFn: () => fetchStaffBilling(hotelId, reference),
    enabled: reference !== "",
    retry: false,
  });
}
