import { type ReactNode, useId } from "react";
import { useTranslation } from "../../lib/i18n.ts";
import { Link } from "react-router";
import { BedDouble, CalendarDays, Users } from "lucide-react";
import { type BookingStatus, type BookingView } from "../../../shared/booking.ts";
import { BookingInvoices } from "../../components/booking-invoices.tsx";
import { BookingPlanTerms, CancellationTerms } from "../../components/booking-terms.tsx";
import { DownloadConfirmationButton } from "../../components/download-confirmation-button.tsx";
import { PriceBreakdown } from "../../components/price-breakdown.tsx";
import { partyLabel } from "../../../shared/children.ts";
import { refundText } from "../../../shared/i18n/labels.ts";
import { Badge, type BadgeTone } from "../../components/ui/badge.tsx";
import { Card } from "../../components/ui/card.tsx";
import { formatDate, formatDateTime, formatMoney } from "../../lib/format.ts";
import { CancelBookingDialog } from "./cancel-booking-dialog.tsx";

const STATUS: Record<BookingStatus, { tone: BadgeTone; className?: string }> = {
  confirmed: { tone: "success" },
  pending: { tone: "warning" },
  cancelled: { tone: "danger" },
  // The badge primitive has no blue tone; completed stays are told apart from confirmed ones by colour too.
  completed: { tone: "neutral", className: "bg-sky-50 text-sky-800 ring-sky-200" },
};

function StatusBadge({ booking }: { booking: BookingView }) {
  const { t } = useTranslation();
  const labels: Record<BookingStatus, string> = {
    confirmed: t("Confirmed"),
    pending: t("Pending"),
    cancelled: t("Cancelled"),
    completed: t("Completed"),
  };
  const { label, tone, className } = booking.awaitingPayment
    ? { label: t("Awaiting payment"), tone: "warning" as const, className: undefined }
    : { label: labels[booking.status], ...STATUS[booking.status] };
  return (
    <Badge tone={tone} className={className}>
      {label}
    </Badge>
  );
}

type BookingCardProps = {
  booking: BookingView;
  /** A visitor's access token (Find my booking); null for the signed-in owner, whose cookie suffices. */
  accessToken: string | null;
  onCancelled: (booking: BookingView) => void;
  /** Instead of Download and Cancel: what an unpaid hold offers (finish paying, abandon). */
  holdActions?: ReactNode;
};

/**
 * One booking with its status, a link to its hotel, the confirmation download and, while allowed,
 * cancellation. An unpaid hold is not a booking: it says so and has no confirmation to download.
 */
export function BookingCard({ booking, accessToken, onCancelled, holdActions }: BookingCardProps) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <Card className="p-4 sm:p-5">
      <article aria-labelledby={headingId}>
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 id={headingId} className="text-lg font-semibold text-balance text-slate-900">
              {booking.hotelId ? (
                <Link
                  to={`/hotel/${encodeURIComponent(booking.hotelId)}`}
                  className="rounded-sm hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  {booking.hotelName || t("Hotel Booking")}
                </Link>
              ) : (
                booking.hotelName || t("Hotel Booking")
              )}
            </h2>
            <p className="mt-0.5 text-sm text-slate-600">
              {t("Ref.")} <span className="font-mono break-all text-slate-800">{booking.bookingReference}</span>
            </p>
          </div>
          <StatusBadge booking={booking} />
        </div>
        {booking.awaitingPayment ? (
          <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {t("Not booked yet: the payment has not gone through.")}
            {booking.holdExpiresAt
              ? ` ${t("The room is held until {{time}}; after that it is released.", { time: formatDateTime(booking.holdExpiresAt) })}`
              : null}
          </p>
        ) : null}
        {booking.notice ? <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">{booking.notice}</p> : null}

        <div className="mt-4 grid gap-3 text-sm sm:grid-cols-3">
          <div className="flex gap-2.5">
            <BedDouble aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
            <dl>
              <dt className="text-xs text-slate-600">{t("Room")}</dt>
              <dd className="font-medium text-slate-900">{booking.roomType}</dd>
            </dl>
          </div>
          <div className="flex gap-2.5">
            <CalendarDays aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
            <dl className="grid grid-cols-2 gap-x-4 sm:block">
              <div>
                <dt className="text-xs text-slate-600">{t("Check-in")}</dt>
                <dd className="font-medium text-slate-900">{formatDate(booking.checkIn)}</dd>
              </div>
              <div className="sm:mt-2">
                <dt className="text-xs text-slate-600">{t("Check-out")}</dt>
                <dd className="font-medium text-slate-900">{formatDate(booking.checkOut)}</dd>
              </div>
            </dl>
          </div>
          <div className="flex gap-2.5">
            <Users aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
            <dl>
              <dt className="text-xs text-slate-600">{t("Guests")}</dt>
              <dd className="font-medium text-slate-900">
                {partyLabel(booking.numAdults, booking.childAges, booking.numChildren, t)}
                <span className="font-normal text-slate-600">
                  {" "}
                  · {t("{{count}} rooms", { count: booking.numRooms })} · {t("{{count}} nights", { count: booking.totalNights })}
                </span>
              </dd>
            </dl>
          </div>
        </div>

        <div className="mt-3 space-y-1">
          <BookingPlanTerms booking={booking} />
          {booking.canCancel || booking.awaitingPayment ? <CancellationTerms booking={booking} /> : null}
        </div>

        {booking.charges ? (
          // The stored lines to the cent (decision 059); older bookings say their total only.
          <details className="mt-3 rounded-lg border border-slate-200 px-3 py-2 text-sm">
            <summary className="cursor-pointer rounded-sm font-medium text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600">
              {t("Price breakdown")}
            </summary>
            <PriceBreakdown
              charges={booking.charges}
              caption={t("Price breakdown {{reference}}", { reference: booking.bookingReference })}
              className="mt-2"
            />
          </details>
        ) : null}

        <div className="mt-4 flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-4">
          <p className="text-sm text-slate-600">
            {t("Total")}{" "}
            <span className="ml-1 text-xl font-bold tracking-tight text-slate-900 tabular-nums">
              {formatMoney(booking.totalPriceCents, booking.currency)}
            </span>
            {booking.refundedCents > 0 ? (
              <span className="mt-0.5 block text-sm text-slate-600">
                {refundText(t, booking.refundedCents, booking.amountDueCents, (cents) => formatMoney(cents, booking.currency))}
              </span>
            ) : null}
          </p>
          {booking.awaitingPayment ? (
            <div className="flex gap-2">{holdActions}</div>
          ) : (
            <div className="flex gap-2">
              <DownloadConfirmationButton
                bookingId={booking.id}
                reference={booking.bookingReference}
                accessToken={accessToken}
                size="sm"
                aria-label={t("Download confirmation {{reference}}", { reference: booking.bookingReference })}
              >
                {t("Download")}
              </DownloadConfirmationButton>
              {booking.canCancel ? <CancelBookingDialog booking={booking} accessToken={accessToken} onCancelled={onCancelled} /> : null}
            </div>
          )}
        </div>
        <BookingInvoices booking={booking} accessToken={accessToken} />
      </article>
    </Card>
  );
}
