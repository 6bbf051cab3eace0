import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { Tabs } from "radix-ui";
import { MessageSquareText, RefreshCw } from "lucide-react";
import { toast } from "sonner";
import { REVIEW_STATUSES, type ReviewStatus } from "../../../shared/reviews.ts";
import { LoadFailed } from "../../components/load-failed.tsx";
import { Loading } from "../../components/loading.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { TabsList, TabsTrigger } from "../../components/ui/tabs.tsx";
import { errorText } from "../../lib/error-text.ts";
import { type TFunction, useTranslation } from "../../lib/i18n.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { AdminPageHeader } from "./admin-page-header.tsx";
import { ModerationReviewCard } from "./moderation-review-card.tsx";
import { useModerateReview, useModerationReviews } from "./use-review-moderation.ts";

function tabLabel(t: TFunction, status: ReviewStatus): string {
  switch (status) {
    case "pending":
      return t("Pending");
    case "approved":
      return t("Approved");
    case "rejected":
      return t("Rejected");
  }
}

function emptyText(t: TFunction, status: ReviewStatus): string {
  switch (status) {
    case "pending":
      return t("No pending reviews");
    case "approved":
      return t("No approved reviews");
    case "rejected":
      return t("No rejected reviews");
  }
}

function listLabel(t: TFunction, status: ReviewStatus): string {
  switch (status) {
    case "pending":
      return t("Pending reviews");
    case "approved":
      return t("Approved reviews");
    case "rejected":
      return t("Rejected reviews");
  }
}

function statusFromParams(params: URLSearchParams): ReviewStatus {
  return REVIEW_STATUSES.find((status) => status === params.get("status")) ?? "pending";
}

function ReviewListSkeleton() {
  return (
    <div aria-hidden="true" className="space-y-4">
      {Array.from({ length: 3 }, (_, index) => (
        <Card key={index} className="space-y-3 p-6">
          <Skeleton className="h-5 w-48" />
          <Skeleton className="h-4 w-64" />
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-16 w-full" />
        </Card>
      ))}
    </div>
  );
}

function ReviewList({ status }: { status: ReviewStatus }) {
  const { t } = useTranslation();
  const { data, error, isPending, isError, isFetching, refetch } = useModerationReviews(status);
  const moderate = useModerateReview();

  useEffect(() => {
    // Spec section 8: 'Failed to load reviews' as a toast.
    if (error)
      toast.error(t("Failed to load reviews"), {
        id: `moderation-load-${status}`,
        description: errorText(error, t("Something went wrong")),
      });
  }, [error, status, t]);

  function decide(reviewId: number, decision: "approved" | "rejected", adminNotes: string) {
    moderate.mutate({ reviewId, status: decision, adminNotes });
  }

  if (isPending) {
    return (
      <Loading>
        <ReviewListSkeleton />
      </Loading>
    );
  }
  if (isError && !data) {
    return (
      <LoadFailed layout="panel" title={t("Failed to load reviews")} error={error} onRetry={() => void refetch()} retrying={isFetching} />
    );
  }
  if (data.reviews.length === 0) {
    return (
      <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
        <MessageSquareText aria-hidden="true" className="size-10 text-slate-400" />
        <p className="mt-3 font-medium text-slate-900">{emptyText(t, status)}</p>
      </div>
    );
  }
  return (
    <ul aria-label={listLabel(t, status)} className="space-y-4">
      {data.reviews.map((review) => {
        const saving = moderate.isPending && moderate.variables.reviewId === review.id ? moderate.variables.status : null;
        return (
          <li key={review.id}>
            <ModerationReviewCard
              review={review}
              saving={saving}
              {...(review.status === "pending" ? { onModerate: (decision, notes) => decide(review.id, decision, notes) } : {})}
            />
          </li>
        );
      })}
    </ul>
  );
}

/** Admin > Review Moderation: pending reviews wait here for approval; approved and rejected ones are kept for reference. */
export function ReviewModerationPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("Review Moderation"));
  const [params, setParams] = useSearchParams();
  const status = statusFromParams(params);
  // The pending list is the work queue: its size shows on its tab whichever tab is open.
  const pending = useModerationReviews("pending");
  const active = useModerationReviews(status);
  const pendingCount = pending.data?.reviews.length;

  function changeTab(value: string) {
    const next = REVIEW_STATUSES.find((candidate) => candidate === value) ?? "pending";
    setParams(next === "pending" ? {} : { status: next }, { replace: true });
  }

  return (
    <div className="mx-auto max-w-4xl space-y-8 px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <AdminPageHeader
        title={t("Review Moderation")}
        description={t("Guest reviews appear on hotel pages only after approval. Approving one credits its author with points.")}
        actions={
          <Button variant="secondary" onClick={() => void active.refetch()} disabled={active.isFetching}>
            {active.isFetching ? <Spinner /> : <RefreshCw aria-hidden="true" />}
            {t("Refresh")}
          </Button>
        }
      />
      <Tabs.Root value={status} onValueChange={changeTab}>
        <TabsList aria-label={t("Review status")} className="flex w-full sm:inline-flex sm:w-auto">
          {REVIEW_STATUSES.map((value) => (
            <TabsTrigger key={value} value={value} className="px-3 sm:px-4">
              {tabLabel(t, value)}
              {value === "pending" && pendingCount !== undefined ? ` (${pendingCount})` : null}
            </TabsTrigger>
          ))}
        </TabsList>
        {REVIEW_STATUSES.map((value) => (
          <Tabs.Content key={value} value={value} className="mt-5 focus-visible:outline-offset-4">
            <ReviewList status={value} />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </div>
  );
}
