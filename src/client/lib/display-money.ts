/**
 * Prices shown in the traveller's display currency (decision 028). The rule: a converted amount is
 * an estimate, rounded half away from zero to a whole unit of the display currency (no minor units,
 * so "≈ €114", "≈ ¥15,150") and marked "≈"; an amount in its own currency is shown exactly with
 * formatMoney. What a guest pays is always the charge amount in the hotel's currency.
 */
import {
  type DisplayCurrency,
  FX_BASE,
  type FxRateTable,
  MICROS_PER_UNIT,
  convertForDisplay,
  decimalToMicros,
  isDisplayCurrency,
  microsToDecimal,
} from "../../shared/fx.ts";
import { formatMoney } from "./format.ts";

/** The public answer's decimal rates as micros; the base is 1, unreadable rates are left out. */
export function rateTable(rates: Record<string, string>): FxRateTable {
  const table: FxRateTable = { [FX_BASE]: MICROS_PER_UNIT };
  for (const [currency, text] of Object.entries(rates)) {
    const micros = decimalToMicros(text);
    if (isDisplayCurrency(currency) && micros) table[currency] = micros;
  }
  return table;
}

const wholeFormats = new Map<string, Intl.NumberFormat>();

/** A whole amount of a currency, without minor units ("€114", "¥15,150"). */
export function formatWholeUnits(amount: number, currency: string): string {
  let format = wholeFormats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat(undefined, { style: "currency", currency, minimumFractionDigits: 0, maximumFractionDigits: 0 });
    wholeFormats.set(currency, format);
  }
  return format.format(amount);
}

export interface DisplayAmount {
  text: string;
  /** True when `text` is a converted estimate ("≈ €114"), false when it is the amount in its own currency. */
  converted: boolean;
}

/**
 * An amount in minor units of `currency` as the traveller sees it: converted into `target` when
 * they differ and both rates are known, else exactly in its own currency.
 */
export function displayAmount(cents: number, currency: string, target: DisplayCurrency, rates: FxRateTable | null): DisplayAmount {
  if (target !== currency && rates) {
    const whole = convertForDisplay(cents, currency, target, rates);
    if (whole !== null) return { text: `≈ ${formatWholeUnits(whole, target)}`, converted: true };
  }
  return { text: formatMoney(cents, currency), converted: false };
}

/** The exchange rate behind an estimate, to show beside it: "1 USD = 0.92 EUR" and when that rate was set. */
export interface RateUsed {
  from: string;
  to: string;
  /** Units of `to` one unit of `from` buys, as a decimal with at most 6 places ("0.92"). */
  rate: string;
  /** When the older of the two rates was set (ISO timestamp); null when not known. */
  updatedAt: string | null;
}

/** The rate an amount in `currency` is converted into `target` at, or null when it is not converted. */
export function rateUsed(
  currency: string,
  target: DisplayCurrency,
  rates: FxRateTable | null,
  updatedAt: Readonly<Record<string, string>>,
): RateUsed | null {
  const from = rates?.[currency as DisplayCurrency];
  const to = rates?.[target];
  if (target === currency || !from || !to) return null;
  // Through the base, as amounts are converted; rounded half up to micros in integers (BigInt: no float).
  const micros = (BigInt(to) * BigInt(MICROS_PER_UNIT) * 2n + BigInt(from)) / (2n * BigInt(from));
  const dates = [updatedAt[currency], updatedAt[target]].filter((d): d is string => d !== undefined).sort();
  return { from: currency, to: target, rate: microsToDecimal(Number(micros)), updatedAt: dates[0] ?? null };
}
