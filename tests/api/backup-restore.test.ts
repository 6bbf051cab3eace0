import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type BackupManifest,
  codeMigrationLevel,
  createBackup,
  databaseMigrationLevel,
  restoreBackup,
  verifyBackup,
} from "../../src/server/db/backup.ts";
import { type Schema, openDatabase } from "../../src/server/db/client.ts";
import { migrationsFolder } from "../../src/server/db/migrate.ts";
import { type BackupScenario, type ScenarioAnswers, scenarioAnswers, seedBackupScenario } from "../support/backup-scenario.ts";
import { TEST_SECRET, type TestApp, createTestApp } from "../support/test-app.ts";
import { migratedTemplate, openMigratedTestDatabase } from "../support/template-db.ts";

let root: string;
let source: TestApp;
let scenario: BackupScenario;
let before: ScenarioAnswers;
let backupDir: string;
let manifest: BackupManifest;
const secret = { value: TEST_SECRET, file: null };

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "staywise-backup-"));
  source = await createTestApp({ DATA_DIR: path.join(root, "source") });
  scenario = await seedBackupScenario(source);
  before = await scenarioAnswers(source, scenario);
  backupDir = path.join(root, "backup");
  manifest = await createBackup({
    database: source.database,
    uploadsDir: path.join(root, "source", "uploads"),
    appSecret: secret,
    outDir: backupDir,
  });
}, 180_000);

afterAll(async () => {
  await source?.close();
  await rm(root, { recursive: true, force: true });
});

