import { createMiddleware } from "hono/factory";
import { type Role, isAdminRole } from "../../shared/auth.ts";
import { ApiError } from "../http/errors.ts";
import type { AppDeps, AppEnv } from "../http/types.ts";

/**
 * Reads the session cookie on every API request. The user (and so the role and ban) comes from the
 * database each time, so a promotion, demotion or ban applies at the user's next request.
 */
export function loadSession(deps: Pick<AppDeps, "auth">) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const result = await deps.auth.api.getSession({ headers: c.req.raw.headers });
    if (result && !result.user.banned) {
      const role: Role = isAdminRole(result.user.role) ? "admin" : "user";
      c.set("user", { id: result.user.id, name: result.user.name, email: result.user.email, role, isAdmin: role === "admin" });
      c.set("sessionId", result.session.id);
    }
    await next();
  });
}

export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.get("user")) throw new ApiError(401, "UNAUTHENTICATED", "Please sign in to continue.");
  await next();
});

export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  const user = c.get("user");
  if (!user) throw new ApiError(401, "UNAUTHENTICATED", "Please sign in to continue.");
  if (!user.isAdmin) throw new ApiError(403, "FORBIDDEN", "Access denied. Admin privileges required.");
  await next();
});
