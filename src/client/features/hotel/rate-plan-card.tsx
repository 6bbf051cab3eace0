import { useId } from "react";
import { Link, useLocation } from "react-router";
import {
  BedSingle,
  CircleParking,
  Clock,
  Coffee,
  CreditCard,
  type LucideIcon,
  LogIn,
  Plane,
  ShieldAlert,
  ShieldCheck,
  Sparkles,
  UtensilsCrossed,
  Wifi,
  Wine,
} from "lucide-react";
import { cancellationWords } from "../../../shared/cancellation-words.ts";
import {
  type RatePlanOffer,
  STANDARD_RATE_NAME,
  inclusionText,
  mealPlanText,
  paymentText,
  restrictionText,
} from "../../../shared/rate-plan-offers.ts";
import type { MealPlan, PlanInclusion } from "../../../shared/rate-plans.ts";
import { Money } from "../../components/money.tsx";
import { TaxesAndFeesNote, useStayPriceHeadline } from "../../components/stay-price.tsx";
import { Button } from "../../components/ui/button.tsx";
import { useAuth } from "../../lib/auth-provider.tsx";
import { cn } from "../../lib/cn.ts";
import { formatDate, formatMoney } from "../../lib/format.ts";
import { type TFunction, Trans, useTranslation } from "../../lib/i18n.ts";

const MEAL_ICONS: Record<MealPlan, LucideIcon> = {
  room_only: BedSingle,
  breakfast: Coffee,
  half_board: UtensilsCrossed,
  full_board: UtensilsCrossed,
};

const INCLUSION_ICONS: Record<PlanInclusion, LucideIcon> = {
  parking: CircleParking,
  wifi: Wifi,
  late_checkout: Clock,
  early_checkin: LogIn,
  airport_transfer: Plane,
  spa_access: Sparkles,
  welcome_drink: Wine,
};

/** "Only N left" from this many rooms down: the point where scarcity is worth saying. */
const FEW_ROOMS_LEFT = 3;

/** A plan's name as the guest reads it: the standard rate of a room type without plans is ours to translate. */
export function planName(plan: Pick<RatePlanOffer, "id" | "name">, t: TFunction): string {
  return plan.id === null && plan.name === STANDARD_RATE_NAME ? t("Standard rate") : plan.name;
}

/** Why a plan cannot be booked: the room's own reason (sold out, too small...), else the plan's restriction in the reader's language. */
function planUnavailableText(plan: RatePlanOffer, roomReason: string | null, t: TFunction): string {
  if (roomReason) return roomReason;
  if (plan.restriction) return restrictionText(plan.restriction, formatDate, t);
  return plan.unavailableReason ?? t("Not available for your stay");
}

type RatePlanCardProps = {
  plan: RatePlanOffer;
  /** Why the room itself cannot be booked for the stay (every plan shares it), else null. */
  roomReason: string | null;
  currency: string;
  nights: number;
  rooms: number;
  /** Rooms of this type left for the stay; null when the supplier does not say. */
  roomsLeft: number | null;
  selected: boolean;
  onReserve: (plan: RatePlanOffer) => void;
};

/**
 * One way of selling a room for the asked stay: its price for the stay, what it includes, its
 * cancellation and payment terms in words with their dates, and its Book Now button (the spec's
 * words; the plan's name describes it).
 */
