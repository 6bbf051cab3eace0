import { expect } from "vitest";
import { createApp } from "../../src/server/app.ts";
import { type AppConfig, loadConfig } from "../../src/server/config.ts";
import { type Database, openDatabase } from "../../src/server/db/client.ts";
import { migrateDatabase } from "../../src/server/db/migrate.ts";
import { createDeps } from "../../src/server/deps.ts";
import type { AppDeps } from "../../src/server/http/types.ts";
import { createLogger } from "../../src/server/logger.ts";

export const TEST_SECRET = "test-secret-test-secret-test-secret-0123";

export function testConfig(env: Record<string, string> = {}): AppConfig {
  return loadConfig({
    NODE_ENV: "test",
    APP_SECRET: TEST_SECRET,
    PUBLIC_URL: "http://localhost:3000",
    DATA_DIR: "./data/test-unused",
    LOG_LEVEL: "silent",
    TRUST_PROXY: "true",
    AUTH_RATE_LIMIT_PER_MINUTE: "1000",
    ...env,
  });
}

export interface TestApp {
  app: ReturnType<typeof createApp>;
  deps: AppDeps;
  database: Database;
  /** A request with JSON body and optional cookie; returns the raw Response. */
  request(method: string, path: string, options?: { body?: unknown; cookie?: string; headers?: Record<string, string> }): Promise<Response>;
  close(): Promise<void>;
}

/** The real Hono app over a fresh, migrated in-memory PGlite database. */
export async function createTestApp(env: Record<string, string> = {}, database?: Database): Promise<TestApp> {
  const db = database ?? (await openDatabase({ pgliteDir: null }));
  if (!database) await migrateDatabase(db);
  const config = testConfig(env);
  const deps = createDeps(config, db, createLogger("silent"));
  const app = createApp(deps);
  return {
    app,
    deps,
    database: db,
    request(method, path, options = {}) {
      const headers: Record<string, string> = { origin: config.publicUrl, ...options.headers };
      if (options.cookie) headers.cookie = options.cookie;
      let body: string | undefined;
      if (options.body !== undefined) {
        headers["content-type"] ??= "application/json";
        body = typeof options.body === "string" ? options.body : JSON.stringify(options.body);
      }
      return Promise.resolve(app.request(`http://localhost:3000${path}`, { method, headers, ...(body !== undefined ? { body } : {}) }));
    },
    close: () => (database ? Promise.resolve() : db.close()),
  };
}

/** The cookie header to send back, built from a response's Set-Cookie headers. */
export function cookieFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

export async function signUp(t: TestApp, email: string, password = "secret123", name = "Test User"): Promise<void> {
  const res = await t.request("POST", "/api/auth/sign-up/email", { body: { name, email, password } });
  expect(res.status, await res.clone().text()).toBe(200);
}

export async function signIn(t: TestApp, email: string, password = "secret123"): Promise<string> {
  const res = await t.request("POST", "/api/auth/sign-in/email", { body: { email, password } });
  expect(res.status, await res.clone().text()).toBe(200);
  const cookie = cookieFrom(res);
  expect(cookie).toContain("session_token");
  return cookie;
}
