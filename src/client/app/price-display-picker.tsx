import { useId } from "react";
import { PRICE_DISPLAYS, type PriceDisplay, isPriceDisplay } from "../../shared/stay-price.ts";
import { NativeSelect } from "../components/ui/native-select.tsx";
import { cn } from "../lib/cn.ts";
import { type TFunction, useTranslation } from "../lib/i18n.ts";
import { usePriceDisplay } from "../lib/price-display.ts";

function displayText(t: TFunction, display: PriceDisplay): string {
  return display === "including" ? t("Including taxes and fees") : t("Before taxes and fees");
}

/** Beside the currency picker: whether stay prices are shown with taxes and fees in them or before them (decision 061). */
export function PriceDisplayPicker({ className }: { className?: string }) {
  const { t } = useTranslation();
  const [display, setDisplay] = usePriceDisplay();
  const id = useId();
  return (
    <div className={cn("flex items-center", className)}>
      <label htmlFor={id} className="sr-only">
        {t("Show prices")}
      </label>
      <NativeSelect
        id={id}
        value={display}
        onChange={(event) => {
          if (isPriceDisplay(event.target.value)) setDisplay(event.target.value);
        }}
        wrapperClassName="w-[11rem]"
        className="h-10 text-sm"
      >
        {PRICE_DISPLAYS.map((value) => (
          <option key={value} value={value}>
            {displayText(t, value)}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
