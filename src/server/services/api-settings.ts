import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { apiSettings } from "../db/schema.ts";
import { DomainError } from "../domain-error.ts";
import type { SupplierUrlPolicy } from "../integrations/wholesaler/supplier-url-policy.ts";
import { WholesalerError, type WholesalerCredentials, testWholesalerConnection } from "../integrations/wholesaler/wholesaler-client.ts";
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

  return {
    list,
    credentials,

    /** The active environment's credentials, or null when none is active. */
    async active(): Promise<(WholesalerCredentials & { environment: Environment }) | null> {
      const [row] = await db.select().from(apiSettings).where(eq(apiSettings.isActive, true));
      if (!row) return null;
      return {
        environment: row.environment as Environment,
        apiUrl: row.apiUrl,
        username: row.username,
        password: box.open(row.passwordEncrypted),
      };
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
