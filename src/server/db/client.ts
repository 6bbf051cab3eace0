import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { Column, Param, SQL, StringChunk, Table } from "drizzle-orm";
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import pg from "pg";
import { openPool } from "./pg-pool.ts";
import { type ReadReplicas, openReadReplicas } from "./read-replicas.ts";
import * as schema from "./schema.ts";
import { type StatementObserver, observePgliteStatements, observePoolStatements } from "./statement-hooks.ts";

export type Schema = typeof schema;
/** The Drizzle database both engines share; code never needs to know which one it talks to. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  /**
   * For reads that tolerate a second of lag (search, hotel pages, suggestions, site figures, public
   * reviews): the read replicas when DATABASE_READ_URL is set, otherwise the same as `db`.
   */
  readDb: Db;
  /** The read replicas' pools and health; null without DATABASE_READ_URL (and always on PGlite). */
  replicas: ReadReplicas | null;
  kind: "pglite" | "postgres";
  /** The pg pool when on PostgreSQL (for COPY and advisory locks). */
  pool: pg.Pool | null;
  /** The pool of the search's prepared statements (generic plans, decision 085); null on PGlite or without prepared statements. */
  searchPool: pg.Pool | null;
  /** The PGlite instance when embedded. */
  pglite: PGlite | null;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent the embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /** PostgreSQL streaming replicas for lag-tolerant reads (needs `databaseUrl`). */
  readUrls?: readonly string[] | undefined;
  /** Folder of the PGlite data; `null` keeps it in memory (tests). */
  pgliteDir: string | null;
  /**
   * A PGlite data directory dump (`dumpDataDir`) to start from instead of an empty cluster: an
   * in-memory test database opens from a migrated template in a fraction of initdb's time.
   */
  pgliteTemplate?: Blob | undefined;
  poolSize?: number;
  /** Sees every statement of the primary (the optional tracing); absent: the drivers are left as they are. */
  statements?: StatementObserver | undefined;
  /**
   * PostgreSQL time limits for serving requests: without them a frozen server hangs every query for
   * as long as it is frozen. Left out by migrations and bulk seeding, whose statements may run long.
   */
  timeouts?: { connectMs: number; statementMs: number; idleInTransactionMs: number } | undefined;
  /** Let queryRowsNamed prepare frequent statements (default true); false for a pooler that cannot keep them. */
  preparedStatements?: boolean;
}

/**
 * Settings of every connection that serves requests (and of the benchmarks that replay their
 * statements). JIT compiles any query whose estimate passes jit_above_cost; search queries over a
 * large catalogue are estimated high but stop after a few hundred rows (LIMIT), so JIT would add
 * 150-1,000 ms of compiling to a 5 ms query. Short queries are all this app runs. Parallel plans
 * likewise: on the 2M catalogue the planner chose, for the walk of ~200 hotels matched by name, a
 * parallel scan of a whole city index (2.2 s, two worker processes started for one search) over
 * 200 primary-key probes (23 ms). Under load, requests are the parallelism.
 */
export const SESSION_OPTIONS = "-c jit=off -c max_parallel_workers_per_gather=0";

/**
 * Settings of the connections that run the search's prepared statements (queryRowsNamed, decision
 * 085): each keeps one generic plan per statement instead of planning it again for every search. Left
 * to choose, PostgreSQL planned most of them every time (a generic plan looks dearer than a custom one
 * with its LIMIT and array parameters unknown), which was a quarter of a search's database time on the
 * 2M catalogue; the generic plans walk the same indexes and give the same answers.
 */
export const SEARCH_SESSION_OPTIONS = `${SESSION_OPTIONS} -c plan_cache_mode=force_generic_plan`;

/**
 * How long a search connection may sit idle before the pool closes it: 5 minutes, not node-postgres'
 * 10 s. A connection keeps the search's prepared statements and their generic plans (SEARCH_SESSION_OPTIONS),
 * and a new one plans every text again, 1.5-5 ms each for ~65 texts of the bench mix (pg_stat_statements
 * on the booked 2M catalogue). At 10 s, the pool's less used connections closed between the bursts of
 * a steady load and were opened again in the next burst, planning in the middle of it.
 */
