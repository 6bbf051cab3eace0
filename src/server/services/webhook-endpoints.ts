/**
 * Managing webhook endpoints (decision 057): a manager registers endpoints for the hotels they
 * manage, an admin for any hotel or for every hotel at once (no hotel). The signing secret is shown
 * once (at creation and rotation) and kept sealed, because signing needs it back.
 */
import { randomBytes } from "node:crypto";
import { and, count, desc, eq, inArray, or, sql } from "drizzle-orm";
import type { SessionUser } from "../../shared/auth.ts";
import type {
  CreateWebhookEndpointInput,
  UpdateWebhookEndpointInput,
  WebhookDeliveryStatus,
  WebhookDeliveryView,
  WebhookEndpointView,
  WebhookEvent,
} from "../../shared/webhooks.ts";
import type { Db } from "../db/client.ts";
import { hotels, users, webhookDeliveries, webhookEndpoints } from "../db/schema.ts";
import { DomainError } from "../domain-error.ts";
import { type OutboundUrlPolicy, outboundUrlPolicy } from "../integrations/outbound-http.ts";
import { logActivity } from "./activity-log.ts";
import { assertHotelAccess, hotelScopeOf } from "./hotel-access.ts";
import { createSecretBox } from "./secret-box.ts";
import { WEBHOOK_SECRET_PURPOSE, type WebhookSecrets } from "./webhook-delivery.ts";
import { WEBHOOK_RETRY_WINDOW_MS } from "./webhook-outbox.ts";

export interface WebhookAdminDeps {
  db: Db;
  secrets: WebhookSecrets;
  policy: OutboundUrlPolicy;
}

function newSecret(): string {
  return `whsec_${randomBytes(32).toString("base64url")}`;
}

type EndpointRow = typeof webhookEndpoints.$inferSelect;

function viewOf(row: EndpointRow, hotelName: string | null, ownerEmail: string | null): WebhookEndpointView {
  return {
    id: row.id,
    hotelId: row.hotelId,
    hotelName,
    url: row.url,
    description: row.description,
    events: row.events as WebhookEvent[],
    enabled: row.enabled,
    disabledReason: row.disabledReason as WebhookEndpointView["disabledReason"],
    failingSince: row.failingSince ? row.failingSince.toISOString() : null,
    lastSuccessAt: row.lastSuccessAt ? row.lastSuccessAt.toISOString() : null,
    ownerEmail,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The endpoint, if the user may manage it: its hotel's staff, or an admin (the only ones who see platform-wide endpoints). */
async function endpointFor(db: Db, user: SessionUser, endpointId: number): Promise<EndpointRow> {
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId));
  if (!row) throw new DomainError("WEBHOOK_ENDPOINT_NOT_FOUND");
  if (row.hotelId === null) {
    if (!user.isAdmin) throw new DomainError("WEBHOOK_ENDPOINT_NOT_FOUND");
  } else {
    await assertHotelAccess(db, user, row.hotelId);
  }
  return row;
}

function checkUrl(policy: OutboundUrlPolicy, address: string): string {
  const url = new URL(address);
  const refused = policy(url);
  if (refused) throw new DomainError("WEBHOOK_URL_NOT_ALLOWED", `This address cannot receive webhooks: ${refused}`);
  return url.toString();
}

/** The endpoints the user may manage (an admin: all of them), newest first; `hotelId` narrows to one hotel. */
export async function listWebhookEndpoints(db: Db, user: SessionUser, hotelId?: number): Promise<WebhookEndpointView[]> {
  if (hotelId !== undefined) await assertHotelAccess(db, user, hotelId);
  const scope = await hotelScopeOf(db, user);
  const where =
    hotelId !== undefined
      ? eq(webhookEndpoints.hotelId, hotelId)
      : scope.kind === "all"
        ? undefined
        : scope.hotelIds.length > 0
          ? inArray(webhookEndpoints.hotelId, scope.hotelIds)
          : sql`false`;
  const rows = await db
    .select({ endpoint: webhookEndpoints, hotelName: hotels.name, ownerEmail: users.email })
    .from(webhookEndpoints)
    .leftJoin(hotels, eq(hotels.id, webhookEndpoints.hotelId))
    .leftJoin(users, eq(users.id, webhookEndpoints.ownerId))
    .where(where)
    .orderBy(desc(webhookEndpoints.id));
  return rows.map((r) => viewOf(r.endpoint, r.hotelName, r.ownerEmail));
}

/** Registers an endpoint; the answer holds its signing secret, shown this once. `hotelId` null (every hotel) is for admins only. */
export async function createWebhookEndpoint(
  deps: WebhookAdminDeps,
  user: SessionUser,
  hotelId: number | null,
  input: CreateWebhookEndpointInput,
): Promise<{ endpoint: WebhookEndpointView; secret: string }> {
  if (hotelId === null) {
    if (!user.isAdmin)
      throw new DomainError("FORBIDDEN", "Only administrators can register an endpoint for every hotel. Choose one of your hotels.");
  } else {
    await assertHotelAccess(deps.db, user, hotelId);
  }
  const url = checkUrl(deps.policy, input.url);
  const secret = newSecret();
  const row = await deps.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(webhookEndpoints)
      .values({
        hotelId,
        ownerId: user.id,
        url,
        description: input.description,
        events: input.events,
        secretSealed: deps.secrets.seal(secret),
      })
      .returning();
    await logActivity(tx, {
      actionType: "webhook_endpoint_created",
      userId: user.id,
      details: { endpointId: created!.id, hotelId, url, events: input.events },
    });
    return created!;
  });
  const [hotel] = hotelId === null ? [] : await deps.db.select({ name: hotels.name }).from(hotels).where(eq(hotels.id, hotelId));
  return { endpoint: viewOf(row, hotel?.name ?? null, user.email), secret };
}

