import path from "node:path";
import { fileURLToPath } from "node:url";
import { serve } from "@hono/node-server";
import { createApp } from "./app.ts";
import { loadConfig } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { migrateDatabase } from "./db/migrate.ts";
import { seedDemoIfEmpty } from "./db/seed/demo.ts";
import { bookingDeps, createDeps } from "./deps.ts";
import { createSmtpTransport } from "./integrations/mailer.ts";
import { createLogger } from "./logger.ts";
import { ensureAdmin } from "./services/accounts.ts";
import { expireHolds, reconcilePayments } from "./services/bookings.ts";
import { type Worker, startBookingWorkers, startEmailWorker } from "./workers.ts";

const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../dist/client");

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, "pglite"),
    poolSize: config.databasePoolSize,
  });
  await migrateDatabase(database);
  logger.info({ database: database.kind }, "database migrated");

  const deps = createDeps(config, database, logger, clientDir);
  if (config.seedDemo) {
    await seedDemoIfEmpty(database, deps.auth, logger, {
      hotels: config.seedHotels,
      password: config.demoPassword,
      dataDir: config.dataDir,
    });
  }
  if (config.bootstrapAdmin) {
    const outcome = await ensureAdmin(database.db, deps.auth, config.bootstrapAdmin, "ADMIN_EMAIL on start");
    logger.info({ email: config.bootstrapAdmin.email, outcome }, "bootstrap admin");
  }

  // A paid booking whose confirmation was lost while the app was down is confirmed before serving.
  const bookingServices = bookingDeps(deps);
  const reconciled = await reconcilePayments(bookingServices);
  const expired = await expireHolds(bookingServices);
  logger.info({ reconciled, expired }, "bookings reconciled");

  const workers: Worker[] = [...startBookingWorkers(bookingServices)];
  if (config.smtpUrl) workers.push(startEmailWorker(database.db, createSmtpTransport(config.smtpUrl), config.mailFrom, logger));

  const app = createApp(deps);
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    logger.info({ port: info.port, url: config.publicUrl }, `Staywise is listening on ${config.publicUrl}`);
  });

  let stopping = false;
  async function shutdown(signal: string): Promise<void> {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    const forceExit = setTimeout(() => process.exit(1), 10_000);
    forceExit.unref();
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    // Idle keep-alive connections would otherwise hold the close open until they time out.
    if ("closeIdleConnections" in server) server.closeIdleConnections();
    await closed;
    await Promise.all(workers.map((w) => w.stop()));
    await database.close();
    logger.info("stopped");
    process.exit(0);
  }
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
