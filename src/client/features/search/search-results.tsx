import { useEffect, useId, useRef, useState } from "react";
import { useLocation, useSearchParams } from "react-router";
import { Dialog } from "radix-ui";
import { ChevronLeft, ChevronRight, SlidersHorizontal } from "lucide-react";
import type { SearchResponse } from "../../../shared/search.ts";
import { POPULAR_DESTINATIONS, SORT_OPTIONS, type SortOption } from "../../../shared/search-options.ts";
import { LoadFailed } from "../../components/load-failed.tsx";
import { PaymentCurrencyNote } from "../../components/money.tsx";
import { Button } from "../../components/ui/button.tsx";
import { NativeSelect } from "../../components/ui/native-select.tsx";
import { SheetContent } from "../../components/ui/sheet.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { ApiError } from "../../lib/api.ts";
import { formatCount, formatDateRange, formatLocale } from "../../lib/format.ts";
import { type TFunction, useTranslation } from "../../lib/i18n.ts";
import { sortLabel } from "../../lib/option-labels.ts";
import { useMediaQuery } from "../../lib/use-media-query.ts";
import { FilterPanel } from "./filter-panel.tsx";
import { clearFilters, countActiveFilters, readPage, readSort, writePage, writeSort } from "./filter-state.ts";
import { HotelGrid, HotelGridSkeleton, NoHotelsFound } from "./hotel-grid.tsx";
import { ResultsMap, ViewToggle } from "./results-map.tsx";
import { hasSearch, readDestination } from "../../../shared/search-address.ts";
import { searchTitle } from "./search-params.ts";
import type { HotelSearch } from "./use-hotel-search.ts";
import { readView, writeView } from "./view-mode.ts";

/** On very large catalogues the server stops counting and says so: the count then reads "1,000+". */
function propertiesFound(t: TFunction, total: number, capped: boolean): string {
  if (capped) return t("{{total}}+ properties found", { total: formatCount(total) });
  return t("{{count, number}} properties found", { count: total });
}

