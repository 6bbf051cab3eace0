import { randomUUID } from "node:crypto";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import { LANGUAGE_COOKIE } from "../../shared/i18n/languages.ts";
import type { AppDeps, AppEnv } from "../http/types.ts";
import { requestLanguage } from "../i18n.ts";
import { runWithRequestContext } from "../request-context.ts";

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{8,64}$/;

// Path segments that are secrets themselves: the password-reset token (/reset-password/<token>),
// a calendar feed's secret link (/ical/<token>.ics) and any segment after one named "token".
const SECRET_SEGMENT = /(\/(?:reset-password|ical|token)\/)[^/?#]+/gi;

/** The path as it may be logged: anyone reading the log must not be able to use a token from it. */
export function redactPath(path: string): string {
  return path.replace(SECRET_SEGMENT, "$1[redacted]");
}

function clientIp(c: Context, trustProxy: boolean): string | null {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? null;
  } catch {
    // app.request() in tests has no socket.
    return null;
  }
}

/** Gives every request an id (kept from X-Request-Id when sane) and writes one JSON log line for it. */
export function requestLog(deps: Pick<AppDeps, "logger" | "config">) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const incoming = c.req.header("x-request-id");
    const requestId = incoming && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
    const ip = clientIp(c, deps.config.trustProxy);
    c.set("requestId", requestId);
    c.set("clientIp", ip);
    c.set("user", null);
    c.set("sessionId", null);
    const started = performance.now();
    const language = requestLanguage(getCookie(c, LANGUAGE_COOKIE), c.req.header("accept-language"));
    await runWithRequestContext({ requestId, ip, language }, () => next());
    // On the answer's own headers: c.header() after next() would copy the body into a new Response.
    c.res.headers.set("X-Request-Id", requestId);
    const status = c.res.status;
    deps.logger[status >= 500 ? "error" : "info"]({
      requestId,
      method: c.req.method,
      // The query string is never logged: tokens and personal data travel there too (?token=, ?email=).
      path: redactPath(c.req.path),
      status,
      ms: Math.round((performance.now() - started) * 10) / 10,
      userId: c.get("user")?.id,
      ip,
    });
  });
}
