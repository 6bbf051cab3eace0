/**
 * What staff type in the Taxes and fees and Extras forms, turned into what the shared schemas check:
 * a percentage ("7.5", "7,5") into basis points, an amount ("2.50") into cents. Text that is not a
 * number becomes NaN and an amount with too many decimals a fraction, so the zod schema's own
 * message ("must be a number", "two decimal places at most") tells the person what to fix.
 */

const NUMBER = /^-?\d+(?:[.,]\d+)?$/;

function scaled(text: string, by: number): number {
  const trimmed = text.trim().replace(/\s/g, "");
  if (!NUMBER.test(trimmed)) return Number.NaN;
  const [whole, fraction = ""] = trimmed.replace(",", ".").split(".") as [string, string?];
  const places = Math.log10(by);
  const sign = whole.startsWith("-") ? -1 : 1;
  const units = Math.abs(Number(whole)) * by + Number(fraction.slice(0, places).padEnd(places, "0"));
  // Digits beyond the second decimal stay as a fraction: the schema refuses it in words.
  const rest = fraction.length > places ? Number(`0.${fraction.slice(places)}`) : 0;
  return sign * (units + rest);
}

/** "7.5" → 750 basis points; "" or "abc" → NaN. */
export function percentToBasisPoints(text: string): number {
  return scaled(text, 100);
}

/** 750 → "7.5". */
export function basisPointsToPercent(basisPoints: number): string {
  return String(basisPoints / 100);
}

/** "2.50" → 250 cents (currencies with two decimals; every demo hotel sells in USD or EUR). */
export function moneyToCents(text: string): number {
  return scaled(text, 100);
}

/** 250 → "2.50". */
export function centsToMoney(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** "" → null, "12" → 12, "abc" → NaN (an optional whole number: an age, a number of nights). */
export function optionalWhole(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}
