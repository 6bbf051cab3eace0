import type { Db } from "./db/client.ts";
import { expireHolds } from "./services/bookings/abandon-and-expire.ts";
import { reconcilePayments } from "./services/bookings/pay-and-confirm.ts";
import type { BookingDeps } from "./services/bookings/records.ts";
import type { Logger } from "./logger.ts";
import { type MailSender, type MailTransport, deliverDueEmails } from "./services/email-outbox.ts";
import { type FxFeedDeps, runFxFeedRound } from "./services/fx-rates.ts";
import { runJobRound } from "./services/job-rounds.ts";
import { countIfStatementTimeout, countJobRound, countPaymentsReconciled } from "./services/metrics-counters.ts";
import { type WebhookDeliveryDeps, deliverDueWebhooks } from "./services/webhook-delivery.ts";
import { type CalendarImportDeps, runCalendarImportRound } from "./services/calendar-imports.ts";
import { clearGuestDataPastRetention } from "./services/privacy.ts";

export interface Worker {
  stop(): Promise<void>;
}

/** Runs `task` every `intervalMs`, never two at once; stop() waits for the running round. */
export function startInterval(name: string, intervalMs: number, logger: Logger, task: () => Promise<unknown>): Worker {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) {
      // The last round is still running: this one is skipped.
      countJobRound(name, "skipped");
      return;
    }
    running = task()
      .then(() => undefined)
      .catch((error: unknown) => {
        countIfStatementTimeout(error, "job");
        logger.error({ err: error, worker: name }, "background task failed");
      })
      .finally(() => {
        running = null;
      });
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

/**
 * Delivers the outbox on every instance at once: each message is claimed by one of them (SKIP
 * LOCKED in deliverDueEmails), so they share the work and never send a message twice.
 */
export function startEmailWorker(db: Db, transport: MailTransport, sender: MailSender, logger: Logger, intervalMs = 2000): Worker {
  // Every instance runs every round (no claim): its rounds are counted here.
  return startInterval("email", intervalMs, logger, async () => {
    try {
      await deliverDueEmails(db, transport, sender);
      countJobRound("email", "run");
    } catch (error) {
      countJobRound("email", "failed");
      throw error;
    }
  });
}

export const BOOKING_JOBS = {
  holdExpiry: { name: "hold-expiry", intervalMs: 30_000, run: expireHolds },
  paymentReconciliation: { name: "payment-reconciliation", intervalMs: 60_000, run: reconcilePayments },
} as const;
export type BookingJob = keyof typeof BOOKING_JOBS;

/**
 * One round of a booking job on behalf of this instance: it runs only if no other instance ran
 * the job within `intervalMs` and none is running it now (`force`: only the latter). Returns the
 * job's count, or null when another instance had the round.
 */
export async function runBookingJobRound(
  deps: BookingDeps,
  job: BookingJob,
  options: { intervalMs?: number; force?: boolean } = {},
): Promise<number | null> {
  const { name, intervalMs, run } = BOOKING_JOBS[job];
  let result: number | null = null;
  await runJobRound(deps.db, name, { intervalMs: options.intervalMs ?? intervalMs, force: options.force ?? false }, async () => {
    result = await run(deps);
  });
  if (job === "paymentReconciliation" && result !== null) countPaymentsReconciled(result);
  return result;
}

/**
 * Frees unpaid holds and confirms paid bookings whose confirmation was lost (with the supplier
 * look-ups and refund retries of the reconciliation), each round on one instance only.
 */
export function startBookingWorkers(deps: BookingDeps, intervalsMs: Partial<Record<BookingJob, number>> = {}): Worker[] {
  return (["holdExpiry", "paymentReconciliation"] as const).map((job) => {
    const intervalMs = intervalsMs[job] ?? BOOKING_JOBS[job].intervalMs;
    return startInterval(BOOKING_JOBS[job].name, intervalMs, deps.logger, () => runBookingJobRound(deps, job, { intervalMs }));
  });
}

/** The booking jobs once at start-up, each unless another instance is running it right now. */
export async function runBookingJobsAtStart(deps: BookingDeps): Promise<{ reconciled: number | null; expired: number | null }> {
  const reconciled = await runBookingJobRound(deps, "paymentReconciliation", { force: true });
  const expired = await runBookingJobRound(deps, "holdExpiry", { force: true });
  return { reconciled, expired };
}

/** The exchange-rate feed's job: a round an hour across all instances; a round fetches only when the rates are a day old. */
export const FX_FEED_JOB = { name: "fx-rates-feed", intervalMs: 60 * 60_000 } as const;

