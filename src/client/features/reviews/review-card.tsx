import { useId } from "react";
import { useTranslation } from "../../lib/i18n.ts";
import { BadgeCheck, Clock, ThumbsDown, ThumbsUp } from "lucide-react";
import type { ReviewView, VoteType } from "../../../shared/reviews.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { PhotoThumbnails } from "../../components/ui/photo-thumbnails.tsx";
import { RatingStars } from "../../components/ui/rating-stars.tsx";
import { formatCount, formatDay } from "../../lib/format.ts";

const voteButtonClass =
  "aria-pressed:border-brand-600 aria-pressed:bg-brand-50 aria-pressed:text-brand-800 aria-pressed:[&_svg]:fill-brand-200";

type ReviewCardProps = {
  review: ReviewView;
  /** Absent for the viewer's own reviews: no one votes on what they wrote. */
  onVote?: (voteType: VoteType) => void;
  voting?: boolean;
  /** The viewer's own review that a moderator has not approved yet. */
  pending?: boolean;
};

/** One review. Its text is rendered as text, never as HTML: whatever a guest typed shows literally. */
export function ReviewCard({ review, onVote, voting = false, pending = false }: ReviewCardProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <article aria-labelledby={titleId} className="py-6">
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-800"
        >
          {review.authorInitial}
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <p className="font-semibold break-words text-slate-900">{review.formerGuest ? t("A former guest") : review.authorName}</p>
            {review.verifiedStay ? (
              <Badge tone="success" className="gap-1">
                <BadgeCheck aria-hidden="true" className="size-3.5" />
                {t("Verified stay")}
              </Badge>
            ) : null}
            {pending ? (
              <Badge tone="warning" className="gap-1">
                <Clock aria-hidden="true" className="size-3.5" />
                {t("Awaiting moderation")}
              </Badge>
            ) : null}
          </div>
          <p className="text-sm text-slate-600">
            <time dateTime={review.createdAt}>{formatDay(review.createdAt)}</time>
          </p>
        </div>
      </div>

      {/* From small screens up the review lines up under the name rather than the avatar. */}
      <div className="sm:pl-13">
        <div className="mt-3 space-y-2">
          <RatingStars rating={review.rating} />
          <h3 id={titleId} className="font-semibold break-words text-slate-900">
            {review.title}
          </h3>
          <p className="leading-7 break-words whitespace-pre-line text-slate-700">{review.comment}</p>
        </div>

        <PhotoThumbnails photos={review.photos} label={t("Photos from {{name}}'s review", { name: review.authorName })} className="mt-4" />

        {pending ? (
          <p className="mt-4 text-sm text-slate-600">{t("Only you can see this review until a moderator approves it.")}</p>
        ) : !onVote ? (
          <p className="mt-4 text-sm text-slate-600">
            {t("Your review · {{count, number}} found it helpful", { count: review.helpfulVotes })}
          </p>
        ) : (
          <div role="group" aria-label={t("Was this review helpful?")} className="mt-4 flex flex-wrap gap-2">
            <Button
              variant="secondary"
              size="sm"
              aria-pressed={review.myVote === "helpful"}
              disabled={voting}
              onClick={() => onVote("helpful")}
              className={voteButtonClass}
            >
              <ThumbsUp aria-hidden="true" />
              {t("Helpful ({{votes}})", { votes: formatCount(review.helpfulVotes) })}
            </Button>
            <Button
              variant="secondary"
              size="sm"
              aria-pressed={review.myVote === "unhelpful"}
              disabled={voting}
              onClick={() => onVote("unhelpful")}
              className={voteButtonClass}
            >
              <ThumbsDown aria-hidden="true" />
              {t("Not helpful ({{votes}})", { votes: formatCount(review.unhelpfulVotes) })}
            </Button>
          </div>
        )}
      </div>
    </article>
  );
}
