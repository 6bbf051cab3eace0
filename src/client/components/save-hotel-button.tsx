import { useTranslation } from "../lib/i18n.ts";
import { Heart } from "lucide-react";
import { isOwnHotelId } from "../../shared/saved-hotels.ts";
import { cn } from "../lib/cn.ts";
import { useSavedHotelIds, useToggleSavedHotel } from "../lib/saved-hotels.ts";

type SaveHotelButtonProps = {
  hotelId: string;
  hotelName: string;
  /** overlay: a round icon button over a card's photo; labelled: the icon and "Save". */
  variant?: "overlay" | "labelled";
  className?: string;
};

/**
 * The heart: saves or unsaves the hotel (a toggle button, pressed when saved). Partner hotels cannot
 * be saved (decision 025), so it is left out for them.
 */
export function SaveHotelButton({ hotelId, hotelName, variant = "overlay", className }: SaveHotelButtonProps) {
  const { t } = useTranslation();
  const savedIds = useSavedHotelIds();
  const toggle = useToggleSavedHotel();
  if (!isOwnHotelId(hotelId)) return null;
  const saved = savedIds.includes(hotelId);
  return (
    <button
      type="button"
      aria-pressed={saved}
      // One name whatever the state (aria-pressed tells it), containing the visible "Save".
      aria-label={t("Save {{hotel}}", { hotel: hotelName })}
      onClick={() => toggle({ hotelId, hotelName, save: !saved })}
      className={cn(
        "inline-flex shrink-0 items-center justify-center gap-2 transition-colors",
        "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600",
        variant === "overlay"
          ? "size-11 rounded-full bg-white/90 text-slate-700 shadow-md backdrop-blur hover:bg-white hover:text-rose-600"
          : cn(
              "h-11 rounded-lg border px-4 text-sm font-semibold shadow-xs",
              saved
                ? "border-rose-200 bg-rose-50 text-rose-800 hover:bg-rose-100"
                : "border-slate-300 bg-white text-slate-900 hover:bg-slate-50",
            ),
        className,
      )}
    >
      <Heart aria-hidden="true" className={cn("size-5", saved ? "fill-rose-600 text-rose-600" : null)} />
      {variant === "labelled" ? t("Save") : null}
    </button>
  );
}
