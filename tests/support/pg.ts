import { randomBytes } from "node:crypto";
import pg from "pg";
import { type Database, openDatabase } from "../../src/server/db/client.ts";
import { migrateDatabase } from "../../src/server/db/migrate.ts";
import { type TestApp, createTestApp } from "./test-app.ts";

/** The server the PostgreSQL tests use: TEST_DATABASE_URL, else the local one. */
export const PG_ADMIN_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export interface TempDatabase {
  url: string;
  drop(): Promise<void>;
}

/** Creates an empty, uniquely named database on the test server; drop() removes it. */
export async function createTempDatabase(prefix = "staywise_test"): Promise<TempDatabase> {
  const name = `${prefix}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
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
  const temp = await createTempDatabase();
  const databases: Database[] = [];
  for (let i = 0; i < count; i++) databases.push(await openDatabase({ databaseUrl: temp.url, pgliteDir: null, poolSize: 20 }));
  await migrateDatabase(databases[0]!);
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
