/**
 * Where a search's time goes, one request at a time (no load): `--requests` searches of the bench
 * mix through the real search service in this process on a pg pool, each statement timed, grouped by
 * kind (destination, page walk, price-sort batch, capped count, page rows), and the slowest
 * statements written out with their parameters for EXPLAIN (ANALYZE, BUFFERS).
 *
 * `--price-filter` keeps only the mix's searches with a price filter; `--answers FILE` writes each
 * search's answer (total, hotel ids, prices, rooms and offers' plans) as JSON lines, to compare two
 * versions' results. `--custom-plans` runs the prepared statements where PostgreSQL picks custom or
 * generic plans itself, as before decision 085, for a comparison.
 *
 *   npx tsx bench/search-probe.ts --database-url postgres://... [--requests 200] [--seed 1] [--explain 5]
 *     [--price-filter] [--answers answers.jsonl] [--custom-plans]
 */
import { appendFileSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { type Db, SEARCH_SESSION_OPTIONS, SESSION_OPTIONS, preparedStatementTexts, useNamedStatements } from "../src/server/db/client.ts";
import * as schema from "../src/server/db/schema.ts";
import { createInventorySupplier } from "../src/server/services/search/inventory-supplier.ts";
import { searchHotels } from "../src/server/services/search/across-suppliers.ts";
import { SearchQuery } from "../src/shared/search.ts";
import { summarize } from "./load.ts";
import { searchPathGenerator } from "./mix.ts";

const { values } = parseArgs({
  options: {
    "database-url": { type: "string" },
    requests: { type: "string", default: "200" },
    warmup: { type: "string", default: "30" },
    seed: { type: "string", default: "1" },
    explain: { type: "string", default: "0" },
    "price-filter": { type: "boolean", default: false },
    answers: { type: "string" },
    "custom-plans": { type: "boolean", default: false },
  },
});
const databaseUrl = values["database-url"] ?? process.env.BENCH_DATABASE_URL_2M;
if (!databaseUrl) throw new Error("--database-url is required");

interface Timed {
  kind: string;
  ms: number;
  text: string;
  values: unknown[];
  path: string;
}

// As the app connects: its pool, and the search's prepared statements on a pool of their own.
const pool = timedPool(SESSION_OPTIONS);
const searchPool = timedPool(SEARCH_SESSION_OPTIONS);
let current: Timed[] | null = null;
let currentPath = "";

/** A pool whose every statement is timed into `current`. */
function timedPool(options: string): pg.Pool {
  const timed = new pg.Pool({ connectionString: databaseUrl, max: 4, options });
  const rawQuery = timed.query.bind(timed) as (config: unknown, params?: unknown) => Promise<pg.QueryResult>;
  (timed as unknown as { query: typeof rawQuery }).query = async (config, params) => {
    const text = typeof config === "string" ? config : (config as { text: string }).text;
    const vals = (typeof config === "string" ? params : ((config as { values?: unknown[] }).values ?? params)) as unknown[];
    const t0 = performance.now();
    try {
      return await rawQuery(config, params);
    } finally {
      current?.push({ kind: kindOf(text), ms: performance.now() - t0, text, values: vals ?? [], path: currentPath });
    }
  };
  return timed;
}

function kindOf(text: string): string {
  if (text.includes("from destinations")) return text.includes("sum(hotel_count)") ? "catalogue size" : "destination";
  if (text.includes("hotels_name") || text.includes("replace(h.name")) return "destination";
  if (text.startsWith("select count(*)::int as n")) return "capped count";
  if (text.includes("::int as walk") || text.includes("c.walk as walk")) return "price batch";
  if (text.includes("h.description") || text.includes("h.images")) return "page rows";
  if (text.includes("union all") || text.includes("lateral")) return "page walk";
  return "other";
}

const db = drizzle({ client: pool, schema }) as unknown as Db;
// As the app's pool runs them: frequent statements prepared (queryRowsNamed).
// --custom-plans: on the app's other pool instead, where PostgreSQL chooses between custom and generic plans (before decision 085).
const namedPool = values["custom-plans"] ? pool : searchPool;
useNamedStatements(db, namedPool);
const supplier = createInventorySupplier(db);
const { rows: cityRows } = await pool.query<{ city: string }>("select city from destinations order by hotel_count desc limit 400");
const nextPath = searchPathGenerator({ destinations: cityRows.map((r) => r.city), seed: Number(values.seed) });
function next(): string {
  for (;;) {
    const path = nextPath();
    if (!values["price-filter"] || path.includes("maxPrice=")) return path;
  }
}
const answers = values.answers;
if (answers) writeFileSync(answers, "");

async function one(path: string): Promise<number> {
  const params = Object.fromEntries(new URL(path, "http://x").searchParams);
  const query = SearchQuery.parse(params);
  const t0 = performance.now();
  const res = await searchHotels([supplier], query);
  const ms = performance.now() - t0;
  if (answers) {
    const { total, totalIsCapped, hotels } = res;
    appendFileSync(
      answers,
      `${JSON.stringify({ path, total, totalIsCapped, hotels: hotels.map((h) => [h.id, h.priceCents, h.roomsAvailable, h.ratePlan?.id ?? null]) })}\n`,
    );
  }
  return ms;
}

for (let i = 0; i < Number(values.warmup); i++) await one(next());
const all: Timed[] = [];
const totals: number[] = [];
const perSearch: { path: string; ms: number }[] = [];
for (let i = 0; i < Number(values.requests); i++) {
  currentPath = next();
  current = [];
  const ms = await one(currentPath);
  totals.push(ms);
  perSearch.push({ path: currentPath, ms });
  all.push(...current);
  current = null;
}
const s = summarize(totals);
console.log(
  `searches ${totals.length}: mean ${(totals.reduce((a, b) => a + b, 0) / totals.length).toFixed(1)} ms, p50 ${s.p50}, p95 ${s.p95}, p99 ${s.p99}, max ${s.max}; ${preparedStatementTexts()} statement texts prepared`,
);
const byKind = new Map<string, number[]>();
for (const t of all) byKind.set(t.kind, [...(byKind.get(t.kind) ?? []), t.ms]);
for (const [kind, ms] of [...byKind].sort((a, b) => b[1].reduce((x, y) => x + y, 0) - a[1].reduce((x, y) => x + y, 0))) {
  const k = summarize(ms);
  console.log(
    `  ${kind.padEnd(15)} n=${String(ms.length).padStart(4)} total ${ms
      .reduce((a, b) => a + b, 0)
      .toFixed(0)
      .padStart(6)} ms  p50 ${k.p50} p95 ${k.p95} max ${k.max}`,
  );
}
// Where the time goes by kind of search: the sort, and whether a price filter is set.
const byClass = new Map<string, number[]>();
for (const { path, ms } of perSearch) {
  const q = new URL(path, "http://x").searchParams;
  const key = `${q.get("sort") ?? "popularity"}${q.has("maxPrice") ? " + price filter" : ""}`;
  byClass.set(key, [...(byClass.get(key) ?? []), ms]);
}
for (const [key, ms] of [...byClass].sort((a, b) => b[1].reduce((x, y) => x + y, 0) - a[1].reduce((x, y) => x + y, 0))) {
  const total = ms.reduce((a, b) => a + b, 0);
  console.log(
    `  ${key.padEnd(28)} n=${String(ms.length).padStart(4)} total ${total.toFixed(0).padStart(6)} ms  mean ${(total / ms.length).toFixed(1)}`,
  );
}
console.log("slowest searches:");
for (const p of perSearch.sort((a, b) => b.ms - a.ms).slice(0, 8)) console.log(`  ${p.ms.toFixed(1)} ms ${p.path}`);
const explain = Number(values.explain);
if (explain > 0) {
  const slow = [...all].sort((a, b) => b.ms - a.ms).slice(0, explain);
  for (const t of slow) {
    const { rows } = await namedPool.query<{ "QUERY PLAN": string }>({ text: `explain (analyze, buffers) ${t.text}`, values: t.values });
    console.log(`\n=== ${t.kind} ${t.ms.toFixed(1)} ms  ${t.path}\n${t.text}\n-- ${JSON.stringify(t.values)}`);
    console.log(rows.map((r) => r["QUERY PLAN"]).join("\n"));
  }
}
await Promise.all([pool.end(), searchPool.end()]);
