import { queryOptions } from "@tanstack/react-query";
import type { CalendarEditInput } from "../../shared/rates.ts";
import { api, body } from "./client.ts";

/** A month of a hotel's rates calendar (room types × nights). */
export function fetchCalendarMonth(hotelId: string, month: string) {
  return body(api.properties.hotels[":hotelId"].calendar.$get({ param: { hotelId: encodeURIComponent(hotelId) }, query: { month } }));
}

export type CalendarMonthData = Awaited<ReturnType<typeof fetchCalendarMonth>>;

/** One range edit of the calendar, applied by the server in one transaction. */
export function editCalendarRange(hotelId: string, input: CalendarEditInput) {
  return body(api.properties.hotels[":hotelId"].calendar.$post({ param: { hotelId: encodeURIComponent(hotelId) }, json: input }));
}

export const rateCalendarKeys = {
  /** Every month of one hotel's calendar: what an edit of a range refreshes. */
  hotel: (hotelId: string) => ["rate-calendar", hotelId] as const,
  month: (hotelId: string, month: string) => [...rateCalendarKeys.hotel(hotelId), month] as const,
};

export function calendarMonthQueryOptions(hotelId: string, month: string) {
  return queryOptions({ queryKey: rateCalendarKeys.month(hotelId, month), queryFn: () => fetchCalendarMonth(hotelId, month) });
}
