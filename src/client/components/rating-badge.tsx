import { cn } from "../lib/cn.ts";
import { formatCount } from "../lib/format.ts";

type RatingBadgeProps = {
  rating: number;
  reviewCount: number;
  /** 'inventory' for our own hotels; a partner's figures are its own, and labelled so. */
  supplier?: string;
  className?: string;
};

/** Guest rating (out of 5, one decimal) with the number of reviews behind it. */
export function RatingBadge({ rating, reviewCount, supplier = "inventory", className }: RatingBadgeProps) {
  if (reviewCount === 0) {
    return <span className={cn("text-sm text-slate-600", className)}>No reviews yet</span>;
  }
  return (
    <span className={cn("inline-flex flex-wrap items-center gap-x-1.5 text-sm", className)}>
      <span className="rounded-md bg-brand-700 px-1.5 py-0.5 text-sm font-bold text-white tabular-nums">
        <span className="sr-only">Rated </span>
        {rating.toFixed(1)}
        <span className="sr-only"> out of 5</span>
      </span>
      <span className="text-slate-600">
        ({formatCount(reviewCount)} {reviewCount === 1 ? "review" : "reviews"})
      </span>
      {supplier === "inventory" ? null : <span className="text-xs text-slate-500">Rating from our partner supplier</span>}
    </span>
  );
}
