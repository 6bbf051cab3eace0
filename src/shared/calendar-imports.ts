import { z } from "zod";
import { MAX_DATABASE_ID } from "./ids.ts";

/** How often an imported calendar is fetched by default, and the bounds a manager may choose (decision 058). */
export const CALENDAR_IMPORT_DEFAULT_INTERVAL_MINUTES = 15;
export const CALENDAR_IMPORT_MIN_INTERVAL_MINUTES = 5;
export const CALENDAR_IMPORT_MAX_INTERVAL_MINUTES = 1440;

const name = z
  .string()
  .trim()
  .min(1, "Give the calendar a name, such as Airbnb.")
  .max(100, "The name is too long (100 characters at most).");
const url = z
  .string()
  .trim()
  .min(1, "Enter the calendar's address.")
  .max(2000, "The address is too long (2,000 characters at most).")
  .refine((value) => /^(https?|webcal):\/\/\S+$/i.test(value), "Enter the calendar's full address, starting with https://.");
const intervalMinutes = z.coerce
  .number({ message: "The interval must be a number of minutes." })
  .int("The interval must be a whole number of minutes.")
  .min(CALENDAR_IMPORT_MIN_INTERVAL_MINUTES, `Fetch at most every ${CALENDAR_IMPORT_MIN_INTERVAL_MINUTES} minutes.`)
  .max(CALENDAR_IMPORT_MAX_INTERVAL_MINUTES, "Fetch at least once a day (1,440 minutes).");

export const CreateCalendarImportInput = z.object({
  roomTypeId: z.coerce
    .number({ message: "Choose a room type." })
    .int("Choose a room type.")
    .positive("Choose a room type.")
    .max(MAX_DATABASE_ID, "Choose a room type."),
  name,
  url,
  enabled: z.boolean().default(true),
  intervalMinutes: intervalMinutes.default(CALENDAR_IMPORT_DEFAULT_INTERVAL_MINUTES),
});
export type CreateCalendarImportInput = z.infer<typeof CreateCalendarImportInput>;

export const UpdateCalendarImportInput = z
  .object({ name, url, enabled: z.boolean(), intervalMinutes })
  .partial()
  .refine((value) => Object.keys(value).length > 0, "Send at least one of name, url, enabled, intervalMinutes.");
export type UpdateCalendarImportInput = z.infer<typeof UpdateCalendarImportInput>;

export const CALENDAR_IMPORT_STATUSES = ["ok", "not_modified", "error"] as const;
export type CalendarImportStatus = (typeof CALENDAR_IMPORT_STATUSES)[number];
