import { createAuth } from "./auth/auth.ts";
import type { AppConfig } from "./config.ts";
import type { Database } from "./db/client.ts";
import type { AppDeps } from "./http/types.ts";
import { createInventorySupplier } from "./integrations/suppliers/inventory-supplier.ts";
import type { Logger } from "./logger.ts";

/** Wires the shared services for one app instance over an opened, migrated database. */
export function createDeps(config: AppConfig, database: Database, logger: Logger, clientDir?: string): AppDeps {
  const deliveryMode = config.smtpUrl ? "smtp" : "mailbox";
  const auth = createAuth({ db: database.db, config, deliveryMode });
  const suppliers = [createInventorySupplier(database.db)];
  return { database, db: database.db, config, auth, logger, deliveryMode, suppliers, ...(clientDir ? { clientDir } : {}) };
}
