import type { SessionUser } from "../../shared/auth.ts";
import type { Auth } from "../auth/auth.ts";
import type { AppConfig } from "../config.ts";
import type { Database, Db } from "../db/client.ts";
import type { HotelCatalogSupplier } from "../integrations/suppliers/hotel-supplier.ts";
import type { Logger } from "../logger.ts";
import type { DeliveryMode } from "../services/email-outbox.ts";

/** Everything a request handler may need; built once at start and shared by every request. */
export interface AppDeps {
  database: Database;
  db: Db;
  config: AppConfig;
  auth: Auth;
  logger: Logger;
  deliveryMode: DeliveryMode;
  /** Our inventory first, then any external supplier. */
  suppliers: HotelCatalogSupplier[];
  /** Folder of the built client; absent in API-only tests. */
  clientDir?: string;
}

export interface AppEnv {
  Variables: {
    requestId: string;
    clientIp: string | null;
    user: SessionUser | null;
    sessionId: string | null;
  };
}
