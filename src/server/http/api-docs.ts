import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { Hono } from "hono";
import { DomainError } from "../domain-error.ts";
import type { AppEnv } from "./types.ts";

/** Swagger UI's files come from the installed `swagger-ui-dist` package: nothing is loaded from the web. */
const ASSETS: Record<string, string> = {
  "swagger-ui.css": "text/css; charset=utf-8",
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
};

// Our own start-up script: the CSP allows no inline script, so it is a file like the others.
const INIT_SCRIPT = `window.addEventListener("load", function () {
  window.ui = SwaggerUIBundle({ url: "/api/openapi.json", dom_id: "#swagger-ui", deepLinking: true, validatorUrl: null, tryItOutEnabled: false });
});
`;

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Staywise API reference</title>
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
</head>
<body>
<main id="swagger-ui"></main>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script>
</body>
</html>
`;

function packageDir(): string {
  return dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));
}

/** The readable API reference: /api/docs renders /api/openapi.json with Swagger UI. */
export function apiDocsRoutes() {
  const cache = new Map<string, Buffer>();
  return new Hono<AppEnv>()
    .get("/", (c) => {
      c.header("Cache-Control", "no-cache");
      return c.html(PAGE);
    })
    .get("/init.js", (c) => {
      c.header("Cache-Control", "no-cache");
      return c.body(INIT_SCRIPT, 200, { "Content-Type": "text/javascript; charset=utf-8" });
    })
    .get("/:file", async (c) => {
      const file = c.req.param("file");
      const type = ASSETS[file];
      if (!type) throw new DomainError("NOT_FOUND");
      let data = cache.get(file);
      if (!data) {
        data = await readFile(join(packageDir(), file));
        cache.set(file, data);
      }
      return c.body(new Uint8Array(data), 200, { "Content-Type": type, "Cache-Control": "public, max-age=86400" });
    });
}
