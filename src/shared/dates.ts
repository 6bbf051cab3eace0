/** Calendar dates as 'YYYY-MM-DD' strings; arithmetic in UTC so no time zone moves a day. */

/** Year 0000 is a JavaScript date but not a PostgreSQL one (which has no year 0): not accepted. */
const ISO_DATE = /^(?!0000)\d{4}-\d{2}-\d{2}$/;

export function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/**
 * The dates the back office's calendar and reports work with: the years 2000 to 2099. A date far
 * outside (year 0001 or 9999) is a typo, and the month or night after 9999-12-31 is not a date.
 */
export const FIRST_CALENDAR_DATE = "2000-01-01";
export const LAST_CALENDAR_DATE = "2099-12-31";
export function isCalendarDate(value: string): boolean {
  return isIsoDate(value) && value >= FIRST_CALENDAR_DATE && value <= LAST_CALENDAR_DATE;
}

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Today's calendar date where the code runs (the browser's zone in the client, UTC on a server). */
export function todayLocal(now: Date = new Date()): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, "0");
  const d = String(now.getDate()).padStart(2, "0");
  return `${y}-${m}-${d}`;
}

export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** Spec section 5: nights = ceiling of the day difference between check-out and check-in. */
export function countNights(checkIn: string, checkOut: string): number {
  return Math.max(0, Math.ceil(daysBetween(checkIn, checkOut)));
}

/** Every night a stay occupies: [checkIn, checkOut). */
export function stayNights(checkIn: string, checkOut: string): string[] {
  const nights: string[] = [];
  for (let i = 0; i < countNights(checkIn, checkOut); i++) nights.push(addDays(checkIn, i));
  return nights;
}
