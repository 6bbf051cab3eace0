import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { validate, compileErrors } from "@readme/openapi-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERROR_CODES } from "../../src/shared/error-codes.ts";
import { type TestApp, createTestApp } from "../support/test-app.ts";

/** Routes that serve the description itself, not the API it describes. */
const SELF = new Set(["GET /api/openapi.json", "GET /api/docs", "GET /api/docs/init.js", "GET /api/docs/{file}"]);

interface Operation {
  operationId?: string;
  parameters?: { in: string; name: string; schema?: { format?: string } }[];
  security?: Record<string, string[]>[];
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, { type?: string | string[]; properties?: Record<string, { enum?: string[] }> }>;
    securitySchemes: Record<string, unknown>;
  };
}

let t: TestApp;
let doc: Document;
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

  it("passes Redocly's recommended lint rules (redocly.yaml) without a problem", async () => {
    const dir = await mkdtemp(join(tmpdir(), "staywise-openapi-"));
    try {
      const file = join(dir, "openapi.json");
      await writeFile(file, JSON.stringify(doc));
      const cli = join(dirname(createRequire(import.meta.url).resolve("@redocly/cli/package.json")), "bin/cli.js");
      const args = [cli, "lint", file, "--config", "redocly.yaml", "--format", "json", "--max-problems", "1000"];
      // No telemetry or update check: the lint runs offline, like the rest of the tests.
      const env = { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" };
      const { stdout } = await promisify(execFile)(process.execPath, args, { env, maxBuffer: 16 * 1024 * 1024 }).catch(
        (error: { stdout?: string }) => ({ stdout: error.stdout ?? "" }),
      );
      const result = JSON.parse(stdout) as { problems: { ruleId: string; message: string; location: { pointer: string }[] }[] };
      expect(result.problems.map((p) => `${p.ruleId}: ${p.message} (${p.location[0]?.pointer})`)).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

function operations(): { method: string; path: string; operation: Operation }[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ method, path, operation })),
  );
}

describe("the description, for other clients", () => {
  it("names every operation with a unique camelCase operationId", () => {
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(ids.filter((id) => !id || !/^[a-z][A-Za-z0-9]*$/.test(id))).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("asks for the session cookie exactly where a visitor is refused, and declares every error answer it gets", async () => {
    expect(doc.components.securitySchemes).toEqual({
      sessionCookie: expect.objectContaining({ type: "apiKey", in: "cookie", name: "better-auth.session_token" }),
      channelApiKey: expect.objectContaining({ type: "http", scheme: "bearer" }),
    });
    const refused: string[] = [];
    const secured: string[] = [];
    const keyRefused: string[] = [];
    const keySecured: string[] = [];
    const undeclared: string[] = [];
    for (const { method, path, operation } of operations()) {
      const name = `${method.toUpperCase()} ${path}`;
      // Ids nobody has: a lookup answers its "not found", a guard or validation answers first.
      const concrete = path.replace(/\{([^}]+)\}/g, (_, param: string) =>
        operation.parameters?.find((p) => p.in === "path" && p.name === param)?.schema?.format === "uuid" ? randomUUID() : "999999",
      );
      const res = await t.request(method.toUpperCase(), concrete);
      const body = res.headers.get("content-type")?.includes("json") ? ((await res.json()) as { code?: string } | null) : null;
      if (body?.code === "UNAUTHENTICATED") refused.push(name);
      if (body?.code === "CHANNEL_KEY_INVALID") keyRefused.push(name);
      if (operation.security?.some((scheme) => "sessionCookie" in scheme)) secured.push(name);
      if (operation.security?.some((scheme) => "channelApiKey" in scheme)) keySecured.push(name);
      if (res.status >= 400 && res.status < 500) {
        const declared = operation.responses[String(res.status)];
        if (!declared?.description.includes(`\`${body?.code}\``)) undeclared.push(`${name}: ${res.status} ${body?.code}`);
      }
    }
    expect(refused).toEqual(secured);
    expect(secured.length).toBeGreaterThan(50);
    // The channel API asks for its bearer key exactly where a request without one is refused.
    expect(keyRefused).toEqual(keySecured);
    expect(keySecured.length).toBeGreaterThanOrEqual(5);
    expect(undeclared).toEqual([]);
  });

  it("answers errors with one named ErrorBody whose code is an ErrorCode, and declares 4xx answers on every operation", () => {
    expect(doc.components.schemas.ErrorBody?.properties?.code?.enum).toEqual([...ERROR_CODES]);
    for (const { method, path, operation } of operations()) {
      const errors = Object.entries(operation.responses).filter(([status]) => /^[45]/.test(status));
      expect(
        errors.some(([status]) => status.startsWith("4")),
        `${method} ${path}`,
      ).toBe(true);
      for (const [status, answer] of errors) {
        expect(answer.content?.["application/json"]?.schema, `${method} ${path} ${status}`).toEqual({
          $ref: "#/components/schemas/ErrorBody",
        });
      }
    }
    const cancel = doc.paths["/api/bookings/{id}/cancel"]!.post!.responses;
    expect(Object.keys(cancel)).toEqual(expect.arrayContaining(["200", "400", "403", "404", "409", "502", "503", "default"]));
    expect(cancel["409"]!.description).toContain("`NOT_CANCELLABLE`");
    const admin = doc.paths["/api/admin/users/{id}/role"]!.post!.responses;
    expect(admin["401"]!.description).toContain("`UNAUTHENTICATED`");
    expect(admin["403"]!.description).toContain("`FORBIDDEN`");
  });

  it("names the main shapes as components, so generated types do not repeat them", () => {
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining([
        "Booking",
        "HotelCard",
        "HotelSummary",
        "HotelDetail",
        "RoomOffer",
        "RoomType",
        "Review",
        "User",
        "ErrorBody",
      ]),
    );
    // The booking's fields are written once, in its component (it was inlined 19 times); operations refer to it.
    const paths = JSON.stringify(doc.paths);
    expect(paths.split('"refundOnCancel"').length - 1, "the booking's fields inlined in an operation").toBe(0);
    expect(doc.components.schemas.Booking?.properties).toHaveProperty("refundOnCancel");
    expect(paths).toContain('"$ref":"#/components/schemas/Booking"');
    // A component is never null itself; where null is allowed, it is `anyOf` the component and null.
    const nullable = Object.entries(doc.components.schemas).filter(([, schema]) => JSON.stringify(schema.type ?? "").includes("null"));
    expect(nullable.map(([name]) => name)).toEqual([]);
    expect(JSON.stringify(doc)).not.toMatch(/"allOf":\[\{"\$ref":"[^"]+"\},\{"type":\["object","null"\]/);
  });
});
