import { Info } from "lucide-react";
import { FX_BASE } from "../../shared/fx.ts";
import { cn } from "../lib/cn.ts";
import { useDisplayMoney } from "../lib/display-currency.ts";
import { useTranslation } from "../lib/i18n.ts";

type MoneyProps = {
  /** Minor units of `currency`. */
  cents: number;
  /** The currency the amount is in (the hotel's, which the guest pays in). */
  currency: string;
  className?: string;
};

/** A price for reading: "≈ €114" in the traveller's display currency, or exactly in its own currency. */
export function Money({ cents, currency, className }: MoneyProps) {
  const { format } = useDisplayMoney();
  const amount = format(cents, currency);
  return <span className={cn(amount.converted ? "whitespace-nowrap" : undefined, className)}>{amount.text}</span>;
}

/** Beside an amount the guest pays (shown exactly in its own currency): its estimate in the display currency, or nothing. */
export function ConvertedHint({ cents, currency, className }: MoneyProps) {
  const { format } = useDisplayMoney();
  const amount = format(cents, currency);
  return amount.converted ? <span className={cn("whitespace-nowrap text-slate-600", className)}>({amount.text})</span> : null;
}

type PaymentCurrencyNoteProps = {
  /** The currency the guest pays in, when one is known for everything on screen. */
  currency?: string;
  className?: string;
};

/** "Prices shown in EUR are estimates…": shown only while the traveller displays another currency than the one they pay in. */
export function PaymentCurrencyNote({ currency, className }: PaymentCurrencyNoteProps) {
  const { t } = useTranslation();
  const { display, format } = useDisplayMoney();
  // A conversion of zero tells whether rates are at hand, so the note never promises estimates that are not shown.
  if (!format(0, currency ?? FX_BASE).converted) return null;
  return (
    <p className={cn("flex items-start gap-2 text-sm text-slate-600", className)}>
      <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
      <span>
        {currency
          ? t("Prices shown in {{display}} are estimates. You pay in {{currency}}, the hotel's currency.", { display, currency })
          : t("Prices shown in {{display}} are estimates. You pay in the hotel's currency.", { display })}
      </span>
    </p>
  );
}
