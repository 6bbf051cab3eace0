import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { count } from "drizzle-orm";
import type { Auth } from "../auth/auth.ts";
import type { Logger } from "../logger.ts";
import { ensureAdmin, ensureUser } from "../services/accounts.ts";
import type { Database } from "../db/client.ts";
import { appMeta, hotels } from "../db/schema.ts";
import { DEMO_FRONT_DESK_EMAIL, DEMO_MANAGER_EMAIL, seedFrontDeskDemo } from "./demo-front-desk.ts";
import { seedCatalogue } from "../db/seed/seed-catalogue.ts";
import { seedRatePlansInBulk } from "../db/seed/bulk-plans.ts";
import { seedDemoRates } from "../db/seed/seed-rates.ts";
import { seedDemoPromotions } from "./demo-promotions.ts";
import { seedDemoCharges } from "../db/seed/demo-charges.ts";

export const DEMO_ADMIN_EMAIL = "admin@staywise.example";
export const DEMO_TRAVELLER_EMAIL = "traveller@staywise.example";

/** Arbitrary constant: only one instance seeds an empty PostgreSQL database. */
const SEED_LOCK_ID = 727_002;

export interface DemoSeedOptions {
  hotels: number;
  /** Demo taxes by country and demo extras (decision 060): demo values, not legal advice. */
  charges: boolean;
  /** Fixed demo password; a random one is made (and printed) when absent. */
  password: string | undefined;
  dataDir: string;
}

/**
 * On an empty database: writes the demo catalogue and the demo accounts, then prints the accounts
 * (and keeps them in DATA_DIR/demo-accounts.txt). Does nothing once the catalogue exists.
 */
export async function seedDemoIfEmpty(database: Database, auth: Auth, logger: Logger, options: DemoSeedOptions): Promise<boolean> {
  return withSeedLock(database, async () => {
    const [row] = await database.db.select({ n: count() }).from(hotels);
    if ((row?.n ?? 0) > 0) return false;
    logger.info({ hotels: options.hotels }, "empty database: seeding the demo catalogue");
    let lastPercent = -1;
    const result = await seedCatalogue(database, {
      hotels: options.hotels,
      onProgress(done, total) {
        const percent = Math.floor((done / total) * 100);
        if (percent >= lastPercent + 20 || done === total) {
          lastPercent = percent;
          logger.info({ done, total }, `seeded ${done}/${total} hotels`);
        }
      },
    });
    // The demo chain gets a season of rates and a few closed nights, so the calendar has something to show.
    await seedDemoRates(database.db);
    // Realistic rate plans on every hotel (decision 052), with the search's summaries written set-based (decision 055):
    // the same rows as the insert trigger's, in ~60 % of its time (1,000 hotels on PGlite: 5.8 s against 9.1 s).
    const plans = await seedRatePlansInBulk(database.db, { from: 1, to: result.hotels });
    logger.info(plans, "demo rate plans seeded");
    await seedDemoPromotions(database.db);
    if (options.charges) await seedDemoCharges(database.db, { from: 1, to: result.hotels });
    const password = options.password ?? randomBytes(9).toString("base64url");
    await ensureAdmin(database.db, auth, { email: DEMO_ADMIN_EMAIL, password, name: "Demo Admin" }, "demo seed");
    await ensureUser(database.db, auth, { email: DEMO_TRAVELLER_EMAIL, password, name: "Demo Traveller" });
    await seedFrontDeskDemo(database.db, auth, password, DEMO_ADMIN_EMAIL);
    await database.db.insert(appMeta).values({ key: "demo_seeded_at", value: new Date().toISOString() }).onConflictDoNothing();
    const text = [
      "Staywise demo accounts",
      `  admin      ${DEMO_ADMIN_EMAIL}  password: ${password}`,
      `  manager    ${DEMO_MANAGER_EMAIL}  password: ${password}  (hotels 1, 2 and 3; front desk at /admin/hotels/1/front-desk)`,
      `  front desk ${DEMO_FRONT_DESK_EMAIL}  password: ${password}  (hotel 1's front desk only, at /admin/front-desk)`,
      `  traveller  ${DEMO_TRAVELLER_EMAIL}  password: ${password}`,
      "",
    ].join("\n");
    mkdirSync(options.dataDir, { recursive: true });
    writeFileSync(path.join(options.dataDir, "demo-accounts.txt"), text, { mode: 0o600 });
    logger.info({ hotels: result.hotels, roomTypes: result.roomTypes, ms: result.ms }, "demo catalogue seeded");
    process.stdout.write(`\n${text}  (also written to ${path.join(options.dataDir, "demo-accounts.txt")})\n\n`);
    return true;
  });
}

async function withSeedLock<T>(database: Database, fn: () => Promise<T>): Promise<T> {
  if (database.kind === "pglite") return fn();
  const client = await database.pool!.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [SEED_LOCK_ID]);
    return await fn();
  } finally {
    await client.query("select pg_advisory_unlock($1)", [SEED_LOCK_ID]).catch(() => {});
    client.release();
  }
}
