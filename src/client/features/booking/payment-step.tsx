import { lazy, Suspense } from "react";
import { Clock } from "lucide-react";
import type { CreateBookingResponse } from "../../../shared/booking.ts";
import { ConvertedHint, PaymentCurrencyNote } from "../../components/money.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { cn } from "../../lib/cn.ts";
import { formatDateRange, formatMoney } from "../../lib/format.ts";
import { Trans, useTranslation } from "../../lib/i18n.ts";
import { PaymentTimingNote } from "./pay-button.tsx";
import { SimulatedCardForm } from "./simulated-card-form.tsx";
import { useSecondsLeft } from "./use-seconds-left.ts";

// Stripe.js is fetched only when Stripe is the provider; the simulated default never loads it.
const StripePaymentForm = lazy(() => import("./stripe-payment-form.tsx").then((m) => ({ default: m.StripePaymentForm })));

function formatClock(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

function HoldTimer({ secondsLeft }: { secondsLeft: number }) {
  const { t } = useTranslation();
  const urgent = secondsLeft <= 120;
  return (
    <p className={cn("flex items-center gap-2 text-sm", urgent ? "font-medium text-red-700" : "text-slate-700")}>
      <Clock aria-hidden="true" className="size-4 shrink-0" />
      <span>
        {/* role timer is not announced on every tick, which would drown out everything else. */}
        <Trans
          i18nKey="Room held for <timer>{{clock}}</timer>"
          values={{ clock: formatClock(secondsLeft) }}
          components={{
            timer: (
              <span
                role="timer"
                aria-label={t("{{count}} minutes left", { count: Math.ceil(secondsLeft / 60) })}
                className="font-semibold tabular-nums"
              />
            ),
          }}
        />
      </span>
    </p>
  );
}

type PaymentStepProps = {
  hold: CreateBookingResponse;
  /** When the hold runs out, as a Date.now() value (measured from our clock, not the server's). */
  holdDeadline: number;
  /** The payment succeeded but the booking is not confirmed yet: no second payment, only a re-check. */
  awaitingConfirmation: boolean;
  checking: boolean;
  onCheckAgain: () => void;
  onSucceeded: () => Promise<void>;
  onBusyChange: (busy: boolean) => void;
};

export function PaymentStep({
  hold,
  holdDeadline,
  awaitingConfirmation,
  checking,
  onCheckAgain,
  onSucceeded,
  onBusyChange,
}: PaymentStepProps) {
  const { t } = useTranslation();
  const { booking, payment } = hold;
  const secondsLeft = useSecondsLeft(holdDeadline);
  const expired = secondsLeft === 0;
  // A card guarantee authorises the price, or saves the card, but charges nothing now (decisions 051, 075).
  const guarantee = payment.captureMethod !== "automatic";
  const methodProps = { payment, bookingId: booking.id, expired, onSucceeded, onBusyChange };

  return (
    <div className="space-y-5">
      <div className="rounded-xl border border-slate-200 bg-slate-50/70 p-4">
        <div className="flex items-start justify-between gap-4">
          <div className="min-w-0 text-sm">
            <p className="font-semibold text-slate-900">{booking.hotelName || t("Hotel Booking")}</p>
            <p className="text-slate-700">{booking.roomType}</p>
            <p className="text-slate-600">{formatDateRange(booking.checkIn, booking.checkOut)}</p>
          </div>
          <div className="shrink-0 text-right">
            <p className="text-xs text-slate-600">{payment.dueAtHotelCents > 0 ? t("Due now") : t("Amount")}</p>
            <p className="text-2xl font-bold tracking-tight text-slate-900 tabular-nums">
              {formatMoney(guarantee ? 0 : payment.amountCents, payment.currency)}
            </p>
            {guarantee ? null : <ConvertedHint cents={payment.amountCents} currency={payment.currency} className="text-sm" />}
          </div>
        </div>
        <PaymentTimingNote payment={payment} className="mt-3" />
        <PaymentCurrencyNote currency={payment.currency} className="mt-3 text-xs" />
        <div className="mt-3 flex flex-wrap items-center justify-between gap-x-4 gap-y-1 border-t border-slate-200 pt-3">
          <HoldTimer secondsLeft={secondsLeft} />
          <p className="text-xs text-slate-600">
            <Trans
              i18nKey="Ref. <ref>{{reference}}</ref>"
              values={{ reference: booking.bookingReference }}
              components={{ ref: <span className="font-mono" /> }}
            />
          </p>
        </div>
      </div>

      {awaitingConfirmation ? (
        <div className="space-y-3">
          <Alert variant="success">
            {t(
              "Your payment was received. We are still confirming your booking; this usually takes a few seconds. You will also get a confirmation e-mail at {{email}}.",
              { email: booking.guestEmail },
            )}
          </Alert>
          <Button variant="secondary" size="lg" className="w-full" disabled={checking} onClick={onCheckAgain}>
            {checking ? <Spinner /> : null}
            {t("Check again")}
          </Button>
        </div>
      ) : (
        <>
          {expired ? (
            <Alert variant="error">
              <Trans
                i18nKey="<strong>Your hold has expired.</strong> Close this window and continue again to hold the room anew."
                components={{ strong: <span className="font-medium" /> }}
              />
            </Alert>
          ) : null}
          {payment.provider === "stripe" ? (
            <Suspense fallback={<Skeleton className="h-48 w-full rounded-xl" />}>
              <StripePaymentForm {...methodProps} />
            </Suspense>
          ) : (
            <SimulatedCardForm {...methodProps} />
          )}
        </>
      )}
    </div>
  );
}
