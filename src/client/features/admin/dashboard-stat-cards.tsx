import type { ReactNode } from "react";
import { CalendarRange, DollarSign, TrendingDown, TrendingUp, Trophy } from "lucide-react";
import type { DashboardStats } from "../../api/admin-bookings.ts";
import { Card } from "../../components/ui/card.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { cn } from "../../lib/cn.ts";
import { formatLocale, formatMoney } from "../../lib/format.ts";
import { useTranslation } from "../../lib/i18n.ts";

function formatGrowth(percent: number): string {
  return new Intl.NumberFormat(formatLocale(), { style: "percent", maximumFractionDigits: 1, signDisplay: "exceptZero" }).format(
    percent / 100,
  );
}

function StatCard({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Card className="flex flex-col p-5">
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-sm font-medium text-slate-600">{title}</h2>
        <span className="flex size-9 items-center justify-center rounded-lg bg-brand-50 text-brand-700 ring-1 ring-brand-100 [&_svg]:size-4.5">
          {icon}
        </span>
      </div>
      <div className="mt-3 flex-1">{children}</div>
    </Card>
  );
}

function Growth({ percent }: { percent: number | null }) {
  const { t } = useTranslation();
  if (percent === null) return <p className="mt-1 text-sm text-slate-600">{t("No revenue last month")}</p>;
  const up = percent >= 0;
  const Icon = up ? TrendingUp : TrendingDown;
  return (
    <p className={cn("mt-1 flex items-center gap-1.5 text-sm font-medium", up ? "text-emerald-700" : "text-red-700")}>
      <Icon aria-hidden="true" className="size-4" />
      {t("{{growth}} vs last month", { growth: formatGrowth(percent) })}
    </p>
  );
}

export function DashboardStatCards({ stats }: { stats: DashboardStats }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      <StatCard title={t("Total Revenue")} icon={<DollarSign aria-hidden="true" />}>
        <p className="text-3xl font-bold tracking-tight text-slate-900">{formatMoney(stats.totalRevenueCents)}</p>
        <p className="mt-1 text-sm text-slate-600">{t("Confirmed, paid bookings, all time")}</p>
      </StatCard>

      <StatCard title={t("This Month")} icon={<CalendarRange aria-hidden="true" />}>
        <p className="text-3xl font-bold tracking-tight text-slate-900">{formatMoney(stats.monthRevenueCents)}</p>
        <Growth percent={stats.growthPercent} />
      </StatCard>

      <StatCard title={t("Popular Room Types")} icon={<Trophy aria-hidden="true" />}>
        {stats.popularRoomTypes.length === 0 ? (
          <p className="text-sm text-slate-600">{t("No confirmed bookings yet")}</p>
        ) : (
          <ol className="space-y-1.5 text-sm">
            {stats.popularRoomTypes.map((item, index) => (
              <li key={item.roomType} className="flex items-baseline gap-2">
                <span aria-hidden="true" className="w-4 shrink-0 text-xs font-semibold text-slate-500">
                  {index + 1}
                </span>
                <span className="min-w-0 flex-1 font-medium text-slate-900">{item.roomType}</span>
                <span className="shrink-0 text-slate-600">{t("{{count, number}} bookings", { count: item.bookings })}</span>
              </li>
            ))}
          </ol>
        )}
      </StatCard>
    </div>
  );
}

export function DashboardStatCardsSkeleton() {
  return (
    <div aria-hidden="true" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {Array.from({ length: 3 }, (_, index) => (
        <Card key={index} className="p-5">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="mt-4 h-8 w-32" />
          <Skeleton className="mt-3 h-4 w-40" />
        </Card>
      ))}
    </div>
  );
}
