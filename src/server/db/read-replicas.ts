/**
 * Read replicas (DATABASE_READ_URL): lag-tolerant reads go to PostgreSQL streaming replicas,
 * round-robin; a replica that cannot be reached is marked down, its reads go to the primary, and it
 * is tried again after a pause. See decision 019.
 */
import type pg from "pg";
import type { QueryConfig, QueryResult, QueryResultRow } from "pg";
import { currentRequest } from "../request-context.ts";
import { isDatabaseUnavailable, pgErrorCode } from "./pg-errors.ts";
import { openPool } from "./pg-pool.ts";

export type ReplicaState = "up" | "down";

/** What /readyz shows of a replica: a name by position, never its address. */
export interface ReplicaStatus {
  name: string;
  state: ReplicaState;
}

export interface ReadReplicas {
  /**
   * What Drizzle runs the lag-tolerant reads on, in place of a pg.Pool: the replicas (the primary
   * while none is up, or when the request must read its own writes). client.ts wraps it as `readDb`.
   */
  pool: pg.Pool;
  /**
   * The same routing for the search's prepared statements, over each replica's (and the primary's)
   * search pool (client.ts SEARCH_SESSION_OPTIONS); null when they were not asked for.
   */
  searchPool: pg.Pool | null;
  status(): ReplicaStatus[];
  /** Asks every replica, down ones included, for `select 1` within `timeoutMs` and records the answers. */
  check(timeoutMs: number): Promise<ReplicaStatus[]>;
  /**
   * For /metrics: each replica's state, its pool's connections in use and waiting, and its replay lag
   * in seconds (asked of the replicas that are up, within `timeoutMs`; null when unknown).
   */
  metrics(timeoutMs: number): Promise<ReplicaMetrics[]>;
  /** Called when a replica goes down or comes back. */
  onStateChange: ((status: ReplicaStatus, error?: unknown) => void) | null;
  close(): Promise<void>;
}

export interface ReplicaMetrics extends ReplicaStatus {
  inUse: number;
  waiting: number;
  lagSeconds: number | null;
}

export interface ReadReplicaOptions {
  urls: readonly string[];
  primary: pg.Pool;
  /** Options of every replica pool (size, time limits), as the primary's. */
  poolConfig: Omit<pg.PoolConfig, "connectionString">;
  /** A search pool per replica too, with these options, routed as the others with `primary` to fall back on. */
  search?: { primary: pg.Pool; poolConfig: Omit<pg.PoolConfig, "connectionString"> } | null;
  /** How long a replica that failed is left alone before it is tried again. */
  retryAfterMs?: number;
}

const DEFAULT_RETRY_AFTER_MS = 5_000;
// A standby cancels a query whose rows its replay must remove ("conflict with recovery", 40001):
// the read is still fine on the primary, and the replica is not down.
const RECOVERY_CONFLICT = "40001";
// A read that ran into its own statement or lock time limit would only do the same on the primary.
const OWN_TIME_LIMITS = new Set(["57014", "55P03"]);

interface Replica {
  status: ReplicaStatus;
  pool: pg.Pool;
  searchPool: pg.Pool | null;
  /** While down, the time after which the next read tries it again. */
  retryAt: number;
}

type Query = QueryConfig | string;

/**
 * Stands in for a pg.Pool under Drizzle: every statement goes to the next replica that is up and
 * falls back to the primary when none is, when the request has just written (read-your-writes), or
 * when the replica fails to answer. Its class name contains "Pool", so Drizzle's transactions take a
 * connection with connect() as they do from a real pool.
 */
class ReplicaRoutingPool {
  private next = 0;

  constructor(
    private readonly replicas: Replica[],
    /** Which of a replica's pools this routing uses. */
    private readonly poolOf: (replica: Replica) => pg.Pool,
    private readonly primary: pg.Pool,
    private readonly retryAfterMs: number,
    private readonly changed: (replica: Replica, error?: unknown) => void,
  ) {}

  query<R extends QueryResultRow>(query: Query, values?: unknown[]): Promise<QueryResult<R>> {
    return this.route((pool) => pool.query<R>(query, values));
  }

  connect(): Promise<pg.PoolClient> {
    return this.route((pool) => pool.connect());
  }

  private async route<T>(run: (pool: pg.Pool) => Promise<T>): Promise<T> {
    const replica = currentRequest()?.readFromPrimary ? null : this.pick();
    if (!replica) return run(this.primary);
    try {
      const result = await run(this.poolOf(replica));
      this.markUp(replica);
      return result;
    } catch (error) {
      const code = pgErrorCode(error);
      if (code === RECOVERY_CONFLICT) return run(this.primary);
      if (!isDatabaseUnavailable(error) || (code && OWN_TIME_LIMITS.has(code))) throw error;
      this.markDown(replica, error);
      return run(this.primary);
    }
  }

