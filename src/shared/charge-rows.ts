/**
 * A stored or quoted price breakdown (shared/charges.ts, decision 059) as rows to read: what each
 * line is in the reader's language, the count behind it and its amount. Pure, so the words and the
 * order are tested without a browser. The client's PriceBreakdown draws them; the e-mails and the
 * downloadable confirmation write them as lines (services/bookings/emails.ts).
 */
import type { ChargeLine, PriceBreakdown } from "./charges.ts";
import type { Translate as TFunction } from "./i18n/labels.ts";

export type BreakdownRowTone = "charge" | "discount" | "included" | "total" | "note";

export interface BreakdownRow {
  key: string;
  /** What the line is: the room, an extra's or fee's name, a tax with its rate. */
  label: string;
  /** How it is counted ("2 nights × 1 room · €120.00 per night"), or null. */
  detail: string | null;
  /** The amount as shown: "€240.00", "−€24.00", or "Included in your rate". */
  amount: string;
  tone: BreakdownRowTone;
}

export type FormatMoney = (cents: number) => string;
export type FormatNumber = (value: number) => string;

// The server writes a room line as "<room (plan)>: N night(s) × M room(s)" (services/bookings/charges.ts).
const ROOM_LABEL = /^(.*): (\d+) nights? × (\d+) rooms?$/;

function roomRow(line: ChargeLine, index: number, t: TFunction, money: FormatMoney): BreakdownRow {
  const match = ROOM_LABEL.exec(line.label);
  if (!match) return { key: `room:${index}`, label: line.label, detail: null, amount: money(line.amountCents), tone: "charge" };
  const [, room = "", nights = "1", rooms = "1"] = match;
  const counts = `${t("{{count}} nights", { count: Number(nights) })} × ${t("{{count}} rooms", { count: Number(rooms) })}`;
  // A line of nights at one price says the price; a line of the whole stay (prices not night by night) does not.
  const perNight =
    Number(nights) * Number(rooms) === line.quantity ? ` · ${t("{{price}} per night", { price: money(line.unitCents) })}` : "";
  return { key: `room:${index}`, label: room, detail: `${counts}${perNight}`, amount: money(line.amountCents), tone: "charge" };
}

function discountLabel(line: ChargeLine, t: TFunction): string {
  if (line.code === "promotion") {
    const code = /^Promo code (.+)$/.exec(line.label)?.[1];
    return code ? t("Promo code {{code}}", { code }) : line.label;
  }
  if (line.code === "member") {
    if (line.label.includes("Gold")) return t("Gold member price");
    if (line.label.includes("Silver")) return t("Silver member price");
  }
  return line.label;
}

const timesUnit = (line: ChargeLine, money: FormatMoney, count: FormatNumber) =>
  line.quantity > 1 ? `${count(line.quantity)} × ${money(line.unitCents)}` : null;

/**
 * The rows in the server's order (rooms, child charges, discounts, extras, fees, the taxes added on
 * top), then the total, then the VAT the prices already include ("includes VAT 10 %"), never added.
 */
export interface BreakdownOptions {
  /** Words for the child charges line (e.g. "Child charges: $10 × 1 child × 2 nights"); "Child charges" when not given. */
  childLabel?: string;
  /** Taken off after the server's lines, before the total (loyalty points paid), as positive cents. */
  after?: readonly { key: string; label: string; cents: number }[];
  /** The total row: the stay's total (charges.totalCents) when not given; null for none (the surface says its own). */
  total?: { label: string; cents: number } | null;
}

export function breakdownRows(
  charges: PriceBreakdown,
  t: TFunction,
  money: FormatMoney,
  count: FormatNumber,
  options: BreakdownOptions = {},
): BreakdownRow[] {
  const rows: BreakdownRow[] = [];
  const notes: BreakdownRow[] = [];
  const negative = (cents: number) => `−${money(Math.abs(cents))}`;
  charges.lines.forEach((line, index) => {
    const key = `${line.kind}:${line.code ?? ""}:${index}`;
    switch (line.kind) {
      case "room":
        rows.push(roomRow(line, index, t, money));
        break;
      case "child":
        rows.push({ key, label: options.childLabel ?? t("Child charges"), detail: null, amount: money(line.amountCents), tone: "charge" });
        break;
      case "extra":
        rows.push(
          line.inPlan
            ? { key, label: line.label, detail: null, amount: t("Included in your rate"), tone: "included" }
            : { key, label: line.label, detail: timesUnit(line, money, count), amount: money(line.amountCents), tone: "charge" },
        );
        break;
      case "discount":
        rows.push({ key, label: discountLabel(line, t), detail: null, amount: negative(line.amountCents), tone: "discount" });
        break;
      case "fee":
        if (line.included) {
          // A partner's fee (decision 062): inside its price, or paid at the hotel (its label says so); never added.
          const label = line.payableAtHotel ? line.label : t("includes {{tax}}", { tax: line.label });
          notes.push({ key, label, detail: null, amount: money(line.amountCents), tone: "note" });
        } else {
          rows.push({ key, label: line.label, detail: timesUnit(line, money, count), amount: money(line.amountCents), tone: "charge" });
        }
        break;
      case "tax": {
        const rate = line.rateBasisPoints > 0 ? count(line.rateBasisPoints / 100) : null;
        if (line.included) {
          // Already inside the prices above: said, never added.
          const label = rate ? t("includes {{tax}} {{rate}} %", { tax: line.label, rate }) : t("includes {{tax}}", { tax: line.label });
          notes.push({ key, label, detail: null, amount: money(line.amountCents), tone: "note" });
        } else {
          const label = rate ? t("{{tax}} {{rate}} %", { tax: line.label, rate }) : line.label;
          rows.push({ key, label, detail: timesUnit(line, money, count), amount: money(line.amountCents), tone: "charge" });
        }
        break;
      }
    }
  });
  for (const off of options.after ?? []) {
    if (off.cents > 0)
      rows.push({ key: `after:${off.key}`, label: off.label, detail: null, amount: negative(off.cents), tone: "discount" });
  }
  const total = options.total === undefined ? { label: t("Total"), cents: charges.totalCents } : options.total;
  if (total) rows.push({ key: "total", label: total.label, detail: null, amount: money(total.cents), tone: "total" });
  return [...rows, ...notes];
}
