import type { BookingView } from "../../../shared/booking.ts";
import { cancellationWords } from "../../../shared/cancellation-words.ts";
import { partyText } from "../../../shared/i18n/labels.ts";
import { inclusionText, mealPlanText } from "../../../shared/rate-plan-offers.ts";
import { NightlyPrices } from "../../components/nightly-prices.tsx";
import { PriceBreakdown } from "../../components/price-breakdown.tsx";
import { formatCount, formatDate, formatMoney } from "../../lib/format.ts";
import { useTranslation } from "../../lib/i18n.ts";

/** The reference, large and copyable: it is what the guest quotes to the hotel and uses in Find my booking. */
export function BookingReference({ reference }: { reference: string }) {
  const { t } = useTranslation();
  return (
    <div className="rounded-xl bg-brand-50 px-4 py-3 text-center ring-1 ring-brand-100">
      <p className="text-xs font-medium tracking-wide text-brand-800 uppercase">{t("Booking reference")}</p>
      <p className="mt-0.5 font-mono text-lg font-semibold break-all text-slate-900 select-all">{reference}</p>
    </div>
  );
}

/**
 * What was booked: hotel, room, its rate plan and terms as sold, dates, party and the total paid; a
 * booking made since taxes and extras (decision 059) shows its stored charges line by line.
 */
export function BookingSummary({ booking }: { booking: BookingView }) {
  const { t, i18n } = useTranslation();
  const money = (cents: number) => formatMoney(cents, booking.currency);
  const plan = booking.ratePlanName
    ? [
        booking.ratePlanName,
        booking.mealPlan ? mealPlanText(booking.mealPlan, t) : null,
        ...booking.inclusions.map((i) => inclusionText(i, t)),
      ]
        .filter(Boolean)
        .join(" · ")
    : null;
  // The terms the booking keeps, from its stored schedule (older and partner bookings have none).
  const cancellation = booking.cancellationSchedule
    ? cancellationWords(booking.cancellationSchedule, { t, language: i18n.resolvedLanguage, money })
    : null;
  const rows: [string, string][] = [
    [t("Hotel"), booking.hotelName || t("Hotel Booking")],
    [t("Room"), booking.roomType],
    ...(plan ? [[t("Rate"), plan] as [string, string]] : []),
    ...(cancellation ? [[t("Cancellation policy"), cancellation] as [string, string]] : []),
    [t("Check-in"), formatDate(booking.checkIn)],
    [t("Check-out"), formatDate(booking.checkOut)],
    [t("Nights"), formatCount(booking.totalNights)],
    [t("Guests"), partyText(t, booking.numAdults, booking.childAges, booking.numChildren)],
    [t("Rooms"), t("{{count}} rooms", { count: booking.numRooms })],
  ];
  return (
    <dl className="divide-y divide-slate-200 rounded-xl border border-slate-200 text-sm">
      {rows.map(([term, value]) => (
        <div key={term} className="flex justify-between gap-4 px-4 py-2.5">
          <dt className="text-slate-600">{term}</dt>
          <dd className="text-right font-medium text-slate-900">{value}</dd>
        </div>
      ))}
      {booking.nightlyPrices ? (
        // A dt/dd pair like the other rows: a definition list holds nothing else (axe definition-list).
        <div className="px-4 py-2.5">
          <dt className="sr-only">{t("Price per night")}</dt>
          <dd>
            <NightlyPrices nights={booking.nightlyPrices} currency={booking.currency} rooms={booking.numRooms} />
          </dd>
        </div>
      ) : null}
      {booking.charges ? (
        // The stored lines to the cent, the points paid, and the total (paid, or the stay's when paid in part).
        <div className="px-4 py-2.5">
          <dt className="sr-only">{t("Price breakdown")}</dt>
          <dd>
            <PriceBreakdown
              charges={booking.charges}
              after={[
                {
                  key: "points",
                  label: t("Points discount ({{count, number}} points)", { count: booking.pointsRedeemed }),
                  cents: booking.discountCents,
                },
              ]}
              total={{ label: booking.paymentTiming === "pay_now" ? t("Total paid") : t("Total"), cents: booking.amountDueCents }}
            />
          </dd>
        </div>
      ) : (
        <>
          {booking.childChargeCents > 0 ? (
            <div className="flex justify-between gap-4 px-4 py-2.5">
              <dt className="text-slate-600">{t("Child charges")}</dt>
              <dd className="text-right font-medium text-slate-900">{formatMoney(booking.childChargeCents, booking.currency)}</dd>
            </div>
          ) : null}
          {booking.discountCents > 0 ? (
            <div className="flex justify-between gap-4 px-4 py-2.5">
              <dt className="text-slate-600">{t("Points discount ({{count, number}} points)", { count: booking.pointsRedeemed })}</dt>
              <dd className="text-right font-medium text-emerald-700">−{formatMoney(booking.discountCents, booking.currency)}</dd>
            </div>
          ) : null}
          {booking.paymentTiming === "pay_now" ? (
            <div className="flex items-baseline justify-between gap-4 bg-slate-50 px-4 py-3">
              <dt className="font-semibold text-slate-900">{t("Total paid")}</dt>
              <dd className="text-right text-base font-bold text-slate-900">{money(booking.amountDueCents)}</dd>
            </div>
          ) : (
            // A deposit or a card guarantee: the stay's price, what the card paid, and the rest owed at the hotel.
            <>
              <div className="flex items-baseline justify-between gap-4 px-4 py-2.5">
                <dt className="font-semibold text-slate-900">{t("Total")}</dt>
                <dd className="text-right text-base font-bold text-slate-900">{money(booking.amountDueCents)}</dd>
              </div>
              <div className="flex justify-between gap-4 px-4 py-2.5">
                <dt className="text-slate-600">{t("Paid now")}</dt>
                <dd className="text-right font-medium text-slate-900">{money(booking.amountDueNowCents)}</dd>
              </div>
              <div className="flex justify-between gap-4 bg-slate-50 px-4 py-3">
                <dt className="font-semibold text-slate-900">{t("Due at the hotel")}</dt>
                <dd className="text-right font-bold text-slate-900">{money(booking.amountDueAtHotelCents)}</dd>
              </div>
            </>
          )}
        </>
      )}
      {booking.charges ? (
        booking.paymentTiming === "pay_now" ? null : (
          // A deposit or a card guarantee: what the card paid, and the rest owed at the hotel.
          <>
            <div className="flex justify-between gap-4 px-4 py-2.5">
              <dt className="text-slate-600">{t("Paid now")}</dt>
              <dd className="text-right font-medium text-slate-900">{money(booking.amountDueNowCents)}</dd>
            </div>
            <div className="flex justify-between gap-4 bg-slate-50 px-4 py-3">
              <dt className="font-semibold text-slate-900">{t("Due at the hotel")}</dt>
              <dd className="text-right font-bold text-slate-900">{money(booking.amountDueAtHotelCents)}</dd>
            </div>
          </>
        )
      ) : null}
    </dl>
  );
}
