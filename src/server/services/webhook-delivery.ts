/**
 * Delivering the webhook outbox (decision 057): due rows are claimed with SKIP LOCKED, POSTed as
 * signed JSON and marked delivered on a 2xx; anything else is retried with exponential backoff
 * (1 minute doubling, at most an hour apart) until the row's retry window (24 hours) has passed,
 * then marked failed. The rows of one booking and endpoint go out in order: a row waits while an
 * earlier one is still pending. An endpoint failing for a day is disabled and its owner e-mailed.
 * Every time is read from `now`, so tests drive a day of retries without waiting.
 */
import { createHmac } from "node:crypto";
import { sql } from "drizzle-orm";
import { WEBHOOK_HEADERS } from "../../shared/webhooks.ts";
import { type Db, queryRows } from "../db/client.ts";
import { type OutboundUrlPolicy, type PostOutcome, outboundUrlPolicy, postWithLimits } from "../integrations/outbound-http.ts";
import type { Logger } from "../logger.ts";
import { type DeliveryMode, queueEmail } from "./email-outbox.ts";
import { createSecretBox } from "./secret-box.ts";

/** The secret box purpose of webhook signing secrets (sealed by webhook-endpoints.ts, opened here). */
export const WEBHOOK_SECRET_PURPOSE = "webhook-signing-secret";

export interface WebhookSecrets {
  seal(plain: string): string;
  open(sealed: string): string;
}

/** Sends one signed delivery; rejects on a network error or time-out. */
export type WebhookSend = (url: URL, body: string, headers: Record<string, string>) => Promise<PostOutcome>;

export interface WebhookDeliveryDeps {
  db: Db;
  secrets: WebhookSecrets;
  policy: OutboundUrlPolicy;
  send: WebhookSend;
  deliveryMode: DeliveryMode;
  publicUrl: string;
  logger: Logger;
}

const FIRST_RETRY_SECONDS = 60;
const MAX_RETRY_SECONDS = 60 * 60;
/** An endpoint that has failed every delivery for this long is disabled. */
export const WEBHOOK_DISABLE_AFTER_MS = 24 * 60 * 60_000;
/** A row left 'delivering' this long belongs to a worker that died; it is taken over. */
const STALE_DELIVERING_SECONDS = 5 * 60;
/** Receivers that answer this slowly count as failed; the row is retried. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** Only the start of an answer is kept (for the delivery log). */
export const WEBHOOK_MAX_RESPONSE_BYTES = 64 * 1024;
const LOGGED_ERROR_CHARS = 500;
/** Delivered and failed rows are kept this long in the delivery log, then removed. */
export const WEBHOOK_LOG_DAYS = 30;
const PARALLEL_SENDS = 8;

/** Seconds before the retry that follows attempt number `attempts` (1-based). */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(MAX_RETRY_SECONDS, FIRST_RETRY_SECONDS * 2 ** Math.max(0, Math.min(attempts - 1, 20)));
}