  /** The next replica in turn that is up, or whose pause after a failure is over (it gets one try). */
  private pick(): Replica | null {
    const now = Date.now();
    for (let i = 0; i < this.replicas.length; i++) {
      const replica = this.replicas[(this.next + i) % this.replicas.length]!;
      if (replica.status.state === "up" || now >= replica.retryAt) {
        this.next = (this.next + i + 1) % this.replicas.length;
        if (replica.status.state === "down") replica.retryAt = now + this.retryAfterMs;
        return replica;
      }
    }
    return null;
  }

  markDown(replica: Replica, error: unknown): void {
    replica.retryAt = Date.now() + this.retryAfterMs;
    if (replica.status.state === "down") return;
    replica.status.state = "down";
    this.changed(replica, error);
  }

  markUp(replica: Replica): void {
    if (replica.status.state === "up") return;
    replica.status.state = "up";
    this.changed(replica);
  }
}

/** Opens one pool per replica URL (connections are made on first use) behind one routing pool. */
export function openReadReplicas(options: ReadReplicaOptions): ReadReplicas {
  const retryAfterMs = options.retryAfterMs ?? DEFAULT_RETRY_AFTER_MS;
  const replicas: Replica[] = options.urls.map((url, i) => {
    const pool = openPool({ ...options.poolConfig, connectionString: url });
    const searchPool = options.search ? openPool({ ...options.search.poolConfig, connectionString: url }) : null;
    return { status: { name: `replica-${i + 1}`, state: "up" }, pool, searchPool, retryAt: 0 };
  });
  const result: ReadReplicas = {
    pool: undefined as unknown as pg.Pool,
    searchPool: null,
    status: () => replicas.map((r) => ({ ...r.status })),
    async check(timeoutMs) {
      await Promise.all(
        replicas.map(async (replica) => {
          const ok = await answersWithin(replica.pool, timeoutMs);
          if (ok) router.markUp(replica);
          else router.markDown(replica, new Error("the replica did not answer the readiness check"));
        }),
      );
      return result.status();
    },
    metrics: (timeoutMs) =>
      Promise.all(
        replicas.map(async (replica) => ({
          ...replica.status,
          inUse: inUse(replica.pool) + (replica.searchPool ? inUse(replica.searchPool) : 0),
          waiting: replica.pool.waitingCount + (replica.searchPool?.waitingCount ?? 0),
          lagSeconds: replica.status.state === "up" ? await replayLag(replica.pool, timeoutMs) : null,
        })),
      ),
    onStateChange: null,
    close: async () => {
      await Promise.all(replicas.flatMap((r) => [r.pool.end(), ...(r.searchPool ? [r.searchPool.end()] : [])]));
    },
  };
  const changed = (replica: Replica, error?: unknown) => result.onStateChange?.({ ...replica.status }, error);
  // Both routings share the replicas' state: one that fails is down for both.
  const router = new ReplicaRoutingPool(replicas, (r) => r.pool, options.primary, retryAfterMs, changed);
  result.pool = router as unknown as pg.Pool;
  const search = options.search;
  if (search) {
    result.searchPool = new ReplicaRoutingPool(replicas, (r) => r.searchPool!, search.primary, retryAfterMs, changed) as unknown as pg.Pool;
  }
  return result;
}

const inUse = (pool: pg.Pool) => pool.totalCount - pool.idleCount;

async function answersWithin(pool: pg.Pool, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const answered = pool.query("select 1").then(
    () => true,
    () => false,
  );
  const ok = await Promise.race([answered, timedOut]);
  clearTimeout(timer);
  return ok;
}

/**
 * How far behind the primary the replica's replay is: now less the commit time of the last
 * transaction it replayed. It grows while the primary commits nothing (nothing to replay), so read
 * it beside the primary's traffic. Null when the replica does not answer in time or is no standby.
 */
async function replayLag(pool: pg.Pool, timeoutMs: number): Promise<number | null> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), timeoutMs);
  });
  const answered = pool
    .query<{ lag: string | null }>(
      "select case when pg_is_in_recovery() then extract(epoch from now() - pg_last_xact_replay_timestamp()) end as lag",
    )
    .then(
      (result) => (result.rows[0]?.lag == null ? null : Math.max(0, Number(result.rows[0].lag))),
      () => null,
    );
  const lag = await Promise.race([answered, timedOut]);
  clearTimeout(timer);
  return lag;
}
