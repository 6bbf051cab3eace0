/**
 * One browser test file at a time against the one app under test, while the other Vitest workers
 * run unit and PostgreSQL files beside it (decision 079).
 *
 * The e2e global setup (in Vitest's own process) listens on a loopback port and hands out turns
 * in the order they were asked for; the setup file (tests/e2e/turn.setup.ts) asks for one before
 * a file's first hook and holds it until after the file's last. A turn is the TCP connection
 * itself: it ends when the file closes it or when its worker dies, so a crashed file never leaves
 * the others waiting.
 */
import { type Server, type Socket, connect, createServer } from "node:net";

export interface TurnServer {
  port: number;
  close(): Promise<void>;
}

/** Serves turns: the first connection waiting is told "go"; the next when it closes. */
export async function startTurnServer(): Promise<TurnServer> {
  const waiting: Socket[] = [];
  const grant = () => {
    const first = waiting[0];
    if (first && !first.destroyed) first.write("go\n");
  };
  const server: Server = createServer((socket) => {
    socket.on("error", () => {});
    socket.on("close", () => {
      const index = waiting.indexOf(socket);
      if (index === -1) return;
      waiting.splice(index, 1);
      if (index === 0) grant();
    });
    waiting.push(socket);
    if (waiting.length === 1) grant();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (typeof address !== "object" || !address) throw new Error("the e2e turn server has no port");
  return {
    port: address.port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of waiting) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Waits for this file's turn; the answer ends it. */
export function takeTurn(port: number): Promise<() => Promise<void>> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let granted = false;
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      if (granted || !chunk.includes("go")) return;
      granted = true;
      resolve(
        () =>
          new Promise<void>((done) => {
            socket.once("close", () => done());
            socket.end();
          }),
      );
    });
    socket.on("error", (error) => {
      if (!granted) reject(error);
    });
    socket.on("close", () => {
      if (!granted) reject(new Error("the e2e turn server closed before this file's turn"));
    });
  });
}
