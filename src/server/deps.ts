import path from "node:path";
import { createAuth } from "./auth/auth.ts";
import type { AppConfig } from "./config.ts";
import type { Database } from "./db/client.ts";
import type { AppDeps } from "./http/types.ts";
import type { GatewayEvent } from "./integrations/payments/payment-gateway.ts";
import { createSimulatedGateway } from "./integrations/payments/simulated-gateway.ts";
import { createStripeGateway } from "./integrations/payments/stripe-gateway.ts";
import { createLocalStorage } from "./integrations/storage.ts";
import { SEARCH_COUNT_TTL_MS, createInventorySupplier } from "./services/search/inventory-supplier.ts";
import { createWholesalerSupplier } from "./integrations/suppliers/wholesaler-supplier.ts";
import { createLifecycle } from "./lifecycle.ts";
import type { Logger } from "./logger.ts";
import { supplierUrlPolicy } from "./integrations/wholesaler/supplier-url-policy.ts";
import { apiSettingsService, isEnvironment } from "./services/api-settings.ts";
import { createDecodeQueue } from "./services/photos.ts";
import { confirmPaidBooking } from "./services/bookings/pay-and-confirm.ts";
import type { BookingDeps } from "./services/bookings/records.ts";
import { supplierFailureRecorder } from "./services/supplier-problems.ts";

/** Wires the shared services for one app instance over an opened, migrated database. */
export function createDeps(config: AppConfig, database: Database, logger: Logger, clientDir?: string): AppDeps {
  const deliveryMode = config.smtpUrl ? "smtp" : "mailbox";
  const auth = createAuth({ db: database.db, config, deliveryMode });
  const lifecycle = createLifecycle();
  const urlPolicy = supplierUrlPolicy(config);
  const settings = apiSettingsService(database.db, config.appSecret, urlPolicy);
  const wholesaler = createWholesalerSupplier({
    activeCredentials: () => settings.active(),
    environmentCredentials: async (environment) => {
      const stored = isEnvironment(environment) ? await settings.credentials(environment) : null;
      return stored ? { ...stored, environment } : null;
    },
    logger,
    onFailure: supplierFailureRecorder(database.db, logger, lifecycle),
    urlPolicy,
    timeouts: config.supplierTimeouts,
  });
  // Search and hotel pages tolerate a second of lag: they read from the replicas, if any.
  // Counts kept a few seconds on PostgreSQL, where several instances share the load (decision 073).
  const suppliers = [
    createInventorySupplier(database.readDb, { countTtlMs: database.kind === "postgres" ? SEARCH_COUNT_TTL_MS : 0 }),
    wholesaler,
  ];
  if (database.replicas) {
    database.replicas.onStateChange = (status, error) => {
      if (status.state === "down") logger.warn({ replica: status.name, err: error }, "read replica down; its reads go to the primary");
      else logger.info({ replica: status.name }, "read replica back up");
    };
  }

  // The simulated processor "sends its webhook" in-process, after the response, like a provider would.
  const built: { deps?: AppDeps } = {};
  function onSimulatedEvent(event: GatewayEvent): void {
    const current = built.deps;
    if (event.type !== "payment.succeeded" || !event.paymentId || !current) return;
    const paymentId = event.paymentId;
    // Tracked from the start, so a shutdown that begins before it runs still waits for it.
    void lifecycle.track(
      new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => confirmPaidBooking(bookingDeps(current), paymentId, "webhook"))
        .catch((error: unknown) => logger.error({ err: error, paymentId }, "simulated webhook failed; reconciliation will retry")),
    );
  }
  const simulatedGateway = config.stripe ? null : createSimulatedGateway(database.db, config.appSecret, onSimulatedEvent);
  const gateway = config.stripe
    ? createStripeGateway({
        secretKey: config.stripe.secretKey,
        publishableKey: config.stripe.publishableKey,
        webhookSecret: config.stripe.webhookSecret,
        ...(config.stripe.apiBase ? { api: apiAddress(config.stripe.apiBase) } : {}),
      })
    : simulatedGateway!;

  const storage = createLocalStorage(path.join(config.dataDir, "uploads"));
  const deps: AppDeps = {
    database,
    db: database.db,
    readDb: database.readDb,
    config,
    auth,
    logger,
    deliveryMode,
    suppliers,
    apiSettings: settings,
    wholesaler,
    gateway,
    simulatedGateway,
    storage,
    photoDecoding: createDecodeQueue(config.photoDecoding),
    lifecycle,
    ...(clientDir ? { clientDir } : {}),
  };
  built.deps = deps;
  return deps;
}

function apiAddress(base: string): { host: string; port: number; protocol: "http" | "https" } {
  const url = new URL(base);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return { host: url.hostname, port: Number(url.port || (protocol === "http" ? 80 : 443)), protocol };
}

export function bookingDeps(deps: AppDeps): BookingDeps {
  return {
    db: deps.db,
    gateway: deps.gateway,
    deliveryMode: deps.deliveryMode,
    logger: deps.logger,
    publicUrl: deps.config.publicUrl,
    holds: deps.config.holds,
    maxAttempts: deps.config.retryMaxAttempts,
    cardAuthorisationMaxDays: deps.config.cardAuthorisationMaxDays,
    wholesaler: deps.wholesaler,
  };
}
