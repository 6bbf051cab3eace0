import { Lock, ShieldCheck } from "lucide-react";
import type { PaymentStart } from "../../../shared/booking.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { cn } from "../../lib/cn.ts";
import { formatMoney } from "../../lib/format.ts";
import { type TFunction, useTranslation } from "../../lib/i18n.ts";

/** What the payment step gives the provider's form (simulated card form or Stripe Elements). */
export type PaymentMethodProps = {
  payment: PaymentStart;
  bookingId: string;
  /** The hold has run out, so paying is no longer possible. */
  expired: boolean;
  /** Called once the provider reports the payment succeeded; throws a message for the guest if the booking is not confirmed. */
  onSucceeded: () => Promise<void>;
  onBusyChange: (busy: boolean) => void;
};

/** The button's words: a guarantee charges nothing, a deposit says it is the part paid now. */
function payLabel(t: TFunction, payment: PaymentStart): string {
  if (payment.captureMethod !== "automatic") return t("Guarantee with card");
  const amount = formatMoney(payment.amountCents, payment.currency);
  return payment.dueAtHotelCents > 0 ? t("Pay {{amount}} now", { amount }) : t("Pay {{amount}}", { amount });
}

/**
 * What the card is charged now and what is paid at the hotel, by the booking's payment timing:
 * nothing for pay now, "Pay $54 now, $126 at the hotel" for a deposit, and for a card guarantee
 * that nothing is charged now.
 */
export function PaymentTimingNote({ payment, className }: { payment: PaymentStart; className?: string }) {
  const { t } = useTranslation();
  if (payment.captureMethod !== "automatic") {
    return (
      <div className={cn("flex gap-2 text-sm text-slate-700", className)}>
        <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-teal-700" />
        <div>
          <p className="font-medium text-slate-900">{t("Nothing charged now: your card guarantees the booking")}</p>
          <p>
            {t("You pay {{amount}} at the hotel. Your card is charged only for a cancellation or no-show fee.", {
              amount: formatMoney(payment.dueAtHotelCents, payment.currency),
            })}
          </p>
        </div>
      </div>
    );
  }
  if (payment.dueAtHotelCents <= 0) return null;
  return (
    <p className={cn("text-sm font-medium text-slate-900", className)}>
      {t("Pay {{now}} now, {{later}} at the hotel", {
        now: formatMoney(payment.amountCents, payment.currency),
        later: formatMoney(payment.dueAtHotelCents, payment.currency),
      })}
    </p>
  );
}

export function PayButton({ payment, busy, disabled }: { payment: PaymentStart; busy: boolean; disabled: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {/* aria-disabled while paying, not disabled: a disabled button drops keyboard focus, which a decline would then leave nowhere. */}
      <Button
        type="submit"
        size="lg"
        className="w-full aria-disabled:cursor-wait aria-disabled:opacity-60"
        disabled={disabled}
        aria-disabled={busy || undefined}
        aria-busy={busy || undefined}
      >
        {busy ? <Spinner /> : <Lock aria-hidden="true" />}
        {payLabel(t, payment)}
      </Button>
      <p role="status" className="sr-only">
        {busy ? t("Processing your payment...") : ""}
      </p>
    </>
  );
}

/** The provider's message (or 'Payment failed') in red; processing has stopped, so the guest can try again. */
export function PaymentFailure({ message }: { message: string | null }) {
  return message ? <Alert variant="error">{message}</Alert> : null;
}
