import { useEffect } from "react";
import { Tabs } from "radix-ui";
import { RefreshCw, TriangleAlert } from "lucide-react";
import { toast } from "sonner";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { TabsList, TabsTrigger } from "../../components/ui/tabs.tsx";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { EarnPointsTab } from "./earn-points-tab.tsx";
import { PointsHistoryTab } from "./points-history-tab.tsx";
import { RedeemPointsTab } from "./redeem-points-tab.tsx";
import { RewardCards, RewardCardsSkeleton } from "./reward-cards.tsx";
import { useLoyalty } from "./use-loyalty.ts";

const tabContentClass = "focus-visible:outline-offset-4";

/** The signed-in guest's loyalty account: tier, balance, how to earn and redeem, and the points history. */
export function RewardsPage() {
  useDocumentTitle("Rewards Program");
  const { data, error, isPending, isError, isFetching, refetch } = useLoyalty();

  useEffect(() => {
    // Spec section 8: a loyalty load failure shows an Error toast.
    if (error) toast.error("Error", { id: "loyalty-load", description: error.message });
  }, [error]);

  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Rewards Program</h1>
      <p className="mt-2 text-slate-600">Earn points on every stay and review, and spend them on your next booking.</p>

      <div className="mt-8">
        {isPending ? (
          <>
            <p role="status" className="sr-only">
              Loading...
            </p>
            <RewardCardsSkeleton />
            <Skeleton aria-hidden="true" className="mt-8 h-11 w-full max-w-md rounded-xl" />
            <Skeleton aria-hidden="true" className="mt-4 h-56 w-full rounded-2xl" />
          </>
        ) : isError && !data ? (
          <div className="flex flex-col items-center rounded-2xl border border-red-200 bg-white px-6 py-12 text-center">
            <span className="flex size-12 items-center justify-center rounded-full bg-red-50 text-red-700 ring-1 ring-red-200">
              <TriangleAlert aria-hidden="true" className="size-6" />
            </span>
            <h2 className="mt-4 font-semibold text-slate-900">We could not load your rewards</h2>
            <p className="mt-1 text-sm text-slate-600">{error.message}</p>
            <Button className="mt-5" disabled={isFetching} onClick={() => void refetch()}>
              {isFetching ? <Spinner /> : <RefreshCw aria-hidden="true" />}
              Try again
            </Button>
          </div>
        ) : (
          <>
            <RewardCards info={data} />
            <Tabs.Root defaultValue="earn" className="mt-8">
              <TabsList aria-label="Rewards" className="flex w-full sm:inline-flex sm:w-auto">
                <TabsTrigger value="earn" className="px-3 sm:px-4">How to Earn</TabsTrigger>
                <TabsTrigger value="redeem" className="px-3 sm:px-4">Redeem Points</TabsTrigger>
                <TabsTrigger value="history" className="px-3 sm:px-4">History</TabsTrigger>
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
