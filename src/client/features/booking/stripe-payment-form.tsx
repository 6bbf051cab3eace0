import { useState, type FormEvent } from "react";
import { useQuery } from "@tanstack/react-query";
import { loadStripe, type Stripe } from "@stripe/stripe-js";
import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import { Alert } from "../../components/ui/alert.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { paymentConfigQueryOptions } from "../../api/payments.ts";
import { errorText } from "../../lib/error-text.ts";
import { currentLanguage, useTranslation } from "../../lib/i18n.ts";
import { bookingReturnPath } from "./booking-api.ts";
import { PayButton, PaymentFailure, type PaymentMethodProps } from "./pay-button.tsx";
import { usePaymentAttempt } from "./use-payment-attempt.ts";

// This module is only ever imported dynamically (provider "stripe"), so Stripe.js stays out of the default bundle.

// <Elements> must keep the same Stripe promise for its whole life, so one is kept per key.
const stripePromises = new Map<string, Promise<Stripe | null>>();

function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let promise = stripePromises.get(publishableKey);
  if (!promise) {
    promise = loadStripe(publishableKey);
    stripePromises.set(publishableKey, promise);
  }
  return promise;
}

function StripeCheckout({ payment, bookingId, expired, onSucceeded, onBusyChange }: PaymentMethodProps) {
  const { t } = useTranslation();
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const { busy, error, attempt } = usePaymentAttempt(onBusyChange);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!stripe || !elements) return;
    void attempt(async () => {
      const confirmParams = { return_url: `${window.location.origin}${bookingReturnPath(bookingId)}` };
      // A guarantee further ahead saves the card (a SetupIntent's secret, decision 075) instead of paying.
      const result =
        payment.captureMethod === "setup"
          ? await stripe.confirmSetup({ elements, confirmParams, redirect: "if_required" })
          : await stripe.confirmPayment({ elements, confirmParams, redirect: "if_required" });
      if (result.error) throw new Error(result.error.message || t("Payment failed"));
      await onSucceeded();
      return "settled";
    });
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      {ready ? null : <Skeleton className="h-48 w-full rounded-xl" />}
      <PaymentElement onReady={() => setReady(true)} options={{ layout: "tabs" }} />
      <PaymentFailure message={error} />
      <PayButton payment={payment} busy={busy} disabled={expired || !stripe || !elements || !ready} />
    </form>
  );
}

export function StripePaymentForm(props: PaymentMethodProps) {
  const { t } = useTranslation();
  const config = useQuery(paymentConfigQueryOptions());
  if (config.isPending) return <Skeleton className="h-48 w-full rounded-xl" />;
  const key = config.data?.publishableKey;
  if (!key)
    return (
      <Alert variant="error">
        {config.error
          ? errorText(config.error, t("Card payments are not available right now. Please try again later."))
          : t("Card payments are not available right now. Please try again later.")}
      </Alert>
    );
  return (
    <Elements
      stripe={stripeFor(key)}
      options={{
        clientSecret: props.payment.clientSecret,
        // Stripe's own form in the reader's language (it knows "es" and "de").
        locale: currentLanguage(),
        appearance: { theme: "stripe", variables: { colorPrimary: "#0f766e", borderRadius: "8px", fontFamily: "system-ui, sans-serif" } },
      }}
    >
      <StripeCheckout {...props} />
    </Elements>
  );
}
