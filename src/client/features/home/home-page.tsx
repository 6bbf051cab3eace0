import { Building2, CreditCard, Gift, Globe2, Headphones, Star, Users } from "lucide-react";
import { useDocumentTitle } from "../../lib/use-document-title.ts";

// Marketing figures from the product specification (section 1).
const stats = [
  { value: "2M+", label: "Properties", icon: Building2 },
  { value: "150+", label: "Countries", icon: Globe2 },
  { value: "50M+", label: "Happy guests", icon: Users },
  { value: "24/7", label: "Customer support", icon: Headphones },
] as const;

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

export function HomePage() {
  useDocumentTitle(null);
  return (
    <>
      <section aria-labelledby="hero-heading" className="hero-backdrop relative isolate overflow-hidden">
        <div className="relative z-10 mx-auto max-w-7xl px-4 pt-16 pb-32 sm:px-6 sm:pt-24 sm:pb-40 lg:px-8">
          <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-medium text-white ring-1 ring-white/20">
            Save up to 60% on hotels worldwide
          </p>
          <h1 id="hero-heading" className="mt-5 max-w-3xl text-4xl font-bold tracking-tight text-balance text-white sm:text-5xl lg:text-6xl">
            Find your perfect stay
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-pretty text-brand-50/90 sm:text-xl">
            From city breaks to beach escapes: compare hotels, see the full price before you pay and book in minutes.
          </p>
        </div>
      </section>

      <section aria-label="Staywise in numbers" className="relative z-10 mx-auto -mt-16 max-w-7xl px-4 sm:-mt-20 sm:px-6 lg:px-8">
        <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
          {stats.map((stat) => (
            <li
              key={stat.label}
              className="rounded-2xl border border-slate-200/80 bg-white p-4 shadow-[0_1px_3px_rgb(15_23_42/0.06),0_12px_32px_-16px_rgb(15_23_42/0.25)] sm:p-6"
            >
              <stat.icon aria-hidden="true" className="size-6 text-brand-700" />
              <p className="mt-3 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{stat.value}</p>
              <p className="text-sm text-slate-600">{stat.label}</p>
            </li>
          ))}
        </ul>
      </section>

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
