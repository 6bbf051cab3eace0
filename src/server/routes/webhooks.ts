import { z } from "zod";
import { CreateWebhookEndpointInput, UpdateWebhookEndpointInput } from "../../shared/webhooks.ts";
import { WebhookDeliverySchema, WebhookEndpointSchema } from "../contract/webhooks.ts";
import { databaseId } from "../http/ids.ts";
import { apiRouter, defineRoute, jsonAnswer, jsonBody } from "../http/openapi.ts";
import type { AppDeps, SignedInEnv } from "../http/types.ts";
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  resendWebhookDelivery,
  rotateWebhookSecret,
  updateWebhookEndpoint,
  webhookAdminDeps,
} from "../services/webhook-endpoints.ts";

const EndpointParam = z.object({ endpointId: databaseId("endpointId") });
const DeliveryParam = EndpointParam.extend({ deliveryId: databaseId("deliveryId") });
const ListQuery = z.object({ hotelId: databaseId("hotelId").optional().describe("Only this hotel's endpoints") });
const CreateBody = CreateWebhookEndpointInput.extend({
  hotelId: databaseId("hotelId").nullable().describe("The hotel whose events are sent; null (admins only) for every hotel"),
});
const PageQuery = z.object({
  page: z.coerce.number().int("page must be a whole number").min(1, "page must be at least 1").max(100_000).default(1),
  pageSize: z.coerce.number().int("pageSize must be a whole number").min(1).max(100, "pageSize must be at most 100").default(20),
});

const TAGS = ["Webhooks"];
const SECRET = z.string().describe("The signing secret (whsec_…): shown only in this answer");

const list = defineRoute({
  method: "get",
  path: "/",
  operationId: "listWebhookEndpoints",
  tags: TAGS,
  summary: "The webhook endpoints the caller manages (an admin: all), newest first",
  request: { query: ListQuery },
  errors: ["HOTEL_NOT_FOUND"],
  responses: { 200: jsonAnswer(z.object({ endpoints: z.array(WebhookEndpointSchema) }), "The endpoints") },
});
const create = defineRoute({
  method: "post",
  path: "/",
  operationId: "createWebhookEndpoint",
  tags: TAGS,
  summary: "Register an HTTPS endpoint for a hotel's events (admins: or every hotel's); the answer shows its signing secret once",
  request: { body: jsonBody(CreateBody) },
  errors: ["HOTEL_NOT_FOUND", "WEBHOOK_URL_NOT_ALLOWED"],
  responses: { 201: jsonAnswer(z.object({ endpoint: WebhookEndpointSchema, secret: SECRET }), "Registered") },
});
const update = defineRoute({
  method: "patch",
  path: "/{endpointId}",
  operationId: "updateWebhookEndpoint",
  tags: TAGS,
  summary: "Turn an endpoint on or off, or change its events or description (on again: waiting events are sent at once)",
  request: { params: EndpointParam, body: jsonBody(UpdateWebhookEndpointInput) },
  errors: ["WEBHOOK_ENDPOINT_NOT_FOUND", "HOTEL_NOT_FOUND"],
  responses: { 200: jsonAnswer(z.object({ endpoint: WebhookEndpointSchema }), "The endpoint now") },
});
const remove = defineRoute({
  method: "delete",
  path: "/{endpointId}",
  operationId: "deleteWebhookEndpoint",
  tags: TAGS,
  summary: "Delete an endpoint and its delivery log",
  request: { params: EndpointParam },
  errors: ["WEBHOOK_ENDPOINT_NOT_FOUND", "HOTEL_NOT_FOUND"],
  responses: { 200: jsonAnswer(z.object({ deleted: z.literal(true) }), "Deleted") },
});
const rotate = defineRoute({
  method: "post",
  path: "/{endpointId}/rotate-secret",
  operationId: "rotateWebhookSecret",
  tags: TAGS,
  summary: "Replace the signing secret (the old one stops signing at once); the answer shows the new one once",
  request: { params: EndpointParam },
  errors: ["WEBHOOK_ENDPOINT_NOT_FOUND", "HOTEL_NOT_FOUND"],
  responses: { 200: jsonAnswer(z.object({ secret: SECRET }), "The new secret") },
});
const deliveries = defineRoute({
  method: "get",
  path: "/{endpointId}/deliveries",
  operationId: "listWebhookDeliveries",
  tags: TAGS,
  summary: "The endpoint's delivery log, newest first",
  request: { params: EndpointParam, query: PageQuery },
  errors: ["WEBHOOK_ENDPOINT_NOT_FOUND", "HOTEL_NOT_FOUND"],
  responses: {
    200: jsonAnswer(
      z.object({ deliveries: z.array(WebhookDeliverySchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() }),
      "One page of deliveries",
    ),
  },
});
const resend = defineRoute({
  method: "post",
  path: "/{endpointId}/deliveries/{deliveryId}/resend",
  operationId: "resendWebhookDelivery",
  tags: TAGS,
  summary: "Send a delivery again (same event id), as soon as the delivery worker runs",
  request: { params: DeliveryParam },
  errors: ["WEBHOOK_ENDPOINT_NOT_FOUND", "WEBHOOK_DELIVERY_NOT_FOUND", "HOTEL_NOT_FOUND"],
  responses: { 202: jsonAnswer(z.object({ queued: z.literal(true) }), "Queued") },
});

/** Webhook endpoints and their delivery logs (under /api/properties: hotel staff; each endpoint checked by the service). */
export function webhookRoutes(deps: AppDeps) {
  const admin = webhookAdminDeps(deps.db, deps.config);
  return apiRouter<SignedInEnv>()
    .openapi(list, async (c) => {
      return c.json({ endpoints: await listWebhookEndpoints(deps.db, c.get("user"), c.req.valid("query").hotelId) }, 200);
    })
    .openapi(create, async (c) => {
      const { hotelId, ...input } = c.req.valid("json");
      return c.json(await createWebhookEndpoint(admin, c.get("user"), hotelId, input), 201);
    })
    .openapi(update, async (c) => {
      return c.json(
        { endpoint: await updateWebhookEndpoint(deps.db, c.get("user"), c.req.valid("param").endpointId, c.req.valid("json")) },
        200,
      );
    })
    .openapi(remove, async (c) => {
      await deleteWebhookEndpoint(deps.db, c.get("user"), c.req.valid("param").endpointId);
      return c.json({ deleted: true as const }, 200);
    })
    .openapi(rotate, async (c) => {
      return c.json(await rotateWebhookSecret(admin, c.get("user"), c.req.valid("param").endpointId), 200);
    })
    .openapi(deliveries, async (c) => {
      const { page, pageSize } = c.req.valid("query");
      const result = await listWebhookDeliveries(deps.db, c.get("user"), c.req.valid("param").endpointId, page, pageSize);
      return c.json({ ...result, page, pageSize }, 200);
    })
    .openapi(resend, async (c) => {
      const { endpointId, deliveryId } = c.req.valid("param");
      await resendWebhookDelivery(deps.db, c.get("user"), endpointId, deliveryId);
      return c.json({ queued: true as const }, 202);
    });
}
