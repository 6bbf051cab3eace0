import { createMiddleware } from "hono/factory";
import type { AppDeps, AppEnv } from "../http/types.ts";

/**
 * After every write through this instance that succeeded (a hold, a payment, a booking's change, a
 * rate, a room, a hotel), the suppliers forget the search answers they keep (decision 073), so
 * this instance never shows an answer from before its own write.
 */
export function forgetSearchAnswersAfterWrites(deps: Pick<AppDeps, "suppliers">) {
  return createMiddleware<AppEnv>(async (c, next) => {
    await next();
    if (c.req.method === "GET" || c.req.method === "HEAD" || c.req.method === "OPTIONS" || c.res.status >= 400) return;
    for (const supplier of deps.suppliers) supplier.forgetAnswers?.();
  });
}
