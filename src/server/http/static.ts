import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono, type MiddlewareHandler } from "hono";
import type { AppEnv } from "./types.ts";

/**
 * Files of the build under root, with these headers on every file sent. The build writes .br and
 * .gz copies of its text files (vite.config.ts); a browser that accepts one gets it.
 */
function buildFiles(root: string, headers: Record<string, string>): MiddlewareHandler<AppEnv> {
  const serve = serveStatic<AppEnv>({ root, precompressed: true });
  return async (c, next) => {
    const res = await serve(c, next);
    // serveStatic answers with the file's response (its onFound runs too late to add headers to it) or passes on.
    if (res instanceof Response) for (const [name, value] of Object.entries(headers)) res.headers.set(name, value);
    return res;
  };
}

/**
 * Serves the built client; a missing file under /assets is a 404 (a lazily loaded chunk that is gone
 * must fail as such, not be parsed from index.html), and any other GET path gets index.html so the
 * client router can answer it.
 */
export function clientRoutes(clientDir: string) {
  const indexFile = path.join(clientDir, "index.html");
  if (!existsSync(indexFile)) {
    throw new Error(`The client is not built (${indexFile} is missing). Run "npm run build" first.`);
  }
  const indexHtml = readFileSync(indexFile, "utf8");
  const root = path.relative(process.cwd(), clientDir) || ".";
  // Caches must keep the compressed and the plain copy apart, also when the answer is the plain one.
  const vary = { Vary: "Accept-Encoding" };
  return (
    new Hono<AppEnv>()
      .use("/assets/*", buildFiles(root, { ...vary, "Cache-Control": "public, max-age=31536000, immutable" }))
      .get("/assets/*", (c) => c.notFound())
      // Outside /assets only index.html (for "/"): asked again on every visit, like the fallback below.
      .use("*", buildFiles(root, { ...vary, "Cache-Control": "no-cache" }))
      .get("*", (c) => {
        c.header("Cache-Control", "no-cache");
        return c.html(indexHtml);
      })
  );
}
