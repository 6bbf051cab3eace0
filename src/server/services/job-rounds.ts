/**
 * Background jobs that must run once per round across every app instance on one database (decision
 * 018). The round is claimed with one conditional upsert on `job_rounds`: it succeeds only when no
 * round started within the interval and no instance holds the lease, so of any number of instances
 * whose timers fire together exactly one runs the round. The lease frees the job again if the
 * instance running it dies; the jobs themselves stay safe to overlap (their items are claimed with
 * conditional updates), so a round that outlives its lease costs duplicate calls, never duplicate effects.
 */
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../db/client.ts";
import { countJobRound } from "./metrics-counters.ts";

export interface JobRoundOptions {
  /** How often the job runs; a round is due once the last one started this long ago (less a little timer drift). */
  intervalMs: number;
  /** How long a claimed round keeps others out if its instance never finishes it. */
  leaseMs?: number;
  /** Run now unless another instance is running the job (start-up rounds), whenever the last round was. */
  force?: boolean;
}

const DEFAULT_LEASE_MS = 5 * 60_000;

/** Timers of different instances drift; a round this much early still counts as due. */
function dueAfterMs(intervalMs: number): number {
  return intervalMs - Math.min(1000, intervalMs / 10);
}

/** Claims the current round of `job`; returns the claim's holder token, or null when it is not this caller's to run. */
export async function claimJobRound(db: Db, job: string, options: JobRoundOptions): Promise<string | null> {
  const holder = `${hostname()}/${process.pid}/${randomUUID()}`;
  const leaseSeconds = (options.leaseMs ?? DEFAULT_LEASE_MS) / 1000;
  const dueSeconds = options.force ? 0 : dueAfterMs(options.intervalMs) / 1000;
  const rows = await queryRows<{ holder: string }>(
    db,
    sql`
    insert into job_rounds (job, round_started_at, locked_until, holder)
    values (${job}, now(), now() + make_interval(secs => ${leaseSeconds}), ${holder})
    on conflict (job) do update set round_started_at = excluded.round_started_at, locked_until = excluded.locked_until, holder = excluded.holder
    where (job_rounds.locked_until is null or job_rounds.locked_until < now())
      and job_rounds.round_started_at <= now() - make_interval(secs => ${dueSeconds})
    returning holder`,
  );
  return rows[0]?.holder ?? null;
}

/** Ends a claimed round: the next one may start once it is due. */
export async function releaseJobRound(db: Db, job: string, holder: string): Promise<void> {
  await db.execute(sql`update job_rounds set locked_until = null where job = ${job} and holder = ${holder}`);
}

/**
 * Runs `task` as this round of `job` if this caller claims it; returns whether it ran. Any number of
 * instances may call it at once: exactly one runs each round.
 */
export async function runJobRound(db: Db, job: string, options: JobRoundOptions, task: () => Promise<unknown>): Promise<boolean> {
  let holder: string | null;
  try {
    holder = await claimJobRound(db, job, options);
  } catch (error) {
    countJobRound(job, "failed");
    throw error;
  }
  if (!holder) {
    countJobRound(job, "skipped");
    return false;
  }
  try {
    await task();
    countJobRound(job, "run");
  } catch (error) {
    countJobRound(job, "failed");
    throw error;
  } finally {
    await releaseJobRound(db, job, holder);
  }
  return true;
}
