import { validate, compileErrors } from "@readme/openapi-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp, createTestApp } from "../support/test-app.ts";

/** Routes that serve the description itself, not the API it describes. */
const SELF = new Set(["GET /api/openapi.json", "GET /api/docs", "GET /api/docs/init.js", "GET /api/docs/{file}"]);

let t: TestApp;
let doc: { openapi: string; paths: Record<string, Record<string, unknown>> };
beforeAll(async () => {
  t = await createTestApp();
  const res = await t.request("GET", "/api/openapi.json");
  expect(res.status).toBe(200);
  doc = (await res.json()) as typeof doc;
});
afterAll(() => t.close());

/** Every method and path the app answers under /api, as "METHOD /path/{param}". */
function servedRoutes(): string[] {
  const served = new Set<string>();
  for (const route of t.app.routes) {
    // Middleware (`use`) and the catch-all 404 answer every method; they are not endpoints.
    if (route.method === "ALL" || !route.path.startsWith("/api/") || route.path.includes("*")) continue;
    served.add(`${route.method} ${route.path.replace(/:([^/{]+)(\{[^}]*\})?/g, "{$1}")}`);
  }
  return [...served].filter((r) => !SELF.has(r)).sort();
}

function describedRoutes(): string[] {
  return Object.entries(doc.paths)
    .flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`))
    .sort();
}

describe("the published API description", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    expect(doc.openapi).toBe("3.1.0");
    const result = await validate(structuredClone(doc) as never);
    expect(result.valid, result.valid ? "" : compileErrors(result)).toBe(true);
  });

  it("describes every route the app serves under /api, and no route it does not serve", () => {
    const served = servedRoutes();
    const described = describedRoutes();
    expect(served.length).toBeGreaterThan(40);
    expect(served.filter((r) => !described.includes(r))).toEqual([]);
    expect(described.filter((r) => !served.includes(r))).toEqual([]);
  });

  it("has a readable reference page whose scripts and styles come from this server", async () => {
    const page = await t.request("GET", "/api/docs");
    expect(page.status).toBe(200);
    const html = await page.text();
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(assets).toEqual(["/api/docs/swagger-ui.css", "/api/docs/swagger-ui-bundle.js", "/api/docs/init.js"]);
    for (const asset of assets) {
      const res = await t.request("GET", asset);
      expect(res.status, asset).toBe(200);
      expect((await res.text()).length, asset).toBeGreaterThan(20);
    }
    const init = await (await t.request("GET", "/api/docs/init.js")).text();
    expect(init).toContain('"/api/openapi.json"');
    expect(page.headers.get("content-security-policy")).toContain("script-src 'self'");
  });
});
