import { useId } from "react";
import { DISPLAY_CURRENCIES, isDisplayCurrency } from "../../shared/fx.ts";
import { NativeSelect } from "../components/ui/native-select.tsx";
import { useDisplayCurrency } from "../lib/display-currency.ts";
import { useTranslation } from "../lib/i18n.ts";

// Each option's text made once: a currency formatter costs ~1-2 ms on a phone, and the header is drawn on every page.
const optionTexts = new Map<string, string>();

/** "€ EUR", or the bare code where the currency has no symbol of its own ("CHF"). */
function optionText(currency: string): string {
  let text = optionTexts.get(currency);
  if (text === undefined) {
    const symbol =
      new Intl.NumberFormat("en", { style: "currency", currency, currencyDisplay: "narrowSymbol" })
        .formatToParts(0)
        .find((part) => part.type === "currency")?.value ?? currency;
    text = symbol === currency ? currency : `${symbol} ${currency}`;
    optionTexts.set(currency, text);
  }
  return text;
}

/** The header's display-currency picker: prices are shown converted as estimates; payment stays in the hotel's currency. */
export function CurrencyPicker() {
  const { t } = useTranslation();
  const [currency, setCurrency] = useDisplayCurrency();
  const id = useId();
  return (
    <div className="ml-auto flex items-center">
      <label htmlFor={id} className="sr-only">
        {t("Currency")}
      </label>
      <NativeSelect
        id={id}
        value={currency}
        onChange={(event) => {
          if (isDisplayCurrency(event.target.value)) setCurrency(event.target.value);
        }}
        wrapperClassName="w-[6.5rem]"
        className="h-10 text-sm"
      >
        {DISPLAY_CURRENCIES.map((code) => (
          <option key={code} value={code}>
            {optionText(code)}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
