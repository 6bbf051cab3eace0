import { type ReactNode, useEffect, useState } from "react";
import { SearchX } from "lucide-react";
import type { HotelSummary, Stay } from "../../../shared/search.ts";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { cn } from "../../lib/cn.ts";
import { useFirstDrawDeferred } from "../../lib/use-first-draw-deferred.ts";
import { useTranslation } from "../../lib/i18n.ts";
import { HotelCard } from "./hotel-card.tsx";

const gridClass = "grid grid-cols-1 gap-5 sm:grid-cols-2 xl:grid-cols-3";

/** Cards drawn at once when a grid first shows: the first row of a wide screen, more than fills a phone's. */
const FIRST_CARDS = 3;

/** Whether the grid that came with the page's load has been drawn: later grids come from a reader's action. */
let loadGridDrawn = false;

export function HotelGrid({
  hotels,
  stay,
  busy,
  className,
  highlightedId,
  onHighlight,
  priorityFirst = false,
  firstRowFirst = false,
}: {
  hotels: HotelSummary[];
  stay: Stay;
  busy?: boolean;
  className?: string;
  /** The map view's hotel under the pointer or focus, on a pin or a card. */
  highlightedId?: string | null;
  onHighlight?: (id: string | null) => void;
  /** The grid opens the page (the results, not the landing page's popular hotels below the fold): its first photo loads first. */
  priorityFirst?: boolean;
  /**
   * A grid that may come with the page's load (results, the landing page's popular hotels): if it is
   * the load's first grid, its first row is drawn at once and the other cards in a deferred render
   * split into short slices. A page of cards drawn in one go held a phone's main thread for ~0.5 s
   * (x4 CPU), the results page's longest task (issue 32 item 4). A grid drawn after a reader's action
   * (another search, back from the map view) shows all its cards at once, as before.
   */
  firstRowFirst?: boolean;
}) {
  const [progressive] = useState(() => firstRowFirst && !loadGridDrawn);
  useEffect(() => {
    if (firstRowFirst) loadGridDrawn = true;
  }, [firstRowFirst]);
  const shownHotels = useFirstDrawDeferred(hotels, progressive ? hotels.slice(0, FIRST_CARDS) : undefined);
  return (
    <ul aria-busy={busy} className={cn(gridClass, "transition-opacity", busy ? "opacity-60" : null, className)}>
      {shownHotels.map((hotel, index) => (
        <li key={hotel.id}>
          <HotelCard
            hotel={hotel}
            stay={stay}
            priority={priorityFirst && index === 0}
            highlighted={highlightedId === hotel.id}
            {...(onHighlight ? { onHighlight: (on: boolean) => onHighlight(on ? hotel.id : null) } : {})}
          />
        </li>
      ))}
    </ul>
  );
}

/** Spec section 9: loading shows 9 skeleton cards. */
export function HotelGridSkeleton({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <div role="status" className={className}>
      <span className="sr-only">{t("Loading hotels...")}</span>
      <ul aria-hidden="true" className={gridClass}>
        {Array.from({ length: 9 }, (_, i) => (
          <li key={i} data-testid="hotel-card-skeleton" className="overflow-hidden rounded-2xl border border-slate-200/80 bg-white">
            <Skeleton className="aspect-[4/3] rounded-none" />
            <div className="space-y-3 p-4">
              <Skeleton className="h-4 w-1/3" />
              <Skeleton className="h-5 w-3/4" />
              <Skeleton className="h-4 w-1/2" />
              <div className="flex justify-between pt-3">
                <Skeleton className="h-4 w-20" />
                <Skeleton className="h-7 w-16" />
              </div>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function NoHotelsFound({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-slate-100 text-slate-500">
        <SearchX aria-hidden="true" className="size-7" />
      </span>
      <h2 className="mt-4 text-lg font-semibold text-slate-900">{t("No hotels found")}</h2>
      <p className="mt-1 text-slate-600">{t("Try adjusting your search criteria or filters")}</p>
      {children}
    </div>
  );
}
