import { lazy, Suspense } from "react";
import { useSearchParams } from "react-router";
import { CreditCard, Gift, Star } from "lucide-react";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { CompactSearch } from "../search/compact-search.tsx";
import { HotelGridSkeleton } from "../search/hotel-grid.tsx";
import { PopularHotels } from "../search/popular-hotels.tsx";
import { SearchForm } from "../search/search-form.tsx";
import { hasSearch, readDestination, searchApiQuery, searchTitle } from "../search/search-params.ts";
import { useHotelSearch } from "../search/use-hotel-search.ts";
import { SiteFigures } from "./site-figures.tsx";

// The results view brings the filter controls (sliders, checkboxes, a dialog) and the shared search
// constants; the landing page does not need them, so they load with the first search.
const SearchResults = lazy(() => import("../search/search-results.tsx").then((m) => ({ default: m.SearchResults })));

const reasons = [
  {
    title: "Secure card payments",
    text: "Pay by card with 3-D Secure. Your room is held while you pay, so nobody books it from under you.",
    icon: CreditCard,
  },
  {
    title: "Rewards on every stay",
    text: "Earn a point for every dollar you spend and redeem 100 points for $1 off your next booking.",
    icon: Gift,
  },
  {
    title: "Reviews from real guests",
    text: "Read what travellers who stayed there say, moderated so that every review is about the stay.",
    icon: Star,
  },
] as const;

function ResultsFallback() {
  return (
    <div className="mx-auto max-w-7xl px-4 pt-8 pb-16 sm:px-6 lg:px-8">
      <HotelGridSkeleton className="md:ml-[16rem] lg:ml-[18rem]" />
    </div>
  );
}

export function HomePage() {
  const [params] = useSearchParams();
  const searching = hasSearch(params);
  const destination = readDestination(params);
  // The search starts here, not in the lazily loaded results view, so it runs while that code downloads.
  const search = useHotelSearch(searchApiQuery(params));
  useDocumentTitle(searching ? (destination ? `Hotels in ${destination}` : searchTitle(params)) : null);

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

  return (
    <>
      {/* z-20: the destination suggestions open over the sections below. */}
      <section aria-labelledby="hero-heading" className="hero-backdrop relative isolate z-20">
        <div className="relative z-10 mx-auto max-w-7xl px-4 pt-12 pb-12 sm:px-6 sm:pt-20 sm:pb-16 lg:px-8">
          <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-medium text-white ring-1 ring-white/20">
            The full price before you pay, no surprises
          </p>
          <h1 id="hero-heading" className="mt-5 max-w-3xl text-4xl font-bold tracking-tight text-balance text-white sm:text-5xl lg:text-6xl">
            Find your perfect stay
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-pretty text-brand-50/90 sm:mt-5 sm:text-xl">
            From city breaks to beach escapes: compare hotels, see the full price before you pay and book in minutes.
          </p>
          <SearchForm className="mt-8 sm:mt-10" />
        </div>
      </section>

      <SiteFigures />

      <PopularHotels search={search} />

      <section aria-labelledby="reasons-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
        <h2 id="reasons-heading" className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">
          Why travellers book with Staywise
        </h2>
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {reasons.map((reason) => (
            <li key={reason.title} className="flex gap-4">
              <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-100">
                <reason.icon aria-hidden="true" className="size-5" />
              </span>
              <div>
                <h3 className="font-semibold text-slate-900">{reason.title}</h3>
                <p className="mt-1 text-sm leading-6 text-slate-600">{reason.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
