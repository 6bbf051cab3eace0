import { z } from "@hono/zod-openapi";
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENTS } from "../../shared/webhooks.ts";

/** Answers of the webhook routes (/api/properties/webhooks). */
export const WebhookEndpointSchema = z
  .object({
    id: z.number().int(),
    hotelId: z.number().int().nullable().describe("null: every hotel (registered by an admin)"),
    hotelName: z.string().nullable(),
    url: z.string(),
    description: z.string(),
    events: z.array(z.enum(WEBHOOK_EVENTS)),
    enabled: z.boolean(),
    disabledReason: z.enum(["manual", "failing"]).nullable().describe("failing: turned off after a day of failed deliveries"),
    failingSince: z.string().nullable().describe("When the current run of failed deliveries began"),
    lastSuccessAt: z.string().nullable(),
    ownerEmail: z.string().nullable().describe("Who registered it; e-mailed when it is turned off for failing"),
    createdAt: z.string(),
  })
  .openapi("WebhookEndpoint");

export const WebhookDeliverySchema = z
  .object({
    id: z.number().int(),
    eventId: z.string().describe("The event's stable id, sent as Staywise-Event-Id on every attempt"),
    eventType: z.enum(WEBHOOK_EVENTS),
    bookingId: z.string().nullable(),
    status: z.enum(WEBHOOK_DELIVERY_STATUSES),
    attempts: z.number().int(),
    nextAttemptAt: z.string().nullable().describe("When a pending delivery is tried next"),
    lastAttemptAt: z.string().nullable(),
    lastStatus: z.number().int().nullable().describe("The receiver's HTTP status at the last attempt; null when it was not reached"),
    lastError: z.string().nullable(),
    deliveredAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .openapi("WebhookDelivery");
