/**
 * The app as its own process on PostgreSQL, started as src/server/main.ts starts it (config from
 * the environment, the database with its request time limits, the booking workers, SIGTERM's
 * drain) but without the built client, so a test needs no `npm run build`. It logs "listening"
 * with its port.
 */
import type { Server } from "node:http";
import { serve } from "@hono/node-server";
import { createApp } from "../../src/server/app.ts";
import { loadConfig } from "../../src/server/config.ts";
import { openDatabase } from "../../src/server/db/client.ts";
import { bookingDeps, createDeps } from "../../src/server/deps.ts";
import { createLogger } from "../../src/server/logger.ts";
import { stopOnSignals } from "../../src/server/shutdown.ts";
import { startBookingWorkers } from "../../src/server/workers.ts";

const config = loadConfig();
const logger = createLogger(config.logLevel);
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: null,
  poolSize: config.databasePoolSize,
  timeouts: config.databaseTimeouts,
  preparedStatements: config.databasePreparedStatements,
});
const deps = createDeps(config, database, logger);
const workers = startBookingWorkers(bookingDeps(deps));
const server = serve({ fetch: createApp(deps).fetch, port: config.port, hostname: config.host }, (info) =>
  logger.info({ port: info.port }, "listening"),
) as Server;
stopOnSignals({
  server,
  lifecycle: deps.lifecycle,
  workers,
  closeDatabase: () => database.close(),
  logger,
  graceMs: config.shutdownGraceMs,
});
