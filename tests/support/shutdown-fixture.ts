/**
 * A real app process for the shutdown test: the app over an in-memory PGlite, stopped by the same
 * signal handling as src/server/main.ts. Two routes of its own stand for slow work: /test/slow
 * answers after a while, /test/background starts work that outlives its request.
 */
import type { Server } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { createApp } from "../../src/server/app.ts";
import { loadConfig } from "../../src/server/config.ts";
import { openDatabase } from "../../src/server/db/client.ts";
import { migrateDatabase } from "../../src/server/db/migrate.ts";
import { createDeps } from "../../src/server/deps.ts";
import { createLogger } from "../../src/server/logger.ts";
import { stopOnSignals } from "../../src/server/shutdown.ts";
import { startInterval } from "../../src/server/workers.ts";

const config = loadConfig({
  NODE_ENV: "test",
  APP_SECRET: "shutdown-fixture-secret-0123456789abcdef",
  PUBLIC_URL: "http://127.0.0.1:3000",
  DATA_DIR: "./data/test-unused",
  SHUTDOWN_GRACE_MS: process.env.SHUTDOWN_GRACE_MS ?? "10000",
});
const logger = createLogger("info");
const database = await openDatabase({ pgliteDir: null });
await migrateDatabase(database);
const deps = createDeps(config, database, logger);
const outer = new Hono()
  .get("/test/slow", async (c) => {
    logger.info({ slowRequest: c.req.header("x-request-id") }, "slow request started");
    await sleep(Number(c.req.query("ms") ?? 300));
    return c.json({ slow: true });
  })
  .get("/test/background", (c) => {
    void deps.lifecycle.track(sleep(1000).then(() => logger.info("background work done")));
    return c.json({ started: true }, 202);
  })
  .route("/", createApp(deps));
const worker = startInterval("fixture", 50, logger, () => database.db.execute("select 1"));
const server = serve({ fetch: outer.fetch, port: 0, hostname: "127.0.0.1" }, (info) =>
  logger.info({ port: info.port }, "listening"),
) as Server;
stopOnSignals({
  server,
  lifecycle: deps.lifecycle,
  workers: [worker],
  closeDatabase: () => database.close(),
  logger,
  graceMs: config.shutdownGraceMs,
});