export function RatePlanCard({ plan, roomReason, currency, nights, rooms, roomsLeft, selected, onReserve }: RatePlanCardProps) {
  const { t, i18n } = useTranslation();
  const reasonId = useId();
  const headingId = useId();
  const money = (cents: number) => formatMoney(cents, currency);
  const name = planName(plan, t);
  const MealIcon = MEAL_ICONS[plan.mealPlan];
  const cancellation = cancellationWords(plan.cancellation, { t, language: i18n.resolvedLanguage, money });
  const fewLeft = plan.bookable && roomsLeft !== null && roomsLeft > 0 && roomsLeft <= FEW_ROOMS_LEFT;
  const { user, loading } = useAuth();
  const location = useLocation();
  // Members pay less on this plan (decision 053); a visitor is told so, and signing in comes back here.
  const memberHint = plan.memberPrices && plan.bookable && !loading && user === null;
  // The stay's total with the hotel's taxes and fees, or the price before them, as the traveller chose (decision 061).
  const headline = useStayPriceHeadline(plan.stayPrice);
  return (
    <article
      aria-labelledby={headingId}
      className={cn(
        "flex w-full flex-col gap-3 rounded-xl border bg-white p-4",
        selected ? "border-brand-600 ring-1 ring-brand-600" : "border-slate-200",
        plan.bookable ? null : "bg-slate-50",
      )}
    >
      <h4 id={headingId} className="font-semibold text-slate-900">
        {name}
      </h4>
      <ul aria-label={t("What is included")} className="space-y-1.5 text-sm text-slate-700">
        <li className="flex items-start gap-2">
          <MealIcon
            aria-hidden="true"
            className={cn("mt-0.5 size-4 shrink-0", plan.mealPlan === "room_only" ? "text-slate-500" : "text-emerald-700")}
          />
          <span>{mealPlanText(plan.mealPlan, t)}</span>
        </li>
        {plan.inclusions.map((inclusion) => {
          const Icon = INCLUSION_ICONS[inclusion];
          return (
            <li key={inclusion} className="flex items-start gap-2">
              <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-700" />
              <span>{inclusionText(inclusion, t)}</span>
            </li>
          );
        })}
      </ul>
      <dl className="space-y-1.5 border-t border-slate-200 pt-3 text-sm">
        <div className="flex items-start gap-2">
          <dt className="mt-0.5 shrink-0">
            {plan.freeCancellation ? (
              <ShieldCheck aria-hidden="true" className="size-4 text-emerald-700" />
            ) : (
              <ShieldAlert aria-hidden="true" className="size-4 text-amber-700" />
            )}
            <span className="sr-only">{t("Cancellation policy")}</span>
          </dt>
          <dd className={plan.freeCancellation ? "text-emerald-800" : "text-slate-700"}>{cancellation}</dd>
        </div>
        <div className="flex items-start gap-2">
          <dt className="mt-0.5 shrink-0">
            <CreditCard aria-hidden="true" className="size-4 text-slate-500" />
            <span className="sr-only">{t("Payment")}</span>
          </dt>
          <dd className="text-slate-700">{paymentText(plan, money, t)}</dd>
        </div>
      </dl>
      <div className="mt-auto flex items-end justify-between gap-3 border-t border-slate-200 pt-3">
        <div className="min-w-0">
          <p className="text-xs text-slate-600">
            {t("{{nights}} · {{rooms}}", {
              nights: t("{{count}} nights", { count: nights }),
              rooms: t("{{count}} rooms", { count: rooms }),
            })}
          </p>
          <p className="text-2xl font-bold tracking-tight text-slate-900 tabular-nums">
            <Money cents={headline.amountCents} currency={currency} />
          </p>
          <TaxesAndFeesNote price={plan.stayPrice} currency={currency} />
          {/* One room's nightly price, said as the room cards always have: an average when the nights differ. */}
          <p className="text-xs text-slate-600">
            <Money cents={plan.priceCents} currency={currency} />{" "}
            {new Set(plan.nightlyPrices.map((n) => n.priceCents)).size > 1 ? (
              <Trans
                i18nKey="average per night · <total></total> for {{count}} nights"
                count={plan.nightlyPrices.length}
                components={{ total: <Money cents={plan.stayPriceCents} currency={currency} /> }}
              />
            ) : (
              t("per night")
            )}
          </p>
          {fewLeft ? <p className="mt-1 text-sm font-semibold text-red-700">{t("Only {{count}} left", { count: roomsLeft })}</p> : null}
          {memberHint ? (
            <p className="mt-1 text-sm">
              <Link
                to="/login"
                state={{ from: { pathname: location.pathname, search: location.search } }}
                className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
              >
                {t("Sign in to see a lower price")}
              </Link>
            </p>
          ) : null}
          {plan.bookable ? null : (
            <p id={reasonId} className="mt-1 text-sm font-medium text-amber-800">
              {planUnavailableText(plan, roomReason, t)}
            </p>
          )}
        </div>
        {/* aria-disabled rather than disabled: the button stays focusable, so keyboard and screen-reader users hear why. */}
        <Button
          className={cn("shrink-0 px-5", plan.bookable ? null : "cursor-not-allowed opacity-60 hover:bg-brand-700")}
          aria-disabled={plan.bookable ? undefined : true}
          aria-describedby={plan.bookable ? headingId : `${headingId} ${reasonId}`}
          onClick={() => (plan.bookable ? onReserve(plan) : null)}
        >
          {t("Book Now")}
        </Button>
      </div>
    </article>
  );
}