describe("backup and restore on the embedded database (PGlite)", () => {
  it("the scenario is what the test says: a paid booking with its invoice, a hold, a stored photo, two hotels found", () => {
    expect((before.search as { hotels: { name: string }[] }).hotels.map((h) => h.name).sort()).toEqual(["Archive Hotel", "Snapshot Inn"]);
    expect(before.invoices).toHaveLength(1);
    expect(before.invoices[0]!.kind).toBe("invoice");
    expect(before.invoicePdfStatus).toBe(200);
    expect((before.heldBooking as { booking: { status: string } }).booking.status).toBe("pending");
    expect(before.photo.length).toBeGreaterThan(0);
  }, 180_000);

  it("writes one directory with a manifest: when, app version, database kind, migration level and a checksum of every file, the photo included", async () => {
    expect(manifest.database).toMatchObject({ kind: "pglite", format: "pglite-datadir", file: "database.pglite.tar.gz" });
    expect(manifest.database.migrations).toEqual(codeMigrationLevel());
    expect(manifest.app.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(Date.now() - Date.parse(manifest.createdAt)).toBeLessThan(10 * 60_000);
    const photo = manifest.files.find((f) => `/${f.path}` === scenario.photoUrl);
    expect(photo?.sha256).toBe(createHash("sha256").update(before.photo).digest("hex"));
    expect(manifest.uploads.files).toBe(1);
    expect(JSON.parse(await readFile(path.join(backupDir, "manifest.json"), "utf8"))).toEqual(manifest);
    await expect(verifyBackup(backupDir)).resolves.toEqual(manifest);
  }, 180_000);

  it("restores into a fresh instance: the same search answers, bookings, invoices, hotel page and photo come back, sessions included", async () => {
    const target = path.join(root, "fresh");
    const report = await restoreBackup({
      backupDir,
      target: { kind: "pglite", dataDir: path.join(target, "pglite") },
      uploadsDir: path.join(target, "uploads"),
      appSecret: secret,
    });
    expect(report.migrationsApplied).toBe(0);
    expect(report.movedAside).toEqual([]);
    expect(report.warnings).toEqual([]);
    const database = await openDatabase({ pgliteDir: path.join(target, "pglite") });
    const restored = await createTestApp({ DATA_DIR: target }, database);
    try {
      const after = await scenarioAnswers(restored, scenario);
      expect(after).toEqual(before);
    } finally {
      await database.close();
    }
  }, 180_000);

  it("refuses to overwrite an instance holding data unless forced; forced, it moves the old database and uploads aside", async () => {
    const target = path.join(root, "fresh");
    const options = {
      backupDir,
      target: { kind: "pglite", dataDir: path.join(target, "pglite") },
      uploadsDir: path.join(target, "uploads"),
      appSecret: secret,
    } as const;
    await expect(restoreBackup(options)).rejects.toThrow(/target is not empty.*embedded database.*uploads.*--force/s);
    const report = await restoreBackup({ ...options, force: true });
    expect(report.movedAside).toHaveLength(2);
    for (const moved of report.movedAside) expect(existsSync(moved)).toBe(true);
    const database = await openDatabase({ pgliteDir: path.join(target, "pglite") });
    const restored = await createTestApp({ DATA_DIR: target }, database);
    try {
      expect(await scenarioAnswers(restored, scenario)).toEqual(before);
    } finally {
      await database.close();
    }
  }, 180_000);

  it("refuses a damaged backup before touching the target", async () => {
    const damaged = path.join(root, "damaged");
    await cp(backupDir, damaged, { recursive: true });
    const photo = manifest.files.find((f) => f.path.startsWith("uploads/"))!;
    const bytes = await readFile(path.join(damaged, photo.path));
    bytes[bytes.length - 1] = bytes[bytes.length - 1]! ^ 0xff;
    await writeFile(path.join(damaged, photo.path), bytes);
    const target = path.join(root, "never-written");
    await expect(
      restoreBackup({
        backupDir: damaged,
        target: { kind: "pglite", dataDir: path.join(target, "pglite") },
        uploadsDir: path.join(target, "uploads"),
        appSecret: secret,
      }),
    ).rejects.toThrow(new RegExp(`${photo.path}: checksum differs`));
    expect(existsSync(target)).toBe(false);
    await rm(path.join(damaged, "manifest.json"));
    await expect(verifyBackup(damaged)).rejects.toThrow(/no manifest\.json/);
  }, 180_000);

  it("refuses a backup of a newer migration level than the code, and a backup of the other database kind", async () => {
    const code = codeMigrationLevel();
    // At the code's level from the migrated template: the test adds the newer migration itself.
    const db = await openMigratedTestDatabase();
    try {
      expect(await databaseMigrationLevel(db.db)).toEqual(code);
      await db.db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-a-newer-version', ${code.lastWhen! + 60_000})`,
      );
      const newer = path.join(root, "newer");
      const made = await createBackup({ database: db, uploadsDir: path.join(root, "no-uploads"), appSecret: secret, outDir: newer });
      expect(made.database.migrations).toEqual({ count: code.count + 1, lastTag: null, lastWhen: code.lastWhen! + 60_000 });
      const target = path.join(root, "not-for-newer");
      await expect(
        restoreBackup({
          backupDir: newer,
          target: { kind: "pglite", dataDir: path.join(target, "pglite") },
          uploadsDir: path.join(target, "uploads"),
          appSecret: secret,
        }),
      ).rejects.toThrow(/newer migration level \(\d+ migrations, last unknown to this code.*\) than this code/);
      expect(existsSync(target)).toBe(false);
    } finally {
      await db.close();
    }
    await expect(
      restoreBackup({
        backupDir,
        target: { kind: "postgres", databaseUrl: "postgres://nobody@127.0.0.1:1/none" },
        uploadsDir: path.join(root, "pg-target-uploads"),
        appSecret: secret,
      }),
    ).rejects.toThrow(/holds a pglite database and the target is postgres/);
  }, 180_000);

  it("runs the pending migrations after restoring a backup of an older version", async () => {
    // An instance of the version before the last migration: the same migrations without the newest.
    const older = path.join(root, "older-migrations");
    await cp(migrationsFolder, older, { recursive: true });
    const journalFile = path.join(older, "meta", "_journal.json");
    const journal = JSON.parse(await readFile(journalFile, "utf8")) as { entries: unknown[] };
    journal.entries.pop();
    await writeFile(journalFile, JSON.stringify(journal));
    const db = await openDatabase({ pgliteDir: null });
    const oldBackup = path.join(root, "older-backup");
    try {
      await migratePglite(db.db as unknown as PgliteDatabase<Schema>, { migrationsFolder: older });
      const made = await createBackup({ database: db, uploadsDir: path.join(root, "no-uploads"), appSecret: secret, outDir: oldBackup });
      expect(made.database.migrations.count).toBe(codeMigrationLevel().count - 1);
    } finally {
      await db.close();
    }
    const target = path.join(root, "upgraded");
    const report = await restoreBackup({
      backupDir: oldBackup,
      target: { kind: "pglite", dataDir: path.join(target, "pglite") },
      uploadsDir: path.join(target, "uploads"),
      appSecret: secret,
    });
    expect(report.migrationsApplied).toBe(1);
    expect(report.level).toEqual(codeMigrationLevel());
    const restored = await openDatabase({ pgliteDir: path.join(target, "pglite") });
    try {
      expect(await databaseMigrationLevel(restored.db)).toEqual(codeMigrationLevel());
    } finally {
      await restored.close();
    }
  }, 180_000);

  it("keeps the instance's own app secret file and puts it back; a different APP_SECRET is reported", async () => {
    const secretFile = path.join(root, "secret-source", "app-secret");
    await mkdir(path.dirname(secretFile), { recursive: true });
    await writeFile(secretFile, "x".repeat(40) + "\n");
    const withSecret = path.join(root, "with-secret");
    const made = await createBackup({
      database: source.database,
      uploadsDir: path.join(root, "source", "uploads"),
      appSecret: { value: "x".repeat(40), file: secretFile },
      outDir: withSecret,
    });
    expect(made.appSecret).toBe("included");
    const target = path.join(root, "secret-target");
    const targetSecret = path.join(target, "app-secret");
    await mkdir(target, { recursive: true });
    await writeFile(targetSecret, "fresh-random-secret-of-the-new-instance\n");
    const report = await restoreBackup({
      backupDir: withSecret,
      target: { kind: "pglite", dataDir: path.join(target, "pglite") },
      uploadsDir: path.join(target, "uploads"),
      appSecret: { value: "fresh-random-secret-of-the-new-instance", file: targetSecret },
    });
    expect(await readFile(targetSecret, "utf8")).toBe("x".repeat(40) + "\n");
    expect(report.movedAside).toEqual([expect.stringMatching(/app-secret\.replaced-/)]);

    const envTarget = path.join(root, "env-target");
    const envReport = await restoreBackup({
      backupDir,
      target: { kind: "pglite", dataDir: path.join(envTarget, "pglite") },
      uploadsDir: path.join(envTarget, "uploads"),
      appSecret: { value: "another-secret-another-secret-another-secret", file: null },
    });
    expect(envReport.warnings).toEqual([expect.stringMatching(/APP_SECRET differs/)]);
  }, 180_000);
});

