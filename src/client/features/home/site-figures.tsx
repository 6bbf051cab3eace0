import { useTranslation } from "../../lib/i18n.ts";
import { Building2, Globe2, MapPin, Star } from "lucide-react";
import type { SiteStats } from "../../api/account.ts";
import { formatCompact, formatCount } from "../../lib/format.ts";
import { useSiteStats } from "./use-site-stats.ts";

/** '2M+' for 2,013,442 and '48K+' for 48,765: rounded down, so the figure is never more than the truth. */
export function formatFigure(value: number): string {
  if (value < 10_000) return formatCount(value);
  const unit = 10 ** (Math.floor(Math.log10(value)) - 1);
  const floored = Math.floor(value / unit) * unit;
  return `${formatCompact(floored)}${floored < value ? "+" : ""}`;
}

const FIGURES: { key: keyof SiteStats; icon: typeof Building2 }[] = [
  { key: "hotels", icon: Building2 },
  { key: "destinations", icon: MapPin },
  { key: "countries", icon: Globe2 },
  { key: "reviews", icon: Star },
];

const itemClass =
  "flex items-center gap-3 rounded-2xl border border-slate-200/80 bg-white p-4 shadow-[0_1px_3px_rgb(15_23_42/0.06)] sm:gap-4 sm:p-5";

/** The home page's figures, counted from this installation's own data; a figure of zero is left out. */
export function SiteFigures() {
  const { t } = useTranslation();
  const { data, isPending } = useSiteStats();
  const labels: Record<keyof SiteStats, string> = {
    hotels: t("Hotels"),
    destinations: t("Destinations"),
    countries: t("Countries"),
    reviews: t("Guest reviews"),
  };
  const figures = data ? FIGURES.filter((figure) => data[figure.key] > 0) : [];
  if (!isPending && figures.length === 0) return null;
  return (
    <section aria-label={t("Staywise in numbers")} className="mx-auto mt-8 max-w-7xl px-4 sm:mt-10 sm:px-6 lg:px-8">
      <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {isPending
          ? FIGURES.map((figure) => (
              // Same size as the figures, so nothing below moves when they arrive.
              <li key={figure.key} aria-hidden="true" className={itemClass}>
                <span className="size-10 shrink-0 rounded-xl bg-slate-100 sm:size-12" />
                <span className="min-w-0">
                  <span className="block h-7 w-16 rounded bg-slate-100 sm:h-8" />
                  <span className="mt-0.5 block h-5 w-24 rounded bg-slate-100" />
                </span>
              </li>
            ))
          : figures.map((figure) => (
              <li key={figure.key} className={itemClass}>
                <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700 sm:size-12">
                  <figure.icon aria-hidden="true" className="size-5 sm:size-6" />
                </span>
                <span className="min-w-0">
                  <span className="block text-xl font-bold tracking-tight text-slate-900 sm:text-2xl">
                    {formatFigure(data![figure.key])}
                  </span>
                  <span className="block text-sm text-slate-600">{labels[figure.key]}</span>
                </span>
              </li>
            ))}
      </ul>
    </section>
  );
}
