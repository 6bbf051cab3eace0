import { useEffect, useId, useRef } from "react";
import { useTranslation } from "../../lib/i18n.ts";
import { Controller, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { ReviewFields } from "../../../shared/reviews.ts";
import { reviewKeys } from "../../api/reviews.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Label } from "../../components/ui/label.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { PhotoPicker } from "./photo-picker.tsx";
import { RatingInput } from "./rating-input.tsx";
import { usePhotoSelection } from "./use-photo-selection.ts";
import { useSubmitReview } from "./use-submit-review.ts";
import { fieldMessage } from "../../lib/error-text.ts";

type ReviewFormProps = {
  hotelId: string;
  /** Called after a successful submission and on Cancel; the form is closed by its owner. */
  onClose: () => void;
};

/** The signed-in guest's review of a hotel; it is shown to others only after an admin approves it. */
export function ReviewForm({ hotelId, onClose }: ReviewFormProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const commentId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const queryClient = useQueryClient();
  const submit = useSubmitReview(hotelId);
  const photos = usePhotoSelection();
  const {
    control,
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(ReviewFields),
    defaultValues: { rating: 0, title: "", comment: "" },
  });

  // The form appears because the guest asked for it, so the reading position moves to it.
  useEffect(() => headingRef.current?.focus(), []);

  function onSubmit(fields: ReviewFields) {
    submit.mutate(
      { fields, photos: photos.photos.map((photo) => photo.file) },
      {
        onSuccess: () => {
          reset();
          photos.clear();
          // Approval is what makes it visible, but the guest's own view of the counts should not be stale.
          void queryClient.invalidateQueries({ queryKey: reviewKeys.hotel(hotelId) });
          onClose();
        },
      },
    );
  }

  const commentError = fieldMessage(errors.comment?.message);
  return (
    <Card className="p-4 sm:p-6">
      <form noValidate aria-labelledby={headingId} onSubmit={handleSubmit(onSubmit)} className="space-y-5">
        <h3 id={headingId} ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-slate-900 focus:outline-none">
          {t("Write a review")}
        </h3>
        <fieldset disabled={submit.isPending} className="space-y-5">
          <Controller
            control={control}
            name="rating"
            render={({ field }) => (
              <RatingInput
                value={typeof field.value === "number" ? field.value : 0}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={errors.rating?.message}
              />
            )}
          />
          <TextField label={t("Title")} required maxLength={120} error={errors.title?.message} {...register("title")} />
          <div className="space-y-1.5">
            <Label htmlFor={commentId}>{t("Your review")}</Label>
            <Textarea
              id={commentId}
              rows={5}
              required
              maxLength={5000}
              aria-invalid={commentError ? true : undefined}
              aria-describedby={commentError ? `${commentId}-error` : undefined}
              {...register("comment")}
            />
            {commentError ? (
              <p id={`${commentId}-error`} role="alert" className="text-sm text-red-700">
                {commentError}
              </p>
            ) : null}
          </div>
          <PhotoPicker
            photos={photos.photos}
            problems={photos.problems}
            onAdd={photos.add}
            onRemove={photos.remove}
            disabled={submit.isPending}
          />
        </fieldset>
        <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-5 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={submit.isPending}>
            {t("Cancel")}
          </Button>
          <Button type="submit" disabled={submit.isPending}>
            {submit.isPending ? <Spinner /> : null}
            {t("Submit Review")}
          </Button>
        </div>
      </form>
    </Card>
  );
}
