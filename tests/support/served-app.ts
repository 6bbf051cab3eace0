import type { Server } from "node:http";
import type { Socket } from "node:net";
import { serve } from "@hono/node-server";
import { ensureAdmin } from "../../src/server/services/accounts.ts";
import { type TestApp, createTestApp, signIn } from "./test-app.ts";

export interface ServedTestApp {
  t: TestApp;
  /** The app's own supplier sandbox, over real HTTP. */
  sandboxUrl: string;
  /** An admin's session cookie. */
  admin: string;
  /** Switches an environment on, pointing at `apiUrl` with the sandbox's credentials (or another password). */
  activate(environment: "TEST" | "LIVE", apiUrl: string, password?: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * The test app served on a real port, so the wholesaler client can talk HTTP to the app's own
 * sandbox, with an admin signed in and the sandbox's credentials at hand.
 */
export async function serveTestApp(env: Record<string, string> = {}): Promise<ServedTestApp> {
  const t = await createTestApp(env);
  const server = serve({ fetch: t.app.fetch, port: 0, hostname: "127.0.0.1" }) as Server;
  await new Promise((resolve) => server.once("listening", resolve));
  const openSockets = new Set<Socket>();
  server.on("connection", (socket: Socket) => {
    openSockets.add(socket);
    socket.on("close", () => openSockets.delete(socket));
  });
  const address = server.address();
  const sandboxUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/supplier-sandbox/15`;
  await ensureAdmin(t.deps.db, t.deps.auth, { email: "ops@example.com", password: "ops-password", name: "Ops" }, "test");
  const admin = await signIn(t, "ops@example.com", "ops-password");
  const sandbox = (await (await t.request("GET", "/api/admin/supplier-sandbox", { cookie: admin })).json()) as {
    username: string;
    password: string;
  };
  return {
    t,
    sandboxUrl,
    admin,
    async activate(environment, apiUrl, password = sandbox.password) {
      const res = await t.request("PUT", `/api/admin/api-settings/${environment}`, {
        cookie: admin,
        body: { apiUrl, username: sandbox.username, password, makeActive: true },
      });
      if (res.status !== 200) throw new Error(`could not activate ${environment}: ${res.status} ${await res.text()}`);
    },
    async close() {
      // A "Slow" guest's answer may still be pending: end its connection rather than wait.
      for (const socket of openSockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
      await t.close();
    },
  };
}
