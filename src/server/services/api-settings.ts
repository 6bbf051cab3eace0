import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { apiSettings } from "../db/schema.ts";
import { DomainError } from "../domain-error.ts";
import type { SupplierUrlPolicy } from "../integrations/wholesaler/supplier-url-policy.ts";
import {
  WholesalerError,
  type WholesalerCredentials,
  testWholesalerConnection,
  wholesalerMethodUrl,
} from "../integrations/wholesaler/wholesaler-client.ts";
import { logActivity } from "./activity-log.ts";
import { createSecretBox } from "./secret-box.ts";

export const ENVIRONMENTS = ["TEST", "LIVE"] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

export function isEnvironment(value: string): value is Environment {
  return (ENVIRONMENTS as readonly string[]).includes(value);
}

export interface ApiSettingsView {
  environment: Environment;
  apiUrl: string;
  username: string;
  /** The password itself never leaves the server. */
  passwordSet: boolean;
  isActive: boolean;
  updatedAt: string | null;
}

type Actor = { id: string; email: string };

type ActiveCredentials = (WholesalerCredentials & { environment: Environment }) | null;

/**
 * How long the active environment is reused. Every search and hotel page asks for it; an admin's
 * change reaches this instance's next request at once (saving clears it) and other instances within
 * this time, the lag that lag-tolerant reads accept anyway (decision 019).
 */
export const ACTIVE_SETTINGS_TTL_MS = 1000;

export type ApiSettingsService = ReturnType<typeof apiSettingsService>;

export function apiSettingsService(db: Db, appSecret: string, urlPolicy: SupplierUrlPolicy) {
  const box = createSecretBox(appSecret, "api-settings-password");

  async function list(): Promise<ApiSettingsView[]> {
    const rows = await db.select().from(apiSettings);
    return ENVIRONMENTS.map((environment) => {
      const row = rows.find((r) => r.environment === environment);
      return {
        environment,
        apiUrl: row?.apiUrl ?? "",
        username: row?.username ?? "",
        passwordSet: Boolean(row?.passwordEncrypted),
        isActive: row?.isActive ?? false,
        updatedAt: row ? row.updatedAt.toISOString() : null,
      };
    });
  }

  /** Stored credentials of one environment, decrypted for a server-side call. */
  async function credentials(environment: Environment): Promise<WholesalerCredentials | null> {
    const [row] = await db.select().from(apiSettings).where(eq(apiSettings.environment, environment));
    if (!row) return null;
    return { apiUrl: row.apiUrl, username: row.username, password: box.open(row.passwordEncrypted) };
  }

  async function readActive(): Promise<ActiveCredentials> {
    const [row] = await db.select().from(apiSettings).where(eq(apiSettings.isActive, true));
    if (!row) return null;
    return {
      environment: row.environment as Environment,
      apiUrl: row.apiUrl,
      username: row.username,
      password: box.open(row.passwordEncrypted),
    };
  }

  // One read shared by the requests of the same second (a promise, so concurrent ones wait for it).
  let activeRead: { value: Promise<ActiveCredentials>; at: number } | null = null;

  return {
    list,
    credentials,

    /** The active environment's credentials, or null when none is active (reused for ACTIVE_SETTINGS_TTL_MS). */
    active(): Promise<ActiveCredentials> {
      const now = Date.now();
      if (activeRead && now - activeRead.at < ACTIVE_SETTINGS_TTL_MS) return activeRead.value;
      const read = { value: readActive(), at: now };
      activeRead = read;
      // A failed read is not kept: the next request asks again.
      read.value.catch(() => {
        if (activeRead === read) activeRead = null;
      });
      return read.value;
    },

    /**
     * Saves one environment. A blank password keeps the stored one; `makeActive` makes this the
     * only active environment, otherwise the active state stays as it was.
     */
    async save(
      actor: Actor,
      environment: Environment,
      input: { apiUrl: string; username: string; password?: string | undefined; makeActive: boolean },
    ): Promise<ApiSettingsView[]> {
      try {
        // The address every call of these settings starts from, checked now rather than at the first search.
        wholesalerMethodUrl(input.apiUrl, "StaticXMLAPI", "GetLanguages", urlPolicy);
      } catch (error) {
        if (error instanceof WholesalerError) throw new DomainError("VALIDATION_ERROR", error.message);
        throw error;
      }
      await db.transaction(async (tx) => {
        const [existing] = await tx.select().from(apiSettings).where(eq(apiSettings.environment, environment));
        const password = input.password ? box.seal(input.password) : existing?.passwordEncrypted;
        if (!password) throw new DomainError("VALIDATION_ERROR", "Enter the password for this environment");
        if (input.makeActive)
          await tx
            .update(apiSettings)
            .set({ isActive: false })
            .where(sql`${apiSettings.environment} <> ${environment}`);
        const values = {
          apiUrl: input.apiUrl,
          username: input.username,
          passwordEncrypted: password,
          isActive: input.makeActive || (existing?.isActive ?? false),
          updatedById: actor.id,
          updatedAt: new Date(),
        };
        await tx
          .insert(apiSettings)
          .values({ environment, ...values })
          .onConflictDoUpdate({ target: apiSettings.environment, set: values });
        await logActivity(tx, {
          actionType: "api_settings_updated",
          userId: actor.id,
          userEmail: actor.email,
          details: {
            environment,
            apiUrl: input.apiUrl,
            username: input.username,
            passwordChanged: Boolean(input.password),
            activated: input.makeActive,
          },
        });
      });
      // This instance's next search uses the change at once.
      activeRead = null;
      return list();
    },

    async test(actor: Actor, target: { environment: Environment } | WholesalerCredentials): Promise<{ success: boolean; message: string }> {
      const creds = "environment" in target ? await credentials(target.environment) : target;
      if (!creds) return { success: false, message: "No settings saved for this environment yet" };
      let result: { success: boolean; message: string };
      try {
        result = { success: true, message: await testWholesalerConnection(creds, urlPolicy) };
      } catch (error) {
        result = { success: false, message: error instanceof WholesalerError ? error.message : "Unexpected error" };
      }
      await logActivity(db, {
        actionType: "api_connection_tested",
        userId: actor.id,
        userEmail: actor.email,
        details: { apiUrl: creds.apiUrl, success: result.success, message: result.message },
      });
      return result;
    },
  };
}
