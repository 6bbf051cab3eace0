import { randomBytes } from "node:crypto";
import pg from "pg";

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
