import { useId, useState } from "react";
import { useTranslation } from "../../lib/i18n.ts";
import { Star } from "lucide-react";
import { cn } from "../../lib/cn.ts";
import { fieldMessage } from "../../lib/error-text.ts";

const RATINGS = [1, 2, 3, 4, 5] as const;

type RatingInputProps = {
  /** 0 while nothing is chosen. */
  value: number;
  onChange: (rating: number) => void;
  onBlur: () => void;
  error?: string | undefined;
};

/**
 * Five native radio buttons drawn as stars in a fieldset: arrow keys move between them, and the
 * legend names the group for screen readers. Hovering previews a rating before it is chosen.
 */
export function RatingInput({ value, onChange, onBlur, error }: RatingInputProps) {
  const { t } = useTranslation();
  const words = [t("Terrible"), t("Poor"), t("Average"), t("Very good"), t("Excellent")];
  const name = useId();
  const errorId = `${name}-error`;
  const [hovered, setHovered] = useState(0);
  const shown = hovered || value;
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium text-slate-800">{t("Rating")}</legend>
      <div className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-1">
        <div className="-ml-1.5 flex" onMouseLeave={() => setHovered(0)}>
          {RATINGS.map((rating) => {
            return (
              <label key={rating} className="relative cursor-pointer" onMouseEnter={() => setHovered(rating)}>
                <input
                  type="radio"
                  name={name}
                  value={rating}
                  checked={value === rating}
                  required
                  onChange={() => onChange(rating)}
                  onBlur={onBlur}
                  // Invisible but covering the star, so a tap or a test driver's click lands on the radio itself.
                  className="peer absolute inset-0 z-10 size-full cursor-pointer appearance-none opacity-0"
                />
                <span className="flex size-11 items-center justify-center rounded-lg peer-focus-visible:outline-2 peer-focus-visible:outline-brand-600">
                  <Star
                    aria-hidden="true"
                    className={cn(
                      "size-8 transition-colors",
                      rating <= shown ? "fill-amber-400 text-amber-400" : "fill-transparent text-slate-400",
                    )}
                  />
                </span>
                <span className="sr-only">{t("{{count}} stars", { count: rating })}</span>
              </label>
            );
          })}
        </div>
        <span aria-hidden="true" className="text-sm font-medium text-slate-700">
          {shown > 0 ? words[shown - 1] : null}
        </span>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="mt-1.5 text-sm text-red-700">
          {fieldMessage(error)}
        </p>
      ) : null}
    </fieldset>
  );
}
