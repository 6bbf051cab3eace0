import { useTranslation } from "../lib/i18n.ts";
import type { NightPrice } from "../../shared/rates.ts";
import { formatMoney, formatShortDay } from "../lib/format.ts";

type NightlyPricesProps = {
  nights: readonly NightPrice[];
  currency: string;
  rooms: number;
  className?: string;
};

/** A stay's price night by night (decision 020): each night's price per room, as the server priced or sold it. */
export function NightlyPrices({ nights, currency, rooms, className }: NightlyPricesProps) {
  const { t } = useTranslation();
  return (
    <div className={className}>
      <p className="text-xs font-medium text-slate-600">
        {rooms > 1 ? t("Price per night, per room (× {{count}} rooms)", { count: rooms }) : t("Price per night")}
      </p>
      <ul aria-label={t("Price per night")} className="mt-1 space-y-0.5">
        {nights.map((n) => (
          <li key={n.night} className="flex justify-between gap-4 text-slate-700">
            <span>{formatShortDay(n.night)}</span>
            <span className="tabular-nums">{formatMoney(n.priceCents, currency)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
