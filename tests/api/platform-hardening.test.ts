import { Agent, type Server, createServer, request } from "node:http";
import { serve } from "@hono/node-server";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/server/app.ts";
import { createDeps } from "../../src/server/deps.ts";
import { chooseLogFormat, createLogger } from "../../src/server/logger.ts";
import { SANDBOX_USERNAME } from "../../src/server/integrations/wholesaler/sandbox.ts";
import { ensureAdmin } from "../../src/server/services/accounts.ts";
import { type TestApp, createTestApp, signIn, testConfig } from "../support/test-app.ts";

let t: TestApp;
/** Every line the app logged, as JSON text. */
const logLines: string[] = [];
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: "1" });
  // The same app over the same database, with a logger whose output the tests read.
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString());
      done();
    },
  });
  app = createApp(createDeps(t.deps.config, t.database, createLogger("info", "json", sink)));
});
afterAll(() => t.close());

function send(path: string, init: RequestInit = {}): Promise<Response> {
  return Promise.resolve(
    app.request(`http://localhost:3000${path}`, {
      ...init,
      headers: { origin: "http://localhost:3000", ...(init.headers as Record<string, string>) },
    }),
  );
}

function postJson(path: string, rawBody: string): Promise<Response> {
  return send(path, { method: "POST", body: rawBody, headers: { "content-type": "application/json" } });
}

describe("text the database cannot store", () => {
  const nul = "Jane\u0000Guest";
  const lone = "Jane\uD800Guest";

  it.each([
    [
      "sign-up name with NUL",
      () => postJson("/api/auth/sign-up/email", JSON.stringify({ name: nul, email: "nul@example.com", password: "secret123" })),
    ],
    [
      "sign-up name with a lone surrogate",
      () => postJson("/api/auth/sign-up/email", JSON.stringify({ name: lone, email: "lone@example.com", password: "secret123" })),
    ],
    [
      "booking lookup reference with NUL",
      () => postJson("/api/bookings/lookup", JSON.stringify({ reference: "SW-\u0000", email: "a@example.com" })),
    ],
    [
      "booking hold guest name with a lone surrogate",
      () => postJson("/api/bookings", JSON.stringify({ hotelId: "x", roomTypeId: "y", guestName: lone, guestEmail: "g@example.com" })),
    ],
    [
      "search query with NUL",
      () => send("/api/hotels/search?destination=Par%00is&checkIn=2030-01-01&checkOut=2030-01-02&guests=2&rooms=1"),
    ],
    ["destination suggestions with NUL", () => send("/api/destinations?q=Pa%00")],
    ["hotel id in the path with NUL", () => send("/api/hotels/abc%00def")],
    [
      "password reset e-mail with NUL",
      () => postJson("/api/auth/request-password-reset", JSON.stringify({ email: "a\u0000@example.com" })),
    ],
    [
      "form field with NUL",
      () => send("/api/hotels/x/reviews", { method: "POST", body: new URLSearchParams({ rating: "5", title: nul, comment: "fine" }) }),
    ],
  ])("refuses a %s with 400", async (_name, request) => {
    const res = await request();
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: "INVALID_CHARACTERS" });
  });

  it("still accepts ordinary non-ASCII text, emoji included", async () => {
    const res = await send(`/api/destinations?q=${encodeURIComponent("Zürich 🏨")}`);
    expect(res.status).toBe(200);
  });
});

describe("error logs", () => {
  it("hold no bound parameters or personal data of a failed query", async () => {
    const logger = createLogger(
      "info",
      "json",
      new Writable({ write: (chunk: Buffer, _e, done) => (logLines.push(chunk.toString()), done()) }),
    );
    const { sql } = await import("drizzle-orm");
    const error = await t.deps.db
      .execute(sql`select ${"jane.guest@example.com"}::int as n, ${"+44 7700 900123"} as phone`)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    const before = logLines.length;
    logger.error({ err: error }, "unhandled error");
    const line = logLines.slice(before).join("");
    expect(line).toContain("unhandled error");
    expect(line).toContain("22P02");
    expect(line).not.toContain("jane.guest@example.com");
    expect(line).not.toContain("900123");
  });
});

