import { queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import type { BookingLookupInput, CreateBookingInput } from "../../shared/booking.ts";
import type { PriceQuote, QuoteInput } from "../../shared/price-quote.ts";
import { api, body } from "./client.ts";

const booking = api.bookings[":id"];

/** A visitor proves access to one booking with the token the server gave; the signed-in owner's cookie is enough. */
function access(bookingId: string, accessToken: string | null) {
  return { param: { id: encodeURIComponent(bookingId) }, header: accessToken ? { "x-booking-access": accessToken } : {} };
}

export function createBookingHold(input: z.input<typeof CreateBookingInput>) {
  return body(api.bookings.$post({ json: input as z.output<typeof CreateBookingInput> }));
}

/** The server's price of a choice (plan, dates, party, points) before anything is held. */
export function quoteBooking(input: z.input<typeof QuoteInput>): Promise<PriceQuote> {
  return body(api.bookings.quote.$post({ json: input as z.output<typeof QuoteInput> }));
}

export function fetchHoldRules() {
  return body(api.bookings["hold-rules"].$get());
}

export function listMyBookings(filters: { checkInFrom?: string; checkOutTo?: string }) {
  return body(api.bookings.mine.$get({ query: filters }));
}

export function lookUpBooking(input: BookingLookupInput) {
  return body(api.bookings.lookup.$post({ json: input }));
}

/** What cancelling now would cost and refund, from the booking's own terms (shown before the guest confirms). */
export function previewCancellation(bookingId: string, accessToken: string | null) {
  return body(booking.cancellation.$get(access(bookingId, accessToken)));
}

export function cancelBooking(bookingId: string, accessToken: string | null) {
  return body(booking.cancel.$post(access(bookingId, accessToken)));
}

/**
 * Gives up an unpaid hold so its rooms go back on sale at once. `keepalive` lets the request
 * outlive the page when the guest is leaving it; a failure only means the hold runs out by itself.
 */
export function abandonHold(bookingId: string, accessToken: string, keepalive = false): Promise<unknown> {
  return booking.abandon.$post(access(bookingId, accessToken), { init: { keepalive } }).catch(() => undefined);
}

/** Abandons the signed-in owner's hold, failing loudly (My Bookings shows the error). */
export function abandonMyHold(bookingId: string) {
  return body(booking.abandon.$post(access(bookingId, null)));
}

/** The payment of an unpaid hold again (finish paying later), with how long the hold still lasts. */
export function resumeHoldPayment(bookingId: string, accessToken: string | null) {
  return body(booking.payment.$post(access(bookingId, accessToken)));
}

export function confirmPayment(bookingId: string, paymentId: string) {
  return body(booking["confirm-payment"].$post({ param: { id: encodeURIComponent(bookingId) }, json: { paymentId } }));
}

export type ConfirmPaymentResponse = Awaited<ReturnType<typeof confirmPayment>>;

/** The text confirmation of a paid booking. */
export async function fetchConfirmationFile(bookingId: string, accessToken: string | null): Promise<Blob> {
  const response = await booking.confirmation.$get(access(bookingId, accessToken), { headers: { Accept: "text/plain" } });
  return response.blob();
}

type MyBookingFilters = Parameters<typeof listMyBookings>[0];

export const bookingKeys = {
  /** Every list of the signed-in traveller's bookings, whatever its filters: what a new or changed booking refreshes. */
  mine: ["bookings", "mine"] as const,
  mineFiltered: (filters: MyBookingFilters) => [...bookingKeys.mine, filters] as const,
  holdRules: ["hold-rules"] as const,
  /** What cancelling one booking costs now: asked afresh whenever the cancel prompt opens (the fee changes with time). */
  cancellation: (bookingId: string) => ["booking-cancellation", bookingId] as const,
  /** A price quote for one choice: asked again when any part of the choice changes. */
  quote: (input: z.input<typeof QuoteInput>) => ["booking-quote", input] as const,
  /** A hold's payment taken up again: asked afresh each time (the payment it answers is new). */
  holdPayment: (bookingId: string) => ["hold-payment", bookingId] as const,
  paymentConfirmation: (bookingId: string | null, paymentId: string | null) => ["booking-payment", bookingId, paymentId] as const,
};

export function myBookingsQueryOptions(filters: MyBookingFilters) {
  return queryOptions({ queryKey: bookingKeys.mineFiltered(filters), queryFn: () => listMyBookings(filters) });
}

/** The booking dialog's breakdown; kept briefly (prices and plans change), never retried on a refusal the guest must act on. */
export function bookingQuoteQueryOptions(input: z.input<typeof QuoteInput>) {
  return queryOptions({ queryKey: bookingKeys.quote(input), queryFn: () => quoteBooking(input), staleTime: 30_000, retry: false });
}

export function cancellationPreviewQueryOptions(bookingId: string, accessToken: string | null) {
  return queryOptions({
    queryKey: bookingKeys.cancellation(bookingId),
    queryFn: () => previewCancellation(bookingId, accessToken),
    staleTime: 0,
    gcTime: 0,
  });
}

/** The server's hold limits change only with its configuration. */
export function holdRulesQueryOptions() {
  return queryOptions({ queryKey: bookingKeys.holdRules, queryFn: fetchHoldRules, staleTime: Infinity });
}