/**
 * One round of the feed job on behalf of this instance (decision 018's claim): null when another
 * instance had the round, else what the round did.
 */
export async function runFxFeedJobRound(deps: FxFeedDeps, intervalMs: number = FX_FEED_JOB.intervalMs) {
  let outcome: Awaited<ReturnType<typeof runFxFeedRound>> | null = null;
  await runJobRound(deps.db, FX_FEED_JOB.name, { intervalMs }, async () => {
    outcome = await runFxFeedRound(deps);
  });
  return outcome;
}

/** Keeps the display-currency rates from FX_RATES_URL: a round now (in the background) and then every hour. */
export function startFxFeedWorker(deps: FxFeedDeps): Worker {
  const first = runFxFeedJobRound(deps).catch((error: unknown) =>
    deps.logger.error({ err: error, worker: FX_FEED_JOB.name }, "background task failed"),
  );
  const interval = startInterval(FX_FEED_JOB.name, FX_FEED_JOB.intervalMs, deps.logger, () => runFxFeedJobRound(deps));
  return {
    async stop() {
      await Promise.all([first, interval.stop()]);
    },
  };
}

/** The webhook outbox's job: a round every few seconds across all instances (decision 057). */
export const WEBHOOK_JOB = { name: "webhook-delivery", intervalMs: 5000 } as const;

/** Delivers due webhooks, each round on one instance only (the rows are claimed with SKIP LOCKED as well). */
export function startWebhookWorker(deps: WebhookDeliveryDeps, intervalMs: number = WEBHOOK_JOB.intervalMs): Worker {
  return startInterval(WEBHOOK_JOB.name, intervalMs, deps.logger, () =>
    runJobRound(deps.db, WEBHOOK_JOB.name, { intervalMs }, () => deliverDueWebhooks(deps)),
  );
}

/** The calendar import's job: a round a minute across all instances fetches the feeds that are due (decision 058). */
export const CALENDAR_IMPORT_JOB = { name: "calendar-import", intervalMs: 60_000 } as const;

/** One round of the calendar import on behalf of this instance: null when another instance had it, else the feeds synced. */
export async function runCalendarImportJobRound(deps: CalendarImportDeps, intervalMs: number = CALENDAR_IMPORT_JOB.intervalMs, now?: Date) {
  let synced: number | null = null;
  await runJobRound(deps.db, CALENDAR_IMPORT_JOB.name, { intervalMs }, async () => {
    synced = await runCalendarImportRound(deps, now);
  });
  return synced;
}

/** Syncs due imported calendars, each round on one instance only (the feeds are claimed with SKIP LOCKED as well). */
export function startCalendarImportWorker(deps: CalendarImportDeps, intervalMs: number = CALENDAR_IMPORT_JOB.intervalMs): Worker {
  return startInterval(CALENDAR_IMPORT_JOB.name, intervalMs, deps.logger, () => runCalendarImportJobRound(deps, intervalMs));
}

/**
 * The guest-data retention job (decision 071): a round a day across all instances; each instance
 * looks every hour whether the day's round is due, so instances restarted more often than daily
 * still run it.
 */
export const GUEST_DATA_RETENTION_JOB = { name: "guest-data-retention", intervalMs: 24 * 60 * 60_000, checkEveryMs: 60 * 60_000 } as const;

/** One round of the retention job on behalf of this instance: null when another instance had it, else the bookings cleared. */
export async function runGuestDataRetentionJobRound(db: Db, now?: Date, intervalMs: number = GUEST_DATA_RETENTION_JOB.intervalMs) {
  let cleared: number | null = null;
  await runJobRound(db, GUEST_DATA_RETENTION_JOB.name, { intervalMs }, async () => {
    cleared = await clearGuestDataPastRetention(db, now);
  });
  return cleared;
}

/** Clears the guest details of bookings past their legal period: a round now (in the background) if due, then hourly checks. */
export function startGuestDataRetentionWorker(db: Db, logger: Logger): Worker {
  async function round() {
    const cleared = await runGuestDataRetentionJobRound(db);
    if (cleared) logger.info({ worker: GUEST_DATA_RETENTION_JOB.name, cleared }, "guest details cleared after the legal period");
  }
  const first = round().catch((error: unknown) =>
    logger.error({ err: error, worker: GUEST_DATA_RETENTION_JOB.name }, "background task failed"),
  );
  const interval = startInterval(GUEST_DATA_RETENTION_JOB.name, GUEST_DATA_RETENTION_JOB.checkEveryMs, logger, round);
  return {
    async stop() {
      await Promise.all([first, interval.stop()]);
    },
  };
}
