/**
 * Scrapes an instance's /metrics twice and prints what happened in between, per route: requests,
 * statuses, mean and p95 (interpolated in the histogram's buckets, as Prometheus'
 * histogram_quantile does), and the gauges at the end. Run it beside a bench run to set the app's
 * own figures next to the bench's (docs/metrics.md).
 *
 *   METRICS_TOKEN=... npx tsx bench/scrape-metrics.ts --url http://127.0.0.1:3000 [--seconds 20]
 */
import { parseArgs } from "node:util";

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split("\n")) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) continue;
    const labels: Record<string, string> = {};
    for (const pair of (match[2] ?? "").matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[pair[1]!] = pair[2]!;
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

/** The q-quantile of cumulative buckets (upper bound → count), interpolated linearly inside the bucket. */
export function bucketQuantile(q: number, buckets: [number, number][]): number | null {
  const sorted = [...buckets].sort((a, b) => a[0] - b[0]);
  const total = sorted.at(-1)?.[1] ?? 0;
  if (total === 0) return null;
  const rank = q * total;
  let lowerBound = 0;
  let lowerCount = 0;
  for (const [bound, count] of sorted) {
    if (count >= rank) {
      if (!Number.isFinite(bound)) return lowerBound;
      return lowerBound + ((bound - lowerBound) * (rank - lowerCount)) / Math.max(1, count - lowerCount);
    }
    lowerBound = bound;
    lowerCount = count;
  }
  return lowerBound;
}

async function scrape(url: string, token: string): Promise<Sample[]> {
  const res = await fetch(`${url.replace(/\/$/, "")}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`GET /metrics answered ${res.status}: is METRICS_ENABLED on and METRICS_TOKEN the app's?`);
  return parseMetrics(await res.text());
}

const key = (labels: Record<string, string>, names: string[]) => names.map((n) => labels[n] ?? "").join(" ");

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { url: { type: "string" }, seconds: { type: "string", default: "20" } } });
  const token = process.env.METRICS_TOKEN;
  if (!values.url || !token)
    throw new Error("usage: METRICS_TOKEN=... npx tsx bench/scrape-metrics.ts --url http://host:port [--seconds 20]");
  const before = await scrape(values.url, token);
  await new Promise((resolve) => setTimeout(resolve, Number(values.seconds) * 1000));
  const after = await scrape(values.url, token);
  const was = new Map(before.map((s) => [`${s.name} ${key(s.labels, Object.keys(s.labels).sort())}`, s.value]));
  const delta = (s: Sample) => s.value - (was.get(`${s.name} ${key(s.labels, Object.keys(s.labels).sort())}`) ?? 0);

  const routes = new Map<string, { count: number; sum: number; buckets: Map<number, number> }>();
  for (const s of after) {
    if (!s.name.startsWith("staywise_http_request_duration_seconds")) continue;
    const k = key(s.labels, ["method", "route", "status"]);
    const row = routes.get(k) ?? { count: 0, sum: 0, buckets: new Map() };
    routes.set(k, row);
    if (s.name.endsWith("_count")) row.count = delta(s);
    else if (s.name.endsWith("_sum")) row.sum = delta(s);
    else if (s.name.endsWith("_bucket")) row.buckets.set(s.labels.le === "+Inf" ? Infinity : Number(s.labels.le), delta(s));
  }
  console.log(`In ${values.seconds} s, by method, route and status:`);
  for (const [k, row] of [...routes].filter(([, r]) => r.count > 0).sort((a, b) => b[1].count - a[1].count)) {
    const p95 = bucketQuantile(0.95, [...row.buckets]);
    console.log(
      `  ${k.padEnd(60)} ${String(row.count).padStart(8)} requests  mean ${((row.sum / row.count) * 1000).toFixed(1)} ms  p95 ~${p95 === null ? "-" : (p95 * 1000).toFixed(1)} ms`,
    );
  }
  console.log("Gauges and counters now:");
  for (const s of after) {
    if (!s.name.startsWith("staywise_") || s.name.startsWith("staywise_http_request")) continue;
    const labels = Object.entries(s.labels)
      .map(([n, v]) => `${n}="${v}"`)
      .join(",");
    console.log(`  ${s.name}${labels ? `{${labels}}` : ""} ${s.value}`);
  }
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/^.*\//, ""))) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
