import type { ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { CircleCheck, CircleX, Clock, Link2Off, RefreshCw } from "lucide-react";
import type { BookingView } from "../../../shared/booking.ts";
import { RetryButton } from "../../components/load-failed.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { useAuth } from "../../lib/auth-provider.tsx";
import { cn } from "../../lib/cn.ts";
import { errorText } from "../../lib/error-text.ts";
import { useTranslation } from "../../lib/i18n.ts";
import { hotelPath } from "../../lib/stay.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { bookingKeys } from "../../api/bookings.ts";
import { confirmBookingPayment, paymentOutcome } from "./booking-api.ts";
import { BookingConfirmed } from "./booking-confirmed.tsx";

const tones = {
  success: "bg-emerald-50 text-emerald-700 ring-emerald-200",
  danger: "bg-red-50 text-red-700 ring-red-200",
  neutral: "bg-slate-100 text-slate-600 ring-slate-200",
  brand: "bg-brand-50 text-brand-700 ring-brand-100",
} as const;

type ResultCardProps = {
  icon: ReactNode;
  tone: keyof typeof tones;
  title: string;
  lead?: ReactNode;
  children?: ReactNode;
};

function ResultCard({ icon, tone, title, lead, children }: ResultCardProps) {
  return (
    <div className="relative isolate flex justify-center px-4 py-10 sm:py-16">
      <div
        aria-hidden="true"
        className="absolute inset-x-0 top-0 -z-10 h-72 bg-[radial-gradient(40rem_16rem_at_50%_0%,var(--color-brand-100),transparent_70%)]"
      />
      <Card className="w-full max-w-xl p-6 sm:p-8">
        <div className="flex flex-col items-center text-center">
          <span className={cn("flex size-14 items-center justify-center rounded-full ring-1 [&_svg]:size-7", tones[tone])}>{icon}</span>
          <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
          {lead ? <div className="mt-2 text-slate-600">{lead}</div> : null}
        </div>
        {children ? <div className="mt-6">{children}</div> : null}
      </Card>
    </div>
  );
}

function retryPath(booking: BookingView): string {
  if (!booking.hotelId) return "/";
  return hotelPath(booking.hotelId, {
    checkIn: booking.checkIn,
    checkOut: booking.checkOut,
    guests: booking.numAdults,
    children: booking.numChildren,
    childAges: booking.childAges,
    rooms: booking.numRooms,
  });
}

function ConfirmingPayment() {
  const { t } = useTranslation();
  return (
    <ResultCard
      icon={<Spinner className="text-brand-700" />}
      tone="brand"
      title={t("Confirming your payment...")}
      lead={<p role="status">{t("This takes a few seconds. Please keep this page open.")}</p>}
    />
  );
}

/**
 * The payment provider's return address (/booking-success?booking=…&payment_intent=…&redirect_status=…),
 * reached after a 3-D Secure check or a redirecting payment method. Reports the payment and shows the result.
 */
export function BookingSuccessPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const bookingId = params.get("booking");
  // Stripe returns a saved card's guarantee (decision 075) as setup_intent.
  const paymentId = params.get("payment_intent") ?? params.get("setup_intent");
  const redirectStatus = params.get("redirect_status");
  const { user } = useAuth();
  const paid = redirectStatus !== "failed";

  const confirmation = useQuery({
    queryKey: bookingKeys.paymentConfirmation(bookingId, paymentId),
    queryFn: () => confirmBookingPayment(bookingId!, paymentId!, paid),
    enabled: bookingId !== null && paymentId !== null,
    // Reporting the payment is idempotent but not free; the answer only changes when the guest asks again.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

  const outcome = confirmation.data ? paymentOutcome(confirmation.data) : null;
  const failed = outcome?.kind === "failed" || (outcome?.kind === "processing" && !paid);
  useDocumentTitle(outcome?.kind === "confirmed" ? t("Booking Confirmed!") : failed ? t("Payment failed") : t("Confirming your payment"));

  if (!bookingId || !paymentId) {
    return (
      <ResultCard
        icon={<Link2Off aria-hidden="true" />}
        tone="neutral"
        title={t("This link is incomplete")}
        lead={
          <p>{t("It does not say which booking and payment to confirm. If you have just paid, check your e-mail for the confirmation.")}</p>
        }
      >
        <div className="flex flex-col gap-3 sm:flex-row sm:justify-center">
          <Button asChild size="lg">
            <Link to="/">{t("Return to Home")}</Link>
          </Button>
          <Button asChild size="lg" variant="secondary">
            <Link to={user ? "/my-bookings" : "/find-booking"}>{user ? t("My Bookings") : t("Find my booking")}</Link>
          </Button>
        </div>
      </ResultCard>
    );
  }

  if (confirmation.isPending) return <ConfirmingPayment />;

  if (confirmation.isError) {
    return (
      <ResultCard icon={<CircleX aria-hidden="true" />} tone="danger" title={t("We could not confirm this payment")}>
        <div className="space-y-4">
          <Alert variant="error">{errorText(confirmation.error, t("Something went wrong"))}</Alert>
          <div className="flex flex-col gap-3 sm:flex-row sm:justify-center">
            <RetryButton size="lg" retrying={confirmation.isFetching} onRetry={() => void confirmation.refetch()} />
            <Button asChild size="lg" variant="secondary">
              <Link to="/">{t("Return to Home")}</Link>
            </Button>
          </div>
        </div>
      </ResultCard>
    );
  }

  const { booking, accessToken } = confirmation.data;

  if (outcome?.kind === "confirmed") {
    return (
      <ResultCard
        icon={<CircleCheck aria-hidden="true" />}
        tone="success"
        title={t("Booking Confirmed!")}
        lead={<p>{booking.hotelName || t("Hotel Booking")}</p>}
      >
        <BookingConfirmed booking={booking} accessToken={accessToken} signedIn={user !== null} />
      </ResultCard>
    );
  }

  if (failed) {
    const message = outcome?.kind === "failed" ? outcome.message : t("Payment failed");
    return (
      <ResultCard
        icon={<CircleX aria-hidden="true" />}
        tone="danger"
        title={t("Payment failed")}
        lead={
          <p>
            {t("Your booking {{reference}} was not confirmed and you have not been charged for it.", {
              reference: booking.bookingReference,
            })}
          </p>
        }
      >
        <div className="space-y-4">
          <Alert variant="error">{message}</Alert>
          <div className="flex flex-col gap-3 sm:flex-row sm:justify-center">
            <Button asChild size="lg">
              <Link to={retryPath(booking)}>{t("Try again")}</Link>
            </Button>
            <Button asChild size="lg" variant="secondary">
              <Link to="/">{t("Return to Home")}</Link>
            </Button>
          </div>
        </div>
      </ResultCard>
    );
  }

  return (
    <ResultCard
      icon={<Clock aria-hidden="true" />}
      tone="brand"
      title={t("Your payment is being processed")}
      lead={
        <p>
          {t("Your booking {{reference}} will be confirmed as soon as the payment provider tells us; we will e-mail {{email}}.", {
            reference: booking.bookingReference,
            email: booking.guestEmail,
          })}
        </p>
      }
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:justify-center">
        <Button size="lg" disabled={confirmation.isFetching} onClick={() => void confirmation.refetch()}>
          {confirmation.isFetching ? <Spinner /> : <RefreshCw aria-hidden="true" />}
          {t("Check again")}
        </Button>
        <Button asChild size="lg" variant="secondary">
          <Link to="/">{t("Return to Home")}</Link>
        </Button>
      </div>
    </ResultCard>
  );
}
