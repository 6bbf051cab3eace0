import type { Server } from "node:http";
import type { Lifecycle } from "./lifecycle.ts";
import type { Logger } from "./logger.ts";
import type { Worker } from "./workers.ts";

export interface ShutdownParts {
  server: Server;
  lifecycle: Lifecycle;
  workers: Worker[];
  closeDatabase: () => Promise<void>;
  logger: Logger;
  graceMs: number;
}

/**
 * Stops one instance without failing a request: readiness goes 503 at once, kept-alive clients are
 * told to reconnect elsewhere, requests in flight and background work get `graceMs` to finish, then
 * the workers stop and the database closes. Resolves to the exit code: 0 when everything finished.
 */
export async function drainAndStop(parts: ShutdownParts): Promise<number> {
  const { server, lifecycle, logger, graceMs } = parts;
  const started = Date.now();
  logger.info({ graceMs }, "shutting down: draining requests and background work");
  // From here /readyz answers 503 and every response closes its connection.
  lifecycle.startDraining();
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  // An idle kept-alive connection is closed at once; a busy one gets "Connection: close" on its
  // response. Swept again until all are gone, since busy ones go idle one by one.
  server.closeIdleConnections();
  const sweeper = setInterval(() => server.closeIdleConnections(), 100);
  let timer: NodeJS.Timeout | undefined;
  const graceOver = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), graceMs);
  });
  const drained = await Promise.race([closed.then(() => true), graceOver]);
  clearInterval(sweeper);
  clearTimeout(timer);
  if (!drained) {
    logger.warn({ graceMs }, "requests still running after the grace period: closing their connections");
    server.closeAllConnections();
  }
  await Promise.all(parts.workers.map((w) => w.stop()));
  const settled = await lifecycle.settled(Math.max(0, graceMs - (Date.now() - started)));
  if (!settled) logger.warn("background work still running after the grace period; reconciliation will finish it");
  await parts.closeDatabase();
  logger.info({ ms: Date.now() - started }, "stopped");
  return drained && settled ? 0 : 1;
}

/** Runs `drainAndStop` once on SIGTERM or SIGINT, then exits with its code. */
export function stopOnSignals(parts: ShutdownParts): void {
  let stopping = false;
  function onSignal(signal: NodeJS.Signals): void {
    if (stopping) return;
    stopping = true;
    parts.logger.info({ signal }, "stop signal received");
    drainAndStop(parts).then(
      (code) => process.exit(code),
      (error: unknown) => {
        parts.logger.error({ err: error }, "shutdown failed");
        process.exit(1);
      },
    );
  }
  process.on("SIGTERM", onSignal);
  process.on("SIGINT", onSignal);
}
