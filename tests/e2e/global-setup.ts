import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { startTurnServer } from "../support/e2e-turn.ts";
import { startMapStyleServer } from "../support/map-style-server.ts";
import { secretFromUri, totpCode } from "../support/totp.ts";

export const E2E_ADMIN = { email: "e2e-admin@example.com", password: "e2e-admin-password" };

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    adminEmail: string;
    adminPassword: string;
    /** The e2e admin's authenticator secret: admins must use two-factor, so setup enrols it. */
    adminTotpSecret: string;
    /** The local map style the app is configured with (MAP_STYLE_URL): maps never reach the internet in tests. */
    mapStyleUrl: string;
    /** The test-only control port loaded into the app's process (app-control.ts): not part of the app. */
    controlUrl: string;
    /** Where a browser test file waits for its turn at the app (tests/support/e2e-turn.ts). */
    e2eTurnPort: number;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

async function waitForReady(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The app exited early (code ${child.exitCode}):\n${output()}`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The app did not become ready:\n${output()}`);
}

/**
 * Turns on two-factor for the admin through the same endpoints the Account security page uses,
 * answering with a code computed here, as an authenticator app would.
 */
async function enrollAdmin(baseUrl: string): Promise<string> {
  let cookie = "";
  async function post(path: string, body: unknown): Promise<unknown> {
    const res = await fetch(`${baseUrl}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: baseUrl, cookie },
      body: JSON.stringify(body),
    });
    const setCookies = res.headers.getSetCookie().map((c) => c.split(";")[0]!);
    if (setCookies.length > 0) cookie = setCookies.join("; ");
    if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
    return res.json();
  }
  await post("/api/auth/sign-in/email", { email: E2E_ADMIN.email, password: E2E_ADMIN.password });
  const { totpURI } = (await post("/api/auth/two-factor/enable", { password: E2E_ADMIN.password })) as { totpURI: string };
  const secret = secretFromUri(totpURI);
  // The account is new: no code of it has been used yet.
  await post("/api/auth/two-factor/verify-totp", { code: totpCode(secret) });
  return secret;
}

/** Every file under `dir`, as paths relative to it. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

/**
 * Builds the client into dist/client without ever leaving it empty or half written, as another
 * e2e run in the same checkout may be serving it (its pages failed while a build emptied the
 * folder): builds beside it, then moves the files in, index.html last. The previous build's
 * hashed files stay, so a page that loaded it still finds its lazy chunks; `npm run build`
 * empties the folder as before.
 */
function buildClient(): void {
  const target = path.resolve("dist/client");
  mkdirSync(target, { recursive: true });
  const staging = mkdtempSync(path.resolve("dist/.client-e2e-"));
  try {
    execFileSync(
      "npx",
      ["vite", "build", "--config", "tests/e2e/vite-build.config.ts", "--outDir", staging, "--emptyOutDir", "--logLevel", "warn"],
      { stdio: "inherit" },
    );
    const files = filesUnder(staging).sort((a, b) => Number(a === "index.html") - Number(b === "index.html"));
    for (const file of files) {
      mkdirSync(path.dirname(path.join(target, file)), { recursive: true });
      // A compressed copy of the old page would be sent in its place (this build writes none).
      if (file === "index.html") for (const copy of [".br", ".gz"]) rmSync(path.join(target, file + copy), { force: true });
      renameSync(path.join(staging, file), path.join(target, file));
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** Builds the client and starts the real app (PGlite, small demo catalogue) for the browser tests. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.E2E_SKIP_BUILD !== "1") buildClient();
  const port = await freePort();
  const controlPort = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "staywise-e2e-"));
  const baseUrl = `http://127.0.0.1:${port}`;
  const mapStyle = await startMapStyleServer();
  let log = "";
  const child = spawn(process.execPath, ["--import", "tsx", "--import", "./tests/e2e/app-control.ts", "src/server/main.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "test",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      SEED_HOTELS: "300",
      // The browser tests read exact totals of seeded hotels: no demo taxes or extras (decision 060).
      SEED_DEMO_CHARGES: "false",
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      AUTH_RATE_LIMIT_PER_MINUTE: "200",
      // Every browser test comes from 127.0.0.1; the per-address hold limits are tested in tests/api/hold-limits.test.ts.
      HOLD_MAX_PENDING: "20",
      HOLD_MAX_PENDING_PER_ADDRESS: "100",
      HOLD_MAX_ROOM_SHARE_PERCENT: "100",
      HOLD_RATE_PER_HOUR: "1000",
      LOG_LEVEL: "warn",
      MAP_STYLE_URL: mapStyle.styleUrl,
      E2E_CONTROL_PORT: String(controlPort),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (d: Buffer) => (log += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (log += d.toString()));
  await waitForReady(baseUrl, child, () => log);
  project.provide("baseUrl", baseUrl);
  project.provide("adminEmail", E2E_ADMIN.email);
  project.provide("adminPassword", E2E_ADMIN.password);
  project.provide("mapStyleUrl", mapStyle.styleUrl);
  project.provide("controlUrl", `http://127.0.0.1:${controlPort}`);
  project.provide("adminTotpSecret", await enrollAdmin(baseUrl));
  const turns = await startTurnServer();
  project.provide("e2eTurnPort", turns.port);
  return async () => {
    await turns.close();
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    if (child.exitCode === null) child.kill("SIGKILL");
    await mapStyle.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
