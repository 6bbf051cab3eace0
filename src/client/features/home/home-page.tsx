import type { ReactNode } from "react";
import { useTranslation } from "../../lib/i18n.ts";
import { CreditCard, Gift, Star } from "lucide-react";
import { RecentlyViewed } from "./recently-viewed.tsx";
import { SiteFigures } from "./site-figures.tsx";

/** The landing page; the search feature fills in its form and popular hotels (composed in app/router.tsx). */
export function HomePage({ searchForm, popularHotels }: { searchForm: ReactNode; popularHotels: ReactNode }) {
  const { t } = useTranslation();
  const reasons = [
    {
      title: t("Secure card payments"),
      text: t("Pay by card with 3-D Secure. Your room is held while you pay, so nobody books it from under you."),
      icon: CreditCard,
    },
    {
      title: t("Rewards on every stay"),
      text: t("Earn a point for every dollar you spend and redeem 100 points for $1 off your next booking."),
      icon: Gift,
    },
    {
      title: t("Reviews from real guests"),
      text: t("Read what travellers who stayed there say, moderated so that every review is about the stay."),
      icon: Star,
    },
  ];
  return (
    <>
      {/* z-20: the destination suggestions open over the sections below. */}
      <section aria-labelledby="hero-heading" className="hero-backdrop relative isolate z-20">
        <div className="relative z-10 mx-auto max-w-7xl px-4 pt-12 pb-12 sm:px-6 sm:pt-20 sm:pb-16 lg:px-8">
          <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-medium text-white ring-1 ring-white/20">
            {t("The full price before you pay, no surprises")}
          </p>
          <h1
            id="hero-heading"
            className="mt-5 max-w-3xl text-4xl font-bold tracking-tight text-balance text-white sm:text-5xl lg:text-6xl"
          >
            {t("Find your perfect stay")}
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-pretty text-brand-50/90 sm:mt-5 sm:text-xl">
            {t("From city breaks to beach escapes: compare hotels, see the full price before you pay and book in minutes.")}
          </p>
          {searchForm}
        </div>
      </section>

      <SiteFigures />

      <RecentlyViewed />

      {popularHotels}

      <section aria-labelledby="reasons-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
        <h2 id="reasons-heading" className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">
          {t("Why travellers book with Staywise")}
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
