import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase, queryRows, queryRowsNamed } from "../../src/server/db/client.ts";
import { hotels } from "../../src/server/db/schema.ts";
import type { StatementObserver } from "../../src/server/db/statement-hooks.ts";
import { type TempDatabase, createTempDatabase } from "../support/pg.ts";

/*
 * The tracing's statement hook on node-postgres (db/statement-hooks.ts): every statement of the pool,
 * whichever way it is run (Drizzle's pool queries, transactions, named prepared statements), is seen
 * once, with its end, and a failed one with its error.
 */
describe("statement hook on PostgreSQL", () => {
  let temp: TempDatabase;
  let database: Database;
  const seen: { text: string; ended: boolean; error?: unknown }[] = [];
  const observer: StatementObserver = {
    start(text) {
      const entry: (typeof seen)[number] = { text, ended: false };
      seen.push(entry);
      return (error) => {
        expect(entry.ended).toBe(false);
        entry.ended = true;
        if (error) entry.error = error;
      };
    },
  };

  beforeAll(async () => {
    temp = await createTempDatabase("staywise_hooks", { migrated: true });
    database = await openDatabase({ databaseUrl: temp.url, pgliteDir: null, poolSize: 2, statements: observer });
  });
  afterAll(async () => {
    await database?.close();
    await temp?.drop();
  });

  it("sees pool queries, transactions and named statements, each ended once; a failed one with its SQLSTATE", async () => {
    await database.db.select({ id: hotels.id }).from(hotels).limit(1);
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select 41 + 1 as answer`);
    });
    for (let n = 0; n < 4; n++) await queryRowsNamed(database.db, sql`select ${n}::int as n`);
    await expect(queryRows(database.db, sql`select * from no_such_table`)).rejects.toThrow(/no_such_table/);

    const texts = seen.map((s) => s.text);
    expect(texts.some((t) => /^select "id" from "hotels"/.test(t))).toBe(true);
    const begin = texts.findIndex((t) => /^begin/i.test(t));
    expect(begin).toBeGreaterThanOrEqual(0);
    expect(texts.slice(begin)).toEqual(expect.arrayContaining(["select 41 + 1 as answer"]));
    expect(texts.some((t) => /^commit/i.test(t))).toBe(true);
    expect(texts.filter((t) => t === "select $1::int as n")).toHaveLength(4);
    expect(seen.every((s) => s.ended)).toBe(true);
    const failed = seen.filter((s) => s.error);
    expect(failed.map((s) => s.text)).toEqual(["select * from no_such_table"]);
    expect((failed[0]!.error as { code?: string }).code).toBe("42P01");
  });
});
