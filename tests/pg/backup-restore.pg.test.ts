import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type BackupManifest,
  codeMigrationLevel,
  createBackup,
  databaseMigrationLevel,
  restoreBackup,
} from "../../src/server/db/backup.ts";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { type Database, type Schema, openDatabase } from "../../src/server/db/client.ts";
import { migrateDatabase, migrationsFolder } from "../../src/server/db/migrate.ts";
import { type BackupScenario, type ScenarioAnswers, scenarioAnswers, seedBackupScenario } from "../support/backup-scenario.ts";
import { type TempDatabase, createTempDatabase } from "../support/pg.ts";
import { TEST_SECRET, type TestApp, createTestApp } from "../support/test-app.ts";

let root: string;
const temps: TempDatabase[] = [];
let sourceDb: Database;
let source: TestApp;
let scenario: BackupScenario;
let before: ScenarioAnswers;
let backupDir: string;
let manifest: BackupManifest;
const secret = { value: TEST_SECRET, file: null };

async function temp(): Promise<TempDatabase> {
  const created = await createTempDatabase("staywise_backup");
  temps.push(created);
  return created;
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "staywise-pg-backup-"));
  const sourceTemp = await temp();
  sourceDb = await openDatabase({ databaseUrl: sourceTemp.url, pgliteDir: null });
  await migrateDatabase(sourceDb);
  source = await createTestApp({ DATA_DIR: path.join(root, "source") }, sourceDb);
  scenario = await seedBackupScenario(source);
  before = await scenarioAnswers(source, scenario);
  backupDir = path.join(root, "backup");
  manifest = await createBackup({
    database: sourceDb,
    databaseUrl: sourceTemp.url,
    uploadsDir: path.join(root, "source", "uploads"),
    appSecret: secret,
    outDir: backupDir,
  });
}, 180_000);

afterAll(async () => {
  await sourceDb?.close();
  for (const t of temps) await t.drop();
  await rm(root, { recursive: true, force: true });
});

async function withRestored<T>(url: string, dataDir: string, fn: (t: TestApp) => Promise<T>): Promise<T> {
  const database = await openDatabase({ databaseUrl: url, pgliteDir: null });
  try {
    return await fn(await createTestApp({ DATA_DIR: dataDir }, database));
  } finally {
    await database.close();
  }
}

describe("backup and restore on PostgreSQL (pg_dump / pg_restore, custom format)", () => {
  it("writes a pg_dump custom-format file, the photo and a manifest at the code's migration level", () => {
    expect(manifest.database).toMatchObject({ kind: "postgres", format: "pg_dump-custom", file: "database.pgdump" });
    expect(manifest.database.serverVersion).toMatch(/^\d+/);
    expect(manifest.database.migrations).toEqual(codeMigrationLevel());
    const photo = manifest.files.find((f) => `/${f.path}` === scenario.photoUrl);
    expect(photo?.sha256).toBe(createHash("sha256").update(before.photo).digest("hex"));
    expect(before.invoices).toHaveLength(1);
  });

  it("restores into a fresh database: the same search answers, bookings, invoices, hotel page and photo come back", async () => {
    const target = await temp();
    const dataDir = path.join(root, "fresh");
    const report = await restoreBackup({
      backupDir,
      target: { kind: "postgres", databaseUrl: target.url },
      uploadsDir: path.join(dataDir, "uploads"),
      appSecret: secret,
    });
    expect(report.migrationsApplied).toBe(0);
    expect(report.warnings).toEqual([]);
    expect(await withRestored(target.url, dataDir, (t) => scenarioAnswers(t, scenario))).toEqual(before);
  }, 180_000);

  it("refuses a database that holds data unless forced; forced, it replaces it (parallel pg_restore)", async () => {
    const target = await temp();
    const db = await openDatabase({ databaseUrl: target.url, pgliteDir: null });
    try {
      await migrateDatabase(db);
      await db.db.execute(sql`create table public.left_over (id int)`);
    } finally {
      await db.close();
    }
    const dataDir = path.join(root, "occupied");
    const options = {
      backupDir,
      target: { kind: "postgres", databaseUrl: target.url },
      uploadsDir: path.join(dataDir, "uploads"),
      appSecret: secret,
    } as const;
    await expect(restoreBackup(options)).rejects.toThrow(/target is not empty \(the PostgreSQL database of DATABASE_URL\).*--force/);
    const report = await restoreBackup({ ...options, force: true, jobs: 2 });
    expect(report.migrationsApplied).toBe(0);
    expect(await withRestored(target.url, dataDir, (t) => scenarioAnswers(t, scenario))).toEqual(before);
    const check = await openDatabase({ databaseUrl: target.url, pgliteDir: null });
    try {
      const rows = (await check.db.execute(sql`select to_regclass('public.left_over') is null as gone`)) as unknown as {
        rows: { gone: boolean }[];
      };
      expect(rows.rows[0]!.gone).toBe(true);
    } finally {
      await check.close();
    }
  }, 180_000);

  it("refuses a backup of a newer migration level without touching the target; runs pending migrations after an older one", async () => {
    const code = codeMigrationLevel();
    const newerSource = await temp();
    const db = await openDatabase({ databaseUrl: newerSource.url, pgliteDir: null });
    const newer = path.join(root, "newer");
    try {
      await migrateDatabase(db);
      await db.db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-a-newer-version', ${code.lastWhen! + 60_000})`,
      );
      await createBackup({
        database: db,
        databaseUrl: newerSource.url,
        uploadsDir: path.join(root, "none"),
        appSecret: secret,
        outDir: newer,
      });
    } finally {
      await db.close();
    }
    // An instance of the version before the newest migration: the same migrations without the last.
    const olderFolder = path.join(root, "older-migrations");
    await cp(migrationsFolder, olderFolder, { recursive: true });
    const journalFile = path.join(olderFolder, "meta", "_journal.json");
    const journal = JSON.parse(await readFile(journalFile, "utf8")) as { entries: unknown[] };
    journal.entries.pop();
    await writeFile(journalFile, JSON.stringify(journal));
    const olderSource = await temp();
    const old = await openDatabase({ databaseUrl: olderSource.url, pgliteDir: null });
    const older = path.join(root, "older");
    try {
      await migratePg(old.db as unknown as NodePgDatabase<Schema>, { migrationsFolder: olderFolder });
      await createBackup({
        database: old,
        databaseUrl: olderSource.url,
        uploadsDir: path.join(root, "none"),
        appSecret: secret,
        outDir: older,
      });
    } finally {
      await old.close();
    }
    const target = await temp();
    await expect(
      restoreBackup({
        backupDir: newer,
        target: { kind: "postgres", databaseUrl: target.url },
        uploadsDir: path.join(root, "t1", "uploads"),
        appSecret: secret,
      }),
    ).rejects.toThrow(/newer migration level/);
    expect(existsSync(path.join(root, "t1"))).toBe(false);
    const untouched = await openDatabase({ databaseUrl: target.url, pgliteDir: null });
    try {
      expect((await databaseMigrationLevel(untouched.db)).count).toBe(0);
    } finally {
      await untouched.close();
    }
    const report = await restoreBackup({
      backupDir: older,
      target: { kind: "postgres", databaseUrl: target.url },
      uploadsDir: path.join(root, "t1", "uploads"),
      appSecret: secret,
    });
    expect(report.migrationsApplied).toBe(1);
    expect(report.level).toEqual(code);
  }, 180_000);
});
