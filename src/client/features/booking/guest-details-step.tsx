import { type ReactNode, useId } from "react";
import type { UseFormReturn } from "react-hook-form";
import type { z } from "zod";
import { Clock, CreditCard, ShieldCheck } from "lucide-react";
import { cancellationWords } from "../../../shared/cancellation-words.ts";
import type { GuestDetails } from "../../../shared/booking.ts";
import { chargedChildAges } from "../../../shared/children.ts";
import { cancellationPolicyText, partyText } from "../../../shared/i18n/labels.ts";
import { countNights } from "../../../shared/dates.ts";
import { offerTotalCents } from "../../../shared/rates.ts";
import type { PriceQuote } from "../../../shared/price-quote.ts";
import { type RatePlanOffer, STANDARD_RATE_NAME, mealPlanText, paymentText } from "../../../shared/rate-plan-offers.ts";
import type { HotelDetail, RoomOffer, Stay } from "../../../shared/search.ts";
import { ConvertedHint, PaymentCurrencyNote } from "../../components/money.tsx";
import { NightlyPrices } from "../../components/nightly-prices.tsx";
import { PriceBreakdown } from "../../components/price-breakdown.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Label } from "../../components/ui/label.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { cn } from "../../lib/cn.ts";
import { fieldMessage } from "../../lib/error-text.ts";
import { formatDate, formatMoney } from "../../lib/format.ts";
import { type TFunction, useTranslation } from "../../lib/i18n.ts";

export type GuestForm = UseFormReturn<z.input<typeof GuestDetails>, unknown, GuestDetails>;

type StaySummaryProps = {
  hotel: HotelDetail;
  /** The room priced as the chosen plan sells it. */
  room: RoomOffer;
  stay: Stay;
  /** The rate plan reserved on the hotel page; null for a partner room. */
  plan: RatePlanOffer | null;
  /** The server's breakdown of this choice (plan, points, promo code); null while it is asked for, or for a partner room. */
  quote: PriceQuote | null;
  /** A changed choice (an extra, points, a code) is being priced: the last breakdown stays, marked busy, until the answer. */
  quoteUpdating?: boolean;
};

/** A plan's name as the guest reads it (the standard rate is ours to translate). */
function planLabel(plan: { id: string | null; name: string }, t: TFunction): string {
  return plan.id === null && plan.name === STANDARD_RATE_NAME ? t("Standard rate") : plan.name;
}

/**
 * The server's breakdown (decision 059): its charges line by line (rooms, child charges, discounts,
 * extras, fees, taxes), the points paid, the total and what is due now and at the hotel; nights at
 * different prices are also listed by date.
 */
function QuoteLines({ quote, childChargeLabel, updating }: { quote: PriceQuote; childChargeLabel: string; updating: boolean }) {
  const { t } = useTranslation();
  const money = (cents: number) => formatMoney(cents, quote.currency);
  const varied = new Set(quote.nightlyPrices.map((n) => n.priceCents)).size > 1;
  const points = quote.discounts.find((d) => d.kind === "points");
  return (
    <div
      className={cn("mt-3 space-y-1 border-t border-slate-200 pt-3 transition-opacity", updating ? "opacity-60" : undefined)}
      aria-busy={updating || undefined}
      data-testid="price-breakdown"
    >
      {varied ? <NightlyPrices nights={quote.nightlyPrices} currency={quote.currency} rooms={quote.rooms} className="pb-1" /> : null}
      <PriceBreakdown
        charges={quote.charges}
        childLabel={childChargeLabel}
        after={
          points
            ? [
                {
                  key: "points",
                  label: t("Points discount ({{count, number}} points)", { count: quote.pointsRedeemed }),
                  cents: points.cents,
                },
              ]
            : []
        }
        total={{ label: t("Total"), cents: quote.totalCents }}
      />
      {quote.amountDueNowCents !== quote.totalCents ? (
        <>
          <p className="flex justify-between gap-4 font-medium text-slate-900">
            <span>{t("Due now")}</span>
            <span className="tabular-nums">{money(quote.amountDueNowCents)}</span>
          </p>
          <p className="flex justify-between gap-4 text-slate-700">
            <span>{t("Due at the hotel")}</span>
            <span className="tabular-nums">{money(quote.amountDueAtHotelCents)}</span>
          </p>
        </>
      ) : null}
      <p className="text-right">
        <ConvertedHint cents={quote.totalCents} currency={quote.currency} />
      </p>
      <PaymentCurrencyNote currency={quote.currency} className="text-xs" />
    </div>
  );
}

