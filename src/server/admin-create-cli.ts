import path from "node:path";
import { parseArgs } from "node:util";
import { NewPassword } from "../shared/auth.ts";
import { loadConfig } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { migrateDatabase } from "./db/migrate.ts";
import { createDeps } from "./deps.ts";
import { createLogger } from "./logger.ts";
import { ensureAdmin } from "./services/accounts.ts";

const USAGE = 'Usage: npm run admin:create -- --email you@example.com --password "a-long-passphrase" [--name "Your Name"]';

async function main(): Promise<number> {
  let values: { email?: string; password?: string; name?: string };
  try {
    ({ values } = parseArgs({
      options: { email: { type: "string" }, password: { type: "string" }, name: { type: "string" } },
      strict: true,
    }));
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : error}\n${USAGE}`);
    return 2;
  }
  const email = values.email?.trim();
  const password = values.password;
  if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
    console.error(`A valid --email is required.\n${USAGE}`);
    return 2;
  }
  const passwordCheck = NewPassword.safeParse(password ?? "");
  if (!password || !passwordCheck.success) {
    console.error(`--password: ${passwordCheck.error?.issues[0]?.message ?? "Password is required"}\n${USAGE}`);
    return 2;
  }
  const config = loadConfig();
  const logger = createLogger("warn");
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, "pglite") });
  try {
    await migrateDatabase(database);
    const deps = createDeps(config, database, logger);
    const outcome = await ensureAdmin(
      database.db,
      deps.auth,
      { email, password, name: values.name?.trim() || "Administrator" },
      "admin:create",
    );
    const messages = {
      created: `Admin account created for ${email}. Sign in at ${config.publicUrl}/login.`,
      promoted: `${email} already had an account; it is now an admin (its password is unchanged).`,
      already_admin: `${email} is already an admin; nothing changed.`,
    };
    console.log(messages[outcome]);
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
