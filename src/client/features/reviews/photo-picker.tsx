import { useId, type ChangeEvent } from "react";
import { useTranslation } from "../../lib/i18n.ts";
import { X } from "lucide-react";
import { MAX_PHOTO_BYTES, MAX_REVIEW_PHOTOS } from "../../../shared/reviews.ts";
import { Label } from "../../components/ui/label.tsx";
import { PHOTO_TYPES, type SelectedPhoto } from "./use-photo-selection.ts";

type PhotoPickerProps = {
  photos: SelectedPhoto[];
  problems: string[];
  onAdd: (files: File[]) => Promise<void>;
  onRemove: (id: number) => void;
  disabled?: boolean;
};

/** A native file input (so it works with every keyboard, screen reader and test driver) plus removable previews. */
export function PhotoPicker({ photos, problems, onAdd, onRemove, disabled = false }: PhotoPickerProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const problemsId = `${inputId}-problems`;
  const full = photos.length >= MAX_REVIEW_PHOTOS;

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    void onAdd(Array.from(event.target.files ?? []));
    // Cleared so that choosing the same file again (after removing it) fires a change.
    event.target.value = "";
  }

  return (
    <div className="space-y-1.5">
      <Label htmlFor={inputId}>{t("Photos")}</Label>
      <p id={hintId} className="text-sm text-slate-600">
        {t("Optional: up to {{max}} photos, JPEG, PNG or WebP, {{megabytes}} MB each.", {
          max: MAX_REVIEW_PHOTOS,
          megabytes: MAX_PHOTO_BYTES / (1024 * 1024),
        })}{" "}
        {photos.length > 0 ? t("{{added}} of {{max}} added.", { added: photos.length, max: MAX_REVIEW_PHOTOS }) : null}
      </p>
      <input
        id={inputId}
        type="file"
        accept={PHOTO_TYPES.join(",")}
        multiple
        disabled={disabled || full}
        onChange={handleChange}
        aria-describedby={problems.length > 0 ? `${hintId} ${problemsId}` : hintId}
        className="block w-full text-sm text-slate-600 file:mr-3 file:h-11 file:cursor-pointer file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-4 file:text-sm file:font-semibold file:text-slate-900 file:shadow-xs hover:file:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-60"
      />
      {problems.length > 0 ? (
        <ul id={problemsId} role="alert" className="space-y-1 text-sm text-red-700">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      ) : null}
      {photos.length > 0 ? (
        <ul aria-label={t("Selected photos")} className="flex flex-wrap gap-3 pt-2">
          {photos.map((photo, index) => (
            <li key={photo.id} className="relative">
              <img
                src={photo.previewUrl}
                alt={t("Photo {{number}}: {{file}}", { number: index + 1, file: photo.file.name })}
                className="size-24 rounded-lg object-cover ring-1 ring-slate-200"
              />
              <button
                type="button"
                aria-label={t("Remove photo {{number}} ({{file}})", { number: index + 1, file: photo.file.name })}
                onClick={() => onRemove(photo.id)}
                disabled={disabled}
                className="absolute -top-2 -right-2 inline-flex size-10 items-center justify-center rounded-full border border-slate-200 bg-white text-slate-700 shadow-md hover:bg-slate-50 hover:text-slate-900"
              >
                <X aria-hidden="true" className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
