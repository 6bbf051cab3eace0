import { Hono } from "hono";
import { z } from "zod";
import type { AppDeps, SignedInEnv } from "../../http/types.ts";
import { validate } from "../../http/validate.ts";
import { ENVIRONMENTS, apiSettingsService } from "../../services/api-settings.ts";
import { supplierUrlPolicy } from "../../integrations/wholesaler/supplier-url-policy.ts";

const apiUrl = z
  .string()
  .trim()
  .min(1, "API URL is required")
  .max(500)
  .url("API URL must be a full address such as https://xml.supplier.example/15")
  .refine((v) => /^https?:\/\//i.test(v), "API URL must start with http:// or https://");
const EnvParam = z.object({ environment: z.enum(ENVIRONMENTS, { message: "environment must be TEST or LIVE" }) });
const SaveInput = z.object({
  apiUrl,
  username: z.string().trim().min(1, "Username is required").max(200),
  password: z.string().max(200).optional(),
  makeActive: z.boolean().default(false),
});
const TestInput = z.union([
  z.object({ environment: z.enum(ENVIRONMENTS, { message: "environment must be TEST or LIVE" }) }),
  z.object({ apiUrl, username: z.string().trim().min(1, "Username is required").max(200), password: z.string().min(1, "Password is required").max(200) }),
]);

/** Supplier API settings per environment; passwords are encrypted at rest and never sent back. */
export function adminApiSettingsRoutes(deps: AppDeps) {
  const service = apiSettingsService(deps.db, deps.config.appSecret, supplierUrlPolicy(deps.config));
  return new Hono<SignedInEnv>()
    .get("/api-settings", async (c) => {
      c.header("Cache-Control", "no-store");
      return c.json({ settings: await service.list() });
    })
    .put("/api-settings/:environment", validate("param", EnvParam), validate("json", SaveInput), async (c) => {
      const user = c.get("user");
      const settings = await service.save({ id: user.id, email: user.email }, c.req.valid("param").environment, c.req.valid("json"));
      return c.json({ settings });
    })
    .post("/api-settings/test", validate("json", TestInput), async (c) => {
      const user = c.get("user");
      return c.json(await service.test({ id: user.id, email: user.email }, c.req.valid("json")));
    });
}
