import { useTranslation } from "../lib/i18n.ts";
import { cn } from "../lib/cn.ts";
import { formatRating } from "../lib/format.ts";

type RatingBadgeProps = {
  rating: number;
  reviewCount: number;
  /** 'inventory' for our own hotels; a partner's figures are its own, and labelled so. */
  supplier?: string;
  className?: string;
};

/** Guest rating (out of 5, one decimal) with the number of reviews behind it. */
export function RatingBadge({ rating, reviewCount, supplier = "inventory", className }: RatingBadgeProps) {
  const { t } = useTranslation();
  if (reviewCount === 0) {
    return <span className={cn("text-sm text-slate-600", className)}>{t("No reviews yet")}</span>;
  }
  return (
    <span className={cn("inline-flex flex-wrap items-center gap-x-1.5 text-sm", className)}>
      <span className="rounded-md bg-brand-700 px-1.5 py-0.5 text-sm font-bold text-white tabular-nums">
        <span className="sr-only">{t("Rated {{rating}} out of {{max}}", { rating: formatRating(rating), max: 5 })}</span>
        <span aria-hidden="true">{formatRating(rating)}</span>
      </span>
      <span className="text-slate-600">({t("{{count, number}} reviews", { count: reviewCount })})</span>
      {supplier === "inventory" ? null : <span className="text-xs text-slate-500">{t("Rating from our partner supplier")}</span>}
    </span>
  );
}
