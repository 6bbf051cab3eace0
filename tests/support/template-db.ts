/**
 * In-memory PGlite databases for tests, opened from a migrated template.
 *
 * A fresh PGlite runs initdb (about 3 s of CPU) and then every migration (about 1 s); a test file
 * that opens three apps paid that three times. The template is the data directory of one migrated
 * database, dumped once and kept in the system's temporary folder under a name that hashes the
 * migrations and the PGlite version: a changed migration makes a new template, never a stale one.
 * Loading it takes well under a second. The guide's "migrated once per worker", made true across
 * the workers of one run and across runs.
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, renameSync, writeFileSync, existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Database, openDatabase } from "../../src/server/db/client.ts";
import { migrateDatabase, migrationsFolder } from "../../src/server/db/migrate.ts";

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/** What the template depends on: every migration file, and the PGlite build that wrote it. */
export function templateKey(): string {
  const hash = createHash("sha256");
  for (const file of filesUnder(migrationsFolder)) {
    hash.update(path.relative(migrationsFolder, file));
    hash.update(readFileSync(file));
  }
  hash.update(readFileSync(path.resolve(migrationsFolder, "../node_modules/@electric-sql/pglite/package.json")));
  return hash.digest("hex").slice(0, 16);
}

let template: Promise<Blob> | undefined;

async function buildTemplate(file: string): Promise<Blob> {
  const database = await openDatabase({ pgliteDir: null });
  try {
    await migrateDatabase(database);
    const dump = await database.pglite!.dumpDataDir("none");
    // Written aside and renamed: workers building it at once never read a half-written file.
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, new Uint8Array(await dump.arrayBuffer()));
    renameSync(partial, file);
    return dump;
  } finally {
    await database.close();
  }
}

/** The migrated template as a blob, for a test that loads it into a database of its own (an on-disk one). */
export function migratedTemplate(): Promise<Blob> {
  template ??= (async () => {
    const file = path.join(os.tmpdir(), `staywise-pglite-template-${templateKey()}.tar`);
    if (existsSync(file)) return new Blob([readFileSync(file)]);
    return buildTemplate(file);
  })();
  return template;
}

/** A fresh in-memory PGlite database with every migration applied, opened from the template. */
export async function openMigratedTestDatabase(): Promise<Database> {
  return openDatabase({ pgliteDir: null, pgliteTemplate: await migratedTemplate() });
}
