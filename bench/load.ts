/**
 * Drives HTTP load with autocannon at a fixed arrival rate, and measures one user's sequential
 * requests.
 *
 * Why several autocannon instances: autocannon's rate limiter (`overallRate` / `connectionRate`)
 * gives every connection a quota per second and refills all quotas on the same one-second tick,
 * so one instance at 100 requests/s sends them in a burst at the start of every second rather
 * than one every 10 ms. "staggered" pacing (the default) runs one autocannon instance per
 * connection, each with `overallRate` = rate / connections (1 request/s by default), started
 * 1000/rate ms apart, which spreads the arrivals evenly over the second. "burst" pacing is a single
 * autocannon instance with `overallRate` = rate, for comparison.
 */
import autocannon from "autocannon";

export type Pacing = "staggered" | "burst";

export interface LoadOptions {
  baseUrl: string;
  nextPath: () => string;
  rate: number;
  durationSeconds: number;
  pacing: Pacing;
  /** Connections for burst pacing; staggered uses one connection per instance. */
  connections: number;
  timeoutSeconds?: number;
  /** Headers a request needs for its path (a channel key's bearer token); none by default. */
  headersFor?: (path: string) => Record<string, string>;
}

export interface LatencySummary {
  count: number;
  p50: number;
  p90: number;
  p95: number;
  p99: number;
  max: number;
  mean: number;
}

export interface LoadResult {
  pacing: Pacing;
  targetRate: number;
  durationSeconds: number;
  connections: number;
  autocannonInstances: number;
  /** Responses received per second of the run. */
  achievedRate: number;
  responses: number;
  status2xx: number;
  non2xx: number;
  statusCodes: Record<string, number>;
  errors: number;
  timeouts: number;
  latencyMs: LatencySummary;
}

/** Nearest-rank percentiles of raw samples, in ms with 0.1 ms precision. */
export function summarize(samples: number[]): LatencySummary {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => {
    if (sorted.length === 0) return 0;
    const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
    return round(sorted[index] as number);
  };
  const sum = sorted.reduce((s, v) => s + v, 0);
  return {
    count: sorted.length,
    p50: at(50),
    p90: at(90),
    p95: at(95),
    p99: at(99),
    max: round(sorted[sorted.length - 1] ?? 0),
    mean: round(sorted.length ? sum / sorted.length : 0),
  };
}

const round = (v: number) => Math.round(v * 10) / 10;

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const timeout = options.timeoutSeconds ?? 10;
  const latencies: number[] = [];
  const statusCodes: Record<string, number> = {};

  const plans: { delayMs: number; connections: number; rate: number }[] = [];
  if (options.pacing === "burst") {
    plans.push({ delayMs: 0, connections: Math.min(options.connections, options.rate), rate: options.rate });
  } else {
    // One connection per instance; above 400 requests/s each connection carries several per second.
    const instances = Math.min(options.rate, 400);
    const base = Math.floor(options.rate / instances);
    const extra = options.rate % instances;
    for (let i = 0; i < instances; i++) {
      plans.push({ delayMs: (i * 1000) / instances, connections: 1, rate: base + (i < extra ? 1 : 0) });
    }
  }

  const started = performance.now();
  const runs = plans.map(
    (plan) =>
      new Promise<autocannon.Result>((resolve, reject) => {
        setTimeout(() => {
          const instance = autocannon(
            {
              url: options.baseUrl,
              connections: plan.connections,
              overallRate: plan.rate,
              duration: options.durationSeconds,
              timeout,
              // Raw latencies are collected below; autocannon's own correction uses a 1 ms interval.
              ignoreCoordinatedOmission: true,
              requests: [
                {
                  method: "GET",
                  setupRequest: (req) => {
                    const path = options.nextPath();
                    const headers = options.headersFor?.(path);
                    return { ...req, path, ...(headers ? { headers: { ...req.headers, ...headers } } : {}) };
                  },
                },
              ],
            },
            (error, result) => (error ? reject(error) : resolve(result)),
          );
          instance.on("response", (_client, statusCode, _bytes, responseTime) => {
            statusCodes[statusCode] = (statusCodes[statusCode] ?? 0) + 1;
            latencies.push(responseTime);
          });
        }, plan.delayMs);
      }),
  );
  const results = await Promise.all(runs);
  const elapsedSeconds = (performance.now() - started) / 1000 - (plans[plans.length - 1]?.delayMs ?? 0) / 1000;
  const responses = latencies.length;
  const status2xx = Object.entries(statusCodes)
    .filter(([code]) => code.startsWith("2"))
    .reduce((s, [, n]) => s + n, 0);
  return {
    pacing: options.pacing,
    targetRate: options.rate,
    durationSeconds: options.durationSeconds,
    connections: plans.reduce((s, p) => s + p.connections, 0),
    autocannonInstances: plans.length,
    achievedRate: round(responses / Math.max(elapsedSeconds, options.durationSeconds)),
    responses,
    status2xx,
    non2xx: responses - status2xx,
    statusCodes,
    // autocannon counts a timeout as an error too.
    errors: results.reduce((s, r) => s + r.errors, 0),
    timeouts: results.reduce((s, r) => s + r.timeouts, 0),
    latencyMs: summarize(latencies),
  };
}

export interface SequentialResult {
  requests: number;
  achievedRate: number;
  status2xx: number;
  non2xx: number;
  errors: number;
  latencyMs: LatencySummary;
}

/** One user: each request waits for the previous answer; latency is fetch plus reading the body. */
export async function runSequential(baseUrl: string, nextPath: () => string, requests: number): Promise<SequentialResult> {
  const latencies: number[] = [];
  let status2xx = 0;
  let non2xx = 0;
  let errors = 0;
  const started = performance.now();
  for (let i = 0; i < requests; i++) {
    const path = nextPath();
    const t0 = performance.now();
    try {
      const res = await fetch(baseUrl + path, { signal: AbortSignal.timeout(10_000) });
      await res.arrayBuffer();
      latencies.push(performance.now() - t0);
      if (res.status >= 200 && res.status < 300) status2xx++;
      else non2xx++;
    } catch {
      errors++;
    }
  }
  const seconds = (performance.now() - started) / 1000;
  return { requests, achievedRate: round(requests / seconds), status2xx, non2xx, errors, latencyMs: summarize(latencies) };
}
