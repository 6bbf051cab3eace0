import { type KeyboardEvent, useState } from "react";
import { useTranslation } from "../../lib/i18n.ts";
import { Dialog } from "radix-ui";
import { ChevronLeft, ChevronRight, ExternalLink } from "lucide-react";
import { cn } from "../../lib/cn.ts";
import { DialogContent } from "./dialog.tsx";

type PhotoThumbnailsProps = {
  photos: string[];
  /** Whose photos these are, e.g. "Photos from Ana's review": names the list, the buttons and the viewer. */
  label: string;
  className?: string;
};

/** Square thumbnails; each opens a titled viewer at full size, stepping with the buttons or the arrow keys. */
export function PhotoThumbnails({ photos, label, className }: PhotoThumbnailsProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<number | null>(null);
  const count = photos.length;
  if (count === 0) return null;
  const current = open === null ? undefined : photos[open];

  function step(by: 1 | -1) {
    if (open !== null) setOpen((open + by + count) % count);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (count < 2) return;
    if (event.key === "ArrowLeft") {
      event.preventDefault();
      step(-1);
    } else if (event.key === "ArrowRight") {
      event.preventDefault();
      step(1);
    }
  }

  return (
    <>
      <ul aria-label={label} className={cn("flex flex-wrap gap-2", className)}>
        {photos.map((src, index) => (
          <li key={`${index}-${src}`}>
            <button
              type="button"
              aria-label={t("Open photo {{number}} of {{total}}", { number: index + 1, total: count })}
              onClick={() => setOpen(index)}
              className="group block size-20 overflow-hidden rounded-lg bg-slate-100 ring-1 ring-slate-200 sm:size-24"
            >
              <img
                src={src}
                alt=""
                loading="lazy"
                width={96}
                height={96}
                className="size-full object-cover transition-transform duration-300 group-hover:scale-105"
              />
            </button>
          </li>
        ))}
      </ul>
      <Dialog.Root open={open !== null} onOpenChange={(isOpen) => (isOpen ? null : setOpen(null))}>
        {current !== undefined && open !== null ? (
          <DialogContent
            title={t("{{label}}, photo {{number}} of {{total}}", { label, number: open + 1, total: count })}
            className="max-w-4xl"
            onKeyDown={handleKeyDown}
          >
            <div className="relative flex items-center justify-center rounded-lg bg-slate-950">
              <img
                key={current}
                src={current}
                alt={t("{{label}}, photo {{number}} of {{total}}", { label, number: open + 1, total: count })}
                className="max-h-[70dvh] w-auto max-w-full object-contain"
              />
              {count > 1 ? (
                <>
                  <button
                    type="button"
                    aria-label={t("Previous photo")}
                    onClick={() => step(-1)}
                    className="absolute top-1/2 left-2 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-slate-900 shadow hover:bg-white"
                  >
                    <ChevronLeft aria-hidden="true" className="size-5" />
                  </button>
                  <button
                    type="button"
                    aria-label={t("Next photo")}
                    onClick={() => step(1)}
                    className="absolute top-1/2 right-2 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-slate-900 shadow hover:bg-white"
                  >
                    <ChevronRight aria-hidden="true" className="size-5" />
                  </button>
                </>
              ) : null}
            </div>
            <a
              href={current}
              target="_blank"
              rel="noreferrer"
              className="mt-3 inline-flex h-10 items-center gap-1.5 rounded-lg text-sm font-medium text-brand-700 hover:text-brand-800 hover:underline"
            >
              <ExternalLink aria-hidden="true" className="size-4" />
              {t("Open original in a new tab")}
            </a>
          </DialogContent>
        ) : null}
      </Dialog.Root>
    </>
  );
}
