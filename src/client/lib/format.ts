/**
 * The locale every format below uses: the language the traveller reads (set by lib/i18n.ts on start
 * and on every change), or the runtime's own until then. Each formatter is made on its first use
 * and kept for the locale: making one costs ~1-2 ms on a phone (x4 slower than a laptop), and the
 * first page used to make all nine twice (on import and again when i18n set the locale) before
 * drawing anything (issue 32 item 4).
 */
let locale: string | undefined;

const DATE_FORMATS = {
  dateTime: { dateStyle: "medium", timeStyle: "short" },
  shortDay: { weekday: "short", month: "short", day: "numeric" },
  range: { month: "short", day: "numeric", year: "numeric" },
  date: { weekday: "short", month: "short", day: "numeric", year: "numeric" },
  day: { dateStyle: "medium" },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

const NUMBER_FORMATS = {
  count: {},
  rating: { minimumFractionDigits: 1, maximumFractionDigits: 1 },
  percent: { style: "percent", maximumFractionDigits: 0 },
  compact: { notation: "compact", maximumFractionDigits: 1 },
} satisfies Record<string, Intl.NumberFormatOptions>;

let dateFormats = new Map<string, Intl.DateTimeFormat>();
let numberFormats = new Map<string, Intl.NumberFormat>();

function dateFormat(name: keyof typeof DATE_FORMATS): Intl.DateTimeFormat {
  let made = dateFormats.get(name);
  if (!made) dateFormats.set(name, (made = new Intl.DateTimeFormat(locale, DATE_FORMATS[name])));
  return made;
}

/** `name`: one of NUMBER_FORMATS, or a money format's key with its options. */
function numberFormat(
  name: string,
  options: Intl.NumberFormatOptions = NUMBER_FORMATS[name as keyof typeof NUMBER_FORMATS],
): Intl.NumberFormat {
  let made = numberFormats.get(name);
  if (!made) numberFormats.set(name, (made = new Intl.NumberFormat(locale, options)));
  return made;
}

/** Makes every format follow a BCP 47 locale ('es', 'de-AT'). */
export function setFormatLocale(tag: string): void {
  if (tag === locale) return;
  locale = tag;
  dateFormats = new Map();
  numberFormats = new Map();
}

/** The locale formats use now, for code that formats with Intl itself. */
export function formatLocale(): string | undefined {
  return locale;
}

/** Formats an ISO timestamp in the reader's locale and time zone. */
export function formatDateTime(iso: string): string {
  return dateFormat("dateTime").format(new Date(iso));
}

/** The day of an ISO timestamp in the reader's locale and time zone, e.g. 'Mar 5, 2027'. */
export function formatDay(iso: string): string {
  return dateFormat("day").format(new Date(iso));
}

/** A guest rating with one decimal, e.g. '4.5' or '4,5'. */
export function formatRating(value: number): string {
  return numberFormat("rating").format(value);
}

/** A fraction as a whole percentage, e.g. '42 %' in German. */
export function formatPercent(fraction: number): string {
  return numberFormat("percent").format(fraction);
}

/** A large count written short, e.g. '12K' or '1,2 Mio.'. */
export function formatCompact(value: number): string {
  return numberFormat("compact").format(value);
}

/** Formats integer minor units (cents) as money; whole amounts drop the ".00" so prices scan quickly. */
export function formatMoney(cents: number, currency = "USD"): string {
  const whole = cents % 100 === 0;
  const digits = whole ? 0 : 2;
  return numberFormat(`money:${currency}:${whole}`, {
    style: "currency",
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(cents / 100);
}

export function formatCount(value: number): string {
  return numberFormat("count").format(value);
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
  return dateFormat("shortDay").format(isoToLocalDate(iso));
}

/** 'Mar 3 – 5, 2027' in the reader's locale. */
export function formatDateRange(checkIn: string, checkOut: string): string {
  return dateFormat("range").formatRange(isoToLocalDate(checkIn), isoToLocalDate(checkOut));
}

export function pluralize(count: number, one: string, many: string): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

/** A calendar date ('YYYY-MM-DD') in the reader's locale, e.g. 'Fri, Mar 5, 2027'; never shifted by the time zone. */
export function formatDate(iso: string): string {
  return dateFormat("date").format(isoToLocalDate(iso));
}
