import type { PriceBreakdown as Charges } from "../../shared/charges.ts";
import { cn } from "../lib/cn.ts";
import { formatCount, formatMoney } from "../lib/format.ts";
import { useTranslation } from "../lib/i18n.ts";
import { type BreakdownOptions, type BreakdownRowTone, breakdownRows } from "../../shared/charge-rows.ts";

type PriceBreakdownProps = BreakdownOptions & {
  /** The server's breakdown (a quote's or a booking's stored charges), shown to the cent as computed. */
  charges: Charges;
  /** Names the table for assistive technology; "Price breakdown" when not given. */
  caption?: string;
  className?: string;
};

const toneClass: Record<BreakdownRowTone, string> = {
  charge: "text-slate-700",
  discount: "text-emerald-700",
  included: "text-emerald-700",
  total: "border-t border-slate-200 text-base font-bold text-slate-900",
  note: "text-xs text-slate-600",
};

/**
 * A stay's price line by line (decision 059): rooms, child charges, extras (an extra the rate
 * includes says so, at no charge), discounts, fees, the taxes added, the total and the VAT the
 * prices include. A table of row headers and amounts, so each amount is read with what it is for.
 * Options: `childLabel` (the child charges' words), `after` (points paid, taken off before the
 * total) and `total` (another total row, e.g. "Total paid", or null when the surface says its own).
 */
export function PriceBreakdown({ charges, caption, className, ...options }: PriceBreakdownProps) {
  const { t } = useTranslation();
  const rows = breakdownRows(charges, t, (cents) => formatMoney(cents, charges.currency), formatCount, options);
  return (
    // Named by aria-label, not a caption: a name with the booking's reference must not be found as the page's text.
    <table aria-label={caption ?? t("Price breakdown")} className={cn("w-full text-sm", className)} data-testid="charges-breakdown">
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} className={toneClass[row.tone]}>
            <th scope="row" className={cn("py-1 pr-4 text-left align-top", row.tone === "total" ? "pt-2" : "font-normal")}>
              {row.label}
              {row.detail ? <span className="block text-xs font-normal text-slate-600">{row.detail}</span> : null}
            </th>
            <td className={cn("py-1 text-right align-top whitespace-nowrap tabular-nums", row.tone === "total" ? "pt-2" : undefined)}>
              {row.amount}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
