/**
 * npx tsx src/server/db/seed/plans-cli.ts [--chunk 20000] [--triggers]
 * Adds the demo catalogue's rate plans (seedRatePlans) to the catalogue already in the database
 * at DATABASE_URL, in chunks of hotel ids, for the search benchmarks with plans (decision 055):
 * e.g. on a copy of the 5,000-hotel catalogue with a year of rates, or of the 2M one. Each chunk is
 * one transaction, written in bulk (bulk-plans.ts: the plans' trigger off, its rows written
 * set-based); --triggers lets the plans' triggers write room_plan_offers and the floors instead.
 * Hotels that already have policies are skipped, so a run cut short can be started again. On a big
 * catalogue the hotels' secondary indexes are dropped while it runs and built again at the end
 * (withHotelIndexesDeferred), after a `vacuum full hotels`; run `vacuum analyze` afterwards.
 */
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { openDatabase, queryRows } from "../client.ts";
import { migrateDatabase } from "../migrate.ts";
import { seedRatePlansInBulk } from "./bulk-plans.ts";
import { withHotelIndexesDeferred } from "./seed-catalogue.ts";
import { seedRatePlans } from "./seed-rate-plans.ts";

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { chunk: { type: "string", default: "20000" }, triggers: { type: "boolean", default: false } },
    strict: true,
  });
  const chunk = Number(values.chunk);
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl || !Number.isInteger(chunk) || chunk < 1) {
    console.error("Usage: DATABASE_URL=postgres://... npx tsx src/server/db/seed/plans-cli.ts [--chunk 20000] [--triggers]");
    return 2;
  }
  const database = await openDatabase({ databaseUrl, pgliteDir: "" });
  try {
    await migrateDatabase(database);
    const [range] = await queryRows<{ lo: number; hi: number; n: number }>(
      database.db,
      sql`select min(id)::int as lo, max(id)::int as hi, count(*)::int as n from hotels`,
    );
    const started = performance.now();
    const total = { policies: 0, plans: 0 };
    // Every hotel's room_offers is rewritten: on a big catalogue its secondary indexes are built
    // once afterwards, and the table is rewritten without the old row versions first (the 2M
    // catalogue's hotels grew from 5 to 10 GB through the updates).
    await withHotelIndexesDeferred(database, Number(range?.n ?? 0), async () => {
      for (let from = Number(range?.lo ?? 1); from <= Number(range?.hi ?? 0); from += chunk) {
        const hotels = { from, to: from + chunk - 1 };
        const added = values.triggers
          ? await database.db.transaction((tx) => seedRatePlans(tx, hotels))
          : await seedRatePlansInBulk(database.db, hotels);
        total.policies += added.policies;
        total.plans += added.plans;
        console.info(`hotels ${from}-${from + chunk - 1}: ${added.plans} plans (${Math.round((performance.now() - started) / 1000)} s)`);
      }
      await queryRows(database.db, sql`vacuum full hotels`);
      console.info(`hotels rewritten (${Math.round((performance.now() - started) / 1000)} s)`);
    });
    await queryRows(database.db, sql`analyze room_plan_offers`);
    await queryRows(database.db, sql`analyze hotels`);
    console.info(`Added ${total.policies} policies and ${total.plans} plans in ${Math.round(performance.now() - started) / 1000} s`);
    return 0;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
