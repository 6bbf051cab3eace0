import { Hono } from "hono";
import type { AppEnv } from "../http/types.ts";

/** Who is asking: the client's one source for the signed-in user and their role. */
export function meRoutes() {
  return new Hono<AppEnv>().get("/", (c) => {
    c.header("Cache-Control", "no-store");
    return c.json({ user: c.get("user") });
  });
}
