import { useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Dialog } from "radix-ui";
import type { BookingView } from "../../../shared/booking.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { DialogContent } from "../../components/ui/dialog.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { bookingKeys, resumeHoldPayment } from "../../api/bookings.ts";
import { errorText } from "../../lib/error-text.ts";
import { useTranslation } from "../../lib/i18n.ts";
import { confirmBookingPayment, paymentOutcome, type ConfirmPaymentResponse } from "./booking-api.ts";
import { BookingConfirmed } from "./booking-confirmed.tsx";
import { PaymentStep } from "./payment-step.tsx";

export type HoldPaymentDialogProps = {
  /** An unpaid hold (awaitingPayment). */
  booking: BookingView;
  /** A visitor's access token; null for the signed-in owner. */
  accessToken: string | null;
  onClose: () => void;
};

/** Finishes paying an unpaid hold later (e.g. from My Bookings after a declined card), in the same payment step as the booking dialog. */
export function HoldPaymentDialog({ booking, accessToken, onClose }: HoldPaymentDialogProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const resumed = useQuery({
    queryKey: bookingKeys.holdPayment(booking.id),
    queryFn: async () => {
      const response = await resumeHoldPayment(booking.id, accessToken);
      return { response, deadline: Date.now() + response.holdSecondsLeft * 1000 };
    },
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  const [paying, setPaying] = useState(false);
  const [awaitingConfirmation, setAwaitingConfirmation] = useState(false);
  const [checking, setChecking] = useState(false);
  const [confirmed, setConfirmed] = useState<ConfirmPaymentResponse | null>(null);

  async function finishPayment(): Promise<void> {
    if (!resumed.data) return;
    const { booking: held, payment } = resumed.data.response;
    const result = await confirmBookingPayment(held.id, payment.paymentId, true);
    const outcome = paymentOutcome(result);
    if (outcome.kind === "failed") throw new Error(outcome.message);
    void queryClient.invalidateQueries({ queryKey: bookingKeys.mine });
    if (outcome.kind === "confirmed") setConfirmed(result);
    else setAwaitingConfirmation(true);
  }

  async function checkAgain() {
    setChecking(true);
    try {
      await finishPayment();
    } catch {
      // Still pending: the guest stays on the "being confirmed" note.
    } finally {
      setChecking(false);
    }
  }

  return (
    <Dialog.Root open onOpenChange={(open) => (open || paying ? undefined : onClose())}>
      {confirmed ? (
        <DialogContent
          key="success"
          title={t("Booking Confirmed!")}
          description={`${booking.hotelName} · ${booking.roomType}`}
          className="max-w-lg"
        >
          <BookingConfirmed
            booking={confirmed.booking}
            accessToken={confirmed.accessToken}
            signedIn={accessToken === null}
            actions={
              <Button variant="ghost" className="sm:flex-1" onClick={onClose}>
                {t("Done")}
              </Button>
            }
          />
        </DialogContent>
      ) : (
        <DialogContent
          key="payment"
          title={t("Complete Payment")}
          description={t("Pay securely to confirm your booking.")}
          className="max-w-lg"
          onInteractOutside={(event) => event.preventDefault()}
        >
          {resumed.data ? (
            <PaymentStep
              hold={resumed.data.response}
              holdDeadline={resumed.data.deadline}
              awaitingConfirmation={awaitingConfirmation}
              checking={checking}
              onCheckAgain={() => void checkAgain()}
              onSucceeded={finishPayment}
              onBusyChange={setPaying}
            />
          ) : resumed.isError ? (
            <Alert variant="error">{errorText(resumed.error, t("Something went wrong"))}</Alert>
          ) : (
            <div role="status" aria-label={t("Loading payment")}>
              <Skeleton className="h-48 w-full rounded-xl" />
            </div>
          )}
        </DialogContent>
      )}
    </Dialog.Root>
  );
}
