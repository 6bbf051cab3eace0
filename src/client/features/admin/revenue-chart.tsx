import type { DashboardStats } from "../../api/admin-bookings.ts";
import { Card } from "../../components/ui/card.tsx";
import { formatCount, formatLocale, formatMoney } from "../../lib/format.ts";
import { useTranslation } from "../../lib/i18n.ts";

type RevenueMonth = DashboardStats["revenueByMonth"][number];

// Months come as UTC 'YYYY-MM'; formatting in UTC keeps the label on the month the server meant.
function shortMonth(month: string): string {
  return new Intl.DateTimeFormat(formatLocale(), { month: "short", timeZone: "UTC" }).format(monthDate(month));
}
function longMonth(month: string): string {
  return new Intl.DateTimeFormat(formatLocale(), { month: "long", year: "numeric", timeZone: "UTC" }).format(monthDate(month));
}

function monthDate(month: string): Date {
  const [year = 1970, monthNumber = 1] = month.split("-").map(Number);
  return new Date(Date.UTC(year, monthNumber - 1, 1));
}

/**
 * Twelve months of confirmed revenue as CSS bars. The bars are decorative; screen readers get the
 * same figures from a visually hidden table.
 */
export function RevenueChart({ months }: { months: RevenueMonth[] }) {
  const { t } = useTranslation();
  const max = Math.max(0, ...months.map((m) => m.revenueCents));
  const total = months.reduce((sum, m) => sum + m.revenueCents, 0);
  return (
    <Card className="p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">{t("Revenue by month")}</h2>
        <p className="text-sm text-slate-600">{t("Last 12 months · {{total}}", { total: formatMoney(total) })}</p>
      </div>

      {max === 0 ? (
        <p className="mt-6 rounded-lg bg-slate-50 px-4 py-10 text-center text-sm text-slate-600">{t("No revenue in the last 12 months")}</p>
      ) : (
        <div aria-hidden="true" className="mt-6">
          <div className="flex h-48 items-end gap-1 border-b border-slate-200 sm:gap-2">
            {months.map((m) => (
              <div key={m.month} className="group relative flex h-full flex-1 items-end justify-center">
                <div
                  title={t("{{month}}: {{revenue}}, {{count, number}} bookings", {
                    month: longMonth(m.month),
                    revenue: formatMoney(m.revenueCents),
                    count: m.bookings,
                  })}
                  className="w-full max-w-10 rounded-t-md bg-brand-600 transition-colors group-hover:bg-brand-800"
                  // Non-zero months get at least a sliver so they are not mistaken for empty ones.
                  style={{ height: m.revenueCents > 0 ? `max(0.25rem, ${(m.revenueCents / max) * 100}%)` : 0 }}
                />
              </div>
            ))}
          </div>
          <div className="mt-2 flex gap-1 sm:gap-2">
            {months.map((m) => (
              <span key={m.month} className="flex-1 text-center text-[0.65rem] text-slate-600 sm:text-xs">
                {shortMonth(m.month)}
              </span>
            ))}
          </div>
        </div>
      )}

      <table className="sr-only">
        <caption>{t("Revenue by month, last 12 months")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("Month")}</th>
            <th scope="col">{t("Revenue")}</th>
            <th scope="col">{t("Bookings")}</th>
          </tr>
        </thead>
        <tbody>
          {months.map((m) => (
            <tr key={m.month}>
              <th scope="row">{longMonth(m.month)}</th>
              <td>{formatMoney(m.revenueCents)}</td>
              <td>{formatCount(m.bookings)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}
