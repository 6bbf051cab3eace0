import type { KeyboardEvent } from "react";
import { Dialog } from "radix-ui";
import { ChevronLeft, ChevronRight, X } from "lucide-react";
import { useFocusReturn } from "../../components/ui/use-focus-return.ts";
import { useTranslation } from "../../lib/i18n.ts";

type PhotoViewerProps = {
  title: string;
  images: string[];
  /** The open photo, or null when the viewer is closed. */
  index: number | null;
  onIndexChange: (index: number | null) => void;
};

const roundButton =
  "inline-flex size-12 items-center justify-center rounded-full bg-white/10 text-white backdrop-blur transition-colors hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white";

/** Full-screen photo viewer: previous and next wrap around; ArrowLeft/ArrowRight step, Escape closes. */
export function PhotoViewer({ title, images, index, onIndexChange }: PhotoViewerProps) {
  const { t } = useTranslation();
  const count = images.length;
  const current = index === null ? null : images[index];
  const focusReturn = useFocusReturn();

  function step(by: 1 | -1) {
    if (index !== null && count > 0) onIndexChange((index + by + count) % count);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === "ArrowLeft") {
      event.preventDefault();
      step(-1);
    } else if (event.key === "ArrowRight") {
      event.preventDefault();
      step(1);
    }
  }

  return (
    <Dialog.Root open={index !== null} onOpenChange={(open) => (open ? null : onIndexChange(null))}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950" />
        <Dialog.Content
          aria-describedby={undefined}
          onKeyDown={handleKeyDown}
          {...focusReturn}
          className="fixed inset-0 z-50 flex flex-col text-white focus:outline-none"
        >
          <div className="flex items-center justify-between gap-4 px-4 py-3 sm:px-6">
            <Dialog.Title className="truncate text-base font-semibold">{title}</Dialog.Title>
            <div className="flex items-center gap-3">
              <p aria-live="polite" className="text-sm text-slate-300 tabular-nums">
                {index === null ? null : `${index + 1} / ${count}`}
              </p>
              <Dialog.Close aria-label={t("Close photo viewer")} className={roundButton}>
                <X aria-hidden="true" className="size-5" />
              </Dialog.Close>
            </div>
          </div>
          <div className="relative flex min-h-0 flex-1 items-center justify-center px-2 pb-6 sm:px-20">
            {current ? (
              <img
                key={current}
                src={current}
                alt={t("{{label}}, photo {{number}} of {{total}}", { label: title, number: (index ?? 0) + 1, total: count })}
                width={800}
                height={600}
                className="max-h-full w-auto max-w-full rounded-lg object-contain"
              />
            ) : null}
            {count > 1 ? (
              <>
                <button
                  type="button"
                  aria-label={t("Previous photo")}
                  onClick={() => step(-1)}
                  className={`${roundButton} absolute top-1/2 left-3 -translate-y-1/2 sm:left-6`}
                >
                  <ChevronLeft aria-hidden="true" className="size-6" />
                </button>
                <button
                  type="button"
                  aria-label={t("Next photo")}
                  onClick={() => step(1)}
                  className={`${roundButton} absolute top-1/2 right-3 -translate-y-1/2 sm:right-6`}
                >
                  <ChevronRight aria-hidden="true" className="size-6" />
                </button>
              </>
            ) : null}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