/** `v1=` + hex HMAC-SHA256 of "<timestamp>.<body>" with the endpoint's secret: what Staywise-Signature carries. */
export function webhookSignature(secret: string, timestamp: number, body: string): string {
  return `v1=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
}

interface Claimed {
  id: number;
  endpoint_id: number;
  event_id: string;
  /** This attempt's number. */
  attempts: number;
  body: string;
  url: string;
  secret_sealed: string;
}

async function claimDue(db: Db, now: Date, batchSize: number): Promise<Claimed[]> {
  return queryRows<Claimed>(
    db,
    sql`
    update webhook_deliveries d set status = 'delivering', attempts = d.attempts + 1, last_attempt_at = ${now}
    from webhook_endpoints e
    where e.id = d.endpoint_id and d.id in (
      select c.id from webhook_deliveries c
      join webhook_endpoints ce on ce.id = c.endpoint_id and ce.enabled
      where ((c.status = 'pending' and c.next_attempt_at <= ${now})
          or (c.status = 'delivering' and c.last_attempt_at < ${now}::timestamptz - make_interval(secs => ${STALE_DELIVERING_SECONDS})))
        and (c.booking_id is null or not exists (
          select 1 from webhook_deliveries p
          where p.endpoint_id = c.endpoint_id and p.booking_id = c.booking_id and p.id < c.id
            and p.status in ('pending', 'delivering')))
      order by c.id limit ${batchSize}
      for update of c skip locked)
    returning d.id, d.endpoint_id, d.event_id, d.attempts, d.payload::text as body, e.url, e.secret_sealed`,
  );
}

type Outcome = { ok: true; status: number } | { ok: false; status: number | null; error: string };

async function attempt(deps: WebhookDeliveryDeps, row: Claimed, now: Date): Promise<Outcome> {
  let url: URL;
  try {
    url = new URL(row.url);
  } catch {
    return { ok: false, status: null, error: "The endpoint's address is not a URL." };
  }
  const refused = deps.policy(url);
  if (refused) return { ok: false, status: null, error: refused };
  const timestamp = Math.floor(now.getTime() / 1000);
  let secret: string;
  try {
    secret = deps.secrets.open(row.secret_sealed);
  } catch {
    // APP_SECRET changed since the endpoint was made: nothing can be signed until its secret is replaced.
    return { ok: false, status: null, error: "The signing secret cannot be read: replace the endpoint's secret." };
  }
  const headers = {
    "content-type": "application/json",
    "user-agent": "Staywise-Webhooks/1",
    [WEBHOOK_HEADERS.eventId]: row.event_id,
    [WEBHOOK_HEADERS.timestamp]: String(timestamp),
    [WEBHOOK_HEADERS.signature]: webhookSignature(secret, timestamp, row.body),
  };
  try {
    const answer = await deps.send(url, row.body, headers);
    if (answer.status >= 200 && answer.status < 300) return { ok: true, status: answer.status };
    return { ok: false, status: answer.status, error: `HTTP ${answer.status}: ${answer.body.slice(0, LOGGED_ERROR_CHARS)}` };
  } catch (error) {
    return { ok: false, status: null, error: (error instanceof Error ? error.message : String(error)).slice(0, LOGGED_ERROR_CHARS) };
  }
}

async function recordOutcome(deps: WebhookDeliveryDeps, row: Claimed, outcome: Outcome, now: Date, attempts: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    if (outcome.ok) {
      await tx.execute(sql`
        update webhook_deliveries set status = 'delivered', delivered_at = ${now}, last_status = ${outcome.status}, last_error = null
        where id = ${row.id} and status = 'delivering'`);
      await tx.execute(sql`
        update webhook_endpoints set failing_since = null, last_success_at = ${now} where id = ${row.endpoint_id}`);
      return;
    }
    const retryAt = new Date(now.getTime() + retryDelaySeconds(attempts) * 1000);
    await tx.execute(sql`
      update webhook_deliveries
      set status = case when give_up_at <= ${now} then 'failed' else 'pending' end,
          next_attempt_at = ${retryAt}, last_status = ${outcome.status}, last_error = ${outcome.error}
      where id = ${row.id} and status = 'delivering'`);
    await tx.execute(sql`update webhook_endpoints set failing_since = coalesce(failing_since, ${now}) where id = ${row.endpoint_id}`);
    const disabled = await queryRows<{ id: number; url: string; failing_since: Date | string; owner_email: string | null }>(
      tx as unknown as Db,
      sql`
      update webhook_endpoints e set enabled = false, disabled_reason = 'failing', updated_at = ${now}
      where e.id = ${row.endpoint_id} and e.enabled
        and e.failing_since <= ${now}::timestamptz - make_interval(secs => ${WEBHOOK_DISABLE_AFTER_MS / 1000})
      returning e.id, e.url, e.failing_since, (select u.email from users u where u.id = e.owner_id) as owner_email`,
    );
    const endpoint = disabled[0];
    if (endpoint?.owner_email) {
      const since = new Date(endpoint.failing_since).toISOString();
      await queueEmail(tx as unknown as Db, deps.deliveryMode, {
        to: endpoint.owner_email,
        kind: "webhook_disabled",
        dedupeKey: `webhook-disabled:${endpoint.id}:${since}`,
        subject: "A webhook endpoint was turned off after a day of failures",
        text: [
          `Staywise could not deliver events to ${endpoint.url} since ${since.slice(0, 16).replace("T", " ")} UTC, so the endpoint was turned off.`,
          `Last error: ${outcome.error}`,
          "",
          `Fix the receiver, then turn the endpoint on again in Webhooks: ${deps.publicUrl}/properties/webhooks`,
          "Events that were waiting are sent again when it is back on.",
        ].join("\n"),
      });
    }
    if (endpoint) deps.logger.warn({ endpointId: endpoint.id }, "webhook endpoint disabled after a day of failures");
  });
}

/**
 * Delivers what is due at `now`, batch after batch until nothing more is due (a booking's next
 * event becomes due once its earlier one is delivered), after removing log rows older than
 * WEBHOOK_LOG_DAYS. Returns how many attempts were made.
 */
export async function deliverDueWebhooks(
  deps: WebhookDeliveryDeps,
  options: { now?: Date; batchSize?: number; maxBatches?: number } = {},
): Promise<number> {
  const now = options.now ?? new Date();
  await deps.db.execute(sql`
    delete from webhook_deliveries where id in (
      select id from webhook_deliveries
      where status in ('delivered', 'failed') and created_at < ${now}::timestamptz - make_interval(days => ${WEBHOOK_LOG_DAYS})
      limit 1000)`);
  let total = 0;
  for (let batch = 0; batch < (options.maxBatches ?? 20); batch += 1) {
    const claimed = await claimDue(deps.db, now, options.batchSize ?? 50);
    if (claimed.length === 0) break;
    for (let i = 0; i < claimed.length; i += PARALLEL_SENDS) {
      await Promise.all(
        claimed.slice(i, i + PARALLEL_SENDS).map(async (row) => {
          const outcome = await attempt(deps, row, now);
          await recordOutcome(deps, row, outcome, now, Number(row.attempts));
        }),
      );
    }
    total += claimed.length;
  }
  return total;
}

/** The delivery side of one app instance: the sealed secrets, the URL policy and the capped POST. */
export function webhookDeliveryDeps(options: {
  db: Db;
  config: { appSecret: string; outboundPrivateHosts: readonly string[]; publicUrl: string };
  deliveryMode: DeliveryMode;
  logger: Logger;
  send?: WebhookSend;
}): WebhookDeliveryDeps {
  const { db, config, deliveryMode, logger } = options;
  const privateHosts = config.outboundPrivateHosts;
  return {
    db,
    secrets: createSecretBox(config.appSecret, WEBHOOK_SECRET_PURPOSE),
    policy: outboundUrlPolicy(config),
    send:
      options.send ??
      ((url, body, headers) =>
        postWithLimits(url, body, headers, { timeoutMs: WEBHOOK_TIMEOUT_MS, maxResponseBytes: WEBHOOK_MAX_RESPONSE_BYTES, privateHosts })),
    deliveryMode,
    publicUrl: config.publicUrl,
    logger,
  };
}
