import { lazy, Suspense, type ReactNode } from "react";
import { useSearchParams } from "react-router";
import { useTranslation } from "../../lib/i18n.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { CompactSearch } from "./compact-search.tsx";
import { HotelGridSkeleton } from "./hotel-grid.tsx";
import { PopularHotels } from "./popular-hotels.tsx";
import { SearchForm } from "./search-form.tsx";
import { hasSearch, readDestination, searchApiQuery } from "../../../shared/search-address.ts";
import { searchTitle } from "./search-params.ts";
import { useHotelSearch, usePreloadFirstPhoto } from "./use-hotel-search.ts";

// The results view brings the filter controls (sliders, checkboxes, a dialog) and the shared search
// constants; the landing page does not need them, so they load with the first search.
const SearchResults = lazy(() => import("./search-results.tsx").then((m) => ({ default: m.SearchResults })));

/** What the search lends the landing page before anyone searches: the form and tonight's popular hotels. */
export type SearchLandingSlots = { searchForm: ReactNode; popularHotels: ReactNode };

function ResultsFallback() {
  return (
    <div className="mx-auto max-w-7xl px-4 pt-8 pb-16 sm:px-6 lg:px-8">
      <HotelGridSkeleton className="md:ml-[16rem] lg:ml-[18rem]" />
    </div>
  );
}

/** The site's root address: the results of the search in the address, or, without one, the landing page around the form. */
export function SearchPage({ renderLanding }: { renderLanding: (slots: SearchLandingSlots) => ReactNode }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const searching = hasSearch(params);
  const destination = readDestination(params);
  // The search starts here, not in the lazily loaded results view, so it runs while that code downloads.
  const search = useHotelSearch(searchApiQuery(params));
  usePreloadFirstPhoto(searchApiQuery(params), searching);
  useDocumentTitle(searching ? (destination ? t("Hotels in {{destination}}", { destination }) : searchTitle(params, t)) : null);

  if (searching) {
    return (
      <>
        <div className="hero-backdrop relative isolate z-20">
          <div className="relative z-10 mx-auto max-w-7xl px-4 py-4 sm:px-6 sm:py-6 lg:px-8">
            <CompactSearch />
          </div>
        </div>
        <Suspense fallback={<ResultsFallback />}>
          <SearchResults search={search} />
        </Suspense>
      </>
    );
  }

  return renderLanding({ searchForm: <SearchForm className="mt-8 sm:mt-10" />, popularHotels: <PopularHotels search={search} /> });
}
