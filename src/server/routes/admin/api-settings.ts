import { z } from "zod";
import { apiRouter, defineRoute, jsonAnswer, jsonBody } from "../../http/openapi.ts";
import type { AppDeps, SignedInEnv } from "../../http/types.ts";
import { ENVIRONMENTS } from "../../services/api-settings.ts";

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
  z.object({
    apiUrl,
    username: z.string().trim().min(1, "Username is required").max(200),
    password: z.string().min(1, "Password is required").max(200),
  }),
]);

const SettingsList = z.object({
  settings: z.array(
    z.object({
      environment: z.enum(ENVIRONMENTS),
      apiUrl: z.string(),
      username: z.string(),
      passwordSet: z.boolean().describe("The password itself never leaves the server"),
      isActive: z.boolean(),
      updatedAt: z.string().nullable(),
    }),
  ),
});
const TAGS = ["Admin"];

const list = defineRoute({
  method: "get",
  path: "/api-settings",
  operationId: "listApiSettings",
  tags: TAGS,
  summary: "The supplier API settings of both environments",
  responses: { 200: jsonAnswer(SettingsList, "TEST and LIVE") },
});
const save = defineRoute({
  method: "put",
  path: "/api-settings/{environment}",
  operationId: "saveApiSettings",
  tags: TAGS,
  summary: "Save one environment's settings (a blank password keeps the stored one), optionally making it active",
  request: { params: EnvParam, body: jsonBody(SaveInput) },
  responses: { 200: jsonAnswer(SettingsList, "Both environments as they now stand") },
});
const test = defineRoute({
  method: "post",
  path: "/api-settings/test",
  operationId: "testApiConnection",
  tags: TAGS,
  summary: "Test a connection with saved or typed-in credentials",
  request: { body: jsonBody(TestInput) },
  responses: { 200: jsonAnswer(z.object({ success: z.boolean(), message: z.string() }), "Whether the supplier answered") },
});

/** Supplier API settings per environment; passwords are encrypted at rest and never sent back. */
export function adminApiSettingsRoutes(deps: AppDeps) {
  const service = deps.apiSettings;
  return apiRouter<SignedInEnv>()
    .openapi(list, async (c) => {
      return c.json({ settings: await service.list() }, 200);
    })
    .openapi(save, async (c) => {
      const user = c.get("user");
      const settings = await service.save({ id: user.id, email: user.email }, c.req.valid("param").environment, c.req.valid("json"));
      return c.json({ settings }, 200);
    })
    .openapi(test, async (c) => {
      const user = c.get("user");
      return c.json(await service.test({ id: user.id, email: user.email }, c.req.valid("json")), 200);
    });
}
