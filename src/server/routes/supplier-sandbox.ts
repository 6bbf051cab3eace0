import { setTimeout as sleep } from "node:timers/promises";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppEnv } from "../http/types.ts";
import { createWholesalerSandbox } from "../integrations/wholesaler/sandbox.ts";

/** The wholesaler sandbox's HTTP face: `{PUBLIC_URL}/supplier-sandbox/15` is its API URL. */
export function supplierSandboxRoutes(config: { appSecret: string; publicUrl: string }) {
  const sandbox = createWholesalerSandbox({ appSecret: config.appSecret, publicUrl: config.publicUrl });
  return new Hono<AppEnv>().post("/15/PostGet/:service/:method", bodyLimit({ maxSize: 64 * 1024 }), async (c) => {
    const service = c.req.param("service").replace(/\.asmx$/, "");
    const form = new URLSearchParams(await c.req.text());
    const answer = sandbox.handle(service, c.req.param("method"), form);
    if (answer.delayMs > 0) await sleep(answer.delayMs);
    return c.body(answer.xml, answer.status as 200, { "content-type": "text/xml; charset=utf-8" });
  });
}
