import { type ChangeEvent, useRef } from "react";
import { ArrowLeft, ArrowRight, ImagePlus, Star, Trash2 } from "lucide-react";
import { MAX_PHOTOS_PER_UPLOAD } from "../../../shared/property-hotels.ts";
import type { PhotoOwner } from "../../api/property-hotels.ts";
import { Button } from "../../components/ui/button.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { i18next, useTranslation } from "../../lib/i18n.ts";
import { useSetPhotoOrder, useUploadPhotos } from "./use-property-hotels.ts";

type PhotoManagerProps = {
  owner: PhotoOwner;
  photos: string[];
  /** Names the photos in labels, e.g. "hotel" or "Deluxe Double". */
  label: string;
};

/** Upload, set the cover (the first photo), move and delete; each change is saved at once. */
export function PhotoManager({ owner, photos, label }: PhotoManagerProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadPhotos(owner);
  const order = useSetPhotoOrder(owner);
  const busy = upload.isPending || order.isPending;

  function chosen(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])].slice(0, MAX_PHOTOS_PER_UPLOAD);
    event.target.value = "";
    if (files.length > 0) upload.mutate(files);
  }

  function place(index: number, to: number) {
    const next = [...photos];
    const [photo] = next.splice(index, 1);
    next.splice(to, 0, photo!);
    order.mutate({ photos: next, done: to === 0 ? t("Cover photo set") : t("Photo moved") });
  }

  return (
    <div className="space-y-3">
      {photos.length === 0 ? <p className="text-sm text-slate-600">{t("No photos yet: travellers see an illustration.")}</p> : null}
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" aria-label={t("Photos of {{name}}", { name: label })}>
        {photos.map((photo, index) => (
          <li key={photo} className="@container overflow-hidden rounded-xl border border-slate-200 bg-white">
            <div className="relative">
              <img
                src={photo}
                alt={t("Photo {{number}} of {{name}}", { number: index + 1, name: label })}
                className="aspect-[4/3] w-full object-cover"
                loading="lazy"
              />
              {index === 0 ? (
                <span className="absolute top-2 left-2 rounded-md bg-white/90 px-2 py-0.5 text-xs font-semibold">{t("Cover")}</span>
              ) : null}
            </div>
            {/* Four touch-sized buttons need 12.5rem in a row: a narrower card (two photos a row on a phone) puts them two by two. */}
            <div className="grid grid-cols-2 justify-items-center gap-1 p-1 @[12.5rem]:flex @[12.5rem]:justify-between">
              <Button
                variant="ghost"
                size="icon"
                aria-label={t("Make photo {{number}} the cover", { number: index + 1 })}
                disabled={busy || index === 0}
                onClick={() => place(index, 0)}
              >
                <Star aria-hidden="true" />
              </Button>
              <Button
                variant="ghost"
                size="icon"
                aria-label={t("Move photo {{number}} earlier", { number: index + 1 })}
                disabled={busy || index === 0}
                onClick={() => place(index, index - 1)}
              >
                <ArrowLeft aria-hidden="true" />
              </Button>
              <Button
                variant="ghost"
                size="icon"
                aria-label={t("Move photo {{number}} later", { number: index + 1 })}
                disabled={busy || index === photos.length - 1}
                onClick={() => place(index, index + 1)}
              >
                <ArrowRight aria-hidden="true" />
              </Button>
              <Button
                variant="ghost"
                size="icon"
                aria-label={t("Delete photo {{number}}", { number: index + 1 })}
                disabled={busy}
                onClick={() => {
                  if (
                    window.confirm(t("Delete photo {{number}} of {{name}}? This cannot be undone.", { number: index + 1, name: label }))
                  ) {
                    order.mutate({ photos: photos.filter((p) => p !== photo), done: i18next.t("Photo deleted") });
                  }
                }}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        multiple
        className="sr-only"
        tabIndex={-1}
        onChange={chosen}
        aria-label={t("Upload photos of {{name}}", { name: label })}
      />
      <Button variant="secondary" onClick={() => input.current?.click()} disabled={busy} aria-busy={upload.isPending || undefined}>
        {upload.isPending ? <Spinner /> : <ImagePlus aria-hidden="true" />}
        {t("Add photos")}
      </Button>
      <p className="text-xs text-slate-500">
        {t("JPEG, PNG or WebP, up to 5 MB each, {{max}} at a time.", { max: MAX_PHOTOS_PER_UPLOAD })}
      </p>
    </div>
  );
}
