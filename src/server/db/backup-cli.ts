/**
 * npm run db:backup -- [--out DIR] [--pg-bin DIR]
 * Backs up the database of this configuration (PostgreSQL when DATABASE_URL is set, else the
 * embedded PGlite under DATA_DIR, which must not be running), DATA_DIR/uploads and DATA_DIR/app-secret
 * into one new directory with a manifest (decision 066, docs/operations.md). Default directory:
 * ./backups/staywise-<UTC time>.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "../config.ts";
import { BackupError, createBackup, describeLevel } from "./backup.ts";
import { openDatabase } from "./client.ts";

const USAGE = "Usage: npm run db:backup -- [--out DIR] [--pg-bin DIR]";

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { out: { type: "string" }, "pg-bin": { type: "string" }, help: { type: "boolean", default: false } },
    strict: true,
    allowPositionals: false,
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const config = loadConfig();
  const time = new Date().toISOString().replace(/[-:]/g, "").replace(/\..*/, "Z");
  const outDir = path.resolve(values.out ?? path.join("backups", `staywise-${time}`));
  // Backups read the database as it is: no migration, no timeouts (a dump of a large catalogue runs long).
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, "pglite"), poolSize: 1 });
  try {
    const manifest = await createBackup({
      database,
      databaseUrl: config.databaseUrl,
      uploadsDir: path.join(config.dataDir, "uploads"),
      appSecret: { value: config.appSecret, file: process.env.APP_SECRET ? null : path.join(config.dataDir, "app-secret") },
      outDir,
      pgBinDir: values["pg-bin"],
    });
    const bytes = manifest.files.reduce((sum, f) => sum + f.bytes, 0);
    console.log(
      [
        `Backup written to ${outDir}`,
        `  database: ${manifest.database.kind} ${manifest.database.serverVersion}, ${describeLevel(manifest.database.migrations)}`,
        `  uploads: ${manifest.uploads.files} files; app secret: ${manifest.appSecret}`,
        `  ${manifest.files.length} files, ${(bytes / 1024 / 1024).toFixed(1)} MB, in ${(manifest.durationMs / 1000).toFixed(1)} s`,
      ].join("\n"),
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof BackupError ? `Backup failed: ${error.message}` : error);
  process.exit(1);
});
