/**
 * The cost of the app around the SQL of a search (GUIDE.md section 6: the API adds at most 50 %
 * to the SQL of the same search at p50).
 *
 * For every search of the mix, the statements the search service sends to PostgreSQL are captured
 * in this process (the real service and suppliers over a pg pool, on their second call so caches
 * are warm), with the same text, parameters and row mode. Then each search is timed twice: its
 * statements straight on a pg pool (statements the service had in flight together are sent
 * together), and the same search through the running app's HTTP API (node:http over one kept-alive
 * connection, like the statements' pool, + body; fetch's own cost was ~1.5 ms), in blocks of
 * searches that each series runs in turn. One user, each request waiting for the previous, so
 * neither side queues behind the other. A third series,
 * the same app built in this process and asked with `app.request()` (no socket, no second
 * process), splits the difference into the app's own code and the HTTP hop.
 *
 * Wall time on a busy machine is mostly waiting to be scheduled, so each series also reports the
 * CPU time it cost per search (bench/cpu.ts): this process around the statements and around
 * `app.request()`, the app's process around its HTTP answers, and the PostgreSQL backends of each.
 */
import http from "node:http";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { createApp } from "../src/server/app.ts";
import { loadConfig } from "../src/server/config.ts";
import { type Database, type Db, SEARCH_SESSION_OPTIONS, SESSION_OPTIONS, useNamedStatements } from "../src/server/db/client.ts";
import * as schema from "../src/server/db/schema.ts";
import { createDeps } from "../src/server/deps.ts";
import { createLogger } from "../src/server/logger.ts";
import { searchHotels } from "../src/server/services/search/across-suppliers.ts";
import { SearchQuery } from "../src/shared/search.ts";
import { BENCH_APPLICATION_NAMES, backendCpu, backendCpuBetween, processCpuMs } from "./cpu.ts";
import { type LatencySummary, summarize } from "./load.ts";

/** A statement as the driver received it: text, parameters and options such as the row mode. */
type Statement = pg.QueryConfig & { rowMode?: "array" };
/** Statements the service had in flight at the same time. */
type Wave = Statement[];

export interface SqlVsApiResult {
  searches: number;
  statementsPerSearch: number;
  sqlMs: LatencySummary;
  apiMs: LatencySummary;
  /** The app in this process through `app.request()`: its middleware, service and JSON without the network hop. */
  inProcessMs: LatencySummary;
  /** API p50 over SQL p50: 1.5 means the app adds 50 %. */
  ratioP50: number;
  ratioP95: number;
  /** Median of each search's own API time minus its SQL time. */
  medianOverheadMs: number;
  /** CPU ms per search of each series, and of the PostgreSQL backends that served it. */
  cpuMsPerSearch: {
    /** This process sending the statements and reading their rows (pg). */
    statementsClient: number;
    /** This process running the whole app through `app.request()`. */
    inProcessApp: number;
    /** The app's own process answering over HTTP (includes its share of idle timers). */
    app: number;
    postgresForStatements: number;
    postgresForInProcessApp: number;
    postgresForApp: number;
  };
  non2xx: number;
  budgetRatioP50: number;
  withinBudget: boolean;
}

/** As the app's own pools connect (the same settings, so the same plans): the search's prepared statements have their own. */
const POOL_OPTIONS = { max: 10, options: SESSION_OPTIONS } as const;
const SEARCH_POOL_OPTIONS = { max: 10, options: SEARCH_SESSION_OPTIONS } as const;
/** Searches each series runs back to back before the next series takes its turn. */
const SEARCHES_PER_BLOCK = 25;

const round2 = (v: number) => Math.round(v * 100) / 100;

/**
 * Pools (the app's and its search pool) that can record what the service sends through `query` (searches run single
 * statements, no transaction; a statement on a checked-out client would escape the capture).
 */
function recordingPools(databaseUrl: string) {
  let waves: Wave[] | null = null;
  let inFlight = 0;
  const pool = recording(
    new pg.Pool({ connectionString: databaseUrl, ...POOL_OPTIONS, application_name: BENCH_APPLICATION_NAMES.inProcess }),
  );
  const searchPool = recording(
    new pg.Pool({ connectionString: databaseUrl, ...SEARCH_POOL_OPTIONS, application_name: BENCH_APPLICATION_NAMES.inProcess }),
  );
  function recording(recorded: pg.Pool): pg.Pool {
    recorded.on("error", () => {});
    const query = recorded.query.bind(recorded) as (config: unknown, values?: unknown) => Promise<pg.QueryResult>;
    (recorded as unknown as { query: typeof query }).query = (config, values) => {
      if (waves) {
        const statement: Statement =
          typeof config === "string"
            ? { text: config, values: values as unknown[] }
            : { ...(config as Statement), ...(values ? { values: values as unknown[] } : {}) };
        if (inFlight === 0 || waves.length === 0) waves.push([]);
        waves[waves.length - 1]!.push(statement);
        inFlight++;
        const result = query(config, values);
        const done = () => {
          inFlight--;
        };
        result.then(done, done);
        return result;
      }
      return query(config, values);
    };
    return recorded;
  }
  return {
    pool,
    searchPool,
    end: () => Promise.all([pool.end(), searchPool.end()]),
    async capture(run: () => Promise<unknown>): Promise<Wave[]> {
      waves = [];
      try {
        await run();
        return waves;
      } finally {
        waves = null;
      }
    },
  };
}

