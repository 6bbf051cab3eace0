import { getCookie, setCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import type { AppDeps, AppEnv } from "../http/types.ts";
import { currentRequest } from "../request-context.ts";

/** Set after a successful write; while present, the client's reads go to the primary. */
export const READ_PRIMARY_COOKIE = "staywise_read_primary";
/** Longer than the replica lag the lag-tolerant reads accept (a second), with room to spare. */
export const READ_PRIMARY_SECONDS = 5;

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Read-your-writes with replicas (decision 019): a client that changed something reads from the
 * primary for the next few seconds, on whichever instance, so it never misses its own change.
 * Without replicas it does nothing (and sets no cookie).
 */
export function readYourWrites(deps: Pick<AppDeps, "database" | "config">) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!deps.database.replicas) return next();
    const context = currentRequest();
    if (context && getCookie(c, READ_PRIMARY_COOKIE)) context.readFromPrimary = true;
    await next();
    if (WRITES.has(c.req.method) && c.res.status < 400) {
      const secure = deps.config.publicUrl.startsWith("https:");
      setCookie(c, READ_PRIMARY_COOKIE, "1", { httpOnly: true, sameSite: "Lax", secure, path: "/", maxAge: READ_PRIMARY_SECONDS });
    }
  });
}
