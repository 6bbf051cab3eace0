import { z } from "zod";
import { isCalendarDate, isIsoDate } from "./dates.ts";
import { fieldError, type FieldName } from "./field-messages.ts";

/**
 * A `YYYY-MM-DD` field of the back office and of date filters (reports, My bookings, the activity
 * log): a real date in the years 2000-2099, each failure named after the field.
 */
export function calendarDay(field: FieldName) {
  return z
    .string({ message: fieldError("dateFieldRequired", { field }) })
    .trim()
    .refine(isIsoDate, fieldError("dateFieldFormat", { field }))
    .refine(isCalendarDate, fieldError("dateFieldYears", { field }));
}
