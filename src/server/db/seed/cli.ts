/**
 * npm run db:seed -- [--hotels N] [--seed S] [--truncate] [--bookings] [--booked-room-nights N] [--rates]
 * Seeds the demo catalogue into PostgreSQL when DATABASE_URL is set, else into the embedded PGlite
 * under DATA_DIR (default ./data). --bookings then adds the benchmark booking load: confirmed
 * bookings over the next 180 days, hotel by hotel from the first, until N room-nights are booked
 * (default 20,000,000; --booked-room-nights implies --bookings). --only-bookings adds the load to the
 * catalogue already in the database instead of seeding one. --rates gives every room type a year
 * of varied rates (seed-rates.ts) after the catalogue, for the benchmarks with rates;
 * --seasonal-rates gives it a handful of season rules instead (set-based: fast on 2,000,000 hotels).
 * The first 5,000 hotels get demo taxes by country and demo extras (demo-charges.ts) unless
 * --no-demo-charges.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { type Database, openDatabase, queryRows } from "../client.ts";
import { migrateDatabase } from "../migrate.ts";
import { DEFAULT_CATALOGUE_SEED } from "./catalogue.ts";
import { seedCatalogue, withHotelIndexesDeferred } from "./seed-catalogue.ts";
import { seedSeasonalRates, seedYearOfRates } from "./seed-rates.ts";
import { DEFAULT_BOOKED_ROOM_NIGHTS, seedBookings } from "./seed-bookings.ts";
import { seedDemoCharges } from "./demo-charges.ts";

const USAGE =
  "Usage: npm run db:seed -- [--hotels N] [--seed S] [--truncate] [--bookings | --only-bookings] [--booked-room-nights N] [--rates | --seasonal-rates | --only-seasonal-rates] [--no-demo-charges]";
const DEFAULT_HOTELS = 5_000;
const MAX_HOTELS = 50_000_000;

interface CliOptions {
  hotels: number;
  seed: number;
  truncate: boolean;
  /** Booked room-nights of the booking load; null: no booking load. */
  bookedRoomNights: number | null;
  /** Keep the catalogue that is there; only add the booking load. */
  onlyBookings: boolean;
  /** Give every room type a year of varied rates. */
  rates: boolean;
  /** Give every room type a handful of season rules. */
  seasonalRates: boolean;
  /** Keep the catalogue that is there; only add the season rules. */
  onlySeasonalRates: boolean;
  /** Demo taxes by country and demo extras on the first hotels. */
  demoCharges: boolean;
}

function parseCli(argv: string[]): CliOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      hotels: { type: "string" },
      seed: { type: "string" },
      truncate: { type: "boolean", default: false },
      bookings: { type: "boolean", default: false },
      "only-bookings": { type: "boolean", default: false },
      "booked-room-nights": { type: "string" },
      rates: { type: "boolean", default: false },
      "seasonal-rates": { type: "boolean", default: false },
      "only-seasonal-rates": { type: "boolean", default: false },
      "no-demo-charges": { type: "boolean", default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values["only-bookings"] && (values.hotels !== undefined || values.truncate)) {
    throw new Error("--only-bookings keeps the catalogue: it takes neither --hotels nor --truncate");
  }
  if (values.rates && values["seasonal-rates"]) throw new Error("Choose one of --rates and --seasonal-rates");
  if (values["only-seasonal-rates"] && (values.hotels !== undefined || values.truncate || values.rates || values["seasonal-rates"])) {
    throw new Error("--only-seasonal-rates keeps the catalogue: it takes neither --hotels, --truncate, --rates nor --seasonal-rates");
  }
  if (values["only-seasonal-rates"] && values["only-bookings"]) throw new Error("Choose one of --only-bookings and --only-seasonal-rates");
  return {
    hotels: values.hotels === undefined ? DEFAULT_HOTELS : parseInteger("--hotels", values.hotels, 1, MAX_HOTELS),
    seed: values.seed === undefined ? DEFAULT_CATALOGUE_SEED : parseInteger("--seed", values.seed, 0, 2 ** 32 - 1),
    truncate: values.truncate,
    onlyBookings: values["only-bookings"],
    rates: values.rates,
    seasonalRates: values["seasonal-rates"],
    onlySeasonalRates: values["only-seasonal-rates"],
    demoCharges: !values["no-demo-charges"],
    bookedRoomNights:
      values["booked-room-nights"] !== undefined
        ? parseInteger("--booked-room-nights", values["booked-room-nights"], 1, 10_000_000_000)
        : values.bookings || values["only-bookings"]
          ? DEFAULT_BOOKED_ROOM_NIGHTS
          : null,
  };
}

/** Season rules on every room type, with progress; the hotels' indexes are rebuilt once at the end on a big catalogue. */
async function seasonalRates(database: Database, hotels: number): Promise<void> {
  const started = performance.now();
  const rules = await withHotelIndexesDeferred(database, hotels, () =>
    seedSeasonalRates(database.db, {
      onProgress: (done, total) => {
        const seconds = (performance.now() - started) / 1000;
        console.log(
          `seasonal rates: hotels up to ${done.toLocaleString("en-US")}/${total.toLocaleString("en-US")} ${seconds.toFixed(1)}s (${Math.round(done / Math.max(seconds, 0.001)).toLocaleString("en-US")} hotels/s)`,
        );
      },
    }),
  );
  await database.db.execute(sql`analyze rate_rules`);
  await database.db.execute(sql`analyze hotels`);
  console.log(`Wrote ${rules.toLocaleString("en-US")} seasonal rate rules in ${((performance.now() - started) / 1000).toFixed(1)}s`);
}

