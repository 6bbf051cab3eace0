import { Link } from "react-router";
import { ArrowRight } from "lucide-react";
import { LoadFailed } from "../../components/load-failed.tsx";
import { Button } from "../../components/ui/button.tsx";
import { useTranslation } from "../../lib/i18n.ts";
import { HotelGrid, HotelGridSkeleton, NoHotelsFound } from "./hotel-grid.tsx";
import type { HotelSearch } from "./use-hotel-search.ts";

/** Before the user searches: tonight's hotels in the popular destinations (spec section 4). */
export function PopularHotels({ search }: { search: HotelSearch }) {
  const { t } = useTranslation();
  const { data, isPending, isError, error, refetch, isFetching } = search;
  return (
    <section aria-labelledby="popular-heading" className="mx-auto max-w-7xl px-4 pt-14 sm:px-6 sm:pt-20 lg:px-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="popular-heading" className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">
            {t("Popular destinations")}
          </h2>
          <p className="mt-1 text-slate-600">{t("Tonight's prices in the cities travellers love most.")}</p>
        </div>
        <Button asChild variant="secondary">
          <Link to="/?destination=">
            {t("Browse all")}
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </div>
      <div className="mt-8">
        {data ? (
          data.hotels.length > 0 ? (
            <HotelGrid hotels={data.hotels} stay={data.stay} firstRowFirst />
          ) : (
            <NoHotelsFound />
          )
        ) : isError ? (
          <LoadFailed error={error} onRetry={() => void refetch()} retrying={isFetching} />
        ) : isPending ? (
          <HotelGridSkeleton />
        ) : null}
      </div>
    </section>
  );
}
