import { useTranslation } from "../../lib/i18n.ts";
import type { LucideIcon } from "lucide-react";
import { Award, Coins, Crown, Medal, TrendingUp } from "lucide-react";
import { CENTS_PER_POINT, TIERS, type LoyaltyInfo, type TierName } from "../../../shared/loyalty.ts";
import { Card } from "../../components/ui/card.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { cn } from "../../lib/cn.ts";
import { formatCount, formatMoney, formatPercent } from "../../lib/format.ts";

const TIER_LOOK: Record<TierName, { icon: LucideIcon; badge: string }> = {
  Bronze: { icon: Medal, badge: "bg-orange-100 text-orange-800 ring-orange-200" },
  Silver: { icon: Award, badge: "bg-slate-100 text-slate-700 ring-slate-300" },
  Gold: { icon: Crown, badge: "bg-amber-100 text-amber-700 ring-amber-300" },
};

function tierStart(name: TierName): number {
  return TIERS.find((tier) => tier.name === name)?.from ?? 0;
}

type StatCardProps = { label: string; icon: LucideIcon; iconClass: string; value: string; detail: string; className?: string };

function useTierName(): (tier: TierName) => string {
  const { t } = useTranslation();
  return (tier) => ({ Bronze: t("Bronze"), Silver: t("Silver"), Gold: t("Gold") })[tier];
}

function StatCard({ label, icon: Icon, iconClass, value, detail, className }: StatCardProps) {
  return (
    <Card className={cn("flex flex-col gap-3 p-4 min-[420px]:flex-row min-[420px]:items-center sm:gap-4 sm:p-5", className)}>
      <span className={cn("flex size-11 shrink-0 items-center justify-center rounded-full ring-1 sm:size-12", iconClass)}>
        <Icon aria-hidden="true" className="size-5 sm:size-6" />
      </span>
      <div className="min-w-0">
        <h2 className="text-sm font-medium text-slate-600">{label}</h2>
        <p className="text-2xl font-bold tracking-tight text-slate-900 tabular-nums">{value}</p>
        <p className="text-sm text-slate-600">{detail}</p>
      </div>
    </Card>
  );
}

/** Progress from the start of the current tier to the next; nothing at the top tier (spec section 2). */
function NextTierProgress({ info }: { info: LoyaltyInfo }) {
  const { t } = useTranslation();
  const tierName = useTierName();
  const { nextTier, account } = info;
  if (!nextTier) return null;
  const from = tierStart(account.tier);
  const to = tierStart(nextTier.name);
  const percent = Math.round(Math.min(1, Math.max(0, (account.totalPointsEarned - from) / (to - from))) * 100);
  return (
    <Card className="p-5">
      <p className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <span className="font-semibold text-slate-900">
          {t("{{count, number}} points to {{tier}}", { count: nextTier.pointsNeeded, tier: tierName(nextTier.name) })}
        </span>
        <span className="text-sm text-slate-600 tabular-nums">
          {t("{{earned}} / {{needed}} lifetime points", { earned: formatCount(account.totalPointsEarned), needed: formatCount(to) })}
        </span>
      </p>
      <div
        role="progressbar"
        aria-label={t("Progress to {{tier}}", { tier: tierName(nextTier.name) })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={formatPercent(percent / 100)}
        className="mt-3 h-2.5 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
    </Card>
  );
}

export function RewardCards({ info }: { info: LoyaltyInfo }) {
  const { t } = useTranslation();
  const tierName = useTierName();
  const { account } = info;
  const look = TIER_LOOK[account.tier];
  return (
    <div className="space-y-4">
      {/* On phones the tier spans the row and the two numbers share the next one, to keep the tabs in sight. */}
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4">
        <StatCard
          label={t("Tier")}
          icon={look.icon}
          iconClass={look.badge}
          value={tierName(account.tier)}
          detail={t("Based on lifetime points")}
          className="col-span-2 flex-row items-center sm:col-span-1"
        />
        <StatCard
          label={t("Points Balance")}
          icon={Coins}
          iconClass="bg-brand-50 text-brand-700 ring-brand-200"
          value={formatCount(account.pointsBalance)}
          detail={t("Worth {{amount}} off", { amount: formatMoney(account.pointsBalance * CENTS_PER_POINT) })}
        />
        <StatCard
          label={t("Total Earned")}
          icon={TrendingUp}
          iconClass="bg-emerald-50 text-emerald-700 ring-emerald-200"
          value={formatCount(account.totalPointsEarned)}
          detail={t("Lifetime points")}
        />
      </div>
      <NextTierProgress info={info} />
    </div>
  );
}

export function RewardCardsSkeleton() {
  return (
    <div aria-hidden="true" className="space-y-4">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4">
        {Array.from({ length: 3 }, (_, index) => (
          <Card key={index} className={cn("flex items-center gap-4 p-5", index === 0 ? "col-span-2 sm:col-span-1" : null)}>
            <Skeleton className="size-12 rounded-full" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-3.5 w-20" />
              <Skeleton className="h-7 w-24" />
              <Skeleton className="h-3.5 w-32" />
            </div>
          </Card>
        ))}
      </div>
      <Card className="space-y-3 p-5">
        <Skeleton className="h-4 w-48" />
        <Skeleton className="h-2.5 w-full rounded-full" />
      </Card>
    </div>
  );
}
