/**
 * npm run db:restore -- BACKUP_DIR [--force] [--verify-only] [--jobs N] [--pg-bin DIR]
 * Restores a backup made by `npm run db:backup` into the database of this configuration
 * (DATABASE_URL's, which must exist, or the embedded PGlite under DATA_DIR) and DATA_DIR/uploads,
 * with the app stopped. Refuses a damaged backup, one of a newer migration level than this code, and
 * a target holding data unless --force; runs the migrations an older backup is behind (decision 066).
 */
import { existsSync } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "../config.ts";
import { BackupError, describeLevel, restoreBackup, verifyBackup } from "./backup.ts";

const USAGE = "Usage: npm run db:restore -- BACKUP_DIR [--force] [--verify-only] [--jobs N] [--pg-bin DIR]";

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    options: {
      force: { type: "boolean", default: false },
      "verify-only": { type: "boolean", default: false },
      jobs: { type: "string" },
      "pg-bin": { type: "string" },
      help: { type: "boolean", default: false },
    },
    strict: true,
    allowPositionals: true,
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  if (positionals.length !== 1) throw new BackupError(`give one backup directory\n${USAGE}`);
  const backupDir = path.resolve(positionals[0]!);
  const jobs = values.jobs === undefined ? 1 : Number(values.jobs);
  if (!Number.isInteger(jobs) || jobs < 1 || jobs > 64) throw new BackupError("--jobs takes a whole number from 1 to 64");
  if (values["verify-only"]) {
    const manifest = await verifyBackup(backupDir);
    console.log(
      `Backup ${backupDir} is whole: ${manifest.files.length} files match their checksums; ${manifest.database.kind}, ${describeLevel(manifest.database.migrations)}, made ${manifest.createdAt} by Staywise ${manifest.app.version}.`,
    );
    return;
  }
  // Without APP_SECRET, loading the configuration makes a random DATA_DIR/app-secret when there is none;
  // one made just now guards nothing, so the backup's replaces it without being kept aside.
  const secretFile = process.env.APP_SECRET ? null : path.join(path.resolve(process.env.DATA_DIR ?? "./data"), "app-secret");
  const hadSecret = secretFile !== null && existsSync(secretFile);
  const config = loadConfig();
  if (secretFile && !hadSecret) await rm(secretFile, { force: true });
  const report = await restoreBackup({
    backupDir,
    target: config.databaseUrl
      ? { kind: "postgres", databaseUrl: config.databaseUrl }
      : { kind: "pglite", dataDir: path.join(config.dataDir, "pglite") },
    uploadsDir: path.join(config.dataDir, "uploads"),
    appSecret: { value: config.appSecret, file: secretFile },
    force: values.force,
    jobs,
    pgBinDir: values["pg-bin"],
  });
  const lines = [
    `Restored ${backupDir} (made ${report.manifest.createdAt} by Staywise ${report.manifest.app.version}) into ${report.manifest.database.kind}`,
    `  database now at ${describeLevel(report.level)}; ${report.migrationsApplied} pending migration(s) applied`,
    `  uploads: ${report.manifest.uploads.files} files; app secret: ${report.manifest.appSecret}`,
    ...report.movedAside.map((p) => `  moved aside (delete once the restore is checked): ${p}`),
    ...report.warnings.map((w) => `  WARNING: ${w}`),
    `  in ${(report.durationMs / 1000).toFixed(1)} s`,
  ];
  console.log(lines.join("\n"));
}

main().catch((error: unknown) => {
  console.error(error instanceof BackupError ? `Restore refused: ${error.message}` : error);
  process.exit(1);
});
