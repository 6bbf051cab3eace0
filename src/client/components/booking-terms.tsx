import type { BookingView } from "../../shared/booking.ts";
import { cancellationWords } from "../../shared/cancellation-words.ts";
import { cancellationPolicyText } from "../../shared/i18n/labels.ts";
import { inclusionText, mealPlanText } from "../../shared/rate-plan-offers.ts";
import { formatMoney } from "../lib/format.ts";
import { useTranslation } from "../lib/i18n.ts";

type TermsBooking = Pick<BookingView, "cancellationSchedule" | "cancellationPolicy" | "currency">;

/** A booking's cancellation terms in plain words: its stored schedule with real dates and amounts, or an older booking's policy. */
function useCancellationWords(booking: TermsBooking): string | null {
  const { t, i18n } = useTranslation();
  if (booking.cancellationSchedule) {
    return cancellationWords(booking.cancellationSchedule, {
      t,
      language: i18n.resolvedLanguage,
      money: (cents) => formatMoney(cents, booking.currency),
    });
  }
  return booking.cancellationPolicy ? cancellationPolicyText(t, booking.cancellationPolicy) : null;
}

/** "Cancellation: Free cancellation until 23:59 on 3 Dec (hotel time); after that you pay $180". */
export function CancellationTerms({ booking, className }: { booking: TermsBooking; className?: string }) {
  const { t } = useTranslation();
  const words = useCancellationWords(booking);
  if (!words) return null;
  return (
    <p className={className ?? "text-sm text-slate-700"}>
      <span className="font-medium text-slate-900">{t("Cancellation:")}</span> {words}
    </p>
  );
}

type PlanBooking = Pick<
  BookingView,
  "ratePlanName" | "mealPlan" | "inclusions" | "paymentTiming" | "amountDueNowCents" | "amountDueAtHotelCents" | "currency"
>;

/** The rate plan a booking was sold under (what it includes) and how it is paid: now, and at the hotel. */
export function BookingPlanTerms({ booking }: { booking: PlanBooking }) {
  const { t } = useTranslation();
  const money = (cents: number) => formatMoney(cents, booking.currency);
  const included = [
    ...(booking.mealPlan ? [mealPlanText(booking.mealPlan, t)] : []),
    ...booking.inclusions.map((i) => inclusionText(i, t)),
  ];
  const payment =
    booking.amountDueAtHotelCents <= 0
      ? null
      : booking.amountDueNowCents > 0
        ? t("Paid now: {{now}} · At the hotel: {{rest}}", {
            now: money(booking.amountDueNowCents),
            rest: money(booking.amountDueAtHotelCents),
          })
        : t("To pay at the hotel: {{amount}}", { amount: money(booking.amountDueAtHotelCents) });
  if (!booking.ratePlanName && !payment) return null;
  return (
    <div className="space-y-0.5 text-sm text-slate-700">
      {booking.ratePlanName ? (
        <p>
          <span className="font-medium text-slate-900">{booking.ratePlanName}</span>
          {included.length > 0 ? <span className="text-slate-600"> · {included.join(" · ")}</span> : null}
        </p>
      ) : null}
      {payment ? <p>{payment}</p> : null}
    </div>
  );
}
