import { useId } from "react";
import { Check } from "lucide-react";
import { type ExtraPricing, type ExtrasChoice, MAX_EXTRA_QUANTITY } from "../../shared/extras.ts";
import type { PriceQuote } from "../../shared/price-quote.ts";
import { NativeSelect } from "./ui/native-select.tsx";
import { formatMoney } from "../lib/format.ts";
import { type TFunction, useTranslation } from "../lib/i18n.ts";

type OfferedExtra = PriceQuote["availableExtras"][number];

type ExtrasFieldProps = {
  /** The hotel's extras on offer for this stay (the quote's availableExtras). */
  extras: readonly OfferedExtra[];
  currency: string;
  /** The extras the guest chose (those the rate includes are not among them: they are always taken). */
  chosen: ExtrasChoice;
  onChange: (next: ExtrasChoice) => void;
  /** The server's refusal of the choice (an extra no longer on offer), shown under the list. */
  error?: string | null;
};

/** "€15 per person per night": an extra's price as the hotel counts it. */
export function extraPriceText(pricing: ExtraPricing, price: string, t: TFunction): string {
  switch (pricing) {
    case "per_stay":
      return t("{{price}} per stay", { price });
    case "per_night":
      return t("{{price}} per night", { price });
    case "per_person":
      return t("{{price}} per person", { price });
    case "per_person_per_night":
      return t("{{price}} per person per night", { price });
  }
}

/** A per-stay or per-night extra is counted by the quantity the guest picks (parking spaces, transfers). */
const takesQuantity = (pricing: ExtraPricing) => pricing === "per_stay" || pricing === "per_night";

/**
 * The hotel's extras in the booking dialog and the front desk's phone booking (issue 30 item 4): a checkbox each, a quantity for those
 * counted per stay or per night, and those the rate includes listed as "Included in your rate" at
 * no charge. Every change asks the server for a new quote; the breakdown shows its answer.
 */
export function ExtrasField({ extras, currency, chosen, onChange, error }: ExtrasFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  if (extras.length === 0) return null;
  const picked = new Map(chosen.map((c) => [c.extraId, c.quantity]));

  function toggle(extraId: string, on: boolean) {
    onChange(on ? [...chosen, { extraId, quantity: 1 }] : chosen.filter((c) => c.extraId !== extraId));
  }

  function setQuantity(extraId: string, quantity: number) {
    onChange(chosen.map((c) => (c.extraId === extraId ? { ...c, quantity } : c)));
  }

  return (
    <fieldset className="rounded-xl border border-slate-200 px-4 py-3 text-sm" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="px-1 font-medium text-slate-900">{t("Extras")}</legend>
      <ul className="space-y-2">
        {extras.map((extra) => {
          const price = extraPriceText(extra.pricing, formatMoney(extra.priceCents, currency), t);
          if (extra.inPlan) {
            return (
              <li key={extra.id} className="flex items-start gap-3">
                <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-700" />
                <span className="text-slate-800">
                  <span className="font-medium text-slate-900">{extra.name}</span>
                  <span className="block text-emerald-700">{t("Included in your rate")}</span>
                </span>
              </li>
            );
          }
          const quantity = picked.get(extra.id);
          const boxId = `${id}-${extra.id}`;
          return (
            <li key={extra.id} className="flex flex-wrap items-start gap-3">
              <input
                id={boxId}
                type="checkbox"
                className="mt-0.5 size-5 accent-brand-700"
                checked={quantity !== undefined}
                onChange={(e) => toggle(extra.id, e.target.checked)}
              />
              <label htmlFor={boxId} className="min-w-0 flex-1 text-slate-800">
                <span className="font-medium text-slate-900">{extra.name}</span>
                <span className="block text-slate-600">{price}</span>
              </label>
              {quantity !== undefined && takesQuantity(extra.pricing) ? (
                <NativeSelect
                  aria-label={t("Quantity of {{name}}", { name: extra.name })}
                  wrapperClassName="w-20"
                  className="h-9"
                  value={quantity}
                  onChange={(e) => setQuantity(extra.id, Number(e.target.value))}
                >
                  {Array.from({ length: MAX_EXTRA_QUANTITY }, (_, i) => i + 1).map((n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </NativeSelect>
              ) : null}
            </li>
          );
        })}
      </ul>
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-2 text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
