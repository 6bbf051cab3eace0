import { z } from "zod";
import { apiRouter, defineRoute, jsonAnswer } from "../../http/openapi.ts";
import type { AppDeps, SignedInEnv } from "../../http/types.ts";
import { SANDBOX_USERNAME, sandboxPassword } from "../../integrations/wholesaler/sandbox.ts";

const SandboxInfo = z.object({
  enabled: z.boolean(),
  apiUrl: z.string().nullable(),
  username: z.string().nullable(),
  password: z.string().nullable(),
});

const sandbox = defineRoute({
  method: "get",
  path: "/supplier-sandbox",
  operationId: "getSupplierSandbox",
  tags: ["Admin"],
  summary: "The built-in sandbox supplier's address and credentials, for API Settings > TEST",
  responses: { 200: jsonAnswer(SandboxInfo, "Enabled with credentials, or disabled") },
});

/** What an admin types into API Settings > TEST to use the built-in sandbox supplier. */
export function adminSupplierSandboxRoutes(deps: AppDeps) {
  return apiRouter<SignedInEnv>().openapi(sandbox, (c) => {
    if (!deps.config.supplierSandbox) return c.json({ enabled: false, apiUrl: null, username: null, password: null }, 200);
    return c.json(
      {
        enabled: true,
        apiUrl: `${deps.config.publicUrl}/supplier-sandbox/15`,
        username: SANDBOX_USERNAME,
        password: sandboxPassword(deps.config.appSecret),
      },
      200,
    );
  });
}