/**
 * Names for the captured texts the service had not prepared yet, so the replay, like the app once
 * warm, runs every statement prepared and is not charged the planning the app saves.
 */
const replayNames = new Map<string, string>();

async function timeStatements(pool: pg.Pool, waves: Wave[]): Promise<number> {
  const t0 = performance.now();
  for (const wave of waves) {
    await Promise.all(
      wave.map((s) => {
        if (!s.name && !replayNames.has(s.text)) replayNames.set(s.text, `replay_${replayNames.size + 1}`);
        return pool.query({ ...s, name: s.name ?? replayNames.get(s.text)! });
      }),
    );
  }
  return performance.now() - t0;
}

async function timeInProcess(app: ReturnType<typeof createApp>, path: string): Promise<number> {
  const t0 = performance.now();
  const res = await app.request(`http://localhost${path}`);
  await res.arrayBuffer();
  return performance.now() - t0;
}

/** One kept-alive connection, as the statements' pool keeps its connections. */
const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 1 });

async function timeApi(baseUrl: string, path: string): Promise<{ ms: number; ok: boolean }> {
  const t0 = performance.now();
  const status = await new Promise<number>((resolve, reject) => {
    const req = http.get(baseUrl + path, { agent: keepAlive, timeout: 10_000 }, (res) => {
      res.on("data", () => {});
      res.on("end", () => resolve(res.statusCode ?? 0));
      res.on("error", reject);
    });
    req.on("timeout", () => req.destroy(new Error("timed out")));
    req.on("error", reject);
  });
  return { ms: performance.now() - t0, ok: status >= 200 && status < 300 };
}

