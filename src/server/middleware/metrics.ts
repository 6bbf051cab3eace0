/**
 * /metrics in the Prometheus text format (decision 065, docs/metrics.md), through prom-client. Off
 * unless METRICS_ENABLED, and then answered only to `Authorization: Bearer <METRICS_TOKEN>`.
 *
 * The request path pays for two numbers and one histogram observation per request: the series of a
 * (method, route pattern, status) is found in nested maps without building a key, counts are plain
 * numbers handed to the counter at scrape time, and the histogram observes through a cached child.
 * Everything that needs the database is read at scrape time with one cheap statement under a short
 * time limit.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Context, MiddlewareHandler } from "hono";
import { routePath } from "hono/route";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import { queryRows } from "../db/client.ts";
import { DomainError } from "../domain-error.ts";
import type { AppDeps, AppEnv } from "../http/types.ts";
import { readCounters } from "../services/metrics-counters.ts";

/** Request durations in seconds: from a cached answer (a few ms) to the request time limit's neighbourhood. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const BEARER = /^Bearer +(\S+) *$/i;
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

interface Series {
  labels: { method: string; route: string; status: string };
  count: number;
  reported: number;
  observe: (seconds: number) => void;
}

export interface AppMetrics {
  /** Counts and times every request; goes first, so its time covers the whole answer. */
  middleware: MiddlewareHandler<AppEnv>;
  /** GET /metrics: the bearer check, the scrape-time gauges, the text. */
  scrape: (c: Context<AppEnv>) => Promise<Response>;
}

/** Scrape-time figures from the primary database, or null when it did not answer in time. */
interface DatabaseFigures {
  holdsPending: number;
  holdsOverdue: number;
  outboxDepth: number;
  outboxOldestSeconds: number;
}

function digest(value: string): Buffer {
  return createHash("sha256").update(value).digest();
}

