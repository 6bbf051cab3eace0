import { useTranslation } from "../lib/i18n.ts";
import { Star } from "lucide-react";
import { cn } from "../lib/cn.ts";

/** The hotel's official class as a row of stars, read as 'N stars'. */
export function StarRating({ stars, className }: { stars: number; className?: string }) {
  const { t } = useTranslation();
  return (
    <span role="img" aria-label={t("{{count}} stars", { count: stars })} className={cn("inline-flex items-center gap-0.5", className)}>
      {Array.from({ length: stars }, (_, i) => (
        <Star key={i} aria-hidden="true" className="size-3.5 fill-amber-400 text-amber-400" />
      ))}
    </span>
  );
}