export async function measureSearchSqlVsApi(options: {
  databaseUrl: string;
  baseUrl: string;
  /** The app's process, to read its CPU time. */
  appPid: number;
  paths: string[];
  warmup: number;
  budgetRatioP50: number;
  log: (line: string) => void;
}): Promise<SqlVsApiResult> {
  const recorder = recordingPools(options.databaseUrl);
  // Every statement is replayed prepared, as the app's search pool runs its statements.
  const replay = new pg.Pool({
    connectionString: options.databaseUrl,
    ...SEARCH_POOL_OPTIONS,
    application_name: BENCH_APPLICATION_NAMES.replay,
  });
  replay.on("error", () => {});
  const monitor = new pg.Client({ connectionString: options.databaseUrl, application_name: BENCH_APPLICATION_NAMES.monitor });
  await monitor.connect();
  try {
    const db = drizzle(recorder.pool, { schema }) as unknown as Db;
    // As the app's pool runs them: frequent search statements prepared (queryRowsNamed).
    useNamedStatements(db, recorder.searchPool);
    const database: Database = {
      db,
      readDb: db,
      replicas: null,
      kind: "postgres",
      pool: recorder.pool,
      searchPool: recorder.searchPool,
      pglite: null,
      close: async () => {
        await recorder.end();
      },
    };
    const config = loadConfig({
      NODE_ENV: "production",
      DATABASE_URL: options.databaseUrl,
      APP_SECRET: "bench-secret-bench-secret-bench-secret-0",
      LOG_LEVEL: "silent",
    });
    const deps = createDeps(config, database, createLogger("silent"));
    const app = createApp(deps);

    const searches: { path: string; waves: Wave[] }[] = [];
    for (const path of options.paths) {
      const query = SearchQuery.parse(Object.fromEntries(new URL(path, "http://bench").searchParams));
      await searchHotels(deps.suppliers, query);
      searches.push({ path, waves: await recorder.capture(() => searchHotels(deps.suppliers, query)) });
    }
    const statements = searches.reduce((n, s) => n + s.waves.reduce((m, w) => m + w.length, 0), 0);
    options.log(
      `  captured ${statements} statements for ${searches.length} searches (${(statements / searches.length).toFixed(1)} per search)`,
    );

    // The statements were captured from each search's second call, with the service's caches warm
    // (catalogue size, each destination's cities and name matches); the app's process gets the same
    // first call, so the API is not timed resolving destinations the statements never resolve.
    for (const s of searches) await timeApi(options.baseUrl, s.path);
    for (const s of searches.slice(0, options.warmup)) {
      await timeStatements(replay, s.waves);
      await timeApi(options.baseUrl, s.path);
      await timeInProcess(app, s.path);
    }
    const sqlSamples: number[] = [];
    const apiSamples: number[] = [];
    const inProcessSamples: number[] = [];
    const overheads: number[] = [];
    let non2xx = 0;
    const cpu = { statementsClient: 0, inProcessApp: 0, app: 0, postgresForStatements: 0, postgresForInProcessApp: 0, postgresForApp: 0 };
    const ownCpu = () => {
      const usage = process.cpuUsage();
      return (usage.user + usage.system) / 1000;
    };
    const appCpu = () => processCpuMs(options.appPid) ?? NaN;
    // Read around every block of a series: a pool closes a connection idle for 10 s, and its CPU
    // would be lost if read only at the start and the end.
    const timed = async (
      processCpu: () => number,
      who: Parameters<typeof backendCpu>[1],
      run: () => Promise<void>,
    ): Promise<{ processMs: number; postgresMs: number }> => {
      const b0 = await backendCpu(monitor, who);
      const c0 = processCpu();
      await run();
      const c1 = processCpu();
      return { processMs: c1 - c0, postgresMs: backendCpuBetween(b0, await backendCpu(monitor, who)).ms };
    };
    // Blocks of searches: each series runs a block's searches back to back, then the next series
    // runs the same ones. Interleaving every single search left the app's process idle while the
    // other two series ran, so each of its requests also paid for waking an idle process (0.4-1 ms
    // on this machine) that the statements, sent from this always-running process, never paid. The
    // order of the series rotates from block to block, so none always meets the warmer caches.
    const sqlBySearch: number[] = [];
    const apiBySearch: number[] = [];
    for (let start = 0, block = 0; start < searches.length; start += SEARCHES_PER_BLOCK, block++) {
      const chunk = searches.slice(start, start + SEARCHES_PER_BLOCK);
      const steps = [
        async () => {
          const used = await timed(ownCpu, BENCH_APPLICATION_NAMES.replay, async () => {
            for (const [k, s] of chunk.entries()) sqlBySearch[start + k] = await timeStatements(replay, s.waves);
          });
          cpu.statementsClient += used.processMs;
          cpu.postgresForStatements += used.postgresMs;
        },
        async () => {
          const used = await timed(appCpu, { pid: options.appPid }, async () => {
            for (const [k, s] of chunk.entries()) {
              const api = await timeApi(options.baseUrl, s.path);
              if (!api.ok) non2xx++;
              apiBySearch[start + k] = api.ms;
            }
          });
          cpu.app += used.processMs;
          cpu.postgresForApp += used.postgresMs;
        },
        async () => {
          const used = await timed(ownCpu, BENCH_APPLICATION_NAMES.inProcess, async () => {
            for (const s of chunk) inProcessSamples.push(await timeInProcess(app, s.path));
          });
          cpu.inProcessApp += used.processMs;
          cpu.postgresForInProcessApp += used.postgresMs;
        },
      ];
      for (let k = 0; k < steps.length; k++) await steps[(block + k) % steps.length]!();
    }
    for (const [i, sqlMs] of sqlBySearch.entries()) {
      sqlSamples.push(sqlMs);
      apiSamples.push(apiBySearch[i]!);
      overheads.push(apiBySearch[i]! - sqlMs);
    }
    const perSearch = (ms: number) => round2(ms / searches.length);
    const sqlMs = summarize(sqlSamples);
    const apiMs = summarize(apiSamples);
    const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;
    const ratioP50 = ratio(apiMs.p50, sqlMs.p50);
    return {
      searches: searches.length,
      statementsPerSearch: Math.round((statements / searches.length) * 10) / 10,
      sqlMs,
      apiMs,
      inProcessMs: summarize(inProcessSamples),
      ratioP50,
      ratioP95: ratio(apiMs.p95, sqlMs.p95),
      medianOverheadMs: summarize(overheads).p50,
      cpuMsPerSearch: {
        statementsClient: perSearch(cpu.statementsClient),
        inProcessApp: perSearch(cpu.inProcessApp),
        app: perSearch(cpu.app),
        postgresForStatements: perSearch(cpu.postgresForStatements),
        postgresForInProcessApp: perSearch(cpu.postgresForInProcessApp),
        postgresForApp: perSearch(cpu.postgresForApp),
      },
      non2xx,
      budgetRatioP50: options.budgetRatioP50,
      withinBudget: ratioP50 <= options.budgetRatioP50 && non2xx === 0,
    };
  } finally {
    await Promise.all([recorder.end(), replay.end(), monitor.end()]);
  }
}
