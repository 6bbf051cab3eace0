import { useTranslation } from "../../lib/i18n.ts";
import { Star } from "lucide-react";
import { cn } from "../../lib/cn.ts";
import { formatCount } from "../../lib/format.ts";

const MAX_RATING = 5;

/**
 * A guest rating out of five as filled and empty stars, read as 'Rated 4.5 out of 5'. Fractions
 * fill part of a star, so an average of 4.3 looks different from 4.7.
 */
export function RatingStars({ rating, className, starClassName }: { rating: number; className?: string; starClassName?: string }) {
  const { t } = useTranslation();
  const label = Number.isInteger(rating) ? formatCount(rating) : formatCount(Math.round(rating * 10) / 10);
  return (
    <span
      role="img"
      aria-label={t("Rated {{rating}} out of {{max}}", { rating: label, max: MAX_RATING })}
      className={cn("inline-flex items-center gap-0.5", className)}
    >
      {Array.from({ length: MAX_RATING }, (_, index) => {
        const fill = Math.min(1, Math.max(0, rating - index));
        return (
          <span key={index} className="relative inline-flex">
            <Star aria-hidden="true" className={cn("size-4 fill-slate-200 text-slate-200", starClassName)} />
            {fill > 0 ? (
              <span className="absolute inset-y-0 left-0 overflow-hidden" style={{ width: `${fill * 100}%` }}>
                <Star aria-hidden="true" className={cn("size-4 fill-amber-400 text-amber-400", starClassName)} />
              </span>
            ) : null}
          </span>
        );
      })}
    </span>
  );
}
