import type { Db } from "./db/client.ts";
import { expireHolds } from "./services/bookings/abandon-and-expire.ts";
import { reconcilePayments } from "./services/bookings/pay-and-confirm.ts";
import type { BookingDeps } from "./services/bookings/records.ts";
import type { Logger } from "./logger.ts";
import { type MailTransport, deliverDueEmails } from "./services/email-outbox.ts";

export interface Worker {
  stop(): Promise<void>;
}

/** Runs `task` every `intervalMs`, never two at once; stop() waits for the running round. */
export function startInterval(name: string, intervalMs: number, logger: Logger, task: () => Promise<unknown>): Worker {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = task()
      .then(() => undefined)
      .catch((error: unknown) => logger.error({ err: error, worker: name }, "background task failed"))
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

export function startEmailWorker(db: Db, transport: MailTransport, from: string, logger: Logger): Worker {
  return startInterval("email", 2000, logger, () => deliverDueEmails(db, transport, from));
}

/** Frees unpaid holds and confirms paid bookings whose confirmation was lost. */
export function startBookingWorkers(deps: BookingDeps): Worker[] {
  return [
    startInterval("hold-expiry", 30_000, deps.logger, () => expireHolds(deps)),
    startInterval("payment-reconciliation", 60_000, deps.logger, () => reconcilePayments(deps)),
  ];
}
