import { z } from "zod";
import { fieldError } from "./field-messages.ts";
import { calendarDay } from "./date-fields.ts";
import { daysBetween, isIsoDate } from "./dates.ts";

/** A report covers at most a leap year of nights: enough for year-on-year views, bounded for the daily series. */
export const MAX_REPORT_NIGHTS = 366;

/**
 * How a booking reached us: our own site (and apps), staff at the front desk on a guest's behalf
 * (phone bookings), a channel manager through the channel API, an imported calendar (decision 058),
 * or a partner (the wholesaler's hotels).
 */
export const REPORT_CHANNELS = ["own_site", "front_desk", "channel", "calendar", "partner"] as const;
export type ReportChannel = (typeof REPORT_CHANNELS)[number];
export const CHANNEL_LABELS: Record<ReportChannel, string> = {
  own_site: "Own site",
  front_desk: "Front desk (phone)",
  channel: "Channel API",
  calendar: "Imported calendar",
  partner: "Partner (wholesaler)",
};

/** The range's fields; `ReportRange` adds the check of the two together. */
export const ReportRangeFields = z.object({ from: calendarDay("reportFrom"), to: calendarDay("reportTo") });

/** From on or before to, and at most MAX_REPORT_NIGHTS nights. */
export function checkReportRange(range: { from: string; to: string }, ctx: z.RefinementCtx): void {
  if (!isIsoDate(range.from) || !isIsoDate(range.to)) return;
  const nights = daysBetween(range.from, range.to) + 1;
  if (nights < 1) ctx.addIssue({ code: "custom", path: ["to"], message: fieldError("endBeforeStart") });
  else if (nights > MAX_REPORT_NIGHTS)
    ctx.addIssue({ code: "custom", path: ["to"], message: fieldError("reportTooLong", { max: MAX_REPORT_NIGHTS, nights }) });
}

/** The nights [from, to], both included; checked on the server and by the page before it asks. */
export const ReportRange = ReportRangeFields.superRefine(checkReportRange);
export type ReportRange = z.infer<typeof ReportRange>;

/** Share in percent with two decimals; 0 when there is nothing to divide by. */
export function percentOf(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 10000) / 100 : 0;
}

/** Cents per unit, rounded to the cent; 0 when there are no units. */
export function centsPer(cents: number, units: number): number {
  return units > 0 ? Math.round(cents / units) : 0;
}
