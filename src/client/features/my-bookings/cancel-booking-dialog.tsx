import { useState } from "react";
import { useTranslation } from "../../lib/i18n.ts";
import { AlertDialog } from "radix-ui";
import { useMutation, useQuery } from "@tanstack/react-query";
import { toast } from "sonner";
import type { BookingView, CancellationCost } from "../../../shared/booking.ts";
import { cancelNowWords } from "../../../shared/cancellation-words.ts";
import { AlertDialogContent } from "../../components/ui/alert-dialog.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { CancellationTerms } from "../../components/booking-terms.tsx";
import { cancelBooking, cancellationPreviewQueryOptions } from "../../api/bookings.ts";
import { formatDateRange, formatMoney } from "../../lib/format.ts";
import { errorText } from "../../lib/error-text.ts";

type CancelBookingDialogProps = {
  booking: BookingView;
  /** A visitor's access token (Find my booking); null for the signed-in owner. */
  accessToken: string | null;
  onCancelled: (booking: BookingView) => void;
};

/** What the prompt says about the money: a full refund and no refund in the spec's words, a fee in the booking's own terms. */
function costText(t: ReturnType<typeof useTranslation>["t"], cost: CancellationCost, currency: string): string {
  const money = (cents: number) => formatMoney(cents, currency);
  if (cost.feeCents === 0 && cost.refundCents > 0)
    return t("You will receive a full refund of {{amount}}.", { amount: money(cost.refundCents) });
  if (cost.refundCents === 0 && cost.owedCents === 0 && cost.feeCents > 0) {
    return t("This booking is not refundable under the hotel's cancellation policy: no refund will be issued.");
  }
  return cancelNowWords(t, money, cost);
}

/**
 * The Cancel button and its confirm prompt, which says up front what cancelling costs and what
 * comes back: asked from the server when the prompt opens (the fee depends on the moment), the
 * booking's own figures until it answers.
 */
export function CancelBookingDialog({ booking, accessToken, onCancelled }: CancelBookingDialogProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const preview = useQuery({ ...cancellationPreviewQueryOptions(booking.id, accessToken), enabled: open });
  const cost = preview.data ?? booking.cancellationNow;
  const cancel = useMutation({
    mutationFn: () => cancelBooking(booking.id, accessToken),
    onSuccess(result) {
      setOpen(false);
      const amount = formatMoney(result.refundCents, booking.currency);
      toast.success(t("Booking cancelled. Confirmation email sent."), {
        description:
          result.refundCents > 0
            ? result.feeCents === 0
              ? t("A full refund of {{amount}} is on its way to your card.", { amount })
              : t("A refund of {{amount}} is on its way to your card.", { amount })
            : undefined,
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
            <p className="font-medium text-slate-900" aria-live="polite" aria-busy={preview.isFetching || undefined}>
              {preview.isPending && !cost ? <Spinner /> : null}
              {cost ? costText(t, cost, booking.currency) : null}
            </p>
            {preview.isError ? (
              <p className="text-sm text-amber-800">
                {t("We could not check the fee just now; the figures above are from when the page loaded.")}
              </p>
            ) : null}
            <CancellationTerms booking={booking} />
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
