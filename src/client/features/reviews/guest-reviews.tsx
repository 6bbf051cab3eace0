import { Suspense, lazy, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "../../lib/i18n.ts";
import { Link, useNavigate } from "react-router";
import { MessageSquarePlus } from "lucide-react";
import { toast } from "sonner";
import type { ReviewSort, VoteType } from "../../../shared/reviews.ts";
import { LoadFailed } from "../../components/load-failed.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { NativeSelect } from "../../components/ui/native-select.tsx";
import { RatingStars } from "../../components/ui/rating-stars.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { useAuth } from "../../lib/auth-provider.tsx";
import { cn } from "../../lib/cn.ts";
import { formatRating } from "../../lib/format.ts";
import { useFirstDrawDeferred } from "../../lib/use-first-draw-deferred.ts";
import { ReviewCard } from "./review-card.tsx";
import { useHotelReviews } from "./use-hotel-reviews.ts";
import { promptLoginToVote, useReviewVote } from "./use-review-vote.ts";
import type { TFunction } from "../../lib/i18n.ts";
import { errorText } from "../../lib/error-text.ts";

// The form brings react-hook-form and its resolver; only guests who start a review download them.
const ReviewForm = lazy(() => import("./review-form.tsx").then((m) => ({ default: m.ReviewForm })));

/**
 * Typed against the shared ReviewSort, so a sort added there fails the build until it is labelled
 * here. The shared REVIEW_SORTS is not imported: its module brings zod, which visitors reading
 * reviews do not need.
 */
function sortLabels(t: TFunction): Record<ReviewSort, string> {
  return {
    recent: t("Most recent"),
    helpful: t("Most helpful"),
    rating_high: t("Highest rating"),
    rating_low: t("Lowest rating"),
  };
}
const SORTS: ReviewSort[] = ["recent", "helpful", "rating_high", "rating_low"];

function isReviewSort(value: string): value is ReviewSort {
  return (SORTS as string[]).includes(value);
}

function FormLoading() {
  const { t } = useTranslation();
  return (
    <Card role="status" className="flex items-center gap-3 p-6 text-slate-600">
      <Spinner className="text-brand-700" />
      {t("Loading...")}
    </Card>
  );
}

/** The hotel page's 'Guest Reviews' section: approved reviews with sorting and votes, and the review form. */
export function GuestReviews({ hotelId }: { hotelId: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const sortId = useId();
  const navigate = useNavigate();
  const { user } = useAuth();
  const [sort, setSort] = useState<ReviewSort>("recent");
  const [writing, setWriting] = useState(false);
  const writeButtonRef = useRef<HTMLButtonElement>(null);
  const reviews = useHotelReviews(hotelId, sort, user?.id ?? null);
  const vote = useReviewVote(hotelId);
  const { error, isPending, isError, isFetching, isPlaceholderData, refetch } = reviews;
  // The reviews come in after the rest of the hotel page: first drawn in a deferred render, split
  // into short slices, not in one ~0.1 s task on a phone (x4 CPU) (issue 32 item 4).
  const data = useFirstDrawDeferred(reviews.data ?? null, null) ?? undefined;

  useEffect(() => {
    // Spec section 8: a failed load of the reviews is reported as a toast.
    if (error) toast.error(t("Failed to load reviews"), { id: "reviews-load", description: errorText(error, t("Something went wrong")) });
  }, [error, t]);

  function closeForm() {
    setWriting(false);
    writeButtonRef.current?.focus();
  }

  function castVote(reviewId: number, voteType: VoteType) {
    if (!user) {
      promptLoginToVote(navigate);
      return;
    }
    vote.mutate({ reviewId, voteType });
  }

  const average = data?.averageRating ?? null;
  return (
    <section id="reviews" aria-labelledby={headingId} className="scroll-mt-20">
      <h2 id={headingId} className="text-xl font-semibold text-slate-900">
        {t("Guest Reviews")}
      </h2>

      <Card className="mt-4 flex flex-col gap-5 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5">
        <div className="flex items-center gap-4">
          <p className="text-4xl font-bold tracking-tight text-slate-900 tabular-nums">
            {data && average !== null ? (
              <>
                <span className="sr-only">{t("Average rating: {{rating}} out of {{max}}", { rating: formatRating(average), max: 5 })}</span>
                <span aria-hidden="true">{formatRating(average)}</span>
              </>
            ) : data ? (
              <>
                <span className="sr-only">{t("Average rating:")} </span>
                {t("N/A")}
              </>
            ) : (
              "–"
            )}
          </p>
          <div className="space-y-1">
            {/* The number beside it already says it to screen readers. */}
            <span aria-hidden="true">
              <RatingStars rating={average ?? 0} starClassName="size-5" />
            </span>
            <p className="text-sm text-slate-600">{data ? t("{{count, number}} verified reviews", { count: data.count }) : "\u00a0"}</p>
          </div>
        </div>
        {user && data && !data.canReview && !writing ? (
          <p className="text-sm text-slate-700">{t("You have reviewed your stay at this hotel.")}</p>
        ) : user ? (
          <Button
            ref={writeButtonRef}
            variant={writing ? "secondary" : "primary"}
            aria-expanded={writing}
            onClick={() => (writing ? closeForm() : setWriting(true))}
            className="w-full sm:w-auto"
          >
            <MessageSquarePlus aria-hidden="true" />
            {t("Write a review")}
          </Button>
        ) : (
          <div className="flex flex-col gap-2 sm:items-end">
            <p className="text-sm text-slate-700">{t("Please login to submit a review")}</p>
            <Button asChild variant="secondary" className="w-full sm:w-auto">
              <Link to="/login">{t("Log in")}</Link>
            </Button>
          </div>
        )}
      </Card>

      {data && data.myPendingReviews.length > 0 ? (
        <ul
          aria-label={t("Your reviews awaiting moderation")}
          className="mt-4 divide-y divide-slate-200 rounded-2xl border border-amber-200 bg-amber-50/40 px-4 sm:px-5"
        >
          {data.myPendingReviews.map((review) => (
            <li key={review.id}>
              <ReviewCard review={review} pending />
            </li>
          ))}
        </ul>
      ) : null}

      {user && writing ? (
        <div className="mt-4">
          <Suspense fallback={<FormLoading />}>
            <ReviewForm hotelId={hotelId} onClose={closeForm} />
          </Suspense>
        </div>
      ) : null}

      <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
        <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
          {isPending ? (
            <>
              <Spinner className="text-brand-700" />
              {t("Loading reviews...")}
            </>
          ) : isPlaceholderData && isFetching ? (
            <>
              <Spinner className="text-brand-700" />
              {t("Sorting reviews...")}
            </>
          ) : null}
        </p>
        <div className="flex items-center gap-2">
          <label htmlFor={sortId} className="text-sm font-medium whitespace-nowrap text-slate-700">
            {t("Sort reviews")}
          </label>
          <NativeSelect
            id={sortId}
            value={sort}
            onChange={(event) => (isReviewSort(event.target.value) ? setSort(event.target.value) : undefined)}
            wrapperClassName="w-44"
          >
            {SORTS.map((option) => (
              <option key={option} value={option}>
                {sortLabels(t)[option]}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>

      {isError && !data ? (
        <LoadFailed
          title={t("Failed to load reviews")}
          error={error}
          onRetry={() => void refetch()}
          retrying={isFetching}
          className="mt-4"
        />
      ) : data && data.reviews.length === 0 && data.myPendingReviews.length === 0 ? (
        <p className="mt-4 rounded-2xl border border-dashed border-slate-300 bg-white px-5 py-10 text-center text-slate-700">
          {t("No reviews yet. Be the first to review!")}
        </p>
      ) : data ? (
        <ul
          aria-label={t("Reviews")}
          aria-busy={isPlaceholderData || undefined}
          className={cn("mt-2 divide-y divide-slate-200 transition-opacity", isPlaceholderData ? "opacity-60" : null)}
        >
          {data.reviews.map((review) => (
            <li key={review.id}>
              {review.mine ? (
                <ReviewCard review={review} />
              ) : (
                <ReviewCard
                  review={review}
                  voting={vote.isPending && vote.variables.reviewId === review.id}
                  onVote={(voteType) => castVote(review.id, voteType)}
                />
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
