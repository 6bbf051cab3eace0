/**
 * Loaded into the e2e app's process only (`node --import tsx --import ./tests/e2e/app-control.ts
 * src/server/main.ts`, see global-setup.ts): the running app knows nothing of it. It keeps the
 * app's embedded database at hand and answers, on a second port of its own, what the browser tests
 * ask of it and a person never could: forget the last authenticator step an account used, so a test
 * signs in with the current code instead of waiting up to 30 s for the next one (the app takes each
 * code once). The API tests do the same with forgetUsedTotpStep on their in-process database.
 */
import { createServer } from "node:http";
import { PGlite } from "@electric-sql/pglite";

const port = Number(process.env.E2E_CONTROL_PORT);
if (!Number.isInteger(port) || port <= 0) throw new Error("app-control.ts needs E2E_CONTROL_PORT");

let database: PGlite | null = null;
const create = PGlite.create.bind(PGlite);
// The app opens one PGlite (main.ts through openDatabase): the last one opened is the app's.
PGlite.create = (async (...args: Parameters<typeof PGlite.create>) => {
  database = await create(...args);
  return database;
}) as typeof PGlite.create;

async function forgetUsedTotpStep(email: string): Promise<number> {
  if (!database) throw new Error("the app has not opened its database yet");
  const result = await database.query(
    "update two_factors set last_used_step = null where user_id in (select id from users where email = $1)",
    [email],
  );
  return result.affectedRows ?? 0;
}

createServer((req, res) => {
  const url = new URL(req.url ?? "/", "http://control");
  const email = url.searchParams.get("email");
  if (req.method !== "POST" || url.pathname !== "/forget-totp-step" || !email) {
    res.writeHead(404).end();
    return;
  }
  forgetUsedTotpStep(email).then(
    (forgotten) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ forgotten })),
    (error: unknown) => res.writeHead(500).end(error instanceof Error ? error.message : String(error)),
  );
})
  // Never what keeps the app running: it stops on SIGTERM as it would without this file.
  .unref()
  .listen(port, "127.0.0.1");
