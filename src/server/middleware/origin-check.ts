import { createMiddleware } from "hono/factory";
import type { Context } from "hono";
import type { AppConfig } from "../config.ts";
import type { Db } from "../db/client.ts";
import { DomainError } from "../domain-error.ts";
import type { AppEnv } from "../http/types.ts";
import { logActivity } from "../services/activity-log.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const SIGN_IN_PATH = "/api/auth/sign-in/email";
/**
 * The simulated card provider's 3-D Secure answer: a form posted from its own page, authorised by the
 * payment's client secret and never by our cookies, like the real provider's page on its own site.
 * Our pages send `Referrer-Policy: no-referrer`, so the browser posts that form with `Origin: null`.
 */
const OWN_SECRET_FORM = /^\/api\/simulated-payments\/[^/]+\/challenge$/;

/** The refusal a person can act on: which address was used and what to set instead. */
export function untrustedOriginMessage(origin: string | null, trusted: readonly string[]): string {
  const from = origin ? `This page was opened at ${origin}` : "This request did not say which page it came from";
  return `${from}, but Staywise only accepts changes from ${trusted.join(", ")}. Open Staywise at that address, or set PUBLIC_URL to the address people use (for example PUBLIC_URL=${origin ?? "https://staywise.example.com"}) and restart.`;
}

function requestOrigin(c: Context): string | null {
  const origin = c.req.header("origin");
  if (origin && origin !== "null") return origin;
  const referer = c.req.header("referer");
  if (!referer) return null;
  try {
    return new URL(referer).origin;
  } catch {
    return null;
  }
}

/**
 * Cross-site request forgery guard for the whole API: a state-changing request that carries a
 * cookie (or signs in) must come from a trusted origin. A request without cookies acts as an
 * anonymous visitor and cannot borrow anyone's session, so it passes: that is how servers calling
 * us (the payment provider's webhook, signed) get through without an allow-list.
 */
export function originCheck(deps: { config: Pick<AppConfig, "trustedOrigins">; db: Db }) {
  const trusted = deps.config.trustedOrigins;
  return createMiddleware<AppEnv>(async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || OWN_SECRET_FORM.test(c.req.path)) return next();
    const origin = requestOrigin(c);
    const signsIn = c.req.path.startsWith("/api/auth/");
    // Signing in or up from a foreign page is refused even without cookies (login CSRF).
    const mustCheck = Boolean(c.req.header("cookie")) || (signsIn && origin !== null);
    if (!mustCheck || (origin !== null && trusted.includes(origin))) return next();
    if (signsIn) c.header("Cache-Control", "no-store");
    if (c.req.path === SIGN_IN_PATH) {
      const body = (await c.req.json().catch(() => null)) as { email?: unknown } | null;
      const email = typeof body?.email === "string" ? body.email.trim().toLowerCase().slice(0, 254) : null;
      await logActivity(deps.db, { actionType: "sign_in_failed", targetUserEmail: email, details: { reason: "untrusted_origin", origin } });
    }
    throw new DomainError("UNTRUSTED_ORIGIN", untrustedOriginMessage(origin, trusted));
  });
}
