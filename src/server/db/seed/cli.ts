/**
 * npm run db:seed -- [--hotels N] [--seed S] [--truncate]
 * Seeds the demo catalogue into PostgreSQL when DATABASE_URL is set, else into the embedded PGlite
 * under DATA_DIR (default ./data).
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { openDatabase } from "../client.ts";
import { migrateDatabase } from "../migrate.ts";
import { DEFAULT_CATALOGUE_SEED } from "./catalogue.ts";
import { seedCatalogue } from "./seed-catalogue.ts";

const USAGE = "Usage: npm run db:seed -- [--hotels N] [--seed S] [--truncate]";
const DEFAULT_HOTELS = 5_000;
const MAX_HOTELS = 50_000_000;

interface CliOptions {
  hotels: number;
  seed: number;
  truncate: boolean;
}

function parseCli(argv: string[]): CliOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      hotels: { type: "string" },
      seed: { type: "string" },
      truncate: { type: "boolean", default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  return {
    hotels: values.hotels === undefined ? DEFAULT_HOTELS : parseInteger("--hotels", values.hotels, 1, MAX_HOTELS),
    seed: values.seed === undefined ? DEFAULT_CATALOGUE_SEED : parseInteger("--seed", values.seed, 0, 2 ** 32 - 1),
    truncate: values.truncate,
  };
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
    return 0;
  } catch (error) {
    console.error(`Seeding failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
