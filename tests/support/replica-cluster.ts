/**
 * A throw-away PostgreSQL primary and a streaming replica of it, on free ports of this machine:
 * `initdb` a primary (wal_level=replica), `pg_basebackup -R` the replica from it. Used by the
 * read-replica test; everything lives under one temporary folder that stop() removes.
 */
import { execFile } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync, appendFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";

const run = promisify(execFile);

/** The newest PostgreSQL server binaries on this machine (Debian's layout), or null. */
export function findPostgresBin(): string | null {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => /^\d+$/.test(v))
    .sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const bin = path.join(root, version, "bin");
    if (["initdb", "pg_ctl", "pg_basebackup", "postgres"].every((tool) => existsSync(path.join(bin, tool)))) return bin;
  }
  return null;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

export interface ReplicaCluster {
  primaryUrl(database: string): string;
  replicaUrl(database: string): string;
  /** Waits until the replica has replayed everything the primary has written so far. */
  waitForReplay(timeoutMs?: number): Promise<void>;
  stopReplica(): Promise<void>;
  startReplica(): Promise<void>;
  /** Stops both servers (immediately) and removes the folder; safe to call after a failed start. */
  stop(): Promise<void>;
}

/** Starts the pair; on a failure half-way, what was started is stopped again before the error is thrown. */
export async function startReplicaCluster(bin: string): Promise<ReplicaCluster> {
  const dir = mkdtempSync(path.join(tmpdir(), "staywise-replica-"));
  // PostgreSQL refuses to run as root: as root, the servers run as the postgres system user.
  const asRoot = process.getuid?.() === 0;
  if (asRoot)
    chownSync(
      dir,
      Number((await run("id", ["-u", "postgres"])).stdout.trim()),
      Number((await run("id", ["-g", "postgres"])).stdout.trim()),
    );
  const tool = (name: string, args: string[]) =>
    asRoot ? run("runuser", ["-u", "postgres", "--", path.join(bin, name), ...args]) : run(path.join(bin, name), args);

  const primaryDir = path.join(dir, "primary");
  const replicaDir = path.join(dir, "replica");
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];
  const started: string[] = [];
  const url = (port: number, database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  const pgCtl = (dataDir: string, action: string[], log: string) =>
    tool("pg_ctl", ["-D", dataDir, "-l", log, "-w", "-t", "120", ...action]);

  async function stop(): Promise<void> {
    for (const dataDir of [...started].reverse()) {
      await tool("pg_ctl", ["-D", dataDir, "-m", "immediate", "-w", "stop"]).catch(() => {});
    }
    started.length = 0;
    rmSync(dir, { recursive: true, force: true });
  }

  try {
    await tool("initdb", ["-D", primaryDir, "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8", "--locale=C"]);
    appendFileSync(
      path.join(primaryDir, "postgresql.conf"),
      [
        `port = ${primaryPort}`,
        "listen_addresses = '127.0.0.1'",
        `unix_socket_directories = '${dir}'`,
        "wal_level = replica",
        "max_wal_senders = 4",
        "fsync = off",
        "shared_buffers = 16MB",
        "",
      ].join("\n"),
    );
    await pgCtl(primaryDir, ["start"], path.join(dir, "primary.log"));
    started.push(primaryDir);
    await tool("pg_basebackup", ["-h", "127.0.0.1", "-p", String(primaryPort), "-U", "postgres", "-D", replicaDir, "-R", "-X", "stream"]);
    // postgresql.auto.conf is read after postgresql.conf (copied from the primary), so this port wins.
    appendFileSync(path.join(replicaDir, "postgresql.auto.conf"), `port = ${replicaPort}\n`);
    await pgCtl(replicaDir, ["start"], path.join(dir, "replica.log"));
    started.push(replicaDir);
  } catch (error) {
    await stop();
    throw error;
  }

  async function query<T extends pg.QueryResultRow>(port: number, text: string): Promise<T[]> {
    const client = new pg.Client({ connectionString: url(port, "postgres") });
    await client.connect();
    try {
      return (await client.query<T>(text)).rows;
    } finally {
      await client.end();
    }
  }

  return {
    primaryUrl: (database) => url(primaryPort, database),
    replicaUrl: (database) => url(replicaPort, database),
    async waitForReplay(timeoutMs = 60_000) {
      const [target] = await query<{ lsn: string }>(primaryPort, "select pg_current_wal_lsn()::text as lsn");
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const [row] = await query<{ done: boolean }>(
          replicaPort,
          `select coalesce(pg_last_wal_replay_lsn() >= '${target!.lsn}'::pg_lsn, false) as done`,
        );
        if (row?.done) return;
        if (Date.now() > deadline) throw new Error(`the replica did not replay up to ${target!.lsn} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async stopReplica() {
      await tool("pg_ctl", ["-D", replicaDir, "-m", "fast", "-w", "-t", "120", "stop"]);
      started.splice(started.indexOf(replicaDir), 1);
    },
    async startReplica() {
      await pgCtl(replicaDir, ["start"], path.join(dir, "replica.log"));
      started.push(replicaDir);
    },
    stop,
  };
}
