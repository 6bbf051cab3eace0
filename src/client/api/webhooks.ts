import { queryOptions } from "@tanstack/react-query";
import type { CreateWebhookEndpointInput, UpdateWebhookEndpointInput } from "../../shared/webhooks.ts";
import { api, body } from "./client.ts";

const hooks = api.properties.webhooks;

/** The endpoints the signed-in staff member manages; `hotelId` narrows to one hotel. */
export function listWebhookEndpoints(hotelId?: number) {
  return body(hooks.$get({ query: hotelId === undefined ? {} : { hotelId: String(hotelId) } }));
}

export type WebhookEndpoint = Awaited<ReturnType<typeof listWebhookEndpoints>>["endpoints"][number];

/** Registers an endpoint; the answer holds its signing secret, shown only this once. */
export function createWebhookEndpoint(input: CreateWebhookEndpointInput & { hotelId: number | null }) {
  return body(hooks.$post({ json: input }));
}

export function updateWebhookEndpoint(endpointId: number, input: UpdateWebhookEndpointInput) {
  return body(hooks[":endpointId"].$patch({ param: { endpointId: String(endpointId) }, json: input }));
}

export function deleteWebhookEndpoint(endpointId: number) {
  return body(hooks[":endpointId"].$delete({ param: { endpointId: String(endpointId) } }));
}

export function rotateWebhookSecret(endpointId: number) {
  return body(hooks[":endpointId"]["rotate-secret"].$post({ param: { endpointId: String(endpointId) } }));
}

export function listWebhookDeliveries(endpointId: number, page: number) {
  return body(hooks[":endpointId"].deliveries.$get({ param: { endpointId: String(endpointId) }, query: { page: String(page) } }));
}

export type WebhookDelivery = Awaited<ReturnType<typeof listWebhookDeliveries>>["deliveries"][number];

export function resendWebhookDelivery(endpointId: number, deliveryId: number) {
  return body(
    hooks[":endpointId"].deliveries[":deliveryId"].resend.$post({
      param: { endpointId: String(endpointId), deliveryId: String(deliveryId) },
    }),
  );
}

export const webhookKeys = {
  all: ["properties", "webhooks"] as const,
  endpoints: (hotelId: number | undefined) => ["properties", "webhooks", "endpoints", hotelId ?? "all"] as const,
  deliveries: (endpointId: number, page: number) => ["properties", "webhooks", "deliveries", endpointId, page] as const,
};

export function webhookEndpointsQueryOptions(hotelId: number | undefined) {
  return queryOptions({ queryKey: webhookKeys.endpoints(hotelId), queryFn: () => listWebhookEndpoints(hotelId) });
}

export function webhookDeliveriesQueryOptions(endpointId: number, page: number) {
  return queryOptions({ queryKey: webhookKeys.deliveries(endpointId, page), queryFn: () => listWebhookDeliveries(endpointId, page) });
}
