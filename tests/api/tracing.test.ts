import { spawn } from "node:child_process";
import { type Server, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/server/app.ts";
import { tracingSettings } from "../../src/server/config.ts";
import { type Database, openDatabase } from "../../src/server/db/client.ts";
import { migrateDatabase } from "../../src/server/db/migrate.ts";
import { createDeps } from "../../src/server/deps.ts";
import { createLogger } from "../../src/server/logger.ts";
import { type Tracing, startTracing } from "../../src/server/middleware/tracing.ts";
import { createHotel, createRoomType } from "../factories.ts";
import { testConfig } from "../support/test-app.ts";

/** A span as the OTLP/HTTP JSON export carries it. */
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: { stringValue?: string; intValue?: number | string } }[];
  status?: { code?: number };
}
interface OtlpExport {
  resourceSpans: { resource: { attributes: OtlpSpan["attributes"] }; scopeSpans: { spans: OtlpSpan[] }[] }[];
}

function attribute(span: OtlpSpan, key: string): string | number | undefined {
  const value = span.attributes.find((a) => a.key === key)?.value;
  return value?.stringValue ?? (value?.intValue === undefined ? undefined : Number(value.intValue));
}

describe("OpenTelemetry tracing with an OTLP endpoint", () => {
  // An OTLP/HTTP collector in this process: it keeps what the exporter posts.
  const posts: { url: string; contentType: string | undefined; body: OtlpExport }[] = [];
  let collector: Server;
  let tracing: Tracing;
  let database: Database;

  beforeAll(async () => {
    collector = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        posts.push({
          url: req.url ?? "",
          contentType: req.headers["content-type"],
          body: JSON.parse(Buffer.concat(chunks).toString("utf8")) as OtlpExport,
        });
        res.writeHead(200, { "content-type": "application/json" }).end("{}");
      });
    });
    await new Promise<void>((resolve) => collector.listen(0, "127.0.0.1", resolve));
  });
  afterAll(async () => {
    await tracing?.shutdown();
    await database?.close();
    await new Promise((resolve) => collector.close(resolve));
  });

  it("exports a span per request (route pattern, status) with a child span per statement it ran", async () => {
    const { port } = collector.address() as AddressInfo;
    const config = testConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}/`, OTEL_SERVICE_NAME: "staywise-test" });
    const logger = createLogger("silent");
    tracing = (await startTracing(config.tracing, logger))!;
    expect(tracing).not.toBeNull();
    database = await openDatabase({ pgliteDir: null, statements: tracing.statements });
    await migrateDatabase(database);
    const hotel = await createHotel(database.db, { name: "Traced Inn" });
    await createRoomType(database.db, hotel.id, { name: "Double", priceCents: 12000, maxGuests: 2, totalRooms: 5 });
    const app = createApp(createDeps(config, database, logger), { tracing });

    const res = await app.request(`/api/hotels/${hotel.id}`);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(((await res.json()) as { name: string }).name).toBe("Traced Inn");
    const missing = await app.request("/api/hotels/999999");
    expect(missing.status).toBe(404);
    await tracing.flush();

    expect(posts.length).toBeGreaterThan(0);
    expect(posts.every((p) => p.url === "/v1/traces" && p.contentType === "application/json")).toBe(true);
    const resources = posts.flatMap((p) => p.body.resourceSpans);
    expect(resources[0]!.resource.attributes).toContainEqual({ key: "service.name", value: { stringValue: "staywise-test" } });
    const spans = resources.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans));

    const requests = spans.filter((s) => s.name === "GET /api/hotels/:id");
    expect(requests).toHaveLength(2);
    const found = requests.find((s) => attribute(s, "http.response.status_code") === 200)!;
    const notFound = requests.find((s) => attribute(s, "http.response.status_code") === 404)!;
    expect(found).toBeDefined();
    expect(notFound).toBeDefined();
    expect(attribute(found, "http.route")).toBe("/api/hotels/:id");
    expect(attribute(found, "http.request.method")).toBe("GET");
    expect(found.parentSpanId ?? "").toBe("");
    expect(found.kind).toBe(2); // SERVER

    const statements = spans.filter((s) => s.parentSpanId === found.spanId);
    expect(statements.length).toBeGreaterThan(0);
    for (const statement of statements) {
      expect(statement.traceId).toBe(found.traceId);
      expect(statement.kind).toBe(3); // CLIENT
      expect(attribute(statement, "db.system.name")).toBe("postgresql");
    }
    const hotelRead = statements.find((s) => /\bfrom "?hotels"?/i.test(String(attribute(s, "db.query.text"))));
    expect(hotelRead, JSON.stringify(statements.map((s) => attribute(s, "db.query.text")))).toBeDefined();
    expect(hotelRead!.name).toBe(attribute(hotelRead!, "db.operation.name"));

    // The migrations and the factories ran outside any request: none of their statements is exported.
    const orphans = spans.filter((s) => attribute(s, "db.system.name") && !requests.some((r) => r.spanId === s.parentSpanId));
    expect(orphans).toEqual([]);
  });
});

describe("tracing configuration", () => {
  it("posts to the traces endpoint as given, else to the base endpoint's v1/traces; off when neither is set", () => {
    expect(tracingSettings("http://otel:4318/custom/traces", "http://ignored:4318", "s", 1)?.tracesUrl).toBe(
      "http://otel:4318/custom/traces",
    );
    expect(tracingSettings(undefined, "http://otel:4318", "s", 1)?.tracesUrl).toBe("http://otel:4318/v1/traces");
    expect(tracingSettings(undefined, "http://otel:4318/base/", "s", 0.5)).toEqual({
      tracesUrl: "http://otel:4318/base/v1/traces",
      serviceName: "s",
      sampleRatio: 0.5,
    });
    expect(tracingSettings(undefined, undefined, "s", 1)).toBeNull();
    expect(testConfig().tracing).toBeNull();
    expect(testConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: "" }).tracing).toBeNull();
    expect(() => testConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: "grpc://otel:4317" })).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT/);
    expect(() => testConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://otel:4318", TRACING_SAMPLE_RATIO: "2" })).toThrow(
      /TRACING_SAMPLE_RATIO/,
    );
  });
});

describe("tracing off", () => {
  const root = path.resolve(import.meta.dirname, "../..");

  /** Runs the probe (tests/support/tracing-probe.ts), which refuses every OpenTelemetry package but the API. */
  function probe(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, ["--import", "tsx", "tests/support/tracing-probe.ts", JSON.stringify(env)], { cwd: root });
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
      child.on("error", reject);
      child.on("close", (code) => resolve({ code, stdout, stderr }));
    });
  }

  it("loads no OpenTelemetry SDK module when no endpoint is set, and the app answers", async () => {
    const off = await probe({});
    expect(off.stderr).not.toMatch(/OpenTelemetry SDK module loaded/);
    expect(off.code, off.stderr).toBe(0);
    expect(JSON.parse(off.stdout.trim().split("\n").at(-1)!)).toEqual({ tracing: false, status: 200 });
  });

  it("(the probe's own check) catches the SDK being loaded when an endpoint is set", async () => {
    const on = await probe({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://127.0.0.1:9" });
    expect(on.code).not.toBe(0);
    expect(on.stderr).toMatch(/OpenTelemetry SDK module loaded: @opentelemetry\//);
  });
});
