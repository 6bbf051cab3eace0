import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import type { CreateChannelKeyInput } from "../../../shared/channel-api.ts";
import type { CreateWebhookEndpointInput, UpdateWebhookEndpointInput } from "../../../shared/webhooks.ts";
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  resendWebhookDelivery,
  rotateWebhookSecret,
  updateWebhookEndpoint,
  webhookDeliveriesQueryOptions,
  webhookEndpointsQueryOptions,
  webhookKeys,
} from "../../api/webhooks.ts";
import { channelKeyKeys, channelKeysQueryOptions, createChannelKey, revokeChannelKey } from "../../api/channel-keys.ts";
import { i18next } from "../../lib/i18n.ts";

export function useWebhookEndpoints(hotelId: number | undefined) {
  return useQuery(webhookEndpointsQueryOptions(hotelId));
}

export function useWebhookDeliveries(endpointId: number, page: number) {
  return useQuery({ ...webhookDeliveriesQueryOptions(endpointId, page), placeholderData: keepPreviousData });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: webhookKeys.all });
}

export function useCreateWebhookEndpoint() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: CreateWebhookEndpointInput & { hotelId: number | null }) => createWebhookEndpoint(input),
    onSuccess: () => toast.success(i18next.t("Endpoint added. Copy its signing secret now: it is shown only once.")),
    onError: (error) => toast.error(i18next.t("Failed to add the endpoint: {{message}}", { message: error.message })),
    onSettled: invalidate,
  });
}

export function useUpdateWebhookEndpoint() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ endpointId, input }: { endpointId: number; input: UpdateWebhookEndpointInput }) =>
      updateWebhookEndpoint(endpointId, input),
    onSuccess: ({ endpoint }) => toast.success(endpoint.enabled ? i18next.t("Endpoint turned on") : i18next.t("Endpoint turned off")),
    onError: (error) => toast.error(i18next.t("Failed to change the endpoint: {{message}}", { message: error.message })),
    onSettled: invalidate,
  });
}

export function useDeleteWebhookEndpoint() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (endpointId: number) => deleteWebhookEndpoint(endpointId),
    onSuccess: () => toast.success(i18next.t("Endpoint deleted")),
    onError: (error) => toast.error(i18next.t("Failed to delete the endpoint: {{message}}", { message: error.message })),
    onSettled: invalidate,
  });
}

export function useRotateWebhookSecret() {
  return useMutation({
    mutationFn: (endpointId: number) => rotateWebhookSecret(endpointId),
    onSuccess: () => toast.success(i18next.t("New signing secret made. Copy it now: it is shown only once.")),
    onError: (error) => toast.error(i18next.t("Failed to replace the secret: {{message}}", { message: error.message })),
  });
}

export function useResendWebhookDelivery() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ endpointId, deliveryId }: { endpointId: number; deliveryId: number }) => resendWebhookDelivery(endpointId, deliveryId),
    onSuccess: () => toast.success(i18next.t("Queued: it is sent again within a few seconds")),
    onError: (error) => toast.error(i18next.t("Failed to send again: {{message}}", { message: error.message })),
    onSettled: invalidate,
  });
}

export function useChannelKeys(hotelId: number) {
  return useQuery(channelKeysQueryOptions(hotelId));
}

export function useCreateChannelKey(hotelId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateChannelKeyInput) => createChannelKey(hotelId, input),
    onSuccess: () => toast.success(i18next.t("API key created. Copy it now: it is shown only once.")),
    onError: (error) => toast.error(i18next.t("Failed to create the API key: {{message}}", { message: error.message })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: channelKeyKeys.ofHotel(hotelId) }),
  });
}

export function useRevokeChannelKey(hotelId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keyId: number) => revokeChannelKey(hotelId, keyId),
    onSuccess: () => toast.success(i18next.t("API key revoked")),
    onError: (error) => toast.error(i18next.t("Failed to revoke the API key: {{message}}", { message: error.message })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: channelKeyKeys.ofHotel(hotelId) }),
  });
}
