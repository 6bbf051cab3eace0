import { cn } from "../lib/cn.ts";
import { formatCount } from "../lib/format.ts";

/** Guest rating (out of 5, one decimal) with the number of reviews behind it. */
export function RatingBadge({ rating, reviewCount, className }: { rating: number; reviewCount: number; className?: string }) {
  return (
    <span className={cn("inline-flex items-center gap-1.5 text-sm", className)}>
      <span className="rounded-md bg-brand-700 px-1.5 py-0.5 text-sm font-bold text-white tabular-nums">
        <span className="sr-only">Rated </span>
        {rating.toFixed(1)}
        <span className="sr-only"> out of 5</span>
      </span>
      <span className="text-slate-600">
        ({formatCount(reviewCount)} {reviewCount === 1 ? "review" : "reviews"})
      </span>
    </span>
  );
}