describe("request log", () => {
  it("never holds a password-reset token", async () => {
    const token = "ResetTokenAbc123XYZ";
    await send(`/api/auth/reset-password/${token}?callbackURL=/reset-password`);
    await send(`/api/bookings/lookup?token=${token}`, { method: "POST" });
    const lines = logLines.filter((l) => l.includes("reset-password") || l.includes("/api/bookings/lookup"));
    expect(lines.length).toBeGreaterThanOrEqual(2);
    expect(lines.join("")).not.toContain(token);
    expect(lines.join("")).toContain("/api/auth/reset-password/[redacted]");
  });

  it("never holds a calendar feed's secret link", async () => {
    const token = "CalendarSecretTokenAbcdefghijklmnopqrstuvwxy";
    await send(`/api/ical/${token}.ics`);
    const lines = logLines.filter((l) => l.includes("/api/ical/"));
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain(token);
    expect(JSON.parse(lines[0]!)).toMatchObject({ path: "/api/ical/[redacted]", method: "GET" });
  });
});

describe("files", () => {
  it("answers a malformed %-escape under /uploads and /images with 404, not 500", async () => {
    for (const path of ["/uploads/%E0%A4%A", "/uploads/reviews/%", "/images/%E0%A4%A", "/images/pool-%ZZ.svg"]) {
      const res = await send(path);
      expect(res.status, path).toBe(404);
    }
  });

  it("keeps the strict CSP of /images and /uploads instead of the page one", async () => {
    const image = await send("/images/pool-12.svg");
    expect(image.status).toBe(200);
    expect(image.headers.get("content-security-policy")).toBe("default-src 'none'; style-src 'unsafe-inline'");
    const url = await t.deps.storage.save(`reviews/user1/${Date.now()}-0123456789abcdef.png`, Buffer.from("not really a png"));
    const upload = await send(new URL(url, "http://localhost:3000").pathname);
    expect(upload.status).toBe(200);
    expect(upload.headers.get("content-security-policy")).toBe("default-src 'none'");
    // Pages keep the app's own policy.
    const page = await send("/api/nothing");
    expect(page.headers.get("content-security-policy")).toContain("default-src 'self'");
  });
});