function parseInteger(flag: string, text: string, min: number, max: number): number {
  const value = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new Error(`${flag} must be a whole number from ${min} to ${max}, got "${text}"`);
  }
  return value;
}

async function main(): Promise<number> {
  let options: CliOptions;
  try {
    options = parseCli(process.argv.slice(2));
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return 2;
  }

  const databaseUrl = process.env.DATABASE_URL || undefined;
  const pgliteDir = path.join(process.env.DATA_DIR || "./data", "pglite");
  const database = await openDatabase({ databaseUrl, pgliteDir });
  const target = database.kind === "postgres" ? "PostgreSQL" : `PGlite (${pgliteDir})`;
  try {
    await migrateDatabase(database);
    if (options.onlySeasonalRates) {
      const [row] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from hotels`);
      await seasonalRates(database, Number(row?.n ?? 0));
      if (options.bookedRoomNights !== null) await seedBookingLoad(database, options.bookedRoomNights, options.seed);
      return 0;
    }
    if (options.onlyBookings) {
      await seedBookingLoad(database, options.bookedRoomNights!, options.seed);
      return 0;
    }
    console.log(`Seeding ${options.hotels.toLocaleString("en-US")} hotels (seed ${options.seed}) into ${target}`);
    const started = performance.now();
    let lastReported = 0;
    const result = await seedCatalogue(database, {
      hotels: options.hotels,
      seed: options.seed,
      truncate: options.truncate,
      onProgress(done, total) {
        // One line per 5 %, however small or large the batches are.
        const step = Math.floor((done * 20) / total);
        if (step <= lastReported && done < total) return;
        lastReported = step;
        const seconds = ((performance.now() - started) / 1000).toFixed(1);
        console.log(`seeded ${done}/${total} hotels (${Math.floor((done * 100) / total)}%) ${seconds}s`);
      },
    });
    const seconds = (result.ms / 1000).toFixed(1);
    const rate = Math.round(result.hotels / Math.max(result.ms / 1000, 0.001)).toLocaleString("en-US");
    console.log(
      `Seeded ${result.hotels.toLocaleString("en-US")} hotels and ${result.roomTypes.toLocaleString("en-US")} room types into ${target} in ${seconds}s (${rate} hotels/s)`,
    );
    if (options.demoCharges) {
      const chargesStarted = performance.now();
      await seedDemoCharges(database.db, { from: 1, to: result.hotels });
      console.log(`Demo taxes and extras in ${((performance.now() - chargesStarted) / 1000).toFixed(1)}s`);
    }
    if (options.rates) {
      const ratesStarted = performance.now();
      const rules = await seedYearOfRates(database.db, {
        onProgress: (done, total) => console.log(`rates: hotels up to ${done.toLocaleString("en-US")}/${total.toLocaleString("en-US")}`),
      });
      await database.db.execute(sql`analyze rate_rules`);
      console.log(`Wrote ${rules.toLocaleString("en-US")} rate rules in ${((performance.now() - ratesStarted) / 1000).toFixed(1)}s`);
    }
    if (options.seasonalRates) await seasonalRates(database, result.hotels);
    if (options.bookedRoomNights !== null) await seedBookingLoad(database, options.bookedRoomNights, options.seed);
    return 0;
  } catch (error) {
    console.error(`Seeding failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await database.close();
  }
}

async function seedBookingLoad(database: Parameters<typeof seedBookings>[0], roomNights: number, seed: number): Promise<void> {
  const n = (value: number) => value.toLocaleString("en-US");
  console.log(`Booking ${n(roomNights)} room-nights over the next 180 days`);
  const started = performance.now();
  let lastReported = -1;
  const result = await seedBookings(database, {
    roomNights,
    seed,
    onProgress(p) {
      const step = Math.floor((p.roomNights * 20) / p.target);
      if (step <= lastReported) return;
      lastReported = step;
      const seconds = (performance.now() - started) / 1000;
      console.log(
        `booked ${n(p.roomNights)}/${n(p.target)} room-nights (${Math.min(100, Math.floor((p.roomNights * 100) / p.target))}%) in ${n(p.hotels)} hotels, ${n(p.bookings)} bookings, ${seconds.toFixed(1)}s (${n(Math.round(p.roomNights / Math.max(seconds, 0.001)))} room-nights/s)`,
      );
    },
  });
  console.log(
    `Booked ${n(result.roomNights)} room-nights (${n(result.bookings)} bookings, ${n(result.roomNightRows)} room_nights rows) in ${n(result.hotels)} hotels in ${(result.ms / 1000).toFixed(1)}s`,
  );
  if (result.roomNights < roomNights)
    console.log(`Every hotel is booked: the catalogue holds no more than ${n(result.roomNights)} room-nights of this load`);
}

process.exitCode = await main();
