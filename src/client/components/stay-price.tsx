import type { StayPrice } from "../../shared/stay-price.ts";
import { stayPriceHeadline } from "../../shared/stay-price.ts";
import { cn } from "../lib/cn.ts";
import { Trans, useTranslation } from "../lib/i18n.ts";
import { usePriceDisplay } from "../lib/price-display.ts";
import { Money } from "./money.tsx";

/** The amount a stay price shows in big type under the traveller's display preference, and what it adds beside it (decision 061). */
export function useStayPriceHeadline(price: StayPrice): { amountCents: number; addedCents: number | null } {
  const [display] = usePriceDisplay();
  return stayPriceHeadline(price, display);
}

/** "includes taxes and fees", or "+ $45.12 taxes and fees" (converted like every price when another currency is displayed). */
export function TaxesAndFeesNote({ price, currency, className }: { price: StayPrice; currency: string; className?: string }) {
  const { t } = useTranslation();
  const { addedCents } = useStayPriceHeadline(price);
  return (
    <p data-testid="taxes-and-fees" className={cn("text-xs text-slate-600", className)}>
      {addedCents === null ? (
        t("includes taxes and fees")
      ) : (
        <Trans i18nKey="+ <amount></amount> taxes and fees" components={{ amount: <Money cents={addedCents} currency={currency} /> }} />
      )}
    </p>
  );
}

/** A search card's stay line: "$456.78 for 3 nights" and what it includes, under the nightly price. */
export function StayTotal({ price, currency, nights }: { price: StayPrice; currency: string; nights: number }) {
  const { amountCents } = useStayPriceHeadline(price);
  return (
    <div data-testid="stay-total">
      <p className="text-sm font-semibold text-slate-800">
        <Trans
          i18nKey="<total></total> for {{count}} nights"
          count={nights}
          components={{ total: <Money cents={amountCents} currency={currency} /> }}
        />
      </p>
      <TaxesAndFeesNote price={price} currency={currency} />
    </div>
  );
}