export const SEARCH_POOL_IDLE_MS = 300_000;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const timeouts = options.timeouts;
    const poolConfig: Omit<pg.PoolConfig, "connectionString"> = {
      max: options.poolSize ?? 10,
      ...(timeouts
        ? {
            connectionTimeoutMillis: timeouts.connectMs,
            // The server cancels a statement that runs (or waits for a lock) too long...
            statement_timeout: timeouts.statementMs,
            idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
            // ...and the client gives up on a server that stopped answering altogether, a little later.
            query_timeout: timeouts.statementMs + timeouts.connectMs,
          }
        : {}),
      options: SESSION_OPTIONS,
    };
    const pool = openPool({ ...poolConfig, connectionString: options.databaseUrl });
    // The search's prepared statements on connections of their own (SEARCH_SESSION_OPTIONS); opened on first use.
    const searchConfig = { ...poolConfig, options: SEARCH_SESSION_OPTIONS, idleTimeoutMillis: SEARCH_POOL_IDLE_MS };
    const searchPool = options.preparedStatements !== false ? openPool({ ...searchConfig, connectionString: options.databaseUrl }) : null;
    if (options.statements) {
      observePoolStatements(pool, options.statements);
      if (searchPool) observePoolStatements(searchPool, options.statements);
    }
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const replicas = options.readUrls?.length
      ? openReadReplicas({
          urls: options.readUrls,
          primary: pool,
          poolConfig,
          search: searchPool ? { primary: searchPool, poolConfig: searchConfig } : null,
        })
      : null;
    const readDb = replicas ? (drizzlePg(replicas.pool, { schema }) as unknown as Db) : db;
    if (searchPool) {
      useNamedStatements(db, searchPool);
      if (replicas?.searchPool) useNamedStatements(readDb, replicas.searchPool);
    }
    return {
      db,
      readDb,
      replicas,
      kind: "postgres",
      pool,
      searchPool,
      pglite: null,
      close: async () => {
        await replicas?.close();
        await Promise.all([pool.end(), searchPool?.end()]);
      },
    };
  }
  if (options.pgliteDir) mkdirSync(path.resolve(options.pgliteDir), { recursive: true });
  const client = await PGlite.create({
    ...(options.pgliteDir ? { dataDir: path.resolve(options.pgliteDir) } : {}),
    ...(options.pgliteTemplate ? { loadDataDir: options.pgliteTemplate } : {}),
    extensions: { pg_trgm, unaccent },
  });
  if (options.statements) observePgliteStatements(client, options.statements);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return { db, readDb: db, replicas: null, kind: "pglite", pool: null, searchPool: null, pglite: client, close: () => client.close() };
}

/** Runs raw SQL and returns its rows; both drivers answer with `{ rows }`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** What runs a named statement: a pg pool, or the replicas' routing pool standing in for one. */
interface NamedStatementClient {
  query(config: { name?: string; text: string; values: unknown[]; types: unknown }): Promise<{ rows: unknown[] }>;
}

/** The node-postgres databases opened by openDatabase (or a benchmark), and what runs their statements. */
const namedStatementClients = new WeakMap<Db, NamedStatementClient>();

/**
 * Lets queryRowsNamed prepare the statements of `db`, a Drizzle node-postgres database, and run them
 * on `client`: a pool connected with SEARCH_SESSION_OPTIONS (or the replicas' routing pool of such
 * pools), as openDatabase does; a benchmark may pass `db`'s own pool to compare.
 */
export function useNamedStatements(db: Db, client: NamedStatementClient): void {
  namedStatementClients.set(db, client);
}

const dialect = new PgDialect();

/** The result types Drizzle's node-postgres driver leaves as text (dates, times, intervals and their arrays), so rows read the same. */
const TEXT_TYPES = new Set([
  pg.types.builtins.DATE,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.INTERVAL,
  1182,
  1115,
  1185,
  1187,
  1231,
]);
const ROW_TYPES = {
  getTypeParser: (typeId: number, format?: "text" | "binary") =>
    TEXT_TYPES.has(typeId) ? (value: string) => value : pg.types.getTypeParser(typeId, format as "text"),
};

/**
 * A statement text is prepared once it has run this many times in the process, and at most
 * NAMED_STATEMENTS_LIMIT texts are: frequent shapes gain, and every connection keeps at most that many
 * plans (about 0.2 MB each for a search's statements). The names are given once and kept, so the limit
 * must hold every shape the search mix repeats: ~170 texts per 1,000 searches of the bench mix
 * (decision 080); at 150 the shapes first seen late never ran prepared.
 */
const NAMED_AFTER_RUNS = 3;
const NAMED_STATEMENTS_LIMIT = 400;
const statementRuns = new Map<string, number>();
const statementNames = new Map<string, string>();

/** How many statement texts run prepared in this process (search-probe reports it against NAMED_STATEMENTS_LIMIT). */
export function preparedStatementTexts(): number {
  return statementNames.size;
}

/**
 * queryRows for the statements a search runs many times a second with other values: on PostgreSQL a
 * frequent statement text runs as a named prepared statement, so each connection parses it once and,
 * after a few runs, PostgreSQL may reuse a generic plan instead of planning it again. Planning a
 * search's statements took 0.5-1.7 ms each on the 2M catalogues; prepared, the same 230 searches took
 * 12-20 % less database time (docs/benchmarks.md). PGlite and transactions run them as queryRows does.
 */