/** The results view after a search: title, count, sort, filters, the hotel grid and paging. */
export function SearchResults({ search }: { search: HotelSearch }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const sortId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const resultsRef = useRef<HTMLElement>(null);
  const location = useLocation();
  const focusResults = (location.state as { focusResults?: boolean } | null)?.focusResults === true;
  // A search just submitted lands on its results' heading (and so on the "Skip to results" link next), not on the page body.
  useEffect(() => {
    if (focusResults) headingRef.current?.focus({ preventScroll: false });
  }, [location.key, focusResults]);
  const desktop = useMediaQuery("(min-width: 768px)");
  const [filtersOpen, setFiltersOpen] = useState(false);

  const { data, error, isError, isPending, isFetching, isPlaceholderData, refetch } = search;
  const badSearch = error instanceof ApiError && error.status === 400;
  // Spec section 8: a failed search keeps the list it had, so the last answer is remembered.
  const [lastAnswer, setLastAnswer] = useState<SearchResponse | undefined>(data);
  if (data !== undefined && data !== lastAnswer) setLastAnswer(data);
  const shown = data ?? (isError ? lastAnswer : undefined);

  const destination = readDestination(params);
  const sort = readSort(params);
  const view = readView(params);
  const activeFilters = countActiveFilters(params);
  const totalPages = shown ? Math.max(1, Math.ceil(shown.total / shown.pageSize)) : 1;
  const page = shown?.page ?? readPage(params);

  /**
   * Changes the address from what it is now. A navigation writes the address before this view has
   * rendered it, so a change made in between (a sort chosen right after "Clear filters") must start
   * from the address: from this render's params it would bring the cleared filters back.
   */
  function update(change: (current: URLSearchParams) => URLSearchParams) {
    // Filters and sort change the list below, not the page: stay where the user is.
    setParams(change(new URLSearchParams(window.location.search)), { preventScrollReset: true });
  }

  function goToPage(nextPage: number) {
    update((current) => writePage(current, nextPage));
    headingRef.current?.scrollIntoView({ behavior: "smooth", block: "start" });
  }

  const filterPanel = <FilterPanel params={params} onParamsChange={update} heading={desktop} />;

  return (
    <div className="mx-auto max-w-7xl px-4 pt-8 pb-16 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1
            ref={headingRef}
            tabIndex={-1}
            className="scroll-mt-24 text-2xl font-bold tracking-tight text-slate-900 outline-none sm:text-3xl"
          >
            {searchTitle(params, t)}
          </h1>
          {/* Past the sort, the view toggle and every filter in one key press. */}
          <a
            href="#search-results"
            onClick={(event) => {
              event.preventDefault();
              resultsRef.current?.focus();
            }}
            className="sr-only focus:not-sr-only focus:mt-2 focus:inline-block focus:rounded-lg focus:bg-white focus:px-3 focus:py-2 focus:font-medium focus:text-brand-800 focus:ring-2 focus:ring-brand-600"
          >
            {t("Skip to results")}
          </a>
          {hasSearch(params) && !destination ? (
            <p className="mt-1 text-sm text-slate-600">
              {t("No destination chosen: showing hotels in {{destinations}}.", {
                destinations: new Intl.ListFormat(formatLocale(), { type: "conjunction" }).format(POPULAR_DESTINATIONS),
              })}
            </p>
          ) : null}
          {/* A polite live region: a screen reader hears the new count after each filter, sort or search. */}
          <p role="status" className="mt-1 text-slate-600">
            {shown ? (
              <>
                {propertiesFound(t, shown.total, shown.totalIsCapped)}
                {" · "}
                {formatDateRange(shown.stay.checkIn, shown.stay.checkOut)}
                {isFetching && isPlaceholderData ? <span className="sr-only"> · {t("Updating results...")}</span> : null}
              </>
            ) : isPending ? (
              <Skeleton className="inline-block h-4 w-56 align-middle" />
            ) : null}
          </p>
          <PaymentCurrencyNote className="mt-1" />
        </div>
        <div className="flex w-full flex-wrap items-end gap-3 sm:w-auto">
          {desktop ? null : (
            <Dialog.Root open={filtersOpen} onOpenChange={setFiltersOpen}>
              <Dialog.Trigger asChild>
                <Button variant="secondary" className="h-11">
                  <SlidersHorizontal aria-hidden="true" />
                  {t("Filters")}
                  {activeFilters > 0 ? (
                    <span className="rounded-full bg-brand-700 px-1.5 text-xs text-white">
                      <span aria-hidden="true">{activeFilters}</span>
                      <span className="sr-only">({t("{{count}} active", { count: activeFilters })})</span>
                    </span>
                  ) : null}
                </Button>
              </Dialog.Trigger>
              <SheetContent
                title={t("Filters")}
                footer={
                  <div className="flex gap-3">
                    <Button variant="secondary" disabled={activeFilters === 0} onClick={() => update(clearFilters)}>
                      {t("Clear filters")}
                    </Button>
                    <Button className="flex-1" onClick={() => setFiltersOpen(false)}>
                      {shown ? t("Show {{count, number}} hotels", { count: shown.total }) : t("Show results")}
                    </Button>
                  </div>
                }
              >
                {filterPanel}
              </SheetContent>
            </Dialog.Root>
          )}
          <ViewToggle view={view} onChange={(next) => update((current) => writeView(current, next))} />
          <div className="min-w-0 flex-1 basis-40 sm:w-56 sm:flex-none sm:basis-auto">
            <label htmlFor={sortId} className="mb-1 block text-sm font-medium text-slate-700">
              {t("Sort by")}
            </label>
            <NativeSelect
              id={sortId}
              value={sort}
              onChange={(event) => update((current) => writeSort(current, event.target.value as SortOption))}
            >
              {SORT_OPTIONS.map((option) => (
                <option key={option} value={option}>
                  {sortLabel(t, option)}
                </option>
              ))}
            </NativeSelect>
          </div>
        </div>
      </div>

      <div className="mt-6 grid gap-8 md:grid-cols-[14rem_minmax(0,1fr)] lg:grid-cols-[16rem_minmax(0,1fr)]">
        {desktop ? (
          <aside aria-label={t("Filters")} className="self-start rounded-2xl border border-slate-200/80 bg-white p-4 lg:p-5">
            {filterPanel}
          </aside>
        ) : null}

        <section
          id="search-results"
          ref={resultsRef}
          tabIndex={-1}
          aria-label={t("Search results")}
          className="min-w-0 scroll-mt-24 outline-none"
        >
          {isError ? (
            <LoadFailed
              error={error}
              // A 400 is about the search itself (e.g. dates in the past): asking again will not help.
              onRetry={badSearch ? undefined : () => void refetch()}
              retrying={isFetching}
              note={badSearch && shown ? <p className="mt-1">{t("The results below are from your previous search.")}</p> : null}
              className="mb-5"
            />
          ) : null}
          {shown?.notices.map((notice) => (
            <p key={notice} role="status" className="mb-4 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
              {notice}
            </p>
          ))}

          {shown ? (
            shown.hotels.length > 0 ? (
              <>
                {view === "map" ? (
                  <ResultsMap
                    hotels={shown.hotels}
                    stay={shown.stay}
                    busy={isFetching && isPlaceholderData}
                    label={
                      destination ? t("Map of hotels in {{destination}}", { destination }) : t("Map of hotels in popular destinations")
                    }
                  />
                ) : (
                  <HotelGrid hotels={shown.hotels} stay={shown.stay} busy={isFetching && isPlaceholderData} priorityFirst firstRowFirst />
                )}
                {totalPages > 1 ? (
                  <nav aria-label={t("Pagination")} className="mt-10 flex items-center justify-between gap-3 sm:justify-center sm:gap-6">
                    <Button variant="secondary" disabled={page <= 1 || isFetching} onClick={() => goToPage(page - 1)}>
                      <ChevronLeft aria-hidden="true" />
                      {t("Previous")}
                    </Button>
                    <p className="text-sm text-slate-700">{t("Page {{page}} of {{pageCount}}", { page, pageCount: totalPages })}</p>
                    <Button variant="secondary" disabled={page >= totalPages || isFetching} onClick={() => goToPage(page + 1)}>
                      {t("Next")}
                      <ChevronRight aria-hidden="true" />
                    </Button>
                  </nav>
                ) : null}
              </>
            ) : (
              <NoHotelsFound>
                {activeFilters > 0 ? (
                  <Button variant="secondary" className="mt-5" onClick={() => update(clearFilters)}>
                    {t("Clear filters")}
                  </Button>
                ) : null}
              </NoHotelsFound>
            )
          ) : isPending ? (
            <HotelGridSkeleton />
          ) : null}
        </section>
      </div>
    </div>
  );
}
