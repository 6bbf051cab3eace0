const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

/** Formats an ISO timestamp in the reader's locale and time zone. */
export function formatDateTime(iso: string): string {
  return dateTimeFormat.format(new Date(iso));
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

/** Formats integer minor units (cents) as money; whole amounts drop the ".00" so prices scan quickly. */
export function formatMoney(cents: number, currency = "USD"): string {
  const whole = cents % 100 === 0;
  const key = `${currency}:${whole}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(undefined, {
      style: "currency",
      currency,
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: whole ? 0 : 2,
    });
    moneyFormats.set(key, format);
  }
  return format.format(cents / 100);
}

const countFormat = new Intl.NumberFormat();

export function formatCount(value: number): string {
  return countFormat.format(value);
}

/** A calendar date ('YYYY-MM-DD') as a local Date at midnight, the form date pickers work with. */
export function isoToLocalDate(iso: string): Date {
  const [y = 1970, m = 1, d = 1] = iso.split("-").map(Number);
  return new Date(y, m - 1, d);
}

export function localDateToIso(date: Date): string {
  const m = String(date.getMonth() + 1).padStart(2, "0");
  const d = String(date.getDate()).padStart(2, "0");
  return `${date.getFullYear()}-${m}-${d}`;
}

const shortDayFormat = new Intl.DateTimeFormat(undefined, { weekday: "short", month: "short", day: "numeric" });
const rangeFormat = new Intl.DateTimeFormat(undefined, { month: "short", day: "numeric", year: "numeric" });

/** 'Sun, Nov 22' in the reader's locale. */
export function formatShortDay(iso: string): string {
  return shortDayFormat.format(isoToLocalDate(iso));
}

/** 'Mar 3 – 5, 2027' in the reader's locale. */
export function formatDateRange(checkIn: string, checkOut: string): string {
  return rangeFormat.formatRange(isoToLocalDate(checkIn), isoToLocalDate(checkOut));
}

export function pluralize(count: number, one: string, many: string): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

const dateFormat = new Intl.DateTimeFormat(undefined, { weekday: "short", month: "short", day: "numeric", year: "numeric" });

/** A calendar date ('YYYY-MM-DD') in the reader's locale, e.g. 'Fri, Mar 5, 2027'; never shifted by the time zone. */
export function formatDate(iso: string): string {
  return dateFormat.format(isoToLocalDate(iso));
}
