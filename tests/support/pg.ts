import { randomBytes } from "node:crypto";
import pg from "pg";
import { type Database, openDatabase } from "../../src/server/db/client.ts";
import { migrateDatabase } from "../../src/server/db/migrate.ts";
import { templateKey } from "./template-db.ts";
import { type TestApp, createTestApp } from "./test-app.ts";

/** The server the PostgreSQL tests use: TEST_DATABASE_URL, else the local one. */
export const PG_ADMIN_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export interface TempDatabase {
  url: string;
  drop(): Promise<void>;
}

function databaseUrl(name: string): string {
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Arbitrary constant: the advisory lock under which one test run builds the migrated template. */
const TEMPLATE_LOCK_ID = 727_002;

/**
 * The name of a database holding every migration, built once per set of migrations and kept on
 * the test server: copying it (`create database … template …`) takes a fraction of migrating.
 */
async function migratedTemplateName(admin: pg.Client): Promise<string> {
  const name = `staywise_template_${templateKey()}`;
  await admin.query("select pg_advisory_lock($1)", [TEMPLATE_LOCK_ID]);
  try {
    const found = await admin.query("select 1 from pg_database where datname = $1", [name]);
    if (found.rowCount) return name;
    const building = `${name}_building`;
    await admin.query(`drop database if exists ${building} with (force)`);
    await admin.query(`create database ${building}`);
    // Two connections: migrateDatabase holds one for its advisory lock while the migrator uses another.
    const database = await openDatabase({ databaseUrl: databaseUrl(building), pgliteDir: null, poolSize: 2 });
    try {
      await migrateDatabase(database);
    } finally {
      await database.close();
    }
    // Renamed only once complete: a build cut short leaves no template that looks whole.
    await admin.query(`alter database ${building} rename to ${name}`);
    return name;
  } finally {
    await admin.query("select pg_advisory_unlock($1)", [TEMPLATE_LOCK_ID]);
  }
}

/**
 * Creates a uniquely named database on the test server, empty or (`migrated`) a copy of the
 * migrated template; drop() removes it.
 */
export async function createTempDatabase(prefix = "staywise_test", options: { migrated?: boolean } = {}): Promise<TempDatabase> {
  const name = `${prefix}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  try {
    const template = options.migrated ? await migratedTemplateName(admin) : null;
    await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = databaseUrl(name);
  return {
    url,
    async drop() {
      const client = new pg.Client({ connectionString: PG_ADMIN_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export interface Instances {
  temp: TempDatabase;
  /** One connection pool per instance, all on the same fresh, migrated database. */
  databases: Database[];
  instances: TestApp[];
  close(): Promise<void>;
}

/** `count` app instances, each with its own pool, on one throw-away PostgreSQL database. */
export async function startInstances(count: number, env: Record<string, string> = {}): Promise<Instances> {
  const temp = await createTempDatabase("staywise_test", { migrated: true });
  const databases: Database[] = [];
  for (let i = 0; i < count; i++) databases.push(await openDatabase({ databaseUrl: temp.url, pgliteDir: null, poolSize: 20 }));
  const instances: TestApp[] = [];
  for (const database of databases) instances.push(await createTestApp(env, database));
  return {
    temp,
    databases,
    instances,
    async close() {
      await Promise.all(databases.map((d) => d.close()));
      await temp.drop();
    },
  };
}

export interface TwoInstances extends Instances {
  databases: [Database, Database];
  instances: [TestApp, TestApp];
}

/** Two app instances, each with its own pool, on one throw-away PostgreSQL database. */
export async function startTwoInstances(env: Record<string, string> = {}): Promise<TwoInstances> {
  const started = await startInstances(2, env);
  return started as TwoInstances;
}
