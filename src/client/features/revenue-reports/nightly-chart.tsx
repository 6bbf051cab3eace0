import type { RevenueReport } from "../../api/revenue-reports.ts";
import { Card } from "../../components/ui/card.tsx";
import { formatDate, formatShortDay } from "../../lib/format.ts";
import { useTranslation } from "../../lib/i18n.ts";

type Night = RevenueReport["daily"][number];

type NightlyChartProps = {
  title: string;
  nights: Night[];
  value: (night: Night) => number;
  format: (value: number) => string;
  /** What the range adds up to, shown beside the title (e.g. the total revenue). */
  summary: string;
  /** The scale's top; defaults to the largest value (occupancy passes 100). */
  max?: number;
};

/**
 * One bar per night, as CSS (the admin revenue chart's approach: no chart package). The bars are
 * decorative; screen readers get the same figures from a visually hidden table.
 */
export function NightlyChart({ title, nights, value, format, summary, max }: NightlyChartProps) {
  const { t } = useTranslation();
  const highest = Math.max(0, ...nights.map(value));
  const top = max ?? highest;
  const first = nights[0];
  const last = nights.at(-1);
  return (
    <Card className="p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
        <p className="text-sm text-slate-600">{summary}</p>
      </div>
      {highest === 0 || !first || !last ? (
        <p className="mt-6 rounded-lg bg-slate-50 px-4 py-10 text-center text-sm text-slate-600">{t("Nothing sold in this range")}</p>
      ) : (
        <div aria-hidden="true" className="mt-6">
          <div className={`flex h-40 items-end border-b border-slate-200 ${nights.length > 62 ? "gap-0" : "gap-px sm:gap-0.5"}`}>
            {nights.map((night) => (
              <div key={night.night} className="group flex h-full min-w-0 flex-1 items-end justify-center">
                <div
                  title={`${formatDate(night.night)}: ${format(value(night))}`}
                  className="w-full max-w-6 rounded-t-sm bg-brand-600 transition-colors group-hover:bg-brand-800"
                  // Non-zero nights get at least a sliver so they are not mistaken for empty ones.
                  style={{ height: value(night) > 0 ? `max(0.2rem, ${Math.min(100, (value(night) / top) * 100)}%)` : 0 }}
                />
              </div>
            ))}
          </div>
          <div className="mt-2 flex justify-between text-xs text-slate-600">
            <span>{formatShortDay(first.night)}</span>
            {nights.length > 2 ? <span>{formatShortDay(nights[Math.floor(nights.length / 2)]!.night)}</span> : null}
            <span>{formatShortDay(last.night)}</span>
          </div>
        </div>
      )}
      <table className="sr-only">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{t("Night")}</th>
            <th scope="col">{title}</th>
          </tr>
        </thead>
        <tbody>
          {nights.map((night) => (
            <tr key={night.night}>
              <th scope="row">{formatDate(night.night)}</th>
              <td>{format(value(night))}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}
