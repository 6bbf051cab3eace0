import type { ReactNode } from "react";
import { useTranslation } from "../lib/i18n.ts";
import { Link } from "react-router";
import { MapPin } from "lucide-react";
import type { HotelCard } from "../api/saved-hotels.ts";
import { Money } from "./money.tsx";
import { RatingBadge } from "./rating-badge.tsx";
import { Skeleton } from "./ui/skeleton.tsx";

type HotelMiniCardProps = {
  hotel: HotelCard;
  /** Over the photo, top right (the heart). */
  overlay?: ReactNode;
  /** Under the price (e.g. a Remove button). */
  footer?: ReactNode;
};

/**
 * A hotel without a stay (recently viewed, saved): photo, name, city, rating and the price from.
 * The name is the card's link, stretched over the card; the overlay and footer sit above it.
 */
export function HotelMiniCard({ hotel, overlay, footer }: HotelMiniCardProps) {
  const { t } = useTranslation();
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200/80 bg-white shadow-[0_1px_3px_rgb(15_23_42/0.06),0_8px_24px_-12px_rgb(15_23_42/0.12)] transition-shadow hover:shadow-[0_1px_3px_rgb(15_23_42/0.08),0_16px_36px_-12px_rgb(15_23_42/0.22)]">
      <div className="relative aspect-[4/3] overflow-hidden bg-slate-100">
        <img src={hotel.image} alt="" width={800} height={600} loading="lazy" decoding="async" className="size-full object-cover" />
        {overlay ? <div className="absolute top-3 right-3 z-10">{overlay}</div> : null}
      </div>
      <div className="flex flex-1 flex-col p-4">
        <h3 className="text-base leading-snug font-semibold text-slate-900">
          <Link
            to={`/hotel/${encodeURIComponent(hotel.id)}`}
            className="line-clamp-2 rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 after:absolute after:inset-0 after:content-['']"
          >
            {hotel.name}
          </Link>
        </h3>
        <p className="mt-1 flex gap-1 text-sm text-slate-600">
          <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-400" />
          {hotel.city}, {hotel.country}
        </p>
        <div className="mt-auto flex flex-wrap items-end justify-between gap-2 pt-3">
          <RatingBadge rating={hotel.rating} reviewCount={hotel.reviewCount} />
          <p className="text-right text-sm text-slate-600">
            {t("from")}{" "}
            <span className="text-lg font-bold text-slate-900">
              <Money cents={hotel.priceCents} currency={hotel.currency} />
            </span>
            <span className="block text-xs">{t("per night")}</span>
          </p>
        </div>
        {footer ? <div className="relative z-10 mt-3 border-t border-slate-100 pt-3">{footer}</div> : null}
      </div>
    </article>
  );
}

export const miniCardGridClass = "grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-4";

/** Grey cards in place of hotels on their way, with 'Loading...' for screen readers. */
export function HotelMiniCardsSkeleton({ count, label }: { count: number; label: string }) {
  return (
    <div role="status">
      <span className="sr-only">{label}</span>
      <ul aria-hidden="true" className={miniCardGridClass}>
        {Array.from({ length: count }, (_, i) => (
          <li key={i} className="overflow-hidden rounded-2xl border border-slate-200/80 bg-white">
            <Skeleton className="aspect-[4/3] rounded-none" />
            <div className="space-y-3 p-4">
              <Skeleton className="h-5 w-3/4" />
              <Skeleton className="h-4 w-1/2" />
              <Skeleton className="h-6 w-1/3" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
