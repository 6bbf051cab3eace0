import { queryOptions } from "@tanstack/react-query";
import { api, body } from "./client.ts";

const properties = api.properties;

export type ReportRequest = { from: string; to: string; hotelId: number | null };

function reportQuery(q: ReportRequest) {
  return { from: q.from, to: q.to, ...(q.hotelId !== null ? { hotelId: String(q.hotelId) } : {}) };
}

export function fetchRevenueReport(q: ReportRequest) {
  return body(properties.reports.$get({ query: reportQuery(q) }));
}

export type RevenueReport = Awaited<ReturnType<typeof fetchRevenueReport>>;

/** The report as CSV, with the file name the server gave it. */
export async function fetchRevenueReportCsv(q: ReportRequest): Promise<{ blob: Blob; filename: string }> {
  const response = await properties["reports.csv"].$get({ query: reportQuery(q) }, { headers: { Accept: "text/csv" } });
  const match = /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") ?? "");
  return { blob: await response.blob(), filename: match?.[1] ?? "revenue-report.csv" };
}

/** The report for a valid range; asks nothing while the range on screen is not one. */
export function revenueReportQueryOptions(request: ReportRequest | null) {
  return queryOptions({
    queryKey: ["properties", "revenue-report", request],
    queryFn: () => fetchRevenueReport(request!),
    enabled: request !== null,
  });
}

export function fetchCityTaxReport(q: ReportRequest) {
  return body(properties.reports["city-tax"].$get({ query: reportQuery(q) }));
}

export type CityTaxReport = Awaited<ReturnType<typeof fetchCityTaxReport>>;

/** The city-tax report as CSV, with the file name the server gave it. */
export async function fetchCityTaxReportCsv(q: ReportRequest): Promise<{ blob: Blob; filename: string }> {
  const response = await properties.reports["city-tax.csv"].$get({ query: reportQuery(q) }, { headers: { Accept: "text/csv" } });
  const match = /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") ?? "");
  return { blob: await response.blob(), filename: match?.[1] ?? "city-tax.csv" };
}

/** The city-tax report (decision 063) for a valid range; asks nothing while the range on screen is not one. */
export function cityTaxReportQueryOptions(request: ReportRequest | null) {
  return queryOptions({
    queryKey: ["properties", "city-tax-report", request],
    queryFn: () => fetchCityTaxReport(request!),
    enabled: request !== null,
  });
}
