import { type Server, createServer } from "node:http";
import { Writable } from "node:stream";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runWithRequestContext } from "../../request-context.ts";
import { createCircuitBreaker } from "./circuit-breaker.ts";
import { WholesalerError } from "./wholesaler-client.ts";
import { createWholesalerConnection } from "./wholesaler-connection.ts";

let server: Server;
let base: string;
const hits: Record<string, number> = {};

beforeAll(async () => {
  server = createServer((req, res) => {
    const method = req.url?.split("/").at(-1) ?? "";
    hits[method] = (hits[method] ?? 0) + 1;
    req.resume();
    req.on("end", () => {
      res.writeHead(method === "Down" ? 503 : 200, { "content-type": "text/xml" });
      if (method === "Down") res.end("");
      else if (method === "Refused")
        res.end("<Error><ErrorType>BookingFailed</ErrorType><Message>Room no longer available</Message></Error>");
      else res.end("<languages><language><isoCode>en</isoCode></language></languages>");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/15`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

function setUp(breaker = { failureThreshold: 5, openMs: 30_000 }) {
  const lines: string[] = [];
  const logger = pino({ level: "debug" }, new Writable({ write: (chunk: Buffer, _e, done) => (lines.push(chunk.toString()), done()) }));
  const clock = { now: 1_000_000 };
  const connection = createWholesalerConnection({ logger, retryBackoffMs: 1, breaker, now: () => clock.now });
  const credentials = { environment: "TEST", apiUrl: base, username: "agent", password: "top-secret-pw" };
  return {
    lines,
    clock,
    connection,
    call: (method: string, retries = 2) => connection.call(credentials, "NonStaticXMLAPI", method, {}, { budgetMs: 5_000, retries }),
  };
}

describe("wholesaler connection", () => {
  it("retries a transport failure with backoff, and logs each failure with the request id but never the password", async () => {
    const { lines, call } = setUp();
    hits.Down = 0;
    const error = await runWithRequestContext({ requestId: "req-12345678", ip: null }, () => call("Down").catch((e: unknown) => e));
    expect(error).toMatchObject({ type: "EmptyResponse" });
    expect(hits.Down).toBe(3);
    const failures = lines.filter((l) => l.includes("wholesaler call failed")).map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(failures.map((f) => [f.requestId, f.method, f.attempt])).toEqual([
      ["req-12345678", "Down", 1],
      ["req-12345678", "Down", 2],
      ["req-12345678", "Down", 3],
    ]);
    expect(lines.join("")).not.toContain("top-secret-pw");
  });

  it("does not retry what the supplier refused, nor calls that change state", async () => {
    const { call } = setUp();
    hits.Refused = 0;
    hits.Down = 0;
    await expect(call("Refused")).rejects.toMatchObject({ type: "BookingFailed", message: "Room no longer available" });
    expect(hits.Refused).toBe(1);
    await expect(call("Down", 0)).rejects.toBeInstanceOf(WholesalerError);
    expect(hits.Down).toBe(1);
  });

  it("opens the circuit after repeated failures, skips calls while open, then lets one trial through", async () => {
    const { call, clock } = setUp({ failureThreshold: 2, openMs: 30_000 });
    hits.Down = 0;
    hits.Ok = 0;
    await expect(call("Down", 0)).rejects.toMatchObject({ type: "EmptyResponse" });
    await expect(call("Down", 0)).rejects.toMatchObject({ type: "EmptyResponse" });
    await expect(call("Ok")).rejects.toMatchObject({
      type: "CircuitOpen",
      message: "The supplier is not answering; calls are paused for 30 s after repeated failures",
    });
    expect(hits.Ok).toBe(0);
    clock.now += 30_000;
    await expect(call("Ok")).resolves.toHaveProperty("languages");
    await expect(call("Ok")).resolves.toHaveProperty("languages");
    expect(hits.Ok).toBe(2);
  });
});

describe("circuit breaker", () => {
  it("re-opens when the trial call fails, and lets only one trial through at a time", () => {
    let now = 0;
    const breaker = createCircuitBreaker({ failureThreshold: 1, openMs: 100, now: () => now });
    expect(breaker.failed()).toBe(true);
    expect(breaker.allow()).toBe(false);
    now = 100;
    expect(breaker.allow()).toBe(true);
    expect(breaker.allow()).toBe(false);
    expect(breaker.failed()).toBe(false);
    expect(breaker.retryInMs()).toBe(100);
    now = 200;
    expect(breaker.allow()).toBe(true);
    breaker.succeeded();
    expect([breaker.allow(), breaker.allow()]).toEqual([true, true]);
  });
});
