/**
 * The demo plans written in bulk (plans-cli.ts, bulk-plans.ts: the plans' trigger off, its rows
 * written set-based) leave exactly what the trigger leaves: the same room_plan_offers rows, and the
 * same room_offers and price_cents on every hotel, on a catalogue with season rules, a hidden hotel
 * and a closed room type (decision 055).
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase, queryRows } from "../../src/server/db/client.ts";
import { seedRatePlansInBulk } from "../../src/server/db/seed/bulk-plans.ts";
import { seedCatalogue } from "../../src/server/db/seed/seed-catalogue.ts";
import { seedRatePlans } from "../../src/server/db/seed/seed-rate-plans.ts";
import { seedSeasonalRates } from "../../src/server/db/seed/seed-rates.ts";
import { type TempDatabase, createTempDatabase } from "../support/pg.ts";

const HOTELS = 90;

let temps: TempDatabase[] = [];
let bulk: Database;
let triggers: Database;

async function catalogue(name: string): Promise<Database> {
  const temp = await createTempDatabase(name, { migrated: true });
  temps.push(temp);
  const database = await openDatabase({ databaseUrl: temp.url, pgliteDir: null, poolSize: 2 });
  await seedCatalogue(database, { hotels: HOTELS });
  await database.db.execute(sql`update hotels set hidden = true where id = (select min(id) + 1 from hotels)`);
  await database.db.execute(
    sql`update room_types set closed = true where id = (select min(id) from room_types where hotel_id = (select min(id) + 2 from hotels))`,
  );
  await seedSeasonalRates(database.db, { batch: 50 });
  return database;
}

beforeAll(async () => {
  [bulk, triggers] = await Promise.all([catalogue("staywise_test_bulk_plans"), catalogue("staywise_test_trigger_plans")]);
  for (const from of [1, 41]) {
    await seedRatePlansInBulk(bulk.db, { from, to: from + 39 });
    await triggers.db.transaction((tx) => seedRatePlans(tx, { from, to: from + 39 }));
  }
  await seedRatePlansInBulk(bulk.db, { from: 81, to: 200 });
  await triggers.db.transaction((tx) => seedRatePlans(tx, { from: 81, to: 200 }));
}, 300_000);

afterAll(async () => {
  await bulk?.close();
  await triggers?.close();
  await Promise.all(temps.map((t) => t.drop()));
  temps = [];
});

const summary = sql`select room_type_id, base_cents, time_zone, plans::text, closed_plans::text, closed_nights::text
  from room_plan_offers order by room_type_id`;
const offers = sql`select id, room_offers::text, price_cents, plans_restricted, offers_at_floor from hotels order by id`;

describe("demo plans in bulk", () => {
  it("write the rows the plans' trigger writes", async () => {
    const rows = await queryRows(bulk.db, summary);
    expect(rows.length).toBeGreaterThan(HOTELS * 2);
    expect(rows).toEqual(await queryRows(triggers.db, summary));
  });

  it("leave every hotel's room_offers as f_room_offers computes it, with price_cents as the trigger lowers it", async () => {
    expect(await queryRows(bulk.db, offers)).toEqual(await queryRows(triggers.db, offers));
    const [stale] = await queryRows<{ n: number }>(
      bulk.db,
      sql`select count(*)::int as n from hotels h where h.room_offers is distinct from f_room_offers(h.id)`,
    );
    expect(Number(stale!.n)).toBe(0);
  });

  it("leave the trigger on", async () => {
    const [row] = await queryRows<{ enabled: string }>(
      bulk.db,
      sql`select tgenabled as enabled from pg_trigger where tgname = 'rate_plans_room_plan_offers_insert'`,
    );
    expect(row!.enabled).toBe("O");
  });
});