describe("npm run db:backup / db:restore (the commands, on the embedded database)", () => {
  const tsx = path.resolve("node_modules/.bin/tsx");
  function cli(script: string, args: string[], dataDir: string): Promise<{ code: number; out: string }> {
    return new Promise((resolve) => {
      const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, NODE_ENV: "test", LOG_LEVEL: "silent" };
      delete env.DATABASE_URL;
      delete env.APP_SECRET;
      const child = spawn(tsx, [`src/server/db/${script}`, ...args], { env, stdio: ["ignore", "pipe", "pipe"] });
      let out = "";
      child.stdout.on("data", (c: Buffer) => (out += c.toString()));
      child.stderr.on("data", (c: Buffer) => (out += c.toString()));
      child.on("close", (code) => resolve({ code: code ?? -1, out }));
    });
  }

  it("backs up DATA_DIR (database, uploads, app-secret) and restores it into another DATA_DIR, refusing it a second time without --force", async () => {
    const from = path.join(root, "cli-from");
    // A migrated instance on disk, loaded from the migrated template rather than migrated again (about 3 s less).
    const db = await openDatabase({ pgliteDir: path.join(from, "pglite"), pgliteTemplate: await migratedTemplate() });
    try {
      expect(await databaseMigrationLevel(db.db)).toEqual(codeMigrationLevel());
    } finally {
      await db.close();
    }
    await mkdir(path.join(from, "uploads", "reviews"), { recursive: true });
    await writeFile(path.join(from, "uploads", "reviews", `${"a".repeat(32)}.webp`), "photo bytes");
    await writeFile(path.join(from, "app-secret"), "s".repeat(43) + "\n");
    const out = path.join(root, "cli-backup");

    const backup = await cli("backup-cli.ts", ["--out", out], from);
    expect(backup.out).toMatch(
      /Backup written to .*cli-backup\n {2}database: pglite .*, \d+ migrations, last \d{4}_\w+\n {2}uploads: 1 files; app secret: included/,
    );
    expect(backup.code).toBe(0);
    const verified = await cli("restore-cli.ts", [out, "--verify-only"], path.join(root, "cli-unused"));
    expect(verified.out).toMatch(/is whole: 3 files match their checksums; pglite/);

    const to = path.join(root, "cli-to");
    const restore = await cli("restore-cli.ts", [out], to);
    expect(restore.out).toMatch(/Restored .* into pglite\n {2}database now at \d+ migrations, last \w+; 0 pending migration\(s\) applied/);
    expect(restore.out).not.toMatch(/moved aside/);
    expect(restore.code).toBe(0);
    expect(await readFile(path.join(to, "uploads", "reviews", `${"a".repeat(32)}.webp`), "utf8")).toBe("photo bytes");
    expect(await readFile(path.join(to, "app-secret"), "utf8")).toBe("s".repeat(43) + "\n");

    const again = await cli("restore-cli.ts", [out], to);
    expect(again.out).toMatch(/Restore refused: the target is not empty .*--force/);
    expect(again.code).toBe(1);
  }, 300_000);
});
