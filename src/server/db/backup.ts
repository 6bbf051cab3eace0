/**
 * Backups that restore (decision 066): one directory holding the database (PGlite's data directory
 * as a gzipped tarball, or PostgreSQL's `pg_dump` custom format), the uploaded files, the app secret
 * kept in DATA_DIR (when APP_SECRET is not set) and a manifest (when, app version, database kind,
 * migration level, a SHA-256 of every file). `npm run db:backup` and `npm run db:restore` call these.
 */
import { execFileSync, spawn } from "node:child_process";
import { createHash, createHmac } from "node:crypto";
import { createReadStream, existsSync, readFileSync } from "node:fs";
import { copyFile, mkdir, readFile, readdir, rename, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { sql } from "drizzle-orm";
import pg from "pg";
import { type Database, type Db, openDatabase, queryRows } from "./client.ts";
import { migrateDatabase, migrationsFolder as codeMigrationsFolder } from "./migrate.ts";

export const BACKUP_FORMAT = "staywise-backup";
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST_FILE = "manifest.json";
const PGLITE_FILE = "database.pglite.tar.gz";
const PG_DUMP_FILE = "database.pgdump";
const UPLOADS_DIR = "uploads";
const SECRET_FILE = "app-secret";

/** How far a database's schema is migrated: the drizzle migrations it has applied. */
export interface MigrationLevel {
  /** Migrations applied. */
  count: number;
  /** The journal tag of the last one (e.g. `0043_front_desk_role`); null when none, or when this code does not know it. */
  lastTag: string | null;
  /** Its journal time stamp, which is what drizzle compares; null when none is applied. */
  lastWhen: number | null;
}

export interface BackupFile {
  /** Relative to the backup directory, with `/`. */
  path: string;
  bytes: number;
  sha256: string;
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  formatVersion: typeof BACKUP_FORMAT_VERSION;
  createdAt: string;
  app: { version: string; commit: string | null };
  database: {
    kind: "pglite" | "postgres";
    /** `pglite-datadir` (PGlite's dumpDataDir, tar.gz) or `pg_dump-custom` (pg_restore reads it). */
    format: "pglite-datadir" | "pg_dump-custom";
    file: string;
    serverVersion: string;
    migrations: MigrationLevel;
  };
  uploads: { files: number; bytes: number };
  /**
   * `included`: DATA_DIR/app-secret is in the backup (restore puts it back); `environment`: the
   * instance used APP_SECRET, which the operator keeps elsewhere; `none`: neither.
   */
  appSecret: "included" | "environment" | "none";
  /** An HMAC of the app secret (not the secret), so a restore can tell whether the target's secret is the same. */
  appSecretFingerprint: string | null;
  files: BackupFile[];
  durationMs: number;
}

/** Refusals a person can act on; the CLIs print the message and exit 1. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BackupError";
  }
}

interface JournalEntry {
  tag: string;
  when: number;
}

function readJournal(folder: string): JournalEntry[] {
  const journal = JSON.parse(readFileSync(path.join(folder, "meta", "_journal.json"), "utf8")) as { entries: JournalEntry[] };
  return journal.entries.map((e) => ({ tag: e.tag, when: e.when }));
}

/** The migration level this code brings (its drizzle journal). */
export function codeMigrationLevel(folder = codeMigrationsFolder): MigrationLevel {
  const entries = readJournal(folder);
  const last = entries.at(-1);
  return { count: entries.length, lastTag: last?.tag ?? null, lastWhen: last?.when ?? null };
}

/** The migration level of a database (0 when it was never migrated). */
export async function databaseMigrationLevel(db: Db, folder = codeMigrationsFolder): Promise<MigrationLevel> {
  const [exists] = await queryRows<{ found: boolean }>(db, sql`select to_regclass('drizzle.__drizzle_migrations') is not null as found`);
  if (!exists?.found) return { count: 0, lastTag: null, lastWhen: null };
  const rows = await queryRows<{ created_at: string | number }>(
    db,
    sql`select created_at from drizzle.__drizzle_migrations order by created_at`,
  );
  const last = rows.at(-1);
  if (!last) return { count: 0, lastTag: null, lastWhen: null };
  const lastWhen = Number(last.created_at);
  return { count: rows.length, lastTag: readJournal(folder).find((e) => e.when === lastWhen)?.tag ?? null, lastWhen };
}

export function describeLevel(level: MigrationLevel): string {
  if (level.count === 0) return "no migrations";
  return `${level.count} migrations, last ${level.lastTag ?? `unknown to this code (${level.lastWhen})`}`;
}

/** An HMAC of the secret under a fixed label: equal secrets give equal fingerprints, and the secret cannot be read back. */
export function secretFingerprint(secret: string): string {
  return createHmac("sha256", secret).update("staywise-backup-fingerprint").digest("hex").slice(0, 16);
}

function appVersion(): { version: string; commit: string | null } {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
  const version = (JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { version: string }).version;
  let commit: string | null = null;
  try {
    commit =
      execFileSync("git", ["rev-parse", "HEAD"], { cwd: root, stdio: ["ignore", "pipe", "ignore"] })
        .toString()
        .trim() || null;
  } catch {
    // No git (a container image): the version alone.
  }
  return { version, commit };
}

async function sha256File(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

async function describeFile(root: string, relative: string): Promise<BackupFile> {
  const file = path.join(root, relative);
  return { path: relative.split(path.sep).join("/"), bytes: (await stat(file)).size, sha256: await sha256File(file) };
}

/** Regular files under `dir`, relative to it; none when it does not exist. */
async function listFiles(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

async function isNonEmptyDir(dir: string): Promise<boolean> {
  if (!existsSync(dir)) return false;
  return (await readdir(dir)).length > 0;
}

/** The PostgreSQL client tools, from `pgBinDir` when given, else from PATH. */
function pgTool(name: "pg_dump" | "pg_restore", pgBinDir?: string): string {
  return pgBinDir ? path.join(pgBinDir, name) : name;
}

/**
 * A connection string for the client tools without its password (which would show in the process
 * list); the password travels in PGPASSWORD instead.
 */
function libpqTarget(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = "";
  return { url: url.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ["ignore", "inherit", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on("error", (error: NodeJS.ErrnoException) =>
      reject(
        new BackupError(
          error.code === "ENOENT"
            ? `${command} was not found: install the PostgreSQL client tools of the server's major version, or pass --pg-bin <dir>`
            : `${command} failed to start: ${error.message}`,
        ),
      ),
    );
    child.on("close", (code) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${path.basename(command)} exited with ${code}:\n${stderr.trim()}`));
    });
  });
}

export interface BackupOptions {
  /** The open database to back up (its kind decides the dump). */
  database: Database;
  /** PostgreSQL: the connection string pg_dump uses (DATABASE_URL). */
  databaseUrl?: string | undefined;
  /** DATA_DIR/uploads. */
  uploadsDir: string;
  /** The app secret in use, and whether it came from DATA_DIR/app-secret (then the file is included). */
  appSecret: { value: string; file: string | null } | null;
  /** The backup directory to create; it must not exist or be empty. */
  outDir: string;
  pgBinDir?: string | undefined;
  migrationsFolder?: string;
}

/**
 * Writes a backup: the database first (so every upload the dump refers to is already on disk when
 * the files are copied), then the uploads, then the secret, then the manifest last; a directory
 * without manifest.json is an unfinished backup and restore refuses it.
 */
export async function createBackup(options: BackupOptions): Promise<BackupManifest> {
  const started = Date.now();
  const out = path.resolve(options.outDir);
  if (await isNonEmptyDir(out)) throw new BackupError(`${out} is not empty: give a new directory for the backup`);
  await mkdir(out, { recursive: true });
  const { database } = options;
  const folder = options.migrationsFolder ?? codeMigrationsFolder;
  const migrations = await databaseMigrationLevel(database.db, folder);
  const [version] = await queryRows<{ server_version: string }>(database.db, sql`show server_version`);
  const files: BackupFile[] = [];

  let dbFile: string;
  if (database.kind === "pglite") {
    dbFile = PGLITE_FILE;
    const dump = await database.pglite!.dumpDataDir("gzip");
    await writeFile(path.join(out, dbFile), Buffer.from(await dump.arrayBuffer()));
  } else {
    if (!options.databaseUrl) throw new BackupError("a PostgreSQL backup needs DATABASE_URL");
    dbFile = PG_DUMP_FILE;
    const target = libpqTarget(options.databaseUrl);
    await run(
      pgTool("pg_dump", options.pgBinDir),
      ["--format=custom", "--no-owner", "--no-privileges", `--file=${path.join(out, dbFile)}`, `--dbname=${target.url}`],
      target.env,
    );
  }
  files.push(await describeFile(out, dbFile));

  const uploads = await listFiles(options.uploadsDir);
  let uploadBytes = 0;
  for (const relative of uploads) {
    const destination = path.join(out, UPLOADS_DIR, relative);
    await mkdir(path.dirname(destination), { recursive: true });
    await copyFile(path.join(options.uploadsDir, relative), destination);
    const described = await describeFile(out, path.join(UPLOADS_DIR, relative));
    uploadBytes += described.bytes;
    files.push(described);
  }

  let appSecret: BackupManifest["appSecret"] = "none";
  if (options.appSecret?.file && existsSync(options.appSecret.file)) {
    await writeFile(path.join(out, SECRET_FILE), await readFile(options.appSecret.file), { mode: 0o600 });
    files.push(await describeFile(out, SECRET_FILE));
    appSecret = "included";
  } else if (options.appSecret) {
    appSecret = "environment";
  }

  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    formatVersion: BACKUP_FORMAT_VERSION,
    createdAt: new Date(started).toISOString(),
    app: appVersion(),
    database: {
      kind: database.kind,
      format: database.kind === "pglite" ? "pglite-datadir" : "pg_dump-custom",
      file: dbFile,
      serverVersion: version?.server_version ?? "unknown",
      migrations,
    },
    uploads: { files: uploads.length, bytes: uploadBytes },
    appSecret,
    appSecretFingerprint: options.appSecret ? secretFingerprint(options.appSecret.value) : null,
    files,
    durationMs: Date.now() - started,
  };
  await writeFile(path.join(out, `${MANIFEST_FILE}.partial`), JSON.stringify(manifest, null, 2) + "\n");
  await rename(path.join(out, `${MANIFEST_FILE}.partial`), path.join(out, MANIFEST_FILE));
  return manifest;
}

/** Reads a backup's manifest and checks every file against its size and SHA-256; throws BackupError on any difference. */
export async function verifyBackup(backupDir: string): Promise<BackupManifest> {
  const dir = path.resolve(backupDir);
  const manifestFile = path.join(dir, MANIFEST_FILE);
  if (!existsSync(manifestFile)) throw new BackupError(`${dir} has no ${MANIFEST_FILE}: not a backup, or one that did not finish`);
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await readFile(manifestFile, "utf8")) as BackupManifest;
  } catch {
    throw new BackupError(`${manifestFile} is not readable JSON`);
  }
  if (manifest.format !== BACKUP_FORMAT) throw new BackupError(`${manifestFile} is not a Staywise backup manifest`);
  if (manifest.formatVersion !== BACKUP_FORMAT_VERSION) {
    throw new BackupError(`the backup's format version ${manifest.formatVersion} is not ${BACKUP_FORMAT_VERSION}, the one this code reads`);
  }
  const problems: string[] = [];
  for (const f of manifest.files) {
    const file = path.join(dir, f.path);
    if (path.relative(dir, file).startsWith("..")) {
      problems.push(`${f.path}: outside the backup`);
    } else if (!existsSync(file)) {
      problems.push(`${f.path}: missing`);
    } else {
      const size = (await stat(file)).size;
      if (size !== f.bytes) problems.push(`${f.path}: ${size} bytes, the manifest says ${f.bytes}`);
      else if ((await sha256File(file)) !== f.sha256) problems.push(`${f.path}: checksum differs`);
    }
  }
  if (!manifest.files.some((f) => f.path === manifest.database.file)) problems.push(`${manifest.database.file}: not listed`);
  if (problems.length) throw new BackupError(`the backup at ${dir} is damaged:\n  ${problems.join("\n  ")}`);
  return manifest;
}

export type RestoreTarget = { kind: "pglite"; dataDir: string } | { kind: "postgres"; databaseUrl: string };

export interface RestoreOptions {
  backupDir: string;
  target: RestoreTarget;
  /** DATA_DIR/uploads of the target. */
  uploadsDir: string;
  /** The target's app secret: from APP_SECRET (compared by fingerprint), or DATA_DIR/app-secret (replaced by the backup's). */
  appSecret: { value: string; file: string | null } | null;
  /** Replace a target that holds data (its PGlite folder and uploads are moved aside, its PostgreSQL schemas dropped). */
  force?: boolean;
  /** pg_restore --jobs. */
  jobs?: number;
  pgBinDir?: string | undefined;
  migrationsFolder?: string;
}

export interface RestoreReport {
  manifest: BackupManifest;
  /** Migrations run after loading (the backup was older than the code). */
  migrationsApplied: number;
  level: MigrationLevel;
  /** What --force moved aside instead of deleting. */
  movedAside: string[];
  warnings: string[];
  durationMs: number;
}

const stamp = () => new Date().toISOString().replace(/[-:]/g, "").replace(/\..*/, "Z");

async function postgresHasData(databaseUrl: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError(
      `cannot connect to the target database (${(error as Error).message}); create it first (createdb) and check DATABASE_URL`,
    );
  }
  try {
    const { rows } = await client.query<{ n: string }>(
      "select count(*) as n from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname in ('public', 'drizzle') and c.relkind in ('r', 'p')",
    );
    return Number(rows[0]!.n) > 0;
  } finally {
    await client.end();
  }
}

async function emptyPostgres(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("drop schema if exists drizzle cascade");
    await client.query("drop schema if exists public cascade");
    await client.query("create schema public");
  } finally {
    await client.end();
  }
}

/**
 * Restores a backup into the target: checks the files, refuses a backup of a newer migration level
 * than this code, another database kind, or a target holding data unless `force`; loads the
 * database, runs the migrations the backup is behind, puts the uploads and the secret in place.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreReport> {
  const started = Date.now();
  const dir = path.resolve(options.backupDir);
  const manifest = await verifyBackup(dir);
  const folder = options.migrationsFolder ?? codeMigrationsFolder;
  const code = codeMigrationLevel(folder);
  const backupLevel = manifest.database.migrations;
  if ((backupLevel.lastWhen ?? 0) > (code.lastWhen ?? 0)) {
    throw new BackupError(
      `the backup is at a newer migration level (${describeLevel(backupLevel)}) than this code (${describeLevel(code)}): restore it with the app version that made it (${manifest.app.version}${manifest.app.commit ? `, ${manifest.app.commit.slice(0, 12)}` : ""}) or newer`,
    );
  }
  if (manifest.database.kind !== options.target.kind) {
    throw new BackupError(
      `the backup holds a ${manifest.database.kind} database and the target is ${options.target.kind}: restore it into the same kind (DATABASE_URL ${manifest.database.kind === "postgres" ? "set" : "unset"})`,
    );
  }

  const { target } = options;
  const pgliteDir = target.kind === "pglite" ? path.resolve(target.dataDir) : null;
  const occupied: string[] = [];
  if (pgliteDir && (await isNonEmptyDir(pgliteDir))) occupied.push(`the embedded database at ${pgliteDir}`);
  if (target.kind === "postgres" && (await postgresHasData(target.databaseUrl))) occupied.push("the PostgreSQL database of DATABASE_URL");
  if ((await listFiles(options.uploadsDir)).length > 0) occupied.push(`the uploads at ${path.resolve(options.uploadsDir)}`);
  if (occupied.length && !options.force) {
    throw new BackupError(`the target is not empty (${occupied.join("; ")}): restore into a fresh instance, or pass --force to replace it`);
  }

  const movedAside: string[] = [];
  const warnings: string[] = [];
  const suffix = `.replaced-${stamp()}`;
  const dbFile = path.join(dir, manifest.database.file);

  if (pgliteDir) {
    if (await isNonEmptyDir(pgliteDir)) {
      await rename(pgliteDir, pgliteDir + suffix);
      movedAside.push(pgliteDir + suffix);
    }
    await mkdir(pgliteDir, { recursive: true });
    const loaded = await PGlite.create({
      dataDir: pgliteDir,
      loadDataDir: new Blob([new Uint8Array(await readFile(dbFile))]),
      extensions: { pg_trgm, unaccent },
    });
    await loaded.close();
  } else if (target.kind === "postgres") {
    if (occupied.length) await emptyPostgres(target.databaseUrl);
    const libpq = libpqTarget(target.databaseUrl);
    const jobs = Math.max(1, options.jobs ?? 1);
    await run(
      pgTool("pg_restore", options.pgBinDir),
      [
        "--no-owner",
        "--no-privileges",
        "--exit-on-error",
        ...(jobs > 1 ? [`--jobs=${jobs}`] : ["--single-transaction"]),
        `--dbname=${libpq.url}`,
        dbFile,
      ],
      libpq.env,
    );
  }

  // The migrations this backup is behind, as the app would run them at start.
  const database = await openDatabase(
    target.kind === "postgres" ? { databaseUrl: target.databaseUrl, pgliteDir: null, poolSize: 2 } : { pgliteDir },
  );
  let level: MigrationLevel;
  let migrationsApplied: number;
  try {
    const before = await databaseMigrationLevel(database.db, folder);
    if (before.lastWhen !== backupLevel.lastWhen) {
      warnings.push(`the restored database is at ${describeLevel(before)}, the manifest said ${describeLevel(backupLevel)}`);
    }
    await migrateDatabase(database);
    level = await databaseMigrationLevel(database.db, folder);
    migrationsApplied = level.count - before.count;
  } finally {
    await database.close();
  }

  const uploadsDir = path.resolve(options.uploadsDir);
  if (await isNonEmptyDir(uploadsDir)) {
    await rename(uploadsDir, uploadsDir + suffix);
    movedAside.push(uploadsDir + suffix);
  }
  for (const f of manifest.files.filter((f) => f.path.startsWith(`${UPLOADS_DIR}/`))) {
    const destination = path.join(uploadsDir, f.path.slice(UPLOADS_DIR.length + 1));
    await mkdir(path.dirname(destination), { recursive: true });
    await copyFile(path.join(dir, f.path), destination);
  }

  if (manifest.appSecret === "included" && options.appSecret?.file) {
    // The backup's secret decrypts its stored settings and keeps its sessions; a fresh instance's own random one guards nothing yet.
    const secretFile = options.appSecret.file;
    const backupSecret = await readFile(path.join(dir, SECRET_FILE));
    if (existsSync(secretFile) && !(await readFile(secretFile)).equals(backupSecret)) {
      await rename(secretFile, secretFile + suffix);
      movedAside.push(secretFile + suffix);
    }
    await mkdir(path.dirname(secretFile), { recursive: true });
    await writeFile(secretFile, backupSecret, { mode: 0o600 });
  } else if (
    manifest.appSecretFingerprint &&
    options.appSecret &&
    secretFingerprint(options.appSecret.value) !== manifest.appSecretFingerprint
  ) {
    warnings.push(
      manifest.appSecret === "included"
        ? "the backup's app secret is in its app-secret file but this instance takes APP_SECRET from the environment, which differs: set APP_SECRET to that file's content, or stored API settings cannot be read and sessions end"
        : "APP_SECRET differs from the one of the backed-up instance: set the same APP_SECRET, or stored API settings cannot be read and sessions end",
    );
  }
  return { manifest, migrationsApplied, level, movedAside, warnings, durationMs: Date.now() - started };
}
