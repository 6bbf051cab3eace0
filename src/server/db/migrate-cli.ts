import path from "node:path";
import { loadConfig } from "../config.ts";
import { openDatabase } from "./client.ts";
import { migrateDatabase } from "./migrate.ts";

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, "pglite") });
try {
  await migrateDatabase(database);
  console.log(`Migrations applied (${database.kind}).`);
} finally {
  await database.close();
}
