import type { Server } from "node:http";

/**
 * How long an idle kept-alive connection stays open. Node's default is 5 s: a client that sends its
 * next request on the connection just as the server closes it gets ECONNRESET (an end-to-end test's
 * API request did, after 5 s spent in the booking dialog). Clients keep idle connections longer
 * (Chrome about 5 minutes, a load balancer 60 s), so the server closing after 5 s is what makes the
 * race; after 65 s it is past a load balancer's 60 s, as their guides ask of the servers behind them.
 * Shutdown closes idle connections itself (shutdown.ts).
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

export function keepConnectionsAlive(server: Server): void {
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  // Longer than the keep-alive, or a request's headers could be cut off on a connection kept that long.
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
}
