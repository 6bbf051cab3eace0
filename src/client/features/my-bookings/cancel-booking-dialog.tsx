import { useState } from "react";
import { useTranslation } from "../../lib/i18n.ts";
import { AlertDialog } from "radix-ui";
import { useMutation } from "@tanstack/react-query";
import { toast } from "sonner";
import type { BookingView } from "../../../shared/booking.ts";
import { AlertDialogContent } from "../../components/ui/alert-dialog.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { cancelBooking } from "../../api/bookings.ts";
import { formatDateRange, formatMoney } from "../../lib/format.ts";
import { errorText } from "../../lib/error-text.ts";

type CancelBookingDialogProps = {
  booking: BookingView;
  /** A visitor's access token (Find my booking); null for the signed-in owner. */
  accessToken: string | null;
  onCancelled: (booking: BookingView) => void;
};

/** The Cancel button and its confirm prompt, which says up front whether money comes back. */
export function CancelBookingDialog({ booking, accessToken, onCancelled }: CancelBookingDialogProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const refund = formatMoney(booking.amountDueCents, booking.currency);
  const cancel = useMutation({
    mutationFn: () => cancelBooking(booking.id, accessToken),
    onSuccess(result) {
      setOpen(false);
      toast.success(t("Booking cancelled. Confirmation email sent."), {
        description: result.refunded ? t("A full refund of {{amount}} is on its way to your card.", { amount: refund }) : undefined,
      });
      onCancelled(result.booking);
    },
    onError(error) {
      toast.error(t("Error"), { description: errorText(error, t("Something went wrong")) });
    },
  });

  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => (cancel.isPending ? null : setOpen(next))}>
      <AlertDialog.Trigger asChild>
        <Button
          variant="secondary"
          size="sm"
          className="text-red-700 hover:bg-red-50 hover:text-red-800"
          aria-label={t("Cancel booking {{reference}}", { reference: booking.bookingReference })}
        >
          {t("Cancel")}
        </Button>
      </AlertDialog.Trigger>
      <AlertDialogContent
        title={t("Are you sure you want to cancel this booking?")}
        description={
          <>
            <p>
              {booking.hotelName || t("Hotel Booking")}, {booking.roomType}: {formatDateRange(booking.checkIn, booking.checkOut)} (
              <span className="font-mono">{booking.bookingReference}</span>).
            </p>
            <p className="font-medium text-slate-900">
              {booking.refundOnCancel
                ? t("You will receive a full refund of {{amount}}.", { amount: refund })
                : t("This booking is not refundable under the hotel's cancellation policy: no refund will be issued.")}
            </p>
          </>
        }
        actions={
          <>
            <AlertDialog.Cancel asChild>
              <Button variant="secondary" disabled={cancel.isPending}>
                {t("Keep booking")}
              </Button>
            </AlertDialog.Cancel>
            {/* A plain button rather than AlertDialog.Action: the prompt stays open until the server has answered. */}
            <Button
              variant="destructive"
              disabled={cancel.isPending}
              aria-busy={cancel.isPending || undefined}
              onClick={() => cancel.mutate()}
            >
              {cancel.isPending ? <Spinner /> : null}
              {t("Cancel booking")}
            </Button>
          </>
        }
      />
    </AlertDialog.Root>
  );
}