/**
 * The stay being booked and its price: the server's quote when it has answered; until then (and
 * for a partner room) the hotel page's price, from the one shared total rule and the server's child
 * charges (the hold computes the same).
 */
function StaySummary({ hotel, room, stay, plan, quote, quoteUpdating = false }: StaySummaryProps) {
  const { t } = useTranslation();
  const nights = countNights(stay.checkIn, stay.checkOut);
  const roomsTotal = offerTotalCents(room, nights, stay.rooms);
  const total = roomsTotal + hotel.childChargeCents;
  const charged = hotel.childPolicy ? chargedChildAges(stay.childAges, hotel.childPolicy).length : 0;
  // Nights at different prices are listed one by one; one price for every night stays one line.
  const varied = room.nightlyPrices !== null && new Set(room.nightlyPrices.map((n) => n.priceCents)).size > 1;
  return (
    <section aria-label={t("Your stay")} className="rounded-xl border border-slate-200 bg-slate-50/70 p-4 text-sm">
      <p className="font-semibold text-slate-900">{hotel.name}</p>
      {plan ? (
        <p className="mt-0.5 text-slate-700">
          {room.name} · {planLabel(plan, t)} · {mealPlanText(plan.mealPlan, t)}
        </p>
      ) : null}
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-3">
        <div>
          <dt className="text-xs text-slate-600">{t("Check-in")}</dt>
          <dd className="font-medium text-slate-900">{formatDate(stay.checkIn)}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600">{t("Check-out")}</dt>
          <dd className="font-medium text-slate-900">{formatDate(stay.checkOut)}</dd>
        </div>
        <div className="col-span-2">
          <dt className="sr-only">{t("Stay")}</dt>
          <dd className="text-slate-700">
            {t("{{count}} nights", { count: nights })} · {t("{{count}} rooms", { count: stay.rooms })} ·{" "}
            {partyText(t, stay.guests, stay.childAges, stay.children)}
          </dd>
        </div>
      </dl>
      {quote ? (
        <QuoteLines
          quote={quote}
          updating={quoteUpdating}
          childChargeLabel={
            hotel.childPolicy
              ? t("Child charges: {{rate}} × {{children}} × {{nights}}", {
                  rate: formatMoney(hotel.childPolicy.childRateCents, room.currency),
                  children: t("{{count}} child", { count: charged }),
                  nights: t("{{count}} nights", { count: nights }),
                })
              : t("Child charges")
          }
        />
      ) : (
        <div className="mt-3 space-y-1 border-t border-slate-200 pt-3">
          {varied && room.nightlyPrices ? (
            <NightlyPrices nights={room.nightlyPrices} currency={room.currency} rooms={stay.rooms} className="pb-1" />
          ) : (
            <p className="flex flex-wrap justify-between gap-x-4 text-slate-700">
              <span>
                {formatMoney(room.priceCents, room.currency)} × {t("{{count}} nights", { count: nights })} ×{" "}
                {t("{{count}} rooms", { count: stay.rooms })}
              </span>
              <span className="tabular-nums">{formatMoney(roomsTotal, room.currency)}</span>
            </p>
          )}
          {hotel.childPolicy && hotel.childChargeCents > 0 ? (
            <p className="flex flex-wrap justify-between gap-x-4 text-slate-700">
              <span>
                {t("Child charges: {{rate}} × {{children}} × {{nights}}", {
                  rate: formatMoney(hotel.childPolicy.childRateCents, room.currency),
                  children: t("{{count}} child", { count: charged }),
                  nights: t("{{count}} nights", { count: nights }),
                })}
              </span>
              <span className="tabular-nums">{formatMoney(hotel.childChargeCents, room.currency)}</span>
            </p>
          ) : null}
          <p className="flex justify-between gap-4 text-base font-bold text-slate-900">
            <span>{t("Total")}</span>
            <span className="tabular-nums">{formatMoney(total, room.currency)}</span>
          </p>
          <p className="text-right">
            <ConvertedHint cents={total} currency={room.currency} />
          </p>
          <PaymentCurrencyNote currency={room.currency} className="text-xs" />
        </div>
      )}
    </section>
  );
}

