import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { READ_PRIMARY_COOKIE } from "../../src/server/middleware/read-your-writes.ts";
import { type TestApp, createTestApp } from "../support/test-app.ts";

// The replica routes themselves are proved on a real streaming replica in tests/pg/read-replica.pg.test.ts.
describe("without DATABASE_READ_URL", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("reads everything from the one database, sets no read-your-writes cookie and lists no replicas", async () => {
    expect(t.deps.readDb).toBe(t.deps.db);
    expect(t.database.replicas).toBeNull();
    const write = await t.request("POST", "/api/auth/sign-up/email", {
      body: { name: "Solo", email: "solo@example.com", password: "correct horse battery" },
    });
    expect(write.status).toBe(200);
    expect(write.headers.getSetCookie().join("\n")).not.toContain(READ_PRIMARY_COOKIE);
    expect(await (await t.request("GET", "/readyz")).json()).toEqual({ status: "ready" });
  });
});
