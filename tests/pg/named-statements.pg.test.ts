import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, SEARCH_POOL_IDLE_MS, openDatabase, queryRows, queryRowsNamed } from "../../src/server/db/client.ts";
import { type TempDatabase, createTempDatabase } from "../support/pg.ts";

/*
 * Search statements run as named prepared statements on PostgreSQL (queryRowsNamed): a text becomes
 * one once it has run a few times, and its rows read exactly as Drizzle's own queries read them. They
 * run on a pool of their own whose connections keep one generic plan per statement (decision 085).
 */
describe("named prepared statements on PostgreSQL", () => {
  let temp: TempDatabase;
  let database: Database;

  beforeAll(async () => {
    temp = await createTempDatabase();
    // One connection per pool, so pg_prepared_statements (read on the search pool) shows what it prepared.
    database = await openDatabase({ databaseUrl: temp.url, pgliteDir: null, poolSize: 1 });
  });
  afterAll(async () => {
    await database?.close();
    await temp?.drop();
  });

  const statement = (n: number) =>
    sql`select ${n}::int as n, ${`night ${n}`}::text as label, date '2030-01-07' + ${n}::int as night, array[${n}::int, 2] as pair`;
  // Through queryRowsNamed: on the search pool's connection, where the statements are prepared (this
  // question too, from its third run: left out).
  const prepared = async () =>
    (
      await queryRowsNamed<{ name: string; statement: string; generic_plans: string; custom_plans: string }>(
        database.db,
        sql`select name, statement, generic_plans, custom_plans from pg_prepared_statements`,
      )
    ).filter((s) => s.name.startsWith("staywise_") && !s.statement.includes("pg_prepared_statements"));

  it("prepares a statement text after its third run, with each run's own values", async () => {
    for (let n = 1; n <= 2; n++)
      expect(await queryRowsNamed(database.db, statement(n))).toEqual(await queryRows(database.db, statement(n)));
    expect(await prepared()).toEqual([]);
    for (let n = 3; n <= 6; n++) {
      const rows = await queryRowsNamed<{ n: number; label: string; night: string; pair: number[] }>(database.db, statement(n));
      // Dates stay text, as Drizzle's driver leaves them.
      expect(rows).toEqual([{ n, label: `night ${n}`, night: `2030-01-${String(7 + n).padStart(2, "0")}`, pair: [n, 2] }]);
    }
    const names = await prepared();
    expect(names).toHaveLength(1);
    expect(names[0]!.statement).toContain("as label");
    // Planned once, generically, and reused: never planned for one run's values.
    expect(Number(names[0]!.generic_plans)).toBe(4);
    expect(Number(names[0]!.custom_plans)).toBe(0);
  });

  it("leaves the plan choice of every other statement to PostgreSQL", async () => {
    const mode = sql`select current_setting('plan_cache_mode') as mode`;
    expect(await queryRowsNamed(database.db, mode)).toEqual([{ mode: "force_generic_plan" }]);
    expect(await queryRows(database.db, mode)).toEqual([{ mode: "auto" }]);
  });

  it("keeps an idle search connection, with its plans, for minutes; the app's pool closes its own after 10 s", () => {
    const idleMs = (pool: unknown) => (pool as { options: { idleTimeoutMillis?: number } }).options.idleTimeoutMillis;
    expect(idleMs(database.searchPool)).toBe(SEARCH_POOL_IDLE_MS);
    expect(SEARCH_POOL_IDLE_MS).toBeGreaterThanOrEqual(60_000);
    expect(idleMs(database.pool)).toBe(10_000);
  });

  it("prepares nothing when the pool is opened with prepared statements off (DATABASE_PREPARED_STATEMENTS=false)", async () => {
    const unprepared = await openDatabase({ databaseUrl: temp.url, pgliteDir: null, poolSize: 1, preparedStatements: false });
    try {
      const other = (n: number) => sql`select ${n}::int + 1 as next`;
      for (let n = 1; n <= 5; n++) expect(await queryRowsNamed(unprepared.db, other(n))).toEqual([{ next: n + 1 }]);
      const names = await queryRows<{ name: string }>(unprepared.db, sql`select name from pg_prepared_statements`);
      expect(names).toEqual([]);
    } finally {
      await unprepared.close();
    }
  });

  it("runs on the embedded database as queryRows does", async () => {
    const embedded = await openDatabase({ pgliteDir: null });
    try {
      for (let n = 1; n <= 4; n++)
        expect(await queryRowsNamed(embedded.db, statement(n))).toEqual(await queryRows(embedded.db, statement(n)));
    } finally {
      await embedded.close();
    }
  });
});
