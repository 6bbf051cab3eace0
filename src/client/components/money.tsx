import { Info } from "lucide-react";
import { FX_BASE } from "../../shared/fx.ts";
import { cn } from "../lib/cn.ts";
import { useDisplayMoney } from "../lib/display-currency.ts";
import type { RateUsed } from "../lib/display-money.ts";
import { formatDay, formatLocale } from "../lib/format.ts";
import { type TFunction, useTranslation } from "../lib/i18n.ts";

type MoneyProps = {
  /** Minor units of `currency`. */
  cents: number;
  /** The currency the amount is in (the hotel's, which the guest pays in). */
  currency: string;
  className?: string;
};

/** "1 USD = 0,92 EUR, as of 27 Nov 2026": the rate behind an estimate, in the reader's language. */
function rateText(t: TFunction, used: RateUsed): string {
  const values = {
    from: used.from,
    to: used.to,
    rate: new Intl.NumberFormat(formatLocale(), { maximumFractionDigits: 6 }).format(Number(used.rate)),
  };
  return used.updatedAt
    ? t("1 {{from}} = {{rate}} {{to}}, as of {{date}}", { ...values, date: formatDay(used.updatedAt) })
    : t("1 {{from}} = {{rate}} {{to}}", values);
}

/** A price for reading: "≈ €114" in the traveller's display currency (its rate in the tooltip), or exactly in its own currency. */
export function Money({ cents, currency, className }: MoneyProps) {
  const { t } = useTranslation();
  const { format, rate } = useDisplayMoney();
  const amount = format(cents, currency);
  const used = amount.converted ? rate(currency) : null;
  return (
    <span className={cn(amount.converted ? "whitespace-nowrap" : undefined, className)} title={used ? rateText(t, used) : undefined}>
      {amount.text}
    </span>
  );
}

/** Beside an amount the guest pays (shown exactly in its own currency): its estimate in the display currency, or nothing. */
export function ConvertedHint({ cents, currency, className }: MoneyProps) {
  const { t } = useTranslation();
  const { format, rate } = useDisplayMoney();
  const amount = format(cents, currency);
  const used = amount.converted ? rate(currency) : null;
  return amount.converted ? (
    <span className={cn("whitespace-nowrap text-slate-600", className)} title={used ? rateText(t, used) : undefined}>
      ({amount.text})
    </span>
  ) : null;
}

type PaymentCurrencyNoteProps = {
  /** The currency the guest pays in, when one is known for everything on screen. */
  currency?: string;
  className?: string;
};

/** "Prices shown in EUR are estimates…": shown only while the traveller displays another currency than the one they pay in. */
export function PaymentCurrencyNote({ currency, className }: PaymentCurrencyNoteProps) {
  const { t } = useTranslation();
  const { display, format, rate } = useDisplayMoney();
  // A conversion of zero tells whether rates are at hand, so the note never promises estimates that are not shown.
  if (!format(0, currency ?? FX_BASE).converted) return null;
  // Our hotels are all priced in the base currency (decision 028): without a currency, that is the rate used.
  const used = rate(currency ?? FX_BASE);
  return (
    <p className={cn("flex items-start gap-2 text-sm text-slate-600", className)}>
      <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
      <span>
        {currency
          ? t("Prices shown in {{display}} are estimates. You pay in {{currency}}, the hotel's currency.", { display, currency })
          : t("Prices shown in {{display}} are estimates. You pay in the hotel's currency.", { display })}
        {used ? ` ${t("Rate used: {{rate}}.", { rate: rateText(t, used) })}` : null}
      </span>
    </p>
  );
}
