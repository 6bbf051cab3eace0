/**
 * Process-wide counts the /metrics endpoint reports (decision 065): plain numbers, so the code that
 * counts (job rounds, statement time-outs, reconciled payments) pays one addition and needs neither
 * the metrics library nor the metrics being switched on. middleware/metrics.ts reads them at scrape time.
 */
import { pgErrorCode } from "../db/pg-errors.ts";

export type JobRoundOutcome = "run" | "skipped" | "failed";

export interface JobRoundCounts {
  run: number;
  skipped: number;
  failed: number;
}

/** Where a statement time-out surfaced: a request's answer (503) or a background job's round. */
export type TimeoutSource = "request" | "job";

const jobRounds = new Map<string, JobRoundCounts>();
const statementTimeouts: Record<TimeoutSource, number> = { request: 0, job: 0 };
let paymentsReconciled = 0;

/** One round of a background job on this instance: run (here), skipped (another instance had it, or the last one is still running), or failed. */
export function countJobRound(job: string, outcome: JobRoundOutcome): void {
  let counts = jobRounds.get(job);
  if (!counts) {
    counts = { run: 0, skipped: 0, failed: 0 };
    jobRounds.set(job, counts);
  }
  counts[outcome] += 1;
}

/** Bookings the payment reconciliation confirmed (their confirmation had been lost). */
export function countPaymentsReconciled(count: number): void {
  paymentsReconciled += count;
}

/**
 * Counts `error` when it is a statement time-out: PostgreSQL's statement_timeout (SQLSTATE 57014)
 * or node-postgres's own query_timeout for a server that stopped answering.
 */
export function countIfStatementTimeout(error: unknown, source: TimeoutSource): void {
  if (isStatementTimeout(error)) statementTimeouts[source] += 1;
}

function isStatementTimeout(error: unknown): boolean {
  if (pgErrorCode(error) === "57014") return true;
  let current: unknown = error;
  for (let depth = 0; current && typeof current === "object" && depth < 6; depth++) {
    const message = (current as { message?: unknown }).message;
    if (typeof message === "string" && message.includes("Query read timeout")) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** A snapshot for the scrape. */
export function readCounters(): {
  jobRounds: ReadonlyMap<string, Readonly<JobRoundCounts>>;
  statementTimeouts: Readonly<Record<TimeoutSource, number>>;
  paymentsReconciled: number;
} {
  return { jobRounds, statementTimeouts, paymentsReconciled };
}
