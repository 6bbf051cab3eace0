import { sql } from "drizzle-orm";
import { openDatabase } from "/work/wt-rates-bench/src/server/db/client.ts";
import { seedSeasonalRates } from "/work/wt-rates-bench/src/server/db/seed/seed-rates.ts";
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, pgliteDir: null });
const started = performance.now();
const n = await seedSeasonalRates(database.db, {
  onProgress: (done, total) => {
    const s = (performance.now() - started) / 1000;
    console.log(`seasonal rates: hotels up to ${done}/${total} ${s.toFixed(1)}s (${Math.round(done / s)} hotels/s)`);
  },
});
await database.db.execute(sql`analyze rate_rules`);
await database.db.execute(sql`analyze hotels`);
console.log(`Wrote ${n} rules in ${((performance.now() - started) / 1000).toFixed(1)}s`);
await database.close();
