import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import type { AppEnv } from "./types.ts";

/** Serves the built client; any other GET path gets index.html so the client router can answer it. */
export function clientRoutes(clientDir: string) {
  const indexFile = path.join(clientDir, "index.html");
  if (!existsSync(indexFile)) {
    throw new Error(`The client is not built (${indexFile} is missing). Run "npm run build" first.`);
  }
  const indexHtml = readFileSync(indexFile, "utf8");
  const root = path.relative(process.cwd(), clientDir) || ".";
  return new Hono<AppEnv>()
    .use(
      "/assets/*",
      serveStatic({
        root,
        onFound: (_path, c) => {
          c.header("Cache-Control", "public, max-age=31536000, immutable");
        },
      }),
    )
    .use("*", serveStatic({ root }))
    .get("*", (c) => {
      c.header("Cache-Control", "no-cache");
      return c.html(indexHtml);
    });
}
