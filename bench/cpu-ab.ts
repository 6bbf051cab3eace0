/**
 * CPU per search of two versions of the app, measured side by side: a noisy machine shifts both
 * alike. Two app processes run on the same database, one from this tree and one from another
 * checkout (`git worktree add ../base <commit>`, with node_modules linked); every search of the
 * bench mix goes to both in turn (which goes first alternates), one request at a time, and around
 * each the app's CPU and its PostgreSQL backends' CPU are read from /proc (requestCpu, as
 * request-cost reads them). Runs one after another on a shared VM moved by 10-20 % from one to the next
 * (docs/benchmarks.md, 2026-11-29); side by side, the difference is the code's.
 *
 *   npx tsx bench/cpu-ab.ts --base ../base --database-url postgres://.../staywise_bench_2m [--requests 600] [--warmup 60] [--seed 1]
 */
import http from "node:http";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { type AppProcess, startApp } from "./app-process.ts";
import { BENCH_APPLICATION_NAMES } from "./cpu.ts";
import { fetchDestinations, searchPathGenerator } from "./mix.ts";
import { requestCpu } from "./request-cost.ts";

const { values } = parseArgs({
  options: {
    base: { type: "string" },
    "database-url": { type: "string" },
    requests: { type: "string", default: "600" },
    warmup: { type: "string", default: "60" },
    seed: { type: "string", default: "1" },
  },
});
const databaseUrl = values["database-url"] ?? process.env.BENCH_DATABASE_URL_2M;
if (!values.base || !databaseUrl) throw new Error("--base DIR and --database-url URL are required");
const requests = Number(values.requests);

/** The other checkout's own app-process.ts starts its own tree. */
const baseModule = (await import(path.resolve(values.base, "bench/app-process.ts"))) as { startApp: typeof startApp };
const options = (dataDir: string) => ({ databaseUrl, dataDir, seedHotels: 0, readyTimeoutMs: 600_000, env: { LOG_LEVEL: "info" } });
const apps: { name: string; app: AppProcess; agent: http.Agent; appMs: number; postgresMs: number }[] = [];
const monitor = new pg.Client({ connectionString: databaseUrl, application_name: BENCH_APPLICATION_NAMES.monitor });
try {
  for (const [name, start, dataDir] of [
    ["base", baseModule.startApp, "/tmp/staywise-cpu-ab-base"],
    ["this", startApp, "/tmp/staywise-cpu-ab-this"],
  ] as const) {
    apps.push({
      name,
      app: await start(options(dataDir)),
      agent: new http.Agent({ keepAlive: true, maxSockets: 1 }),
      appMs: 0,
      postgresMs: 0,
    });
  }
  await monitor.connect();
  const get = (i: number, url: string) =>
    new Promise<number>((resolve, reject) => {
      const { app, agent } = apps[i]!;
      http
        .get(app.baseUrl + url, { agent }, (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode ?? 0));
        })
        .on("error", reject);
    });
  const destinations = await fetchDestinations(apps[1]!.app.baseUrl);
  // Both apps prepare and plan their statements before the measured searches.
  const warm = searchPathGenerator({ destinations, seed: Number(values.seed) + 1000 });
  for (let k = 0; k < Number(values.warmup); k++) {
    const url = warm();
    await get(0, url);
    await get(1, url);
  }
  const next = searchPathGenerator({ destinations, seed: Number(values.seed) });
  for (let k = 0; k < requests; k++) {
    const url = next();
    for (const i of k % 2 === 0 ? [0, 1] : [1, 0]) {
      const cost = await requestCpu(apps[i]!.app.pid, monitor, () => get(i, url));
      if (cost.result !== 200) throw new Error(`${apps[i]!.name} answered ${cost.result} to ${url}`);
      apps[i]!.appMs += cost.appMs;
      apps[i]!.postgresMs += cost.postgresMs;
    }
  }
  console.log(`cpu-ab: ${requests} searches of the bench mix, sent to both apps in turn; CPU ms per search`);
  for (const a of apps) {
    const appMs = a.appMs / requests;
    const postgresMs = a.postgresMs / requests;
    console.log(`  ${a.name}: app ${appMs.toFixed(2)}, PostgreSQL ${postgresMs.toFixed(2)}, together ${(appMs + postgresMs).toFixed(2)}`);
  }
} finally {
  await monitor.end().catch(() => {});
  for (const a of apps) await a.app.stop();
}