/**
 * Turns an endpoint on or off, or changes its events or description. Turning it back on clears its
 * failure streak and sends what waited at once, each with a fresh retry window.
 */
export async function updateWebhookEndpoint(
  db: Db,
  user: SessionUser,
  endpointId: number,
  input: UpdateWebhookEndpointInput,
): Promise<WebhookEndpointView> {
  const before = await endpointFor(db, user, endpointId);
  const turnedOn = input.enabled === true && !before.enabled;
  await db.transaction(async (tx) => {
    await tx
      .update(webhookEndpoints)
      .set({
        ...(input.events ? { events: input.events } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.enabled === false && before.enabled ? { enabled: false, disabledReason: "manual" } : {}),
        ...(turnedOn ? { enabled: true, disabledReason: null, failingSince: null } : {}),
        updatedAt: new Date(),
      })
      .where(eq(webhookEndpoints.id, endpointId));
    if (turnedOn)
      await tx
        .update(webhookDeliveries)
        .set({
          nextAttemptAt: sql`now()`,
          giveUpAt: sql`greatest(${webhookDeliveries.giveUpAt}, now() + make_interval(secs => ${WEBHOOK_RETRY_WINDOW_MS / 1000}))`,
        })
        .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, "pending")));
    if (input.enabled !== undefined && input.enabled !== before.enabled)
      await logActivity(tx, {
        actionType: input.enabled ? "webhook_endpoint_enabled" : "webhook_endpoint_disabled",
        userId: user.id,
        details: { endpointId, hotelId: before.hotelId, url: before.url },
      });
  });
  const [view] = (await listWebhookEndpoints(db, user, before.hotelId ?? undefined)).filter((e) => e.id === endpointId);
  return view!;
}

export async function deleteWebhookEndpoint(db: Db, user: SessionUser, endpointId: number): Promise<void> {
  const row = await endpointFor(db, user, endpointId);
  await db.transaction(async (tx) => {
    await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId));
    await logActivity(tx, {
      actionType: "webhook_endpoint_deleted",
      userId: user.id,
      details: { endpointId, hotelId: row.hotelId, url: row.url },
    });
  });
}

/** A new signing secret, shown this once; the old one stops signing at once. */
export async function rotateWebhookSecret(deps: WebhookAdminDeps, user: SessionUser, endpointId: number): Promise<{ secret: string }> {
  const row = await endpointFor(deps.db, user, endpointId);
  const secret = newSecret();
  await deps.db.transaction(async (tx) => {
    await tx
      .update(webhookEndpoints)
      .set({ secretSealed: deps.secrets.seal(secret), updatedAt: new Date() })
      .where(eq(webhookEndpoints.id, endpointId));
    await logActivity(tx, { actionType: "webhook_secret_rotated", userId: user.id, details: { endpointId, hotelId: row.hotelId } });
  });
  return { secret };
}

/** The endpoint's delivery log, newest first. */
export async function listWebhookDeliveries(
  db: Db,
  user: SessionUser,
  endpointId: number,
  page: number,
  pageSize: number,
): Promise<{ deliveries: WebhookDeliveryView[]; total: number }> {
  await endpointFor(db, user, endpointId);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpointId))
      .orderBy(desc(webhookDeliveries.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId)),
  ]);
  return {
    total: totals[0]?.total ?? 0,
    deliveries: rows.map((r) => ({
      id: r.id,
      eventId: r.eventId,
      eventType: r.eventType as WebhookEvent,
      bookingId: r.bookingId,
      status: r.status as WebhookDeliveryStatus,
      attempts: r.attempts,
      nextAttemptAt: r.status === "pending" ? r.nextAttemptAt.toISOString() : null,
      lastAttemptAt: r.lastAttemptAt ? r.lastAttemptAt.toISOString() : null,
      lastStatus: r.lastStatus,
      lastError: r.lastError,
      deliveredAt: r.deliveredAt ? r.deliveredAt.toISOString() : null,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

/**
 * "Send again": the delivery goes out once more with the same event id (receivers recognise a
 * repeat by it), as soon as the worker runs, with a fresh retry window. A delivery on its way now
 * is left alone.
 */
export async function resendWebhookDelivery(db: Db, user: SessionUser, endpointId: number, deliveryId: number): Promise<void> {
  await endpointFor(db, user, endpointId);
  const [row] = await db
    .update(webhookDeliveries)
    .set({
      status: "pending",
      nextAttemptAt: sql`now()`,
      giveUpAt: sql`now() + make_interval(secs => ${WEBHOOK_RETRY_WINDOW_MS / 1000})`,
      deliveredAt: null,
    })
    .where(
      and(
        eq(webhookDeliveries.id, deliveryId),
        eq(webhookDeliveries.endpointId, endpointId),
        or(eq(webhookDeliveries.status, "delivered"), eq(webhookDeliveries.status, "failed"), eq(webhookDeliveries.status, "pending")),
      ),
    )
    .returning({ id: webhookDeliveries.id });
  if (!row) {
    const [exists] = await db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId)));
    if (!exists) throw new DomainError("WEBHOOK_DELIVERY_NOT_FOUND");
  }
}

/** The signing-secret box and URL policy of one app instance. */
export function webhookAdminDeps(db: Db, config: { appSecret: string; outboundPrivateHosts: readonly string[] }): WebhookAdminDeps {
  return { db, secrets: createSecretBox(config.appSecret, WEBHOOK_SECRET_PURPOSE), policy: outboundUrlPolicy(config) };
}
