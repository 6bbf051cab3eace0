import { useRef, useState } from "react";
import { i18next } from "../../lib/i18n.ts";

/** What a payment attempt ended with: settled here, or the browser is leaving for the provider's check. */
export type AttemptOutcome = "settled" | "redirecting";

/**
 * Runs one payment attempt at a time. The ref, not the state, guards re-entry: a double click lands
 * before React re-renders the disabled button, and must still not send a second payment.
 */
export function usePaymentAttempt(onBusyChange: (busy: boolean) => void) {
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function attempt(pay: () => Promise<AttemptOutcome>): Promise<void> {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    onBusyChange(true);
    setError(null);
    let outcome: AttemptOutcome = "settled";
    try {
      outcome = await pay();
    } catch (failure) {
      setError(failure instanceof Error && failure.message ? failure.message : i18next.t("Payment failed"));
    } finally {
      // While the page navigates to the 3-D Secure check the button stays busy, so it cannot pay twice.
      if (outcome === "settled") {
        running.current = false;
        setBusy(false);
        onBusyChange(false);
      }
    }
  }

  return { busy, error, attempt };
}
