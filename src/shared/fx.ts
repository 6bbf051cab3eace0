/**
 * Display currencies (decision 028). Prices are charged in the hotel's currency; a traveller may see
 * them converted, as estimates, into one of these. Rates are stored against one base currency as
 * integer millionths ("micros": 1 USD = 0.92 EUR is 920000), so no float ever touches an amount.
 */

/** Every rate is "units of the currency one unit of the base buys". */
export const FX_BASE = "USD";

/**
 * The one currency our hotels are priced and charged in (decision 028, addendum): the dashboard,
 * the revenue reports and loyalty points add amounts of every hotel together, so a hotel in
 * another currency is refused where staff set hotels up, and a partner offer in another is not sold.
 */
export const HOTEL_CURRENCY = "USD";

/** The currencies a traveller can display prices in, the base first. */
export const DISPLAY_CURRENCIES = ["USD", "EUR", "GBP", "JPY", "CAD", "AUD", "CHF"] as const;
export type DisplayCurrency = (typeof DISPLAY_CURRENCIES)[number];

/** The currencies that have a rate row (all but the base). */
export const RATE_CURRENCIES = DISPLAY_CURRENCIES.filter((c): c is Exclude<DisplayCurrency, typeof FX_BASE> => c !== FX_BASE);
export type RateCurrency = (typeof RATE_CURRENCIES)[number];

export function isDisplayCurrency(value: unknown): value is DisplayCurrency {
  return typeof value === "string" && (DISPLAY_CURRENCIES as readonly string[]).includes(value);
}

export const FX_RATE_SOURCES = ["manual", "feed"] as const;
export type FxRateSource = (typeof FX_RATE_SOURCES)[number];

export const MICROS_PER_UNIT = 1_000_000;
/** Plausible bounds of any rate against the dollar: below or above these, a typo or a broken feed is likelier than a currency. */
export const FX_RATE_MIN_MICROS = 100; // 0.0001
export const FX_RATE_MAX_MICROS = 100_000 * MICROS_PER_UNIT;
/** A new rate more than this many times above or below the stored one is refused as implausible (a misplaced decimal point). */
export const FX_MAX_CHANGE_FACTOR = 5;

const DECIMAL = /^(\d{1,6})(?:\.(\d{1,6}))?$/;

/** "0.92" → 920000; null when the text is not a plain decimal with at most 6 decimal places. Exact: no float arithmetic. */
export function decimalToMicros(text: string): number | null {
  const match = DECIMAL.exec(text.trim());
  if (!match) return null;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? "").padEnd(6, "0"));
  return whole * MICROS_PER_UNIT + fraction;
}

/** 920000 → "0.92": the shortest decimal for a rate in micros. */
export function microsToDecimal(micros: number): string {
  const whole = Math.floor(micros / MICROS_PER_UNIT);
  const fraction = String(micros % MICROS_PER_UNIT)
    .padStart(6, "0")
    .replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : String(whole);
}

/** Why a rate in micros cannot be stored, or null when it is plausible (against the stored rate, when there is one). */
export function implausibleRate(micros: number, currentMicros?: number): string | null {
  if (micros < FX_RATE_MIN_MICROS || micros > FX_RATE_MAX_MICROS) {
    return `A rate must be between ${microsToDecimal(FX_RATE_MIN_MICROS)} and ${microsToDecimal(FX_RATE_MAX_MICROS)} per ${FX_BASE}.`;
  }
  if (currentMicros !== undefined && (micros > currentMicros * FX_MAX_CHANGE_FACTOR || micros * FX_MAX_CHANGE_FACTOR < currentMicros)) {
    return `That is more than ${FX_MAX_CHANGE_FACTOR} times away from the current rate (${microsToDecimal(currentMicros)}); check the decimal point.`;
  }
  return null;
}

/** A JSON number as micros, or null when it has more than 6 decimal places or is out of reach. */
export function numberToMicros(value: number): number | null {
  if (!Number.isFinite(value) || value <= 0) return null;
  // Shortest round-trip text; exponent forms (1e-7, 1e+21) are beyond what a rate may be anyway.
  return decimalToMicros(String(value));
}

/** Minor-unit digits of a currency as Intl knows them (2 for EUR, 0 for JPY). */
export function currencyDigits(currency: string): number {
  return new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/**
 * Converts an amount in minor units of one currency into WHOLE units of another, rounded half away
 * from zero (the display rule: converted prices are estimates, shown without minor units). Rates are
 * micros per base unit, the base's own rate being 1_000_000. Exact: integer arithmetic throughout.
 */
export function convertToWholeUnits(amountMinor: number, fromRateMicros: number, fromDigits: number, toRateMicros: number): number {
  const numerator = BigInt(Math.abs(amountMinor)) * BigInt(toRateMicros);
  const denominator = BigInt(fromRateMicros) * 10n ** BigInt(fromDigits);
  const rounded = (numerator * 2n + denominator) / (denominator * 2n);
  const whole = Number(rounded);
  return amountMinor < 0 ? -whole : whole;
}

/** The rates the browser converts with: micros per base unit for every display currency that has one (the base included). */
export type FxRateTable = Partial<Record<DisplayCurrency, number>>;

/**
 * An amount (minor units of `currency`) in whole units of `target`, or null when either rate is
 * unknown (the caller then shows the amount in its own currency).
 */
export function convertForDisplay(amountMinor: number, currency: string, target: DisplayCurrency, rates: FxRateTable): number | null {
  const fromRate = currency === FX_BASE ? MICROS_PER_UNIT : isDisplayCurrency(currency) ? rates[currency] : undefined;
  const toRate = target === FX_BASE ? MICROS_PER_UNIT : rates[target];
  if (!fromRate || !toRate) return null;
  return convertToWholeUnits(amountMinor, fromRate, currencyDigits(currency), toRate);
}
