import { queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import type { PhoneBookingInput, PhoneQuoteInput } from "../../shared/front-desk.ts";
import { api, body } from "./client.ts";

const desk = api.properties.hotels[":hotelId"]["front-desk"];

export function fetchFrontDeskDay(hotelId: number, date: string) {
  return body(desk.$get({ param: { hotelId: String(hotelId) }, query: { date } }));
}

export type FrontDeskDay = Awaited<ReturnType<typeof fetchFrontDeskDay>>;
export type FrontDeskBooking = FrontDeskDay["arrivals"][number];

export function checkInGuest(hotelId: number, bookingId: string) {
  return body(
    desk.bookings[":bookingId"]["check-in"].$post({
      param: { hotelId: String(hotelId), bookingId: encodeURIComponent(bookingId) },
    }),
  );
}

export function checkOutGuest(hotelId: number, bookingId: string) {
  return body(
    desk.bookings[":bookingId"]["check-out"].$post({
      param: { hotelId: String(hotelId), bookingId: encodeURIComponent(bookingId) },
    }),
  );
}

export type CheckedOut = Awaited<ReturnType<typeof checkOutGuest>>;

export function markNoShow(hotelId: number, bookingId: string) {
  return body(
    desk.bookings[":bookingId"]["no-show"].$post({
      param: { hotelId: String(hotelId), bookingId: encodeURIComponent(bookingId) },
    }),
  );
}

export function createPhoneBooking(hotelId: number, input: z.input<typeof PhoneBookingInput>) {
  return body(desk["phone-bookings"].$post({ param: { hotelId: String(hotelId) }, json: input }));
}

export type PhoneBookingMade = Awaited<ReturnType<typeof createPhoneBooking>>;

/** The phone booking's price line by line and the hotel's extras on offer, before it is taken. */
export function quotePhoneBooking(hotelId: number, input: z.input<typeof PhoneQuoteInput>) {
  return body(desk.quote.$post({ param: { hotelId: String(hotelId) }, json: input as z.output<typeof PhoneQuoteInput> }));
}

export type PhoneQuote = Awaited<ReturnType<typeof quotePhoneBooking>>;

/** The hotels whose front desk the signed-in staff member works (decision 064). */
export function listFrontDeskHotels() {
  return body(api.properties["front-desk"].hotels.$get());
}

export const frontDeskKeys = {
  /** Every day's lists of every hotel's desk: what a check-in, check-out, no-show or phone booking refreshes. */
  all: ["front-desk"] as const,
  day: (hotelId: number, date: string) => [...frontDeskKeys.all, hotelId, date] as const,
  quote: (hotelId: number, input: z.input<typeof PhoneQuoteInput>) => [...frontDeskKeys.all, "quote", hotelId, input] as const,
  hotels: () => [...frontDeskKeys.all, "hotels"] as const,
};

export function frontDeskDayQueryOptions(hotelId: number, date: string) {
  return queryOptions({ queryKey: frontDeskKeys.day(hotelId, date), queryFn: () => fetchFrontDeskDay(hotelId, date) });
}

/** Kept briefly and never retried: a refusal (a room gone, a minimum stay) is for the desk to act on. */
export function phoneQuoteQueryOptions(hotelId: number, input: z.input<typeof PhoneQuoteInput>) {
  return queryOptions({
    queryKey: frontDeskKeys.quote(hotelId, input),
    queryFn: () => quotePhoneBooking(hotelId, input),
    staleTime: 30_000,
    retry: false,
  });
}

export function frontDeskHotelsQueryOptions() {
  return queryOptions({ queryKey: frontDeskKeys.hotels(), queryFn: listFrontDeskHotels });
}
