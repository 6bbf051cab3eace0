import { useState } from "react";
import { AlertDialog } from "radix-ui";
import type { AdminBookingView } from "../../api/admin-bookings.ts";
import { CancellationTerms } from "../../components/booking-terms.tsx";
import { AlertDialogContent } from "../../components/ui/alert-dialog.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { useRefundBooking } from "./use-admin-bookings.ts";
import { formatLocale } from "../../lib/format.ts";
import { Trans, useTranslation } from "../../lib/i18n.ts";

/** Always with cents: a refund prompt reads '$240.00', unlike the rounded prices elsewhere. */
function formatRefund(cents: number, currency: string): string {
  return new Intl.NumberFormat(formatLocale(), { style: "currency", currency }).format(cents / 100);
}

/** The Refund button and its confirmation; the refund cancels the booking on the server. */
export function RefundBookingDialog({ booking }: { booking: AdminBookingView }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const refund = useRefundBooking();
  const amount = formatRefund(booking.amountDueCents, booking.currency);

  function confirm() {
    // The toasts come from the hook, so they appear even when this dialog is gone by then.
    refund.mutate(booking.id, { onSettled: () => setOpen(false) });
  }

  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => {
        // The dialog stays until the provider answers, so the outcome is never lost behind a closed dialog.
        if (!refund.isPending) setOpen(next);
      }}
    >
      <AlertDialog.Trigger asChild>
        <Button variant="secondary" size="sm" aria-label={t("Refund booking {{reference}}", { reference: booking.bookingReference })}>
          {t("Refund")}
        </Button>
      </AlertDialog.Trigger>
      {open ? (
        <AlertDialogContent
          title={t("Refund {{amount}} to {{name}}?", { amount, name: booking.guestName })}
          description={
            <>
              <p>
                <Trans
                  i18nKey="Booking <ref>{{reference}}</ref> at {{hotel}}."
                  values={{ reference: booking.bookingReference, hotel: booking.hotelName }}
                  components={{ ref: <span className="font-mono text-slate-800" /> }}
                />
              </p>
              <p>{t("The payment is refunded in full, the booking is cancelled, its rooms are released and the guest is e-mailed.")}</p>
              {booking.cancellationNow ? (
                <p>
                  {t("Under the booking's own terms, a cancellation by the guest now would cost {{fee}} and refund {{refund}}.", {
                    fee: formatRefund(booking.cancellationNow.feeCents, booking.currency),
                    refund: formatRefund(booking.cancellationNow.refundCents, booking.currency),
                  })}
                </p>
              ) : null}
              <CancellationTerms booking={booking} />
            </>
          }
          actions={
            <>
              <AlertDialog.Cancel asChild>
                <Button variant="secondary" disabled={refund.isPending}>
                  {t("Cancel")}
                </Button>
              </AlertDialog.Cancel>
              <Button variant="destructive" onClick={confirm} disabled={refund.isPending} aria-busy={refund.isPending || undefined}>
                {refund.isPending ? <Spinner /> : null}
                {t("Issue refund")}
              </Button>
            </>
          }
        />
      ) : null}
    </AlertDialog.Root>
  );
}
