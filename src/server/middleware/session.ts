import { eq } from "drizzle-orm";
import { createMiddleware } from "hono/factory";
import { type Role, isAdminRole, roleRequiresTwoFactor } from "../../shared/auth.ts";
import { sessions } from "../db/schema.ts";
import { ApiError } from "../http/errors.ts";
import type { AppDeps, AppEnv } from "../http/types.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Reads the session cookie on every API request. The user (and so the role and ban) comes from the
 * database each time, so a promotion, demotion or ban applies at the user's next request. A session
 * older than the absolute lifetime is ended here, however recently it was used (use extends only
 * the idle expiry).
 */
export function loadSession(deps: Pick<AppDeps, "auth" | "db" | "config">) {
  const maxAgeMs = deps.config.sessionMaxAgeDays * DAY_MS;
  return createMiddleware<AppEnv>(async (c, next) => {
    const result = await deps.auth.api.getSession({ headers: c.req.raw.headers });
    if (result && Date.now() - new Date(result.session.createdAt).getTime() > maxAgeMs) {
      await deps.db.delete(sessions).where(eq(sessions.id, result.session.id));
    } else if (result && !result.user.banned) {
      const role: Role = isAdminRole(result.user.role) ? "admin" : "user";
      const twoFactorEnabled = result.user.twoFactorEnabled === true;
      c.set("user", {
        id: result.user.id,
        name: result.user.name,
        email: result.user.email,
        role,
        isAdmin: role === "admin",
        twoFactorEnabled,
        twoFactorSetupRequired: roleRequiresTwoFactor(role) && !twoFactorEnabled,
      });
      c.set("sessionId", result.session.id);
    }
    await next();
  });
}

export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.get("user")) throw new ApiError(401, "UNAUTHENTICATED", "Please sign in to continue.");
  await next();
});

export const TWO_FACTOR_SETUP_REQUIRED = "Set up two-factor authentication on your account page before using the admin area.";

/** Admin endpoints: an admin role, and (since admins must use it) two-factor authentication turned on. */
export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  const user = c.get("user");
  if (!user) throw new ApiError(401, "UNAUTHENTICATED", "Please sign in to continue.");
  if (!user.isAdmin) throw new ApiError(403, "FORBIDDEN", "Access denied. Admin privileges required.");
  if (user.twoFactorSetupRequired) throw new ApiError(403, "TWO_FACTOR_REQUIRED", TWO_FACTOR_SETUP_REQUIRED);
  await next();
});
