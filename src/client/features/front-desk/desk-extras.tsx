import { useId } from "react";
import { Check } from "lucide-react";
import { type ExtraPricing, type ExtrasChoice, MAX_EXTRA_QUANTITY } from "../../../shared/extras.ts";
import type { PhoneQuote } from "../../api/front-desk.ts";
import { NativeSelect } from "../../components/ui/native-select.tsx";
import { formatMoney } from "../../lib/format.ts";
import { type TFunction, useTranslation } from "../../lib/i18n.ts";

type OfferedExtra = PhoneQuote["availableExtras"][number];

function priceText(pricing: ExtraPricing, price: string, t: TFunction): string {
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

const takesQuantity = (pricing: ExtraPricing) => pricing === "per_stay" || pricing === "per_night";

/**
 * The hotel's extras in the phone booking (issue 30 item 4): a checkbox each, a quantity for those
 * counted per stay or per night, those the rate includes as "Included in your rate". Every change
 * asks the server for a new quote; the breakdown under it shows the server's answer.
 */
export function DeskExtras(props: {
  extras: readonly OfferedExtra[];
  currency: string;
  chosen: ExtrasChoice;
  onChange: (next: ExtrasChoice) => void;
}) {
  const { extras, currency, chosen, onChange } = props;
  const { t } = useTranslation();
  const id = useId();
  if (extras.length === 0) return null;
  const picked = new Map(chosen.map((c) => [c.extraId, c.quantity]));
  return (
    <fieldset className="rounded-xl border border-slate-200 px-4 py-3 text-sm">
      <legend className="px-1 font-medium text-slate-900">{t("Extras")}</legend>
      <ul className="space-y-2">
        {extras.map((extra) => {
          const price = priceText(extra.pricing, formatMoney(extra.priceCents, currency), t);
          if (extra.inPlan) {
            return (
              <li key={extra.id} className="flex items-start gap-3">
                <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-700" />
                <span>
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
                onChange={(e) =>
                  onChange(
                    e.target.checked ? [...chosen, { extraId: extra.id, quantity: 1 }] : chosen.filter((c) => c.extraId !== extra.id),
                  )
                }
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
                  onChange={(e) => onChange(chosen.map((c) => (c.extraId === extra.id ? { ...c, quantity: Number(e.target.value) } : c)))}
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
    </fieldset>
  );
}
