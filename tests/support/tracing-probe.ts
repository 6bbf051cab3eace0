/**
 * Child-process probe for tests/api/tracing.test.ts: refuses to load any OpenTelemetry package but
 * the API (which better-auth and prom-client may import on their own), then starts the app's tracing,
 * database and HTTP app the way main.ts does, with the environment given as JSON in argv[2], and
 * answers one request. Prints `{"tracing":…,"status":…}`; exits non-zero (naming the module) when
 * something tried to load the SDK.
 */
import { register } from "node:module";

const refuseSdk = `
export async function resolve(specifier, context, next) {
  if (/^@opentelemetry\\/(?!api$)/.test(specifier)) throw new Error("OpenTelemetry SDK module loaded: " + specifier);
  return next(specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(refuseSdk)}`);

const env = JSON.parse(process.argv[2] ?? "{}") as Record<string, string>;
const { loadConfig } = await import("../../src/server/config.ts");
const { createLogger } = await import("../../src/server/logger.ts");
const { startTracing } = await import("../../src/server/middleware/tracing.ts");
const { openDatabase } = await import("../../src/server/db/client.ts");
const { createDeps } = await import("../../src/server/deps.ts");
const { createApp } = await import("../../src/server/app.ts");

const config = loadConfig({
  NODE_ENV: "test",
  APP_SECRET: "probe-secret-probe-secret-probe-secret-01",
  DATA_DIR: "./data/test-unused",
  LOG_LEVEL: "silent",
  ...env,
});
const logger = createLogger("silent");
const tracing = await startTracing(config.tracing, logger);
const database = await openDatabase({ pgliteDir: null, statements: tracing?.statements });
const app = createApp(createDeps(config, database, logger), { tracing });
const res = await app.request("/healthz");
console.log(JSON.stringify({ tracing: tracing !== null, status: res.status }));
await tracing?.shutdown();
await database.close();