export async function queryRowsNamed<T>(db: Db, query: SQL): Promise<T[]> {
  const client = namedStatementClients.get(db);
  if (!client) return queryRows<T>(db, query);
  const { sql: text, params } = statementOf(query);
  let name = statementNames.get(text);
  if (!name && statementNames.size < NAMED_STATEMENTS_LIMIT) {
    const runs = (statementRuns.get(text) ?? 0) + 1;
    if (runs >= NAMED_AFTER_RUNS) {
      statementRuns.delete(text);
      name = `staywise_${statementNames.size + 1}`;
      statementNames.set(text, name);
    } else {
      // Only texts still counting are kept; a flood of one-off texts is forgotten in bulk.
      if (statementRuns.size >= 10 * NAMED_STATEMENTS_LIMIT) statementRuns.clear();
      statementRuns.set(text, runs);
    }
  }
  const result = await client.query({ ...(name ? { name } : {}), text, values: params, types: ROW_TYPES });
  return result.rows as T[];
}

/** A chunk the quick serialiser leaves to Drizzle's own (a placeholder, a view, a subquery, inlined parameters...). */
const NOT_PLAIN = Symbol("not plain");

/** sql.inlineParams() was called on it (private in Drizzle's types). */
function inlinesParams(query: SQL): boolean {
  return (query as unknown as { shouldInlineParams: boolean }).shouldInlineParams;
}

/** A value Drizzle binds as a parameter as it is: a primitive, an array, a date or a plain object. */
function isBindable(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === "function" || typeof value === "symbol") return false;
  if (typeof value !== "object") return true;
  const kind = (value as object).constructor;
  return Array.isArray(value) || kind === Date || (kind === Object && typeof (value as { getSQL?: unknown }).getSQL !== "function");
}

/** The text of a table or column reference, as Drizzle writes it: it depends on the object alone. */
const referenceTexts = new WeakMap<object, string>();

function referenceText(chunk: Table | Column): string {
  let text = referenceTexts.get(chunk);
  if (text === undefined) {
    const built = dialect.sqlToQuery(new SQL([chunk]));
    if (built.params.length > 0) throw NOT_PLAIN;
    text = built.sql;
    referenceTexts.set(chunk, text);
  }
  return text;
}

/**
 * Appends `chunks` to `out` as Drizzle's buildQueryFromSourceParams would, for the chunks the
 * search's statements are made of: template text, nested sql``, sql.join lists, bound values
 * (plain, dates, or Drizzle params), arrays written as "(a, b)", table and column references.
 * Anything else throws NOT_PLAIN and the whole statement goes to Drizzle.
 */
function appendChunks(chunks: readonly unknown[], out: { text: string; params: unknown[] }): void {
  for (const chunk of chunks) {
    if (chunk === undefined) continue;
    if (chunk === null || typeof chunk !== "object") {
      // A primitive is a bound value (a function, an enum, is not one: Drizzle's to write).
      if (typeof chunk === "function" || typeof chunk === "symbol") throw NOT_PLAIN;
      out.params.push(chunk);
      out.text += `$${out.params.length}`;
      continue;
    }
    const kind = (chunk as object).constructor;
    if (kind === StringChunk) {
      const value = (chunk as StringChunk).value;
      out.text += value.length === 1 ? value[0] : value.join("");
    } else if (kind === SQL) {
      if (inlinesParams(chunk as SQL)) throw NOT_PLAIN;
      appendChunks((chunk as SQL).queryChunks, out);
    } else if (kind === Param) {
      const param = chunk as Param;
      // A Placeholder (a prepared query's named value) is Drizzle's to write.
      if (!isBindable(param.value)) throw NOT_PLAIN;
      const mapped: unknown = param.value === null ? null : param.encoder.mapToDriverValue(param.value);
      // An encoder answering SQL is written as that SQL by Drizzle.
      if (!isBindable(mapped)) throw NOT_PLAIN;
      out.params.push(mapped);
      out.text += `$${out.params.length}`;
    } else if (Array.isArray(chunk)) {
      out.text += "(";
      for (let i = 0; i < chunk.length; i++) {
        if (i > 0) out.text += ", ";
        appendChunks([chunk[i]], out);
      }
      out.text += ")";
    } else if (kind === Date || (kind === Object && typeof (chunk as { getSQL?: unknown }).getSQL !== "function")) {
      out.params.push(chunk);
      out.text += `$${out.params.length}`;
    } else if (chunk instanceof Column || chunk instanceof Table) {
      out.text += referenceText(chunk);
    } else {
      throw NOT_PLAIN;
    }
  }
}

function drizzleStatement(query: SQL): { sql: string; params: unknown[] } {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { sql: text, params };
}

/**
 * The statement text and parameters of `query`, the same as `dialect.sqlToQuery(query)`. Drizzle's
 * own serialiser tests every chunk against a dozen entity classes (each test walks the prototype
 * chain) and allocates a result per chunk; a search's statements have thousands of chunks, and
 * serialising them was about a twentieth of a search's app CPU (decision 078). Statements with a
 * chunk it does not know go to Drizzle.
 */
export function statementOf(query: SQL): { sql: string; params: unknown[] } {
  if (query.constructor !== SQL || inlinesParams(query)) return drizzleStatement(query);
  const out = { text: "", params: [] as unknown[] };
  try {
    appendChunks(query.queryChunks, out);
  } catch (error) {
    if (error !== NOT_PLAIN) throw error;
    return drizzleStatement(query);
  }
  return { sql: out.text, params: out.params };
}
