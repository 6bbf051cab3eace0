import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../http/types.ts";
import { SANDBOX_USERNAME, sandboxPassword } from "../../integrations/wholesaler/sandbox.ts";

/** What an admin types into API Settings > TEST to use the built-in sandbox supplier. */
export function adminSupplierSandboxRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get("/supplier-sandbox", (c) => {
    c.header("Cache-Control", "no-store");
    if (!deps.config.supplierSandbox) return c.json({ enabled: false, apiUrl: null, username: null, password: null });
    return c.json({
      enabled: true,
      apiUrl: `${deps.config.publicUrl}/supplier-sandbox/15`,
      username: SANDBOX_USERNAME,
      password: sandboxPassword(deps.config.appSecret),
    });
  });
}
