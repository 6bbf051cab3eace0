import { eq } from "drizzle-orm";
import { hc } from "hono/client";
import { expect } from "vitest";
import { type ApiType, createApp } from "../../src/server/app.ts";
import { type AppConfig, loadConfig } from "../../src/server/config.ts";
import type { Database } from "../../src/server/db/client.ts";
import { twoFactors, users } from "../../src/server/db/schema.ts";
import { createDeps } from "../../src/server/deps.ts";
import type { AppDeps } from "../../src/server/http/types.ts";
import { createLogger } from "../../src/server/logger.ts";
import { openMigratedTestDatabase } from "./template-db.ts";
import { secretFromUri, totpCode } from "./totp.ts";

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
    // Tests book freely from one address; the hold limits have their own tests with their own values.
    HOLD_MAX_PENDING: "1000",
    HOLD_MAX_PENDING_PER_ADDRESS: "1000",
    HOLD_MAX_ROOM_SHARE_PERCENT: "100",
    HOLD_RATE_PER_HOUR: "100000",
    // Suites written before decision 075 test the authorisation with stays 12-20 days ahead; the saved
    // card (and the production default of 6 days) has its own tests with its own value.
    CARD_AUTHORISATION_MAX_DAYS: "30",
    ...env,
  });
}

export type ApiClient = ReturnType<typeof hc<ApiType>>;

export interface TestApp {
  app: ReturnType<typeof createApp>;
  deps: AppDeps;
  database: Database;
  /** The browser's typed client (`hc` on the API's type) driving this app in memory, from the trusted origin, as a visitor. */
  api: ApiClient;
  /**
   * The same typed client as the user of this session cookie (`signIn`'s answer). API tests call
   * the API through it by default: paths, params, bodies and answers are typed from the route
   * declarations, so a renamed route, a changed input or a changed answer fails to compile.
   */
  client(cookie: string): ApiClient;
  /** A raw request with JSON body and optional cookie, for what the typed client cannot send (malformed input, odd headers). */
  request(method: string, path: string, options?: { body?: unknown; cookie?: string; headers?: Record<string, string> }): Promise<Response>;
  close(): Promise<void>;
}

/** The real Hono app over a fresh, migrated in-memory PGlite database (opened from the migrated template). */
export async function createTestApp(env: Record<string, string> = {}, database?: Database): Promise<TestApp> {
  const db = database ?? (await openMigratedTestDatabase());
  const config = testConfig(env);
  const deps = createDeps(config, db, createLogger("silent"));
  const app = createApp(deps);
  function client(cookie?: string): ApiClient {
    return hc<ApiType>(`${config.publicUrl}/api`, {
      headers: { origin: config.publicUrl, ...(cookie ? { cookie } : {}) },
      fetch: (input: RequestInfo | URL, init?: RequestInit) => Promise.resolve(app.request(input, init)),
    });
  }
  return {
    app,
    api: client(),
    client,
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

/** Authenticator secrets of accounts enrolled by `signIn`, per database, so later sign-ins can answer the code. */
const enrolled = new WeakMap<Database, Map<string, string>>();

/**
 * Turns on two-factor authentication through the real endpoints; returns the base32 secret, the
 * recovery codes and the new session cookie (confirming the code replaces the session).
 */
export async function enrollTwoFactor(
  t: TestApp,
  cookie: string,
  password: string,
): Promise<{ secret: string; backupCodes: string[]; cookie: string; enrolmentCode: string }> {
  const enable = await t.request("POST", "/api/auth/two-factor/enable", { cookie, body: { password } });
  expect(enable.status, await enable.clone().text()).toBe(200);
  const { totpURI, backupCodes } = (await enable.json()) as { totpURI: string; backupCodes: string[] };
  const secret = secretFromUri(totpURI);
  const enrolmentCode = totpCode(secret);
  const verify = await t.request("POST", "/api/auth/two-factor/verify-totp", { cookie, body: { code: enrolmentCode } });
  expect(verify.status, await verify.clone().text()).toBe(200);
  return { secret, backupCodes, cookie: cookieFrom(verify), enrolmentCode };
}

/**
 * The app accepts each authenticator code once. A person signing in again within the same 30
 * seconds waits for the next code; tests, which sign the same account in many times a minute,
 * make the app forget the last code instead.
 */
export async function forgetUsedTotpStep(t: TestApp, email: string): Promise<void> {
  const [user] = await t.deps.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (user) await t.deps.db.update(twoFactors).set({ lastUsedStep: null }).where(eq(twoFactors.userId, user.id));
}

/**
 * Signs in like a browser would: answers the authenticator code when two-factor is on, and enrols
 * an account whose role requires two-factor (an admin) the first time, as the app makes them do.
 */
export async function signIn(t: TestApp, email: string, password = "secret123"): Promise<string> {
  const secrets = enrolled.get(t.database) ?? new Map<string, string>();
  enrolled.set(t.database, secrets);
  const res = await t.request("POST", "/api/auth/sign-in/email", { body: { email, password } });
  expect(res.status, await res.clone().text()).toBe(200);
  let cookie = cookieFrom(res);
  if (((await res.json()) as { twoFactorRedirect?: boolean }).twoFactorRedirect) {
    const secret = secrets.get(email);
    expect(secret, `${email} has two-factor on but was not enrolled by this helper`).toBeDefined();
    await forgetUsedTotpStep(t, email);
    const verify = await t.request("POST", "/api/auth/two-factor/verify-totp", { cookie, body: { code: totpCode(secret!) } });
    expect(verify.status, await verify.clone().text()).toBe(200);
    cookie = cookieFrom(verify);
  }
  expect(cookie).toContain("session_token");
  const me = (await (await t.request("GET", "/api/me", { cookie })).json()) as { user: { twoFactorSetupRequired: boolean } };
  if (me.user.twoFactorSetupRequired) {
    const enrolment = await enrollTwoFactor(t, cookie, password);
    secrets.set(email, enrolment.secret);
    cookie = enrolment.cookie;
  }
  return cookie;
}