describe("headers", () => {
  it("sends a Permissions-Policy and answers /readyz without naming the database", async () => {
    const res = await send("/readyz");
    expect(res.headers.get("permissions-policy")).toContain("camera=()");
    expect(await res.json()).toEqual({ status: "ready" });
  });

  it("puts Retry-After on every 429", async () => {
    let res: Response | undefined;
    for (let i = 0; i < 5; i++) {
      res = await postJson("/api/bookings/lookup", JSON.stringify({ reference: "BK1767225600000ABCDE", email: "nobody@example.com" }));
      if (res.status === 429) break;
    }
    expect(res?.status).toBe(429);
    expect(Number(res?.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("supplier sandbox", () => {
  function signInToSandbox(password: string, ip: string): Promise<Response> {
    const body = new URLSearchParams({ userName: SANDBOX_USERNAME, password });
    return send("/supplier-sandbox/15/PostGet/StaticXMLAPI.asmx/GetLanguages", {
      method: "POST",
      body,
      headers: { "x-forwarded-for": ip },
    });
  }

  it("stops answering an address after repeated wrong passwords, even with the right one", async () => {
    const admin = await signInAdmin();
    const { password } = (await (await t.request("GET", "/api/admin/supplier-sandbox", { cookie: admin })).json()) as { password: string };
    expect((await signInToSandbox(password, "203.0.113.7")).status).toBe(200);
    for (let i = 0; i < 10; i++) expect((await signInToSandbox(`wrong-${i}`, "203.0.113.7")).status).not.toBe(429);
    const blocked = await signInToSandbox(password, "203.0.113.7");
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await signInToSandbox(password, "203.0.113.8")).status).toBe(200);
  });
});

let adminCookie: string | undefined;
async function signInAdmin(): Promise<string> {
  if (!adminCookie) {
    await ensureAdmin(t.deps.db, t.deps.auth, { email: "ops@example.com", password: "ops-password", name: "Ops" }, "test");
    adminCookie = await signIn(t, "ops@example.com", "ops-password");
  }
  return adminCookie;
}

describe("supplier connection test", () => {
  let target: Server;
  let hits = 0;
  let redirector: Server;
  let targetPort = 0;
  let redirectorPort = 0;

  beforeAll(async () => {
    target = createServer((_req, res) => {
      hits++;
      res.writeHead(200, { "content-type": "text/xml" }).end("<languages><language><isoCode>en</isoCode></language></languages>");
    });
    redirector = createServer((_req, res) => {
      res.writeHead(307, { location: `http://127.0.0.1:${targetPort}/15/PostGet/StaticXMLAPI.asmx/GetLanguages` }).end();
    });
    for (const server of [target, redirector]) await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    targetPort = (target.address() as { port: number }).port;
    redirectorPort = (redirector.address() as { port: number }).port;
  });
  afterAll(async () => {
    for (const server of [target, redirector]) await new Promise((resolve) => server.close(resolve));
  });

  async function testConnection(app2: TestApp, cookie: string, apiUrl: string): Promise<{ success: boolean; message: string }> {
    const res = await app2.request("POST", "/api/admin/api-settings/test", { cookie, body: { apiUrl, username: "agent", password: "pw" } });
    return (await res.json()) as { success: boolean; message: string };
  }

  it("never calls a host that is not a configured supplier, nor follows a redirect", async () => {
    const admin = await signInAdmin();
    const refused = await testConnection(t, admin, `http://127.0.0.1:${targetPort}/15`);
    expect(refused).toEqual({
      success: false,
      message: `127.0.0.1:${targetPort} is not an allowed supplier host: add it to SUPPLIER_HOSTS to connect to it`,
    });
    expect(hits).toBe(0);

    const configured = await createTestApp({ SUPPLIER_HOSTS: `127.0.0.1:${redirectorPort}` }, t.database);
    const viaRedirect = await testConnection(configured, admin, `http://127.0.0.1:${redirectorPort}/15`);
    expect(viaRedirect.success).toBe(false);
    expect(viaRedirect.message).toContain("redirect");
    expect(hits).toBe(0);
  });

  it("calls a configured supplier host", async () => {
    const admin = await signInAdmin();
    const configured = await createTestApp({ SUPPLIER_HOSTS: `127.0.0.1:${targetPort}` }, t.database);
    expect(await testConnection(configured, admin, `http://127.0.0.1:${targetPort}/15`)).toMatchObject({ success: true });
    expect(hits).toBe(1);
  });
});

describe("a body over the limit on a kept-alive connection", () => {
  let server: Server;
  let port = 0;
  beforeAll(async () => {
    server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }) as Server;
    await new Promise((resolve) => server.once("listening", resolve));
    port = (server.address() as { port: number }).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  /** One request through `agent`; `chunked` sends the body without a Content-Length. */
  function call(agent: Agent, method: string, path: string, body?: string, chunked = false) {
    return new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
      const headers: Record<string, string | number> = { origin: "http://localhost:3000", "content-type": "application/json" };
      if (body !== undefined && !chunked) headers["content-length"] = Buffer.byteLength(body);
      const req = request({ host: "127.0.0.1", port, method, path, agent, headers }, (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
      });
      // The server may answer and close before the whole body is sent; the answer is what counts.
      req.on("error", (error: NodeJS.ErrnoException) => (error.code === "EPIPE" ? undefined : reject(error)));
      req.end(body);
    });
  }

  it.each([
    ["with a Content-Length", false],
    ["sent in chunks", true],
  ])("says Connection: close, so the next request on the same agent is answered (%s)", async (_name, chunked) => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const big = JSON.stringify({ email: "big@example.com", password: "x".repeat(2_000_000) });
      const refused = await call(agent, "POST", "/api/auth/sign-in/email", big, chunked);
      expect(refused).toEqual({ status: 413, connection: "close" });
      expect(await call(agent, "GET", "/readyz")).toMatchObject({ status: 200 });
    } finally {
      agent.destroy();
    }
  });
});

describe("draining", () => {
  it("answers /readyz with 503 and closes connections once the instance drains", async () => {
    const deps = createDeps(t.deps.config, t.database, createLogger("silent"));
    const draining = createApp(deps);
    expect((await draining.request("/readyz")).status).toBe(200);
    deps.lifecycle.startDraining();
    const res = await draining.request("/readyz");
    expect(res.status).toBe(503);
    expect(res.headers.get("connection")).toBe("close");
  });
});

describe("log format", () => {
  it("is readable at a terminal outside production and JSON otherwise", () => {
    expect(chooseLogFormat({ format: undefined, env: "development", isTty: true })).toBe("pretty");
    expect(chooseLogFormat({ format: undefined, env: "development", isTty: false })).toBe("json");
    expect(chooseLogFormat({ format: undefined, env: "production", isTty: true })).toBe("json");
    expect(chooseLogFormat({ format: "json", env: "development", isTty: true })).toBe("json");
    expect(chooseLogFormat({ format: "pretty", env: "production", isTty: false })).toBe("pretty");
  });
});

describe("configuration", () => {
  it("reads LOG_FORMAT and the time limits", () => {
    const config = testConfig({ LOG_FORMAT: "pretty", SHUTDOWN_GRACE_MS: "1234", DATABASE_STATEMENT_TIMEOUT_MS: "700" });
    expect(config.logFormat).toBe("pretty");
    expect(config.shutdownGraceMs).toBe(1234);
    expect(config.databaseTimeouts.statementMs).toBe(700);
    expect(() => testConfig({ LOG_FORMAT: "xml" })).toThrow(/LOG_FORMAT/);
  });
});
