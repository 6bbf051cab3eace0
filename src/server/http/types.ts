import type { ChannelKey } from "../services/channel-api.ts";
import type { SessionUser } from "../../shared/auth.ts";
import type { Auth } from "../auth/auth.ts";
import type { AppConfig } from "../config.ts";
import type { Database, Db } from "../db/client.ts";
import type { PaymentGateway } from "../integrations/payments/payment-gateway.ts";
import type { SimulatedGateway } from "../integrations/payments/simulated-gateway.ts";
import type { FileStorage } from "../integrations/storage.ts";
import type { HotelCatalogSupplier } from "../integrations/suppliers/hotel-supplier.ts";
import type { WholesalerSupplier } from "../integrations/suppliers/wholesaler-supplier.ts";
import type { Lifecycle } from "../lifecycle.ts";
import type { Logger } from "../logger.ts";
import type { ApiSettingsService } from "../services/api-settings.ts";
import type { DeliveryMode } from "../services/email-outbox.ts";
import type { DecodeQueue } from "../services/photos.ts";

/** Everything a request handler may need; built once at start and shared by every request. */
export interface AppDeps {
  database: Database;
  db: Db;
  /** Reads that tolerate a second of lag (replicas when configured); everything else uses `db`. */
  readDb: Db;
  config: AppConfig;
  auth: Auth;
  logger: Logger;
  deliveryMode: DeliveryMode;
  /** Our inventory first, then any external supplier. */
  suppliers: HotelCatalogSupplier[];
  /** The supplier's API settings per environment; one per instance, so a save clears its cache of the active one. */
  apiSettings: ApiSettingsService;
  /** The external wholesaler (also in `suppliers`), with its booking-side calls. */
  wholesaler: WholesalerSupplier;
  gateway: PaymentGateway;
  storage: FileStorage;
  /** This instance's photo decode slots, shared fairly between accounts. */
  photoDecoding: DecodeQueue;
  /** Draining state and background work of this instance, for a graceful shutdown. */
  lifecycle: Lifecycle;
  /** Set when the simulated processor is the gateway: its own browser-facing endpoints are mounted. */
  simulatedGateway: SimulatedGateway | null;
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

/**
 * The context after requireUser or requireAdmin: the user is known. Admin routers use it as their
 * environment because app.ts mounts them under /api/admin, behind requireAdmin.
 */
export interface SignedInEnv {
  Variables: AppEnv["Variables"] & { user: SessionUser };
}

/** A channel API request: the hotel's key it presented, checked before anything else (decision 057). */
export interface ChannelEnv {
  Variables: AppEnv["Variables"] & { channelKey: ChannelKey };
}
