import { Skeleton } from "../../components/ui/skeleton.tsx";
import { useTranslation } from "../../lib/i18n.ts";

/**
 * The hotel page while it loads: shown while the page's code arrives (the route's fallback) and
 * then while the hotel is fetched, roughly the page's shape, so nothing below it (the footer) jumps.
 */
export function HotelPageSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
      <div role="status">
        <span className="sr-only">{t("Loading hotel...")}</span>
      </div>
      <div aria-hidden="true">
        <Skeleton className="h-4 w-24" />
        <Skeleton className="mt-3 h-9 w-2/3 max-w-md" />
        <Skeleton className="mt-3 h-4 w-48" />
        <div className="mt-6 grid grid-cols-4 gap-2 md:h-[28rem] md:grid-rows-2">
          <Skeleton className="col-span-4 aspect-[4/3] rounded-2xl md:col-span-2 md:row-span-2 md:aspect-auto" />
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="aspect-[4/3] rounded-xl md:aspect-auto" />
          ))}
        </div>
        <div className="mt-10 space-y-4 lg:w-2/3">
          <Skeleton className="h-6 w-48" />
          <Skeleton className="h-40 w-full rounded-2xl" />
          <Skeleton className="h-40 w-full rounded-2xl" />
        </div>
      </div>
    </div>
  );
}
