/**
 * The locale every format below uses: the language the traveller reads (set by lib/i18n.ts on start
 * and on every change), or the runtime's own until then. Formatters are made once per locale.
 */
let locale: string | undefined;
let formats = makeFormats();

function makeFormats() {
  return {
    dateTime: new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }),
    count: new Intl.NumberFormat(locale),
    shortDay: new Intl.DateTimeFormat(locale, { weekday: "short", month: "short", day: "numeric" }),
    range: new Intl.DateTimeFormat(locale, { month: "short", day: "numeric", year: "numeric" }),
    date: new Intl.DateTimeFormat(locale, { weekday: "short", month: "short", day: "numeric", year: "numeric" }),
    day: new Intl.DateTimeFormat(locale, { dateStyle: "medium" }),
    rating: new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
    percent: new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 0 }),
    compact: new Intl.NumberFormat(locale, { notation: "compact", maximumFractionDigits: 1 }),
    money: new Map<string, Intl.NumberFormat>(),
  };
}

/** Makes every format follow a BCP 47 locale ('es', 'de-AT'). */
export function setFormatLocale(tag: string): void {
  if (tag === locale) return;
  locale = tag;
  formats = makeFormats();
}

/** The locale formats use now, for code that formats with Intl itself. */
export function formatLocale(): string | undefined {
  return locale;
}

/** Formats an ISO timestamp in the reader's locale and time zone. */
export function formatDateTime(iso: string): string {
  return formats.dateTime.format(new Date(iso));
}

/** The day of an ISO timestamp in the reader's locale and time zone, e.g. 'Mar 5, 2027'. */
export function formatDay(iso: string): string {
  return formats.day.format(new Date(iso));
}

/** A guest rating with one decimal, e.g. '4.5' or '4,5'. */
export function formatRating(value: number): string {
  return formats.rating.format(value);
}

/** A fraction as a whole percentage, e.g. '42 %' in German. */
export function formatPercent(fraction: number): string {
  return formats.percent.format(fraction);
}

/** A large count written short, e.g. '12K' or '1,2 Mio.'. */
export function formatCompact(value: number): string {
  return formats.compact.format(value);
}

/** Formats integer minor units (cents) as money; whole amounts drop the ".00" so prices scan quickly. */
export function formatMoney(cents: number, currency = "USD"): string {
  const whole = cents % 100 === 0;
  const key = `${currency}:${whole}`;
  let format = formats.money.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: "currency",
      currency,
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: whole ? 0 : 2,
    });
    formats.money.set(key, format);
  }
  return format.format(cents / 100);
}

export function formatCount(value: number): string {
  return formats.count.format(value);
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

/** 'Sun, Nov 22' in the reader's locale. */
export function formatShortDay(iso: string): string {
  return formats.shortDay.format(isoToLocalDate(iso));
}

/** 'Mar 3 – 5, 2027' in the reader's locale. */
export function formatDateRange(checkIn: string, checkOut: string): string {
  return formats.range.formatRange(isoToLocalDate(checkIn), isoToLocalDate(checkOut));
}

export function pluralize(count: number, one: string, many: string): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

/** A calendar date ('YYYY-MM-DD') in the reader's locale, e.g. 'Fri, Mar 5, 2027'; never shifted by the time zone. */
export function formatDate(iso: string): string {
  return formats.date.format(isoToLocalDate(iso));
}
