import http, { type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { afterEach, describe, expect, it } from "vitest";
import { keepConnectionsAlive } from "./keep-alive.ts";

let server: Server | null = null;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = null;
});

/** Two requests on one kept-alive connection, `idleMs` apart; whether the second reused the first's socket. */
async function secondRequestReusesSocket(tune: boolean, idleMs: number): Promise<boolean> {
  const app = new Hono().get("/", (c) => c.text("ok"));
  server = await new Promise<Server>((resolve) => {
    const started = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(started as Server)) as Server;
  });
  if (tune) keepConnectionsAlive(server);
  const { port } = server.address() as AddressInfo;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const get = () =>
    new Promise<boolean>((resolve, reject) => {
      const req = http.get({ host: "127.0.0.1", port, path: "/", agent }, (res) => {
        res.resume();
        res.on("end", () => resolve(req.reusedSocket));
      });
      req.on("error", reject);
    });
  try {
    await get();
    await new Promise((resolve) => setTimeout(resolve, idleMs));
    return await get();
  } finally {
    agent.destroy();
  }
}

describe("kept-alive connections", () => {
  it("stay open past Node's 5 s default (6 s in fact), so a client's next request does not race the server closing them", async () => {
    expect(await secondRequestReusesSocket(true, 7_000)).toBe(true);
    // Without it the server has closed the socket by then (5 s, and the second Node waits beyond it): the client had to open another.
    expect(await secondRequestReusesSocket(false, 7_000)).toBe(false);
  }, 30_000);
});
