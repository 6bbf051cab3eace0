import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayUtc } from "../../src/shared/dates.ts";
import { loadConfig } from "../../src/server/config.ts";
import { type Database, openDatabase } from "../../src/server/db/client.ts";
import { migrateDatabase } from "../../src/server/db/migrate.ts";
import { bookingDeps } from "../../src/server/deps.ts";
import { countIfStatementTimeout, readCounters } from "../../src/server/services/metrics-counters.ts";
import { queueEmail } from "../../src/server/services/email-outbox.ts";
import { runBookingJobRound } from "../../src/server/workers.ts";
import { type HotelRow, type RoomTypeRow, createHotel, createRoomType } from "../factories.ts";
import { type TestApp, createTestApp } from "../support/test-app.ts";

const TOKEN = "metrics-token-0123456789-abcdefghij";
const ENABLED = { METRICS_ENABLED: "true", METRICS_TOKEN: TOKEN };

/** One sample's value from the Prometheus text: the line of `name` whose labels are exactly `labels`; undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split("\n")) {
    if (line.startsWith("#") || !line.startsWith(name)) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found: Record<string, string> = {};
    for (const pair of (match[2] ?? "").matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) found[pair[1]!] = pair[2]!;
    const keys = Object.keys(labels);
    if (Object.keys(found).length === keys.length && keys.every((k) => found[k] === labels[k])) return Number(match[3]);
  }
  return undefined;
}

let database: Database;
beforeAll(async () => {
  database = await openDatabase({ pgliteDir: null });
  await migrateDatabase(database);
});
afterAll(() => database.close());

describe("/metrics when not asked for", () => {
  it("is a 404 by default", async () => {
    const t = await createTestApp({}, database);
    const res = await t.request("GET", "/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(404);
  });

  it("cannot be switched on without a long enough token", () => {
    expect(() => loadConfig({ NODE_ENV: "test", APP_SECRET: "x".repeat(32), METRICS_ENABLED: "true" })).toThrow(/METRICS_TOKEN/);
    expect(() => loadConfig({ NODE_ENV: "test", APP_SECRET: "x".repeat(32), METRICS_ENABLED: "true", METRICS_TOKEN: "short" })).toThrow(
      /METRICS_TOKEN must be at least 24 characters/,
    );
  });
});

describe("/metrics", () => {
  let t: TestApp;
  let hotel: HotelRow;
  let room: RoomTypeRow;

  beforeAll(async () => {
    t = await createTestApp(ENABLED, database);
    hotel = await createHotel(t.deps.db, { name: "Metrics Hotel" });
    room = await createRoomType(t.deps.db, hotel.id, { name: "Double", priceCents: 10000, maxGuests: 2, totalRooms: 10 });
  });

  async function scrape(): Promise<string> {
    const res = await t.request("GET", "/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain");
    expect(res.headers.get("cache-control")).toBe("no-store");
    return res.text();
  }

  it("answers 401 without the token, with a wrong one, or with another scheme", async () => {
    const attempts: Record<string, string>[] = [
      {},
      { authorization: "Bearer wrong-token-wrong-token-wrong" },
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: `Basic ${TOKEN}` },
      { authorization: TOKEN },
    ];
    for (const headers of attempts) {
      const res = await t.request("GET", "/metrics", { headers });
      expect(res.status, JSON.stringify(headers)).toBe(401);
      expect(res.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
      const body = await res.text();
      expect(body).not.toContain("staywise_");
    }
  });

  it("counts and times requests by route pattern and status, never by the raw path", async () => {
    const route = "/api/hotels/:id";
    const before = await scrape();
    const ok = { method: "GET", route, status: "200" };
    const missing = { method: "GET", route, status: "404" };
    const countBefore = sample(before, "staywise_http_requests_total", ok) ?? 0;
    const missingBefore = sample(before, "staywise_http_requests_total", missing) ?? 0;
    const histogramBefore = sample(before, "staywise_http_request_duration_seconds_count", ok) ?? 0;

    for (let i = 0; i < 3; i++) {
      const res = await t.request("GET", `/api/hotels/${hotel.id}`);
      expect(res.status, await res.clone().text()).toBe(200);
    }
    const notFound = await t.request("GET", "/api/hotels/987654321");
    expect(notFound.status).toBe(404);
    const noRoute = await t.request("GET", "/api/no-such-thing/42");
    expect(noRoute.status).toBe(404);

    const after = await scrape();
    expect(sample(after, "staywise_http_requests_total", ok)).toBe(countBefore + 3);
    expect(sample(after, "staywise_http_requests_total", missing)).toBe(missingBefore + 1);
    expect(sample(after, "staywise_http_request_duration_seconds_count", ok)).toBe(histogramBefore + 3);
    expect(sample(after, "staywise_http_request_duration_seconds_bucket", { ...ok, le: "+Inf" })).toBe(histogramBefore + 3);
    expect(sample(after, "staywise_http_request_duration_seconds_sum", ok)).toBeGreaterThan(0);
    // An unknown API path counts under the API's catch-all, not under its own path.
    expect(sample(after, "staywise_http_requests_total", { method: "GET", route: "/api/*", status: "404" })).toBeGreaterThanOrEqual(1);
    expect(after).not.toContain(`/api/hotels/${hotel.id}"`);
    expect(after).not.toContain("987654321");
    expect(after).not.toContain("no-such-thing");
    // The scrapes count themselves as well.
    expect(sample(after, "staywise_http_requests_total", { method: "GET", route: "/metrics", status: "200" })).toBeGreaterThanOrEqual(1);
  });

  it("reports the outbox's depth and the age of its oldest unsent e-mail", async () => {
    const before = await scrape();
    expect(sample(before, "staywise_email_outbox_depth")).toBe(0);
    expect(sample(before, "staywise_email_outbox_oldest_age_seconds")).toBe(0);
    for (let i = 0; i < 3; i++) {
      await queueEmail(t.deps.db, "smtp", { to: `guest${i}@example.com`, subject: "Hello", text: "body", kind: "test" });
    }
    // Kept in the in-app mailbox: nothing to send, not in the depth.
    await queueEmail(t.deps.db, "mailbox", { to: "kept@example.com", subject: "Kept", text: "body", kind: "test" });
    const after = await scrape();
    expect(sample(after, "staywise_email_outbox_depth")).toBe(3);
    expect(sample(after, "staywise_email_outbox_oldest_age_seconds")).toBeGreaterThanOrEqual(0);
    expect(sample(after, "staywise_metrics_db_up")).toBe(1);
  });

  it("reports the holds pending", async () => {
    const before = await scrape();
    const pendingBefore = sample(before, "staywise_holds_pending");
    expect(pendingBefore).toBe(0);
    for (const guestEmail of ["ada@example.com", "bob@example.com"]) {
      const res = await t.request("POST", "/api/bookings", {
        headers: { "x-forwarded-for": "198.51.100.7" },
        body: {
          hotelId: String(hotel.id),
          roomTypeId: String(room.id),
          checkIn: addDays(todayUtc(), 20),
          checkOut: addDays(todayUtc(), 22),
          guests: 2,
          rooms: 1,
          guestName: "Ada Guest",
          guestEmail,
          guestPhone: "+44 20 7946 0000",
        },
      });
      expect(res.status, await res.clone().text()).toBe(201);
    }
    const after = await scrape();
    expect(sample(after, "staywise_holds_pending")).toBe(2);
    expect(sample(after, "staywise_holds_overdue")).toBe(0);
  });

  it("counts background job rounds run and skipped, and statement time-outs", async () => {
    const before = await scrape();
    const run = { job: "hold-expiry", outcome: "run" };
    const skipped = { job: "hold-expiry", outcome: "skipped" };
    const runBefore = sample(before, "staywise_job_rounds_total", run) ?? 0;
    const skippedBefore = sample(before, "staywise_job_rounds_total", skipped) ?? 0;
    // The first round runs; the next is not due yet, so this instance skips it.
    expect(await runBookingJobRound(bookingDeps(t.deps), "holdExpiry")).not.toBeNull();
    expect(await runBookingJobRound(bookingDeps(t.deps), "holdExpiry")).toBeNull();
    const reconciled = await runBookingJobRound(bookingDeps(t.deps), "paymentReconciliation");
    expect(reconciled).toBe(0);

    const timeoutsBefore = readCounters().statementTimeouts.request;
    countIfStatementTimeout(
      { message: "Failed query", cause: { code: "57014", message: "canceling statement due to statement timeout" } },
      "request",
    );
    countIfStatementTimeout(new Error("Query read timeout"), "request");
    countIfStatementTimeout({ code: "23505", message: "duplicate key" }, "request");
    expect(readCounters().statementTimeouts.request).toBe(timeoutsBefore + 2);

    const after = await scrape();
    expect(sample(after, "staywise_job_rounds_total", run)).toBe(runBefore + 1);
    expect(sample(after, "staywise_job_rounds_total", skipped)).toBe(skippedBefore + 1);
    expect(sample(after, "staywise_job_rounds_total", { job: "payment-reconciliation", outcome: "run" })).toBeGreaterThanOrEqual(1);
    expect(sample(after, "staywise_payments_reconciled_total")).toBe(readCounters().paymentsReconciled);
    expect(sample(after, "staywise_db_statement_timeouts_total", { source: "request" })).toBe(timeoutsBefore + 2);
  });

  it("shows the photo decode queue and the embedded database, without pool figures it does not have", async () => {
    const text = await scrape();
    expect(sample(text, "staywise_photo_decode_queue_length")).toBe(0);
    expect(sample(text, "staywise_photo_decode_running")).toBe(0);
    expect(sample(text, "staywise_db_info", { kind: "pglite" })).toBe(1);
    expect(text).not.toContain("staywise_db_pool_connections");
    expect(text).not.toContain("staywise_db_replica_up");
    // The process's own figures come from the library's defaults.
    expect(sample(text, "process_cpu_user_seconds_total")).toBeGreaterThan(0);
  });
});

describe("the Grafana dashboard and the docs", () => {
  it("use only metric names the app exports, and the docs describe every one the dashboard uses", () => {
    const source = readFileSync("src/server/middleware/metrics.ts", "utf8");
    const exported = new Set([...source.matchAll(/name: "(staywise_[a-z_]+)"/g)].map((m) => m[1]!));
    expect(exported.size).toBeGreaterThan(15);
    const dashboard = readFileSync("deploy/grafana-dashboard.json", "utf8");
    const used = new Set([...dashboard.matchAll(/staywise_[a-z_]+/g)].map((m) => m[0].replace(/_(bucket|sum|count)$/, "")));
    expect(used.size).toBeGreaterThan(10);
    const docs = readFileSync("docs/metrics.md", "utf8");
    for (const name of used) {
      expect(exported, `${name} in the dashboard`).toContain(name);
      expect(docs, `${name} in docs/metrics.md`).toContain(name);
    }
  });
});
