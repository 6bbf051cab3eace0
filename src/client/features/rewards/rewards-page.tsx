import { useEffect } from "react";
import { useTranslation } from "../../lib/i18n.ts";
import { Tabs } from "radix-ui";
import { toast } from "sonner";
import { LoadFailed } from "../../components/load-failed.tsx";
import { Loading } from "../../components/loading.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { TabsList, TabsTrigger } from "../../components/ui/tabs.tsx";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { EarnPointsTab } from "./earn-points-tab.tsx";
import { PointsHistoryTab } from "./points-history-tab.tsx";
import { RedeemPointsTab } from "./redeem-points-tab.tsx";
import { RewardCards, RewardCardsSkeleton } from "./reward-cards.tsx";
import { useLoyalty } from "./use-loyalty.ts";
import { errorText } from "../../lib/error-text.ts";

const tabContentClass = "focus-visible:outline-offset-4";

/** The signed-in guest's loyalty account: tier, balance, how to earn and redeem, and the points history. */
export function RewardsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("Rewards Program"));
  const { data, error, isPending, isError, isFetching, refetch } = useLoyalty();

  useEffect(() => {
    // Spec section 8: a loyalty load failure shows an Error toast.
    if (error) toast.error(t("Error"), { id: "loyalty-load", description: errorText(error, t("Something went wrong")) });
  }, [error, t]);

  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t("Rewards Program")}</h1>
      <p className="mt-2 text-slate-600">{t("Earn points on every stay and review, and spend them on your next booking.")}</p>

      <div className="mt-8">
        {isPending ? (
          <Loading>
            <RewardCardsSkeleton />
            <Skeleton aria-hidden="true" className="mt-8 h-11 w-full max-w-md rounded-xl" />
            <Skeleton aria-hidden="true" className="mt-4 h-56 w-full rounded-2xl" />
          </Loading>
        ) : isError && !data ? (
          <LoadFailed
            layout="panel"
            title={t("We could not load your rewards")}
            error={error}
            onRetry={() => void refetch()}
            retrying={isFetching}
          />
        ) : (
          <>
            <RewardCards info={data} />
            <Tabs.Root defaultValue="earn" className="mt-8">
              <TabsList aria-label={t("Rewards")} className="flex w-full sm:inline-flex sm:w-auto">
                <TabsTrigger value="earn" className="px-3 sm:px-4">
                  {t("How to Earn")}
                </TabsTrigger>
                <TabsTrigger value="redeem" className="px-3 sm:px-4">
                  {t("Redeem Points")}
                </TabsTrigger>
                <TabsTrigger value="history" className="px-3 sm:px-4">
                  {t("History")}
                </TabsTrigger>
              </TabsList>
              <Card className="mt-4 p-5 sm:p-6">
                <Tabs.Content value="earn" className={tabContentClass}>
                  <EarnPointsTab referralLink={data.account.referralLink} />
                </Tabs.Content>
                <Tabs.Content value="redeem" className={tabContentClass}>
                  <RedeemPointsTab pointsBalance={data.account.pointsBalance} />
                </Tabs.Content>
                <Tabs.Content value="history" className={tabContentClass}>
                  <PointsHistoryTab transactions={data.transactions} />
                </Tabs.Content>
              </Card>
            </Tabs.Root>
          </>
        )}
      </div>
    </div>
  );
}
