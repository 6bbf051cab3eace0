/**
 * Starts the Staywise server as a child process on a free local port and stops it again.
 * The benchmark never talks to anything but 127.0.0.1.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export interface AppProcess {
  baseUrl: string;
  database: string;
  /** The app's process id, to read its CPU time (bench/cpu.ts). */
  pid: number;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** PostgreSQL connection string; absent = embedded PGlite under dataDir. */
  databaseUrl?: string | undefined;
  dataDir: string;
  /** Hotels to seed on first start when the database is empty. */
  seedHotels: number;
  /** How long to wait for /readyz (a first PGlite start seeds the catalogue before listening). */
  readyTimeoutMs: number;
  /** Extra settings for the app. */
  env?: Record<string, string>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export async function startApp(options: StartOptions): Promise<AppProcess> {
  // The server refuses to start without the client it serves: on a fresh clone the bench builds it
  // (what `npm run build` does) instead of failing with "The client is not built".
  if (!existsSync(path.join(ROOT, "dist/client/index.html"))) {
    console.log("bench: building the client first (vite build -> dist/client)");
    const { viteBuild } = await import("./bundle.ts");
    await viteBuild([]);
  }
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    DATA_DIR: options.dataDir,
    SEED_DEMO: "true",
    SEED_HOTELS: String(options.seedHotels),
    LOG_LEVEL: "warn",
    APP_SECRET: randomBytes(32).toString("base64url"),
    DATABASE_URL: options.databaseUrl ?? "",
    ...options.env,
  };
  delete env.SMTP_URL;
  delete env.ADMIN_EMAIL;
  delete env.ADMIN_PASSWORD;
  // BENCH_APP_CPU_PROF=dir: the app writes a V8 CPU profile there when it stops (node --cpu-prof), to see where its CPU goes.
  const profile = process.env.BENCH_APP_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_APP_CPU_PROF}`] : [];
  const child = spawn(process.execPath, [...profile, "--import", "tsx", path.join(ROOT, "src/server/main.ts")], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  let exited = false;
  const exit = new Promise<void>((resolve) => child.once("exit", () => ((exited = true), resolve())));

  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = () => stopChild(child, exit, () => exited);
  const deadline = Date.now() + options.readyTimeoutMs;
  while (Date.now() < deadline) {
    if (exited) throw new Error(`The app exited before it was ready:\n${output}`);
    try {
      const res = await fetch(`${baseUrl}/readyz`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) {
        await res.body?.cancel();
        // /readyz no longer names the database (it names replicas that are down): the URL given says.
        return { baseUrl, database: options.databaseUrl ? "postgres" : "pglite", pid: child.pid!, stop };
      }
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  await stop();
  throw new Error(`The app was not ready within ${options.readyTimeoutMs / 1000}s:\n${output}`);
}

async function stopChild(child: ChildProcess, exit: Promise<void>, exited: () => boolean): Promise<void> {
  if (exited()) return;
  child.kill("SIGTERM");
  const timer = setTimeout(() => {
    if (!exited()) child.kill("SIGKILL");
  }, 15_000);
  await exit;
  clearTimeout(timer);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
