import { z } from "zod";
import { ReportRangeFields, checkReportRange } from "../../shared/revenue-reports.ts";
import { CityTaxReportSchema, RevenueReportSchema } from "../contract/revenue-reports.ts";
import { apiRouter, defineRoute, jsonAnswer } from "../http/openapi.ts";
import type { AppDeps, SignedInEnv } from "../http/types.ts";
import { cityTaxReport, cityTaxReportCsv, revenueReport, revenueReportCsv } from "../services/revenue-reports.ts";
import { MAX_DATABASE_ID } from "../../shared/ids.ts";

const ReportQuery = ReportRangeFields.extend({
  hotelId: z.coerce
    .number({ message: "hotelId must be a hotel id" })
    .int("hotelId must be a hotel id")
    .positive("hotelId must be a hotel id")
    .max(MAX_DATABASE_ID, "Hotel not found")
    .optional(),
}).superRefine(checkReportRange);

const TAGS = ["Property management"];

const report = defineRoute({
  method: "get",
  path: "/reports",
  operationId: "getRevenueReport",
  tags: TAGS,
  summary: "Occupancy, ADR, RevPAR, stays, cancellations and revenue by room type, channel and night, for one hotel or all in scope",
  request: { query: ReportQuery },
  errors: ["HOTEL_NOT_FOUND"],
  responses: { 200: jsonAnswer(RevenueReportSchema, "The report") },
});
const reportCsv = defineRoute({
  method: "get",
  path: "/reports.csv",
  operationId: "downloadRevenueReportCsv",
  tags: TAGS,
  summary: "The same report as a CSV download",
  request: { query: ReportQuery },
  errors: ["HOTEL_NOT_FOUND"],
  responses: { 200: { content: { "text/csv": { schema: z.string() } }, description: "revenue-report-{from}-{to}.csv" } },
});

const cityTax = defineRoute({
  method: "get",
  path: "/reports/city-tax",
  operationId: "getCityTaxReport",
  tags: TAGS,
  summary: "The city-tax return: per hotel, month of arrival and tax, the stays, person-nights taxed and exempt, and the amount",
  request: { query: ReportQuery },
  errors: ["HOTEL_NOT_FOUND"],
  responses: { 200: jsonAnswer(CityTaxReportSchema, "The city-tax report") },
});
const cityTaxCsv = defineRoute({
  method: "get",
  path: "/reports/city-tax.csv",
  operationId: "downloadCityTaxReportCsv",
  tags: TAGS,
  summary: "The city-tax report as a CSV download",
  request: { query: ReportQuery },
  errors: ["HOTEL_NOT_FOUND"],
  responses: { 200: { content: { "text/csv": { schema: z.string() } }, description: "city-tax-{from}-{to}.csv" } },
});

/** Revenue reports for hotel staff: a manager's hotels, or any hotel for an admin. */
export function revenueReportRoutes(deps: AppDeps) {
  return apiRouter<SignedInEnv>()
    .openapi(report, async (c) => {
      return c.json(await revenueReport(deps.db, c.get("user"), c.req.valid("query")), 200);
    })
    .openapi(reportCsv, async (c) => {
      const query = c.req.valid("query");
      const csv = revenueReportCsv(await revenueReport(deps.db, c.get("user"), query));
      const who = query.hotelId !== undefined ? `hotel-${query.hotelId}` : "all-hotels";
      return c.text(csv, 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="revenue-report-${who}-${query.from}-${query.to}.csv"`,
      });
    })
    .openapi(cityTax, async (c) => {
      return c.json(await cityTaxReport(deps.db, c.get("user"), c.req.valid("query")), 200);
    })
    .openapi(cityTaxCsv, async (c) => {
      const query = c.req.valid("query");
      const csv = cityTaxReportCsv(await cityTaxReport(deps.db, c.get("user"), query));
      const who = query.hotelId !== undefined ? `hotel-${query.hotelId}` : "all-hotels";
      return c.text(csv, 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="city-tax-${who}-${query.from}-${query.to}.csv"`,
      });
    });
}
