import { queryOptions } from "@tanstack/react-query";
import { api, body } from "./client.ts";

export function fetchPaymentConfig() {
  return body(api.payments.config.$get());
}

export type SimulatedCard = { number: string; expMonth: number; expYear: number; cvc: string };

/** Pays a simulated payment with a test card; the processor sends the browser back to `returnUrl` after a 3-D Secure check. */
export function confirmSimulatedCard(payment: { paymentId: string; clientSecret: string }, returnUrl: string, card: SimulatedCard) {
  return body(
    api["simulated-payments"][":id"].confirm.$post({
      param: { id: encodeURIComponent(payment.paymentId) },
      json: { clientSecret: payment.clientSecret, returnUrl, card },
    }),
  );
}

export type SimulatedConfirmResult = Awaited<ReturnType<typeof confirmSimulatedCard>>;

export function paymentConfigQueryOptions() {
  return queryOptions({ queryKey: ["payments", "config"], queryFn: fetchPaymentConfig, staleTime: Infinity });
}
