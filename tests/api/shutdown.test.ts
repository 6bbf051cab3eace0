import { type ChildProcess, spawn } from "node:child_process";
import http from "node:http";
import { afterAll, describe, expect, it } from "vitest";

interface Outcome {
  path: string;
  status?: number;
  connection?: string | undefined;
  /** An error code; ECONNREFUSED means the request never reached the app. */
  error?: string;
  /** The connection was reset before any answer: the request never reached the app (it is not in its log) when the server closed the connection at the door, safe to retry. */
  staleSocket?: boolean;
  requestId: string;
  afterSignal: boolean;
}

let child: ChildProcess | undefined;
afterAll(() => {
  if (child && child.exitCode === null) child.kill("SIGKILL");
});

describe("shutdown under load", () => {
  it("drains: 0 failed requests, readiness off, connections told to close, background work done, exit code 0", async () => {
    const proc = spawn(process.execPath, ["--import", "tsx", "tests/support/shutdown-fixture.ts"], { stdio: ["ignore", "pipe", "pipe"] });
    child = proc;
    let output = "";
    proc.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    proc.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => proc.on("exit", (code) => resolve(code)));
    const port = await new Promise<number>((resolve, reject) => {
      const check = setInterval(() => {
        const match = /"port":(\d+)[^\n]*"msg":"listening"/.exec(output);
        if (match) {
          clearInterval(check);
          resolve(Number(match[1]));
        } else if (proc.exitCode !== null) {
          clearInterval(check);
          reject(new Error(`fixture exited early:\n${output}`));
        }
      }, 50);
    });

    const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
    let signalled = false;
    let sent = 0;
    function get(path: string): Promise<Outcome> {
      const afterSignal = signalled;
      const requestId = `shutdown-test-${++sent}`;
      return new Promise((resolve) => {
        const req = http.get({ host: "127.0.0.1", port, path, agent, headers: { "x-request-id": requestId } }, (res) => {
          res.resume();
          res.on("end", () => resolve({ path, status: res.statusCode ?? 0, connection: res.headers.connection, afterSignal, requestId }));
          res.on("error", (error: NodeJS.ErrnoException) => resolve({ path, error: error.code ?? error.message, afterSignal, requestId }));
        });
        req.on("error", (error: NodeJS.ErrnoException) =>
          resolve({ path, error: error.code ?? error.message, staleSocket: error.code === "ECONNRESET", afterSignal, requestId }),
        );
      });
    }

    const outcomes: Outcome[] = [];
    // Each client keeps its connection busy until the app says it closes or stops accepting, like a load balancer's pool.
    async function client(n: number): Promise<void> {
      for (let i = 0; i < 2000; i++) {
        const outcome = await get(i % 3 === 0 ? "/test/slow?ms=200" : n % 2 ? "/api/destinations?q=Par" : "/healthz");
        outcomes.push(outcome);
        if (outcome.error === "ECONNREFUSED" || outcome.connection === "close") return;
      }
    }
    const clients = Array.from({ length: 8 }, (_, n) => client(n));
    while (outcomes.length < 40) await new Promise((r) => setTimeout(r, 20));
    expect((await get("/test/background")).status).toBe(202);
    const slow = get("/test/slow?ms=1500");
    // The signal comes once the app is serving it (a fixed pause raced a loaded machine: the request
    // was still unread, so its connection counted as idle and was closed at the signal).
    const slowStarted = `"slowRequest":"shutdown-test-${sent}"`;
    while (!output.includes(slowStarted)) await new Promise((r) => setTimeout(r, 10));
    proc.kill("SIGTERM");
    // Requests count as "after the signal" only once the app has logged that it is draining: a
    // request sent just after kill() may still be served before the signal handler runs.
    while (!output.includes("shutting down")) await new Promise((r) => setTimeout(r, 10));
    signalled = true;
    const ready = await get("/readyz");
    const slowOutcome = await slow;
    await Promise.all(clients);
    const code = await exited;

    // A reset before any answer is harmless only if the app never saw the request: a stale kept-alive
    // socket, or a new connection closed at the door after the signal. One the app logged was cut.
    const reachedApp = (o: Outcome) => output.includes(`"requestId":"${o.requestId}"`);
    const failed = outcomes
      .concat(slowOutcome)
      .filter(
        (o) => (o.error && o.error !== "ECONNREFUSED" && !(o.staleSocket && !reachedApp(o))) || (o.status !== undefined && o.status >= 500),
      );
    expect(failed, output).toEqual([]);
    // A request in flight at the signal finishes normally.
    expect(slowOutcome).toMatchObject({ status: 200 });
    // Readiness is off from the signal on: 503, no longer accepting connections at all, or the
    // connection closed before the app saw the request (a kept-alive socket the server just closed).
    const readinessOff = ready.status === 503 || ready.error === "ECONNREFUSED" || (ready.staleSocket === true && !reachedApp(ready));
    expect(readinessOff, JSON.stringify(ready)).toBe(true);
    // The app's own responses during the drain close their connections (the fixture's /test routes sit outside the app).
    const appAfterSignal = outcomes.filter((o) => o.afterSignal && o.status !== undefined && !o.path.startsWith("/test/"));
    expect(
      appAfterSignal.every((o) => o.connection === "close"),
      JSON.stringify(appAfterSignal),
    ).toBe(true);
    expect(output).toContain("background work done");
    expect(output.indexOf("background work done")).toBeLessThan(output.indexOf('"msg":"stopped"'));
    expect(code, output).toBe(0);
  }, 240_000);
});
