import { queryOptions } from "@tanstack/react-query";
import type { InferRequestType } from "hono/client";
import { api, body } from "./client.ts";

const admin = api.admin;

type ListQuery = NonNullable<InferRequestType<typeof admin.bookings.$get>["query"]>;
export type BookingStatusFilter = NonNullable<ListQuery["status"]>;
export type BookingSort = NonNullable<ListQuery["sort"]>;
export type BookingSourceFilter = NonNullable<ListQuery["source"]>;
export type SettableStatus = InferRequestType<(typeof admin.bookings)[":id"]["status"]["$patch"]>["json"]["status"];

export function listAdminBookings(q: {
  search: string;
  status: BookingStatusFilter;
  source: BookingSourceFilter;
  sort: BookingSort;
  page: number;
  pageSize: number;
}) {
  return body(
    admin.bookings.$get({
      query: { search: q.search, status: q.status, source: q.source, sort: q.sort, page: String(q.page), pageSize: String(q.pageSize) },
    }),
  );
}

export type AdminBookingView = Awaited<ReturnType<typeof listAdminBookings>>["bookings"][number];

export function setBookingStatus(id: string, status: SettableStatus) {
  return body(admin.bookings[":id"].status.$patch({ param: { id: encodeURIComponent(id) }, json: { status } }));
}

export function refundBooking(id: string) {
  return body(admin.bookings[":id"].refund.$post({ param: { id: encodeURIComponent(id) } }));
}

/** The CSV of the bookings matching the filters, with the file name the server gave it. */
export async function fetchBookingsCsv(filters: {
  search: string;
  status: BookingStatusFilter;
  source: BookingSourceFilter;
}): Promise<{ blob: Blob; filename: string }> {
  const response = await admin.bookings.export.$get({ query: filters }, { headers: { Accept: "text/csv" } });
  const match = /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") ?? "");
  return { blob: await response.blob(), filename: match?.[1] ?? "bookings.csv" };
}

export function fetchDashboard() {
  return body(admin.dashboard.$get());
}

export type DashboardStats = Awaited<ReturnType<typeof fetchDashboard>>;

export function fetchOccupancy(days: number, hotelId: number | null) {
  return body(admin.occupancy.$get({ query: { days: String(days), ...(hotelId !== null ? { hotelId: String(hotelId) } : {}) } }));
}

export function findHotels(search: string) {
  return body(admin.hotels.$get({ query: { search } }));
}

type AdminBookingFilters = Parameters<typeof listAdminBookings>[0];

export const adminBookingKeys = {
  /** Every page and filter of the back office's booking list. */
  all: ["admin", "bookings"] as const,
  list: (filters: AdminBookingFilters) => [...adminBookingKeys.all, filters] as const,
};

/** Every dashboard query starts with this key, so one invalidation refreshes the figures and the occupancy. */
export const dashboardKeys = {
  all: ["admin", "dashboard"] as const,
  occupancy: (days: number, hotelId: number | null) => [...dashboardKeys.all, "occupancy", { days, hotelId }] as const,
};

export function adminBookingsQueryOptions(filters: AdminBookingFilters) {
  return queryOptions({ queryKey: adminBookingKeys.list(filters), queryFn: () => listAdminBookings(filters) });
}

export function dashboardQueryOptions() {
  return queryOptions({ queryKey: dashboardKeys.all, queryFn: fetchDashboard });
}

export function occupancyQueryOptions(days: number, hotelId: number | null) {
  return queryOptions({ queryKey: dashboardKeys.occupancy(days, hotelId), queryFn: () => fetchOccupancy(days, hotelId) });
}

/** Hotels matching what the admin typed (three characters at least, as the server requires). */
export function hotelOptionsQueryOptions(search: string) {
  return queryOptions({
    queryKey: ["admin", "hotel-options", search],
    queryFn: () => findHotels(search),
    enabled: search.length >= 3,
    staleTime: 60_000,
  });
}