type GuestDetailsStepProps = StaySummaryProps & {
  /** HOLD_MINUTES from the server; null until known. */
  holdMinutes: number | null;
  form: GuestForm;
  submitting: boolean;
  /** The server's refusal: its message, or a question for the guest (a changed price). */
  serverError: ReactNode;
  onSubmit: (values: GuestDetails) => void;
  /** Extra choices shown above the button (loyalty points for signed-in guests, the promo code). */
  extra?: ReactNode;
  /** Shown under the price summary: why the server's breakdown is missing (the hotel page's price is shown instead). */
  quoteNote?: ReactNode;
};

/** Spec 'Booking info form': full name, email and phone required; special requests optional. */
export function GuestDetailsStep({
  hotel,
  room,
  stay,
  plan,
  quote,
  quoteUpdating,
  holdMinutes,
  form,
  submitting,
  serverError,
  onSubmit,
  extra,
  quoteNote,
}: GuestDetailsStepProps) {
  const { t, i18n } = useTranslation();
  const money = (cents: number) => formatMoney(cents, room.currency);
  // The terms the hold keeps: the server's words for the quote, else the plan's schedule from the hotel page.
  const cancellation = quote?.cancellationWords
    ? quote.cancellationWords
    : plan
      ? cancellationWords(plan.cancellation, { t, language: i18n.resolvedLanguage, money })
      : cancellationPolicyText(t, hotel.cancellationPolicy);
  const payment = quote
    ? paymentText(
        {
          paymentTiming: quote.paymentTiming,
          depositPercent: quote.depositPercent,
          dueNowCents: quote.amountDueNowCents,
          dueAtHotelCents: quote.amountDueAtHotelCents,
        },
        (cents) => formatMoney(cents, quote.currency),
        t,
      )
    : plan
      ? paymentText(plan, money, t)
      : null;
  const requestsId = useId();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = form;
  const requestsError = fieldMessage(errors.specialRequests?.message);

  return (
    <div className="grid gap-5 md:grid-cols-[minmax(0,1fr)_16rem]">
      <div className="md:col-start-2 md:row-start-1">
        <StaySummary hotel={hotel} room={room} stay={stay} plan={plan} quote={quote} quoteUpdating={quoteUpdating} />
        {quoteNote}
      </div>
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-4 md:col-start-1 md:row-start-1">
        <TextField label={t("Full Name")} autoComplete="name" error={errors.guestName?.message} {...register("guestName")} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t("Email")}
            type="email"
            inputMode="email"
            autoComplete="email"
            error={errors.guestEmail?.message}
            {...register("guestEmail")}
          />
          <TextField label={t("Phone")} type="tel" autoComplete="tel" error={errors.guestPhone?.message} {...register("guestPhone")} />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={requestsId}>
            {t("Special Requests")} <span className="font-normal text-slate-500">{t("(optional)")}</span>
          </Label>
          <Textarea
            id={requestsId}
            rows={3}
            placeholder={t("Late arrival, cot, quiet room...")}
            aria-invalid={requestsError ? true : undefined}
            aria-describedby={requestsError ? `${requestsId}-error` : undefined}
            {...register("specialRequests")}
          />
          {requestsError ? (
            <p id={`${requestsId}-error`} role="alert" className="text-sm text-red-700">
              {requestsError}
            </p>
          ) : null}
        </div>
        <ul className="space-y-2 text-sm text-slate-700">
          <li className="flex gap-2.5">
            <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-700" />
            <span>
              <span className="font-medium text-slate-900">{t("Cancellation policy:")}</span> {cancellation}
            </span>
          </li>
          {payment ? (
            <li className="flex gap-2.5">
              <CreditCard aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
              <span>
                <span className="font-medium text-slate-900">{t("Payment:")}</span> {payment}
              </span>
            </li>
          ) : null}
          <li className="flex gap-2.5">
            <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
            <span>
              {holdMinutes
                ? t("Once you continue, we hold this room for you for {{minutes}} minutes while you pay.", { minutes: holdMinutes })
                : t("Once you continue, we hold this room for you while you pay.")}
            </span>
          </li>
        </ul>
        {extra}
        {typeof serverError === "string" ? <Alert variant="error">{serverError}</Alert> : serverError}
        {/* aria-disabled, not disabled, while the hold is asked for: a refusal must not leave keyboard focus nowhere. */}
        <Button
          type="submit"
          size="lg"
          className="w-full aria-disabled:cursor-wait aria-disabled:opacity-60"
          aria-disabled={submitting || undefined}
          aria-busy={submitting || undefined}
        >
          {submitting ? <Spinner /> : null}
          {t("Continue to Payment")}
        </Button>
      </form>
    </div>
  );
}
