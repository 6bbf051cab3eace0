import type { Server } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { serve } from "@hono/node-server";
import { createApp } from "./app.ts";
import { loadConfig } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { migrateDatabase } from "./db/migrate.ts";
import { seedDemoIfEmpty } from "./demo/demo.ts";
import { bookingDeps, createDeps } from "./deps.ts";
import { keepConnectionsAlive } from "./http/keep-alive.ts";
import { createSmtpTransport } from "./integrations/mailer.ts";
import { chooseLogFormat, createLogger } from "./logger.ts";
import { stopOnSignals } from "./shutdown.ts";
import { startTracing } from "./middleware/tracing.ts";
import { ensureAdmin } from "./services/accounts.ts";
import { RUNS_PER_CONNECTION, warmSearch } from "./services/search/warm-up.ts";
import {
  type Worker,
  runBookingJobsAtStart,
  startBookingWorkers,
  startCalendarImportWorker,
  startEmailWorker,
  startFxFeedWorker,
  startGuestDataRetentionWorker,
  startWebhookWorker,
} from "./workers.ts";
import { calendarImportDeps } from "./services/calendar-imports.ts";
import { webhookDeliveryDeps } from "./services/webhook-delivery.ts";

const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../dist/client");

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(
    config.logLevel,
    chooseLogFormat({ format: config.logFormat, env: config.env, isTty: process.stdout.isTTY === true }),
  );
  // Before the database opens, so its statements are traced; null (nothing loaded) without an OTLP endpoint.
  const tracing = await startTracing(config.tracing, logger);
  if (tracing) logger.info({ traces: config.tracing?.tracesUrl }, "tracing on");
  const pgliteDir = path.join(config.dataDir, "pglite");
  if (config.databaseUrl) {
    // Migrations may run longer than any request may: they get a connection without the statement timeout.
    // Two connections: one holds the migration lock while the other migrates.
    const setup = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir, poolSize: 2 });
    try {
      await migrateDatabase(setup);
    } finally {
      await setup.close();
    }
  }
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    readUrls: config.databaseReadUrls,
    pgliteDir,
    poolSize: config.databasePoolSize,
    timeouts: config.databaseTimeouts,
    preparedStatements: config.databasePreparedStatements,
    statements: tracing?.statements,
  });
  if (!config.databaseUrl) await migrateDatabase(database);
  logger.info({ database: database.kind }, "database migrated");

  const deps = createDeps(config, database, logger, clientDir);
  if (config.seedDemo) {
    await seedDemoIfEmpty(database, deps.auth, logger, {
      hotels: config.seedHotels,
      charges: config.seedDemoCharges,
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
  const { reconciled, expired } = await runBookingJobsAtStart(bookingServices);
  logger.info({ reconciled, expired }, "bookings reconciled");

  const workers: Worker[] = [...startBookingWorkers(bookingServices)];
  if (config.smtpUrl) {
    const sender = { from: config.mailFrom, host: new URL(config.publicUrl).hostname };
    workers.push(startEmailWorker(database.db, createSmtpTransport(config.smtpUrl, config.smtpTimeouts), sender, logger));
  }
  if (config.fxRatesUrl) workers.push(startFxFeedWorker({ db: database.db, logger, url: config.fxRatesUrl }));
  workers.push(startWebhookWorker(webhookDeliveryDeps({ db: database.db, config, deliveryMode: deps.deliveryMode, logger })));
  workers.push(startCalendarImportWorker(calendarImportDeps({ db: database.db, config, deliveryMode: deps.deliveryMode, logger })));
  workers.push(startGuestDataRetentionWorker(database.db, logger));

  const app = createApp(deps, { tracing });
  // Not ready (/readyz) until search and the hotel page have planned and prepared their statements.
  const warmStarted = Date.now();
  deps.lifecycle.warmUp(
    warmSearch(deps.suppliers, deps.readDb, {
      connections: database.kind === "postgres" ? config.databasePoolSize : 1,
      runs: database.kind === "postgres" ? RUNS_PER_CONNECTION : 1,
      broad: database.kind === "postgres",
    }).then(
      (done) => logger.info({ ...done, ms: Date.now() - warmStarted }, "search warmed up"),
      (error: unknown) => logger.warn({ err: error }, "search warm-up failed; serving without it"),
    ),
  );
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    logger.info({ port: info.port, url: config.publicUrl }, `Staywise is listening on ${config.publicUrl}`);
    if (config.supplierSandbox) {
      logger.warn(
        { url: `${config.publicUrl}/supplier-sandbox/15` },
        "The supplier sandbox is ON: a fake wholesaler answers at /supplier-sandbox for anyone who has its password (API Settings shows it). Set SUPPLIER_SANDBOX=false to turn it off.",
      );
    }
  }) as Server;
  keepConnectionsAlive(server);

  stopOnSignals({
    server,
    lifecycle: deps.lifecycle,
    workers,
    closeDatabase: async () => {
      await database.close();
      await tracing?.shutdown();
    },
    logger,
    graceMs: config.shutdownGraceMs,
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
