import { Trans, useTranslation } from "../../lib/i18n.ts";
import { History } from "lucide-react";
import type { LoyaltyTransactionView } from "../../../shared/loyalty.ts";
import { cn } from "../../lib/cn.ts";
import { formatDay } from "../../lib/format.ts";
import { pointsDescription } from "./points-description.ts";

export function PointsHistoryTab({ transactions }: { transactions: LoyaltyTransactionView[] }) {
  const { t } = useTranslation();
  if (transactions.length === 0) {
    return (
      <div className="flex flex-col items-center py-10 text-center">
        <History aria-hidden="true" className="size-10 text-slate-400" />
        <p className="mt-3 font-medium text-slate-900">{t("No points activity yet")}</p>
      </div>
    );
  }
  // Newest first whatever order the server used; ties keep the later entry on top.
  const newestFirst = [...transactions].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
  return (
    <ul aria-label={t("Points activity")} className="divide-y divide-slate-200">
      {newestFirst.map((entry) => {
        const earned = entry.points >= 0;
        return (
          <li key={entry.id} className="flex items-center justify-between gap-4 py-3.5">
            <div className="min-w-0">
              <p className="font-medium break-words text-slate-900">{pointsDescription(entry.description, t)}</p>
              <p className="text-sm text-slate-600">
                <time dateTime={entry.createdAt}>{formatDay(entry.createdAt)}</time>
              </p>
            </div>
            <p className={cn("shrink-0 font-semibold tabular-nums", earned ? "text-emerald-700" : "text-red-700")}>
              {earned ? "+" : "\u2212"}
              <Trans
                i18nKey="{{count, number}} <unit>points</unit>"
                count={Math.abs(entry.points)}
                components={{ unit: <span className="text-sm font-normal" /> }}
              />
            </p>
          </li>
        );
      })}
    </ul>
  );
}
