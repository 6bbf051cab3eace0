import type { ReactNode } from "react";
import { Link } from "react-router";
import { CircleCheck } from "lucide-react";
import type { BookingView } from "../../../shared/booking.ts";
import { DownloadConfirmationButton } from "../../components/download-confirmation-button.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Trans, useTranslation } from "../../lib/i18n.ts";
import { BookingReference, BookingSummary } from "./booking-summary.tsx";

type BookingConfirmedProps = {
  booking: BookingView;
  accessToken: string;
  signedIn: boolean;
  /** More actions after Download and View My Bookings (e.g. Done in the dialog). */
  actions?: ReactNode;
};

/** The confirmed booking: reference, summary, the confirmation file and where to find it later. */
export function BookingConfirmed({ booking, accessToken, signedIn, actions }: BookingConfirmedProps) {
  const { t } = useTranslation();
  return (
    <div className="space-y-4">
      <p className="flex items-start gap-3 text-sm leading-6 text-slate-700">
        <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-600" />
        <span>
          <Trans
            i18nKey="Your payment went through and your room is booked. A confirmation e-mail is on its way to <email>{{email}}</email>."
            values={{ email: booking.guestEmail }}
            components={{ email: <span className="font-medium break-all text-slate-900" /> }}
          />
        </span>
      </p>
      <BookingReference reference={booking.bookingReference} />
      <BookingSummary booking={booking} />
      {signedIn ? null : (
        <p className="rounded-xl bg-slate-50 px-4 py-3 text-sm text-slate-700">
          <Trans
            i18nKey="Keep your reference: use <link>Find my booking</link> with your e-mail address to see or cancel this booking later."
            components={{
              link: <Link to="/find-booking" className="font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800" />,
            }}
          />
        </p>
      )}
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <DownloadConfirmationButton
          bookingId={booking.id}
          reference={booking.bookingReference}
          accessToken={accessToken}
          className="sm:flex-1"
        >
          {t("Download confirmation")}
        </DownloadConfirmationButton>
        {signedIn ? (
          <Button asChild className="sm:flex-1">
            <Link to="/my-bookings">{t("View My Bookings")}</Link>
          </Button>
        ) : null}
        {actions}
      </div>
    </div>
  );
}
