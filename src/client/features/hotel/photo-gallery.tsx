import { useState } from "react";
import { Images } from "lucide-react";
import { cn } from "../../lib/cn.ts";
import { Trans, useTranslation } from "../../lib/i18n.ts";
import { PhotoViewer } from "./photo-viewer.tsx";

const SMALL_COUNT = 4;

/** Spec section 9: one large photo and up to four small ones; any of them opens the full-screen viewer. */
export function PhotoGallery({ hotelName, images }: { hotelName: string; images: string[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<number | null>(null);
  const [large, ...rest] = images;
  if (!large) return null;
  const small = rest.slice(0, SMALL_COUNT);
  const hidden = images.length - 1 - small.length;

  function photoButton(src: string, index: number, className: string, eager: boolean) {
    const isLastSmall = index === small.length && hidden > 0;
    return (
      <button
        key={src + index}
        type="button"
        // The visible "+N photos" must be part of the name (WCAG 2.5.3, label in name).
        aria-label={
          isLastSmall
            ? t("+{{count}} photos: open photo {{number}} of {{total}}", { count: hidden, number: index + 1, total: images.length })
            : t("Open photo {{number}} of {{total}}", { number: index + 1, total: images.length })
        }
        onClick={() => setOpen(index)}
        className={cn(
          "group relative overflow-hidden bg-slate-200 focus-visible:outline-offset-[-4px] focus-visible:outline-white",
          className,
        )}
      >
        <img
          src={src}
          alt=""
          width={800}
          height={600}
          loading={eager ? "eager" : "lazy"}
          fetchPriority={eager ? "high" : undefined}
          className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
        />
        {isLastSmall ? (
          <span className="absolute inset-0 flex items-center justify-center gap-2 bg-slate-950/50 text-sm font-semibold text-white">
            <Images aria-hidden="true" className="hidden size-5 md:block" />
            <span>
              <Trans i18nKey="+{{count}}<wide> photos</wide>" count={hidden} components={{ wide: <span className="hidden md:inline" /> }} />
            </span>
          </span>
        ) : null}
      </button>
    );
  }

  return (
    <>
      <div
        className={cn(
          "grid gap-2 overflow-hidden rounded-2xl",
          small.length > 0 ? "grid-cols-4 sm:grid-cols-4 md:h-[28rem] md:grid-cols-4 md:grid-rows-2" : null,
        )}
      >
        {photoButton(large, 0, cn("aspect-[4/3] md:aspect-auto", small.length > 0 ? "col-span-4 md:col-span-2 md:row-span-2" : null), true)}
        {small.map((src, i) => photoButton(src, i + 1, "aspect-[4/3] md:aspect-auto", false))}
      </div>
      <PhotoViewer title={t("{{hotel}} photos", { hotel: hotelName })} images={images} index={open} onIndexChange={setOpen} />
    </>
  );
}
