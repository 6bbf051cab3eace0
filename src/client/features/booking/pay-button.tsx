import { Lock } from "lucide-react";
import type { PaymentStart } from "../../../shared/booking.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { formatMoney } from "../../lib/format.ts";
import { useTranslation } from "../../lib/i18n.ts";

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
        {t("Pay {{amount}}", { amount: formatMoney(payment.amountCents, payment.currency) })}
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
