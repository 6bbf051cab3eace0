import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase, queryRows } from "../../src/server/db/client.ts";
import { migrateDatabase } from "../../src/server/db/migrate.ts";
import { type TempDatabase, createTempDatabase } from "../support/pg.ts";
import { type TestApp, createTestApp, signIn, signUp } from "../support/test-app.ts";

let temp: TempDatabase;
let database: Database;
let first: TestApp;
let second: TestApp;

beforeAll(async () => {
  temp = await createTempDatabase();
  database = await openDatabase({ databaseUrl: temp.url, pgliteDir: null, poolSize: 4 });
  // Two instances starting together must not trip over each other's migrations.
  const other = await openDatabase({ databaseUrl: temp.url, pgliteDir: null, poolSize: 2 });
  await Promise.all([migrateDatabase(database), migrateDatabase(other)]);
  await other.close();
  first = await createTestApp({}, database);
  second = await createTestApp({}, database);
});

afterAll(async () => {
  await database?.close();
  await temp?.drop();
});

describe("on PostgreSQL", () => {
  it("applies every migration to a fresh database, with the search extensions", async () => {
    const rows = await queryRows<{ extname: string }>(database.db, sql`select extname from pg_extension order by extname`);
    expect(rows.map((r) => r.extname)).toEqual(expect.arrayContaining(["pg_trgm", "unaccent"]));
    expect(database.kind).toBe("postgres");
    const readiness = await first.request("GET", "/readyz");
    // /readyz does not say which engine answers (issue 11): only whether it does.
    expect(await readiness.json()).toEqual({ status: "ready" });
  });

  it("signs up on one instance and in on another, and both see the session", async () => {
    await signUp(first, "pg-user@example.com", "secret123", "Pg User");
    const cookie = await signIn(second, "pg-user@example.com");
    const me = await first.request("GET", "/api/me", { cookie });
    expect(await me.json()).toMatchObject({ user: { email: "pg-user@example.com", name: "Pg User", isAdmin: false } });
  });

  it("shares the sign-in rate limit across instances", async () => {
    const a = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: "2" }, database);
    const b = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: "2" }, database);
    const body = { email: "limited@example.com", password: "wrong-one" };
    const statuses = [];
    for (const app of [a, b, a, b]) statuses.push((await app.request("POST", "/api/auth/sign-in/email", { body })).status);
    expect(statuses).toEqual([401, 401, 429, 429]);
  });

  it("counts concurrent hits without losing any", async () => {
    const { hitRateLimit } = await import("../../src/server/services/rate-limit.ts");
    const results = await Promise.all(
      Array.from({ length: 20 }, () => hitRateLimit(database.db, "concurrent-key", { limit: 5, windowSeconds: 60 })),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
  });
});
