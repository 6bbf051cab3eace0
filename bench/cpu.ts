/**
 * CPU time of the processes a request runs in: the app (a child process of the benchmark) and the
 * PostgreSQL backends serving it, read from /proc (Linux; the benchmark only runs on a local
 * server). CPU time is what a request costs a core, and busy neighbours on the machine disturb it
 * far less than wall time: they make a request wait, not work more.
 */
import { execFileSync } from "node:child_process";
import { readFileSync, readdirSync, readlinkSync } from "node:fs";
import type pg from "pg";

/** application_name of the benchmark's own connections, so their backends are told apart. */
export const BENCH_APPLICATION_NAMES = {
  replay: "staywise-bench-replay",
  inProcess: "staywise-bench-in-process",
  monitor: "staywise-bench-monitor",
} as const;

let ticksPerSecond: number | undefined;

function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/** User + system CPU time of a process so far, in ms (10 ms resolution on Linux); null when it is gone or unreadable. */
export function processCpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name (which may hold spaces), from field 3 on: utime is 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks();
  } catch {
    return null;
  }
}

export interface BackendCpu {
  /** CPU ms of the backends, by pid. */
  byPid: Map<number, number>;
}

/**
 * Local TCP ports of a process's sockets: its connections to PostgreSQL are the backends whose
 * `client_port` is one of them. The app sets no application_name, and another app on the same
 * database (a second instance, another benchmark) must not be counted as this one.
 */
function socketPorts(pid: number): Set<number> {
  const inodes = new Set<string>();
  try {
    for (const fd of readdirSync(`/proc/${pid}/fd`)) {
      try {
        const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
        if (match) inodes.add(match[1]!);
      } catch {
        // closed meanwhile
      }
    }
  } catch {
    return new Set();
  }
  const ports = new Set<number>();
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let text: string;
    try {
      text = readFileSync(table, "utf8");
    } catch {
      continue;
    }
    for (const line of text.split("\n").slice(1)) {
      const columns = line.trim().split(/\s+/);
      if (columns.length > 9 && inodes.has(columns[9]!)) ports.add(parseInt(columns[1]!.split(":")[1]!, 16));
    }
  }
  return ports;
}

/**
 * CPU time so far of the client backends of the current database that serve `who`: the
 * connections with that application_name, or those opened by that process (its pid).
 */
export async function backendCpu(monitor: pg.Client, who: string | { pid: number }): Promise<BackendCpu> {
  const { rows } = await monitor.query<{ pid: number; client_port: number | null; application_name: string }>(
    `select pid, client_port, application_name from pg_stat_activity
      where datname = current_database() and backend_type = 'client backend'`,
  );
  const ports = typeof who === "string" ? null : socketPorts(who.pid);
  const byPid = new Map<number, number>();
  for (const row of rows) {
    const serves = ports ? row.client_port !== null && ports.has(row.client_port) : row.application_name === who;
    if (!serves) continue;
    const ms = processCpuMs(row.pid);
    if (ms !== null) byPid.set(row.pid, ms);
  }
  return { byPid };
}

/**
 * CPU the backends used between two readings: a backend present at the end but not at the start
 * counts from its start; one gone by the end is lost (`vanished`), which the pools' idle time-outs
 * (10 s) make rare between requests sent one after another.
 */
export function backendCpuBetween(start: BackendCpu, end: BackendCpu): { ms: number; backends: number; vanished: number } {
  let ms = 0;
  for (const [pid, now] of end.byPid) ms += now - (start.byPid.get(pid) ?? 0);
  const vanished = [...start.byPid.keys()].filter((pid) => !end.byPid.has(pid)).length;
  return { ms, backends: end.byPid.size, vanished };
}

/** The calibration's fixed work: the same numbers sorted and hashed on every machine, so its time compares machines. */
const CALIBRATION_SIZE = 100_000;
const CALIBRATION_WARMUP_ROUNDS = 2;
const CALIBRATION_ROUNDS = 9;
export const CALIBRATION_WORK = `quicksort + FNV-1a hash of ${CALIBRATION_SIZE.toLocaleString("en-US")} xorshift integers in JS`;

export interface CpuCalibration {
  work: string;
  rounds: number;
  /** CPU ms (user + system) of the bench process for one round: the median, the fastest and the slowest. */
  cpuMsMedian: number;
  cpuMsMin: number;
  cpuMsMax: number;
  /** Wall ms of one round, median: far above the CPU figure when other work held the cores. */
  wallMsMedian: number;
  /** The work's answer, the same on every machine: a different one means different work. */
  checksum: number;
}

function sortRange(a: Int32Array, low: number, high: number): void {
  let lo = low;
  let hi = high;
  while (hi - lo > 16) {
    const pivot = a[(lo + hi) >>> 1]!;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i]! < pivot) i++;
      while (a[j]! > pivot) j--;
      if (i <= j) {
        const t = a[i]!;
        a[i] = a[j]!;
        a[j] = t;
        i++;
        j--;
      }
    }
    // Recurse into the smaller side so the stack stays shallow.
    if (j - lo < hi - i) {
      sortRange(a, lo, j);
      lo = i;
    } else {
      sortRange(a, i, hi);
      hi = j;
    }
  }
  for (let k = lo + 1; k <= hi; k++) {
    const v = a[k]!;
    let m = k - 1;
    while (m >= lo && a[m]! > v) {
      a[m + 1] = a[m]!;
      m--;
    }
    a[m + 1] = v;
  }
}

/** One round of the calibration's work; allocation-free after the array, so no GC thread adds CPU time. */
export function calibrationRound(a: Int32Array = new Int32Array(CALIBRATION_SIZE)): number {
  let x = 2463534242;
  for (let i = 0; i < a.length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    a[i] = x;
  }
  sortRange(a, 0, a.length - 1);
  let h = 2166136261;
  for (let i = 0; i < a.length; i++) h = Math.imul(h ^ a[i]!, 16777619);
  return h >>> 0;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

const round2 = (v: number) => Math.round(v * 100) / 100;

/**
 * Times the fixed calibration work in this process (~0.1 s of CPU): how fast one core of this
 * machine runs JavaScript, so results from two machines can be compared. CPU time, not wall time:
 * neighbours on the machine make a round wait, far less work more.
 */
export function calibrateCpu(): CpuCalibration {
  const a = new Int32Array(CALIBRATION_SIZE);
  for (let i = 0; i < CALIBRATION_WARMUP_ROUNDS; i++) calibrationRound(a);
  const cpu: number[] = [];
  const wall: number[] = [];
  let checksum = 0;
  for (let i = 0; i < CALIBRATION_ROUNDS; i++) {
    const wallStart = performance.now();
    const cpuStart = process.cpuUsage();
    checksum = calibrationRound(a);
    const used = process.cpuUsage(cpuStart);
    wall.push(performance.now() - wallStart);
    cpu.push((used.user + used.system) / 1000);
  }
  return {
    work: CALIBRATION_WORK,
    rounds: CALIBRATION_ROUNDS,
    cpuMsMedian: round2(median(cpu)),
    cpuMsMin: round2(Math.min(...cpu)),
    cpuMsMax: round2(Math.max(...cpu)),
    wallMsMedian: round2(median(wall)),
    checksum,
  };
}
