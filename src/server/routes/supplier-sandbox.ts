import { setTimeout as sleep } from "node:timers/promises";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { RateLimitRule } from "../config.ts";
import type { AppEnv } from "../http/types.ts";
import type { Db } from "../db/client.ts";
import { createWholesalerSandbox } from "../integrations/wholesaler/sandbox.ts";
import { databaseSandboxStore } from "../integrations/wholesaler/sandbox-store.ts";
import { hitRateLimit, isRateLimited } from "../services/rate-limit.ts";

/** Failed sign-ins to the sandbox per client address: enough for a mistyped password, far too few to guess one. */
export const SANDBOX_AUTH_FAILURES: RateLimitRule = { limit: 10, windowSeconds: 15 * 60 };

/** The wholesaler sandbox's HTTP face: `{PUBLIC_URL}/supplier-sandbox/15` is its API URL; its bookings live in the database. */
export function supplierSandboxRoutes(config: { appSecret: string; publicUrl: string }, db: Db) {
  const sandbox = createWholesalerSandbox({ appSecret: config.appSecret, publicUrl: config.publicUrl, store: databaseSandboxStore(db) });
  return new Hono<AppEnv>().post("/15/PostGet/:service/:method", bodyLimit({ maxSize: 64 * 1024 }), async (c) => {
    const key = `sandbox-auth:ip:${c.get("clientIp") ?? "unknown"}`;
    const blocked = await isRateLimited(db, key, SANDBOX_AUTH_FAILURES);
    if (!blocked.allowed) {
      const xml = `<?xml version="1.0" encoding="utf-8"?><Error><ErrorType>RateLimited</ErrorType><Message>Too many failed sign-ins. Try again later.</Message></Error>`;
      return c.body(xml, 429, { "content-type": "text/xml; charset=utf-8", "Retry-After": String(blocked.retryAfterSeconds) });
    }
    const service = c.req.param("service").replace(/\.asmx$/, "");
    const form = new URLSearchParams(await c.req.text());
    const answer = await sandbox.handle(service, c.req.param("method"), form);
    if (answer.authFailed) await hitRateLimit(db, key, SANDBOX_AUTH_FAILURES);
    if (answer.delayMs > 0) await sleep(answer.delayMs);
    return c.body(answer.xml, answer.status as 200, { "content-type": "text/xml; charset=utf-8" });
  });
}
