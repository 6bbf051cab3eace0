import { type Server, type Socket, createServer } from "node:net";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../src/server/db/client.ts";
import { UNAVAILABLE_MESSAGE } from "../../src/server/http/errors.ts";
import { type TempDatabase, createTempDatabase } from "../support/pg.ts";
import { type TestApp, createTestApp } from "../support/test-app.ts";

const TIMEOUTS = { connectMs: 500, statementMs: 500, idleInTransactionMs: 2000 };

async function expectUnavailable(res: Response): Promise<void> {
  expect(res.status).toBe(503);
  expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
  expect(await res.json()).toEqual({ code: "SERVICE_UNAVAILABLE", message: UNAVAILABLE_MESSAGE });
}

describe("a frozen database", () => {
  let temp: TempDatabase;
  let t: TestApp;
  let locker: pg.Client;

  beforeAll(async () => {
    temp = await createTempDatabase("staywise_test", { migrated: true });
    const setup = await openDatabase({ databaseUrl: temp.url, pgliteDir: null, poolSize: 2 });
    await setup.close();
    const database = await openDatabase({ databaseUrl: temp.url, pgliteDir: null, poolSize: 4, timeouts: TIMEOUTS });
    t = await createTestApp({ READY_TIMEOUT_MS: "500" }, database);
    locker = new pg.Client({ connectionString: temp.url });
    await locker.connect();
  });
  afterAll(async () => {
    await locker.end();
    await t.database.close();
    await temp.drop();
  });

  it("fails requests that wait on a locked table with 503 instead of hanging", async () => {
    await locker.query("begin");
    await locker.query("lock table hotels, destinations in access exclusive mode");
    try {
      await expectUnavailable(await t.request("GET", "/api/destinations?q=Par"));
      // The check of readiness itself does not touch the locked table.
      expect((await t.request("GET", "/readyz")).status).toBe(200);
    } finally {
      await locker.query("rollback");
    }
    expect((await t.request("GET", "/api/destinations?q=Par")).status).toBe(200);
  });
});

describe("an unreachable database", () => {
  let silent: Server;
  let silentPort = 0;
  const sockets = new Set<Socket>();

  beforeAll(async () => {
    // Accepts connections and never says a word: a frozen server or a black-holed network.
    silent = createServer((socket) => {
      sockets.add(socket);
    });
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    silentPort = (silent.address() as { port: number }).port;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  it.each([
    ["refuses connections", () => "postgres://postgres@127.0.0.1:1/staywise"],
    ["accepts connections but never answers", () => `postgres://postgres@127.0.0.1:${silentPort}/staywise`],
  ])("answers 503 with Retry-After when the server %s, and /readyz says so", async (_name, url) => {
    const database = await openDatabase({ databaseUrl: url(), pgliteDir: null, poolSize: 2, timeouts: TIMEOUTS });
    const t = await createTestApp({ READY_TIMEOUT_MS: "300" }, database);
    try {
      await expectUnavailable(await t.request("GET", "/api/destinations?q=Par"));
      await expectUnavailable(
        await t.request("POST", "/api/bookings/lookup", { body: { reference: "BK1767225600000ABCDE", email: "a@example.com" } }),
      );
      const ready = await t.request("GET", "/readyz");
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({ status: "unavailable" });
    } finally {
      await database.close().catch(() => {});
    }
  });
});
