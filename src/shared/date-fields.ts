import { z } from "zod";
import { isCalendarDate, isIsoDate } from "./dates.ts";

/**
 * A `YYYY-MM-DD` field of the back office and of date filters (reports, My bookings, the activity
 * log): a real date in the years 2000-2099, each failure named after the field.
 */
export function calendarDay(name: string) {
  return z
    .string({ message: `${name} is required (a date like 2026-05-31)` })
    .trim()
    .refine(isIsoDate, `${name} must be a date like 2026-05-31`)
    .refine(isCalendarDate, `${name} must be between 2000 and 2099`);
}