export function createMetrics(deps: AppDeps, token: string): AppMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const { database } = deps;
  const timeoutMs = deps.config.readyTimeoutMs;

  // --- Requests -----------------------------------------------------------------------------------
  const bySeries = new Map<string, Map<number, Series>>();
  let inFlight = 0;
  new Counter({
    name: "staywise_http_requests_total",
    help: "HTTP requests answered, by method, route pattern (never the raw path) and status.",
    labelNames: ["method", "route", "status"],
    registers,
    collect() {
      for (const statuses of bySeries.values()) {
        for (const series of statuses.values()) {
          const delta = series.count - series.reported;
          if (delta > 0) {
            this.inc(series.labels, delta);
            series.reported = series.count;
          }
        }
      }
    },
  });
  const durations = new Histogram({
    name: "staywise_http_request_duration_seconds",
    help: "Time from the request reaching the app to its answer, by method, route pattern and status.",
    labelNames: ["method", "route", "status"],
    buckets: DURATION_BUCKETS,
    registers,
  });
  new Gauge({
    name: "staywise_http_requests_in_flight",
    help: "Requests being answered now.",
    registers,
    collect() {
      this.set(inFlight);
    },
  });

  function seriesFor(method: string, route: string, status: number): Series {
    let statuses = bySeries.get(route);
    if (!statuses) {
      statuses = new Map();
      bySeries.set(route, statuses);
    }
    const methodIndex = METHODS.indexOf(method as (typeof METHODS)[number]);
    const key = status * 8 + (methodIndex === -1 ? 7 : methodIndex);
    let series = statuses.get(key);
    if (!series) {
      const labels = { method: methodIndex === -1 ? "OTHER" : method, route, status: String(status) };
      series = { labels, count: 0, reported: 0, observe: durations.labels(labels).observe };
      statuses.set(key, series);
    }
    return series;
  }

  const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    const started = performance.now();
    inFlight += 1;
    let status = 500;
    try {
      await next();
      status = c.res.status;
    } finally {
      inFlight -= 1;
      // The pattern of the route that answered ("/api/hotels/:id"); "*" when none did (a 404, the client's pages).
      const series = seriesFor(c.req.method, routePath(c) || "*", status);
      series.count += 1;
      series.observe((performance.now() - started) / 1000);
    }
  };

  // --- Database -----------------------------------------------------------------------------------
  const pool = database.pool;
  if (pool) {
    const max = (pool as unknown as { options?: { max?: number } }).options?.max;
    // "search" is the primary's second pool, where the search's prepared statements run (decision 085).
    const pools = [{ name: "primary", pool }, ...(database.searchPool ? [{ name: "search", pool: database.searchPool }] : [])];
    new Gauge({
      name: "staywise_db_pool_connections",
      help: "Connections of a PostgreSQL pool by state (in_use, idle); pool is primary or search.",
      labelNames: ["pool", "state"],
      registers,
      collect() {
        for (const { name, pool: p } of pools) {
          this.set({ pool: name, state: "in_use" }, p.totalCount - p.idleCount);
          this.set({ pool: name, state: "idle" }, p.idleCount);
        }
      },
    });
    new Gauge({
      name: "staywise_db_pool_waiting",
      help: "Statements waiting for a free connection of a PostgreSQL pool.",
      labelNames: ["pool"],
      registers,
      collect() {
        for (const { name, pool: p } of pools) this.set({ pool: name }, p.waitingCount);
      },
    });
    if (max) {
      new Gauge({ name: "staywise_db_pool_max", help: "Connections each pool may open (DATABASE_POOL_SIZE).", registers }).set(max);
    }
  }
  new Gauge({
    name: "staywise_db_info",
    help: "The database engine: pglite (embedded, one connection, no pool figures) or postgres.",
    labelNames: ["kind"],
    registers,
  }).set({ kind: database.kind }, 1);

  new Counter({
    name: "staywise_db_statement_timeouts_total",
    help: "Statements cut off by their time limit (statement_timeout or the client's query time-out), by where they surfaced.",
    labelNames: ["source"],
    registers,
    collect() {
      const counts = readCounters().statementTimeouts;
      this.reset();
      this.inc({ source: "request" }, counts.request);
      this.inc({ source: "job" }, counts.job);
    },
  });

  // Only with DATABASE_READ_URL: an installation without replicas shows no replica series.
  const replicaGauges = database.replicas
    ? {
        up: new Gauge({
          name: "staywise_db_replica_up",
          help: "1 when a read replica takes reads, 0 while it is marked down (its reads go to the primary).",
          labelNames: ["replica"],
          registers,
        }),
        lag: new Gauge({
          name: "staywise_db_replica_lag_seconds",
          help: "How far a read replica's replay is behind (now less its last replayed commit); absent when unknown.",
          labelNames: ["replica"],
          registers,
        }),
        inUse: new Gauge({
          name: "staywise_db_replica_pool_connections_in_use",
          help: "Connections of a read replica's pool in use.",
          labelNames: ["replica"],
          registers,
        }),
        waiting: new Gauge({
          name: "staywise_db_replica_pool_waiting",
          help: "Statements waiting for a connection of a read replica's pool.",
          labelNames: ["replica"],
          registers,
        }),
      }
    : null;

  const holdsPending = new Gauge({ name: "staywise_holds_pending", help: "Unpaid holds (bookings pending payment).", registers });
  const holdsOverdue = new Gauge({
    name: "staywise_holds_overdue",
    help: "Unpaid holds past their expiry that the hold-expiry job has not freed yet.",
    registers,
  });
  const outboxDepth = new Gauge({
    name: "staywise_email_outbox_depth",
    help: "E-mails waiting to be sent (pending or being sent); the in-app mailbox's kept messages are not counted.",
    registers,
  });
  const outboxOldest = new Gauge({
    name: "staywise_email_outbox_oldest_age_seconds",
    help: "Age of the oldest e-mail not sent yet; 0 when the outbox is empty.",
    registers,
  });
  const scrapeDb = new Gauge({
    name: "staywise_metrics_db_up",
    help: "1 when this scrape's database figures answered within the time limit, else 0 (the figures keep their last values).",
    registers,
  });

  // --- Background work ------------------------------------------------------------------------------
  new Counter({
    name: "staywise_job_rounds_total",
    help: "Background job rounds on this instance: run here, skipped (another instance had the round, or the last one still ran) or failed.",
    labelNames: ["job", "outcome"],
    registers,
    collect() {
      this.reset();
      for (const [job, counts] of readCounters().jobRounds) {
        this.inc({ job, outcome: "run" }, counts.run);
        this.inc({ job, outcome: "skipped" }, counts.skipped);
        this.inc({ job, outcome: "failed" }, counts.failed);
      }
    },
  });
  new Counter({
    name: "staywise_payments_reconciled_total",
    help: "Paid bookings the payment reconciliation confirmed after their confirmation was lost.",
    registers,
    collect() {
      this.reset();
      this.inc(readCounters().paymentsReconciled);
    },
  });
  new Gauge({
    name: "staywise_photo_decode_running",
    help: "Photos being decoded now (PHOTO_DECODE_SLOTS at most).",
    registers,
    collect() {
      this.set(deps.photoDecoding.stats().running);
    },
  });
  new Gauge({
    name: "staywise_photo_decode_queue_length",
    help: "Photos waiting for a decode slot (PHOTO_DECODE_QUEUE at most).",
    registers,
    collect() {
      this.set(deps.photoDecoding.stats().waiting);
    },
  });
  new Counter({
    name: "staywise_photo_decode_refused_total",
    help: "Photo uploads answered 503 because the decode queue was full.",
    registers,
    collect() {
      this.reset();
      this.inc(deps.photoDecoding.stats().refused);
    },
  });
  new Gauge({
    name: "staywise_draining",
    help: "1 once the instance is stopping (readiness fails, connections close).",
    registers,
    collect() {
      this.set(deps.lifecycle.draining ? 1 : 0);
    },
  });

  /** One statement on the primary, under its own short time limit; partial indexes keep it cheap on a booked catalogue. */
  async function databaseFigures(): Promise<DatabaseFigures | null> {
    const statement = sql`
      select
        (select count(*) from bookings where status = 'pending')::int as holds_pending,
        (select count(*) from bookings where status = 'pending' and hold_expires_at < now())::int as holds_overdue,
        (select count(*) from email_outbox where status in ('pending', 'sending'))::int as outbox_depth,
        coalesce((select extract(epoch from now() - min(created_at)) from email_outbox where status in ('pending', 'sending')), 0)::float8
          as outbox_oldest_seconds`;
    type Row = { holds_pending: number; holds_overdue: number; outbox_depth: number; outbox_oldest_seconds: number };
    const run =
      database.kind === "postgres"
        ? // The server cancels it past the limit, so a slow scrape never piles statements up.
          deps.db.transaction(async (tx) => {
            await tx.execute(sql.raw(`set local statement_timeout = ${Math.max(1, Math.floor(timeoutMs))}`));
            return queryRows<Row>(tx, statement);
          })
        : queryRows<Row>(deps.db, statement);
    // The guard for what no statement limit covers: PGlite (no time-outs), a wait for a pool connection, a server that stopped answering.
    const guardMs = database.kind === "postgres" ? timeoutMs + deps.config.databaseTimeouts.connectMs : timeoutMs;
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), guardMs);
    });
    const answered = run.then(
      (rows) => {
        const row = rows[0];
        return row
          ? {
              holdsPending: Number(row.holds_pending),
              holdsOverdue: Number(row.holds_overdue),
              outboxDepth: Number(row.outbox_depth),
              outboxOldestSeconds: Number(row.outbox_oldest_seconds),
            }
          : null;
      },
      (error: unknown) => {
        deps.logger.warn({ err: error }, "metrics: the database figures failed");
        return null;
      },
    );
    const figures = await Promise.race([answered, timedOut]);
    clearTimeout(timer);
    return figures;
  }

  async function refreshScrapeTimeGauges(): Promise<void> {
    const [figures, replicas] = await Promise.all([databaseFigures(), database.replicas?.metrics(timeoutMs)]);
    scrapeDb.set(figures ? 1 : 0);
    if (figures) {
      holdsPending.set(figures.holdsPending);
      holdsOverdue.set(figures.holdsOverdue);
      outboxDepth.set(figures.outboxDepth);
      outboxOldest.set(figures.outboxOldestSeconds);
    }
    if (!replicaGauges || !replicas) return;
    for (const replica of replicas) {
      const labels = { replica: replica.name };
      replicaGauges.up.set(labels, replica.state === "up" ? 1 : 0);
      replicaGauges.inUse.set(labels, replica.inUse);
      replicaGauges.waiting.set(labels, replica.waiting);
      if (replica.lagSeconds === null) replicaGauges.lag.remove(labels);
      else replicaGauges.lag.set(labels, replica.lagSeconds);
    }
  }

  const expected = digest(token);
  let scraping: Promise<string> | null = null;

  return {
    middleware,
    async scrape(c) {
      c.header("Cache-Control", "no-store");
      // Hashes of equal length compared in constant time: neither the token nor its length leaks through timing.
      const given = BEARER.exec(c.req.header("authorization") ?? "")?.[1] ?? "";
      if (!timingSafeEqual(digest(given), expected)) {
        c.header("WWW-Authenticate", 'Bearer realm="metrics"');
        throw new DomainError("UNAUTHENTICATED", "Send the metrics token as Authorization: Bearer <METRICS_TOKEN>.");
      }
      // Scrapes that arrive together share one round of queries.
      scraping ??= refreshScrapeTimeGauges()
        .then(() => registry.metrics())
        .finally(() => {
          scraping = null;
        });
      const text = await scraping;
      return c.body(text, 200, { "Content-Type": registry.contentType });
    },
  };
}
