/**
 * /metrics on PostgreSQL (decision 065): the pool's figures, a "replica" (here a second pool on the
 * primary itself, which is no standby: no lag is reported) and the scrape's own short time limit.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../../src/server/db/client.ts";
import { migrateDatabase } from "../../src/server/db/migrate.ts";
import { type TempDatabase, createTempDatabase } from "../support/pg.ts";
import { type ReplicaCluster, findPostgresBin, startReplicaCluster } from "../support/replica-cluster.ts";
import { type TestApp, createTestApp } from "../support/test-app.ts";

const TOKEN = "metrics-token-0123456789-abcdefghij";

function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels)
    .map(([k, v]) => `${k}="${v}"`)
    .join(",");
  const prefix = wanted ? `${name}{${wanted}} ` : `${name} `;
  const line = text.split("\n").find((l) => l.startsWith(prefix));
  return line === undefined ? undefined : Number(line.slice(prefix.length));
}

describe("/metrics on PostgreSQL", () => {
  let temp: TempDatabase;
  let database: Database;
  let t: TestApp;

  beforeAll(async () => {
    temp = await createTempDatabase();
    database = await openDatabase({
      databaseUrl: temp.url,
      readUrls: [temp.url],
      pgliteDir: null,
      poolSize: 7,
      timeouts: { connectMs: 2000, statementMs: 10_000, idleInTransactionMs: 10_000 },
    });
    await migrateDatabase(database);
    t = await createTestApp({ METRICS_ENABLED: "true", METRICS_TOKEN: TOKEN, READY_TIMEOUT_MS: "300" }, database);
  });
  afterAll(async () => {
    await database?.close();
    await temp?.drop();
  });

  async function scrape(): Promise<string> {
    const res = await t.request("GET", "/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status, await res.clone().text()).toBe(200);
    return res.text();
  }

  it("shows the pool's connections in use, idle and waiting, and the replica's state", async () => {
    const text = await scrape();
    expect(sample(text, "staywise_db_info", { kind: "postgres" })).toBe(1);
    expect(sample(text, "staywise_db_pool_max")).toBe(7);
    expect(sample(text, "staywise_db_pool_connections", { pool: "primary", state: "in_use" })).toBeGreaterThanOrEqual(0);
    expect(sample(text, "staywise_db_pool_connections", { pool: "primary", state: "idle" })).toBeGreaterThanOrEqual(0);
    expect(sample(text, "staywise_db_pool_waiting", { pool: "primary" })).toBe(0);
    // The search's own pool (decision 085) is shown beside the primary's.
    expect(sample(text, "staywise_db_pool_connections", { pool: "search", state: "idle" })).toBeGreaterThanOrEqual(0);
    expect(sample(text, "staywise_db_pool_waiting", { pool: "search" })).toBe(0);
    expect(sample(text, "staywise_db_replica_up", { replica: "replica-1" })).toBe(1);
    expect(sample(text, "staywise_db_replica_pool_waiting", { replica: "replica-1" })).toBe(0);
    // The "replica" is the primary, which is not in recovery: its lag is unknown, so not shown.
    expect(sample(text, "staywise_db_replica_lag_seconds", { replica: "replica-1" })).toBeUndefined();
    expect(sample(text, "staywise_metrics_db_up")).toBe(1);
    expect(sample(text, "staywise_holds_pending")).toBe(0);
  });

  it("gives up on the database figures at its time limit, still answers, and leaves no statement behind", async () => {
    // Another session locks the outbox: the scrape's count waits for the lock until its statement_timeout.
    const blocker = new pg.Client({ connectionString: temp.url });
    await blocker.connect();
    try {
      await blocker.query("begin");
      await blocker.query("lock table email_outbox in access exclusive mode");
      const text = await scrape();
      expect(sample(text, "staywise_metrics_db_up")).toBe(0);
      // The server cancelled the scrape's statement (set local statement_timeout), so nothing is left waiting on the lock.
      const waiting = await blocker.query<{ n: string }>(
        "select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
      );
      expect(Number(waiting.rows[0]!.n)).toBe(0);
    } finally {
      await blocker.query("rollback");
      await blocker.end();
    }
    expect(sample(await scrape(), "staywise_metrics_db_up")).toBe(1);
  });
});

const bin = findPostgresBin();

describe.skipIf(!bin)("/metrics with a real streaming replica", () => {
  let cluster: ReplicaCluster | undefined;
  let database: Database | undefined;
  let t: TestApp;

  beforeAll(async () => {
    cluster = await startReplicaCluster(bin!);
    const admin = new pg.Client({ connectionString: cluster.primaryUrl("postgres") });
    await admin.connect();
    await admin.query("create database staywise_metrics_replica");
    await admin.end();
    const setup = await openDatabase({ databaseUrl: cluster.primaryUrl("staywise_metrics_replica"), pgliteDir: null, poolSize: 2 });
    try {
      await migrateDatabase(setup);
    } finally {
      await setup.close();
    }
    await cluster.waitForReplay();
    database = await openDatabase({
      databaseUrl: cluster.primaryUrl("staywise_metrics_replica"),
      readUrls: [cluster.replicaUrl("staywise_metrics_replica")],
      pgliteDir: null,
      poolSize: 4,
      timeouts: { connectMs: 2000, statementMs: 10_000, idleInTransactionMs: 10_000 },
    });
    t = await createTestApp({ METRICS_ENABLED: "true", METRICS_TOKEN: TOKEN, READY_TIMEOUT_MS: "5000" }, database);
  }, 240_000);

  afterAll(async () => {
    await database?.close();
    await cluster?.stop();
  }, 120_000);

  it("shows the replica up with its replay lag in seconds", async () => {
    const res = await t.request("GET", "/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(sample(text, "staywise_db_replica_up", { replica: "replica-1" })).toBe(1);
    const lag = sample(text, "staywise_db_replica_lag_seconds", { replica: "replica-1" });
    expect(lag).toBeTypeOf("number");
    expect(lag).toBeGreaterThanOrEqual(0);
  });
});
