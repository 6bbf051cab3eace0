import { useId, useState } from "react";
import { Link } from "react-router";
import { Check, X } from "lucide-react";
import type { ModerationReviewView } from "../../../shared/reviews.ts";
import { Badge, type BadgeTone } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Label } from "../../components/ui/label.tsx";
import { PhotoThumbnails } from "../../components/ui/photo-thumbnails.tsx";
import { RatingStars } from "../../components/ui/rating-stars.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { formatDateTime } from "../../lib/format.ts";
import { Trans, useTranslation } from "../../lib/i18n.ts";

const STATUS_TONE: Record<ModerationReviewView["status"], BadgeTone> = { pending: "warning", approved: "success", rejected: "danger" };

type ModerationReviewCardProps = {
  review: ModerationReviewView;
  /** Set for pending reviews only: the decision with the notes typed so far. */
  onModerate?: (status: "approved" | "rejected", adminNotes: string) => void;
  /** Which decision is being saved for this review, if any. */
  saving: "approved" | "rejected" | null;
};

/** A review as the moderator sees it: text shown literally, author contact, hotel link and, while pending, the decision. */
/** A review's status in words; one literal per status for the catalogue check. */
function statusText(status: ModerationReviewView["status"], t: (key: string) => string): string {
  switch (status) {
    case "pending":
      return t("Pending");
    case "approved":
      return t("Approved");
    case "rejected":
      return t("Rejected");
  }
}

export function ModerationReviewCard({ review, onModerate, saving }: ModerationReviewCardProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const notesId = useId();
  const [notes, setNotes] = useState("");
  return (
    <Card className="p-4 sm:p-6">
      <article aria-labelledby={titleId}>
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
          <div className="min-w-0">
            <Link
              to={`/hotel/${review.hotelId}`}
              className="inline-flex min-h-10 items-center font-semibold text-brand-700 underline-offset-4 hover:text-brand-800 hover:underline"
            >
              {review.hotelName}
            </Link>
            <p className="text-sm text-slate-600">
              <Trans
                i18nKey="By <name>{{author}}</name>"
                values={{ author: review.authorName }}
                components={{ name: <span className="font-medium text-slate-900" /> }}
              />
              {review.authorEmail ? <span className="break-all"> ({review.authorEmail})</span> : null}
            </p>
            <p className="text-sm text-slate-600">
              <time dateTime={review.createdAt}>{formatDateTime(review.createdAt)}</time>
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            {review.verifiedStay ? <Badge tone="brand">{t("Verified stay")}</Badge> : null}
            <Badge tone={STATUS_TONE[review.status]}>{statusText(review.status, t)}</Badge>
          </div>
        </div>

        <div className="mt-4 space-y-2">
          <RatingStars rating={review.rating} />
          <h2 id={titleId} className="font-semibold break-words text-slate-900">
            {review.title}
          </h2>
          <p className="leading-7 break-words whitespace-pre-line text-slate-700">{review.comment}</p>
        </div>

        <PhotoThumbnails photos={review.photos} label={t("Photos from {{name}}'s review", { name: review.authorName })} className="mt-4" />

        {review.adminNotes ? (
          <div className="mt-4 rounded-lg bg-slate-50 p-3 text-sm ring-1 ring-slate-200">
            <p className="font-medium text-slate-900">{t("Admin notes")}</p>
            <p className="mt-1 break-words whitespace-pre-line text-slate-700">{review.adminNotes}</p>
          </div>
        ) : null}

        {onModerate ? (
          <div className="mt-5 space-y-3 border-t border-slate-200 pt-5">
            <div className="space-y-1.5">
              <Label htmlFor={notesId}>{t("Admin notes (optional)")}</Label>
              <Textarea
                id={notesId}
                rows={2}
                maxLength={2000}
                value={notes}
                disabled={saving !== null}
                onChange={(event) => setNotes(event.target.value)}
                className="min-h-16"
              />
            </div>
            <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
              <Button variant="secondary" disabled={saving !== null} onClick={() => onModerate("rejected", notes)} className="text-red-700">
                {saving === "rejected" ? <Spinner /> : <X aria-hidden="true" />}
                {t("Reject")}
              </Button>
              <Button disabled={saving !== null} onClick={() => onModerate("approved", notes)}>
                {saving === "approved" ? <Spinner /> : <Check aria-hidden="true" />}
                {t("Approve")}
              </Button>
            </div>
          </div>
        ) : null}
      </article>
    </Card>
  );
}
