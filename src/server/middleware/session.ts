import { eq } from "drizzle-orm";
import { createMiddleware } from "hono/factory";
import { roleRequiresTwoFactor, toRole } from "../../shared/auth.ts";
import { sessions } from "../db/schema.ts";
import { DomainError } from "../domain-error.ts";
import { HOTEL_STAFF_ONLY, assertHotelAccess, capabilityForPath } from "../services/hotel-access.ts";
import type { AppDeps, AppEnv, SignedInEnv } from "../http/types.ts";
import { isDatabaseId } from "../../shared/ids.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
const LAST_SEEN_RESOLUTION_MS = 5 * 60 * 1000;

/**
 * Reads the session cookie on every API request. The user (and so the role and ban) comes from the
 * database each time, so a promotion, demotion or ban applies at the user's next request. A session
 * older than the absolute lifetime is ended here, however recently it was used (use extends only
 * the idle expiry). A request without the session cookie is a visitor without asking better-auth,
 * which would answer null only after building its endpoint context (a quarter of a millisecond of
 * CPU on every visitor's search, decision 032). Staff privileges need a session that passed the
 * second factor itself, not only an account that has one (decision 036).
 */
export function loadSession(deps: Pick<AppDeps, "auth" | "db" | "config">) {
  const maxAgeMs = deps.config.sessionMaxAgeDays * DAY_MS;
  // better-auth's own name for it (with the __Secure- prefix when PUBLIC_URL is https), read once.
  let sessionCookieName: string | undefined;
  return createMiddleware<AppEnv>(async (c, next) => {
    sessionCookieName ??= (await deps.auth.$context).authCookies.sessionToken.name;
    // A plain substring test: a false match only costs the full read, a miss cannot happen.
    if (!c.req.header("cookie")?.includes(sessionCookieName)) return next();
    const result = await deps.auth.api.getSession({ headers: c.req.raw.headers });
    const secondFactorPassed = result?.session.twoFactorVerifiedAt != null;
    const twoFactorEnabled = result?.user.twoFactorEnabled === true;
    if (result && Date.now() - new Date(result.session.createdAt).getTime() > maxAgeMs) {
      await deps.db.delete(sessions).where(eq(sessions.id, result.session.id));
    } else if (result && twoFactorEnabled && !secondFactorPassed) {
      // Every sign-in of an account with two-factor on passes it, and turning it on ends the other
      // sessions: a session without it (kept from before, decision 036) is no session at all.
      await deps.db.delete(sessions).where(eq(sessions.id, result.session.id));
    } else if (result && !result.user.banned) {
      const role = toRole(result.user.role);
      if (Date.now() - new Date(result.session.updatedAt).getTime() > LAST_SEEN_RESOLUTION_MS) {
        // "Last seen" on the account's session list; better-auth itself only writes it once a day.
        await deps.db.update(sessions).set({ updatedAt: new Date() }).where(eq(sessions.id, result.session.id));
      }
      c.set("user", {
        id: result.user.id,
        name: result.user.name,
        email: result.user.email,
        role,
        isAdmin: role === "admin",
        canManageHotels: role === "admin" || role === "manager",
        canUseFrontDesk: role === "admin" || role === "manager" || role === "front_desk",
        twoFactorEnabled,
        twoFactorSetupRequired: roleRequiresTwoFactor(role) && !(twoFactorEnabled && secondFactorPassed),
      });
      c.set("sessionId", result.session.id);
    }
    await next();
  });
}

/** Signed-in users only; handlers after it see `c.get("user")` as a user, never null. */
export const requireUser = createMiddleware<SignedInEnv>(async (c, next) => {
  if (!c.get("user")) throw new DomainError("UNAUTHENTICATED");
  await next();
});

/** Admin endpoints: an admin role, and (since admins must use it) a session that passed two-factor authentication. */
export const requireAdmin = createMiddleware<SignedInEnv>(async (c, next) => {
  const user = c.get("user");
  if (!user) throw new DomainError("UNAUTHENTICATED");
  if (!user.isAdmin) throw new DomainError("FORBIDDEN");
  if (user.twoFactorSetupRequired) throw new DomainError("TWO_FACTOR_REQUIRED");
  await next();
});

/**
 * Property management (/api/properties): admins, and managers for the hotels granted to them, in a
 * session that passed two-factor authentication; front-desk staff only on the desk's routes
 * (capabilityForPath, decision 064). Which hotel a manager may touch is checked per request by
 * requireHotelAccess and the services.
 */
export const requireHotelStaff = createMiddleware<SignedInEnv>(async (c, next) => {
  const user = c.get("user");
  if (!user) throw new DomainError("UNAUTHENTICATED");
  const allowed = capabilityForPath(c.req.method, c.req.path) === "front_desk" ? user.canUseFrontDesk : user.canManageHotels;
  if (!allowed) throw new DomainError("FORBIDDEN", HOTEL_STAFF_ONLY);
  if (user.twoFactorSetupRequired) throw new DomainError("TWO_FACTOR_REQUIRED");
  await next();
});

/**
 * Every /api/properties/hotels/:hotelId route: the hotel must be in the caller's scope (an admin's
 * every hotel, a manager's granted ones; the desk's routes also the front-desk grants). Reads the id
 * from the path, so no route can forget it.
 */
export function requireHotelAccess(deps: Pick<AppDeps, "db">) {
  return createMiddleware<SignedInEnv>(async (c, next) => {
    const match = /\/properties\/hotels\/([^/]+)(?:\/|$)/.exec(c.req.path);
    if (match?.[1] !== undefined) {
      if (!isDatabaseId(match[1])) throw new DomainError("HOTEL_NOT_FOUND");
      await assertHotelAccess(deps.db, c.get("user"), Number(match[1]), capabilityForPath(c.req.method, c.req.path));
    }
    await next();
  });
}
