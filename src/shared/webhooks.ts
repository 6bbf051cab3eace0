import { z } from "zod";

/** The events a webhook endpoint can subscribe to (decision 057). */
export const WEBHOOK_EVENTS = ["booking.created", "booking.modified", "booking.cancelled", "payment.refunded", "review.published"] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_DELIVERY_STATUSES = ["pending", "delivering", "delivered", "failed"] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** The headers of every delivery. */
export const WEBHOOK_HEADERS = {
  eventId: "Staywise-Event-Id",
  timestamp: "Staywise-Timestamp",
  signature: "Staywise-Signature",
} as const;

export const CreateWebhookEndpointInput = z.object({
  url: z
    .string()
    .trim()
    .max(2000, "The address is too long (2,000 characters at most).")
    .pipe(z.url({ message: "Enter a full address such as https://example.com/webhooks." })),
  description: z.string().trim().max(200, "The description is too long (200 characters at most).").default(""),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { message: `Events are ${WEBHOOK_EVENTS.join(", ")}.` }))
    .min(1, "Choose at least one event.")
    .transform((events) => [...new Set(events)]),
});
export type CreateWebhookEndpointInput = z.infer<typeof CreateWebhookEndpointInput>;

export const UpdateWebhookEndpointInput = z.object({
  enabled: z.boolean().optional(),
  events: CreateWebhookEndpointInput.shape.events.optional(),
  description: z.string().trim().max(200, "The description is too long (200 characters at most).").optional(),
});
export type UpdateWebhookEndpointInput = z.infer<typeof UpdateWebhookEndpointInput>;

export interface WebhookEndpointView {
  id: number;
  hotelId: number | null;
  hotelName: string | null;
  url: string;
  description: string;
  events: WebhookEvent[];
  enabled: boolean;
  disabledReason: "manual" | "failing" | null;
  failingSince: string | null;
  lastSuccessAt: string | null;
  ownerEmail: string | null;
  createdAt: string;
}

export interface WebhookDeliveryView {
  id: number;
  eventId: string;
  eventType: WebhookEvent;
  bookingId: string | null;
  status: WebhookDeliveryStatus;
  attempts: number;
  nextAttemptAt: string | null;
  lastAttemptAt: string | null;
  lastStatus: number | null;
  lastError: string | null;
  deliveredAt: string | null;
  createdAt: string;
}
