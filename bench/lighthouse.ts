/**
 * Lighthouse performance of the home page, a results page and a hotel page, GUIDE.md section 6
 * (desktop) and issue 32 item 4 (mobile: Lighthouse's default mobile emulation and throttling):
 * builds the client into dist/client (what `npm run build` makes and the server serves), starts
 * the app in production mode on a temporary PGlite with a small demo catalogue, and runs
 * Lighthouse's Node API (desktop config, or its default mobile one; performance category only) against Debian's Chromium,
 * a fresh browser per run. Nothing is fetched from outside 127.0.0.1: Chromium's resolver maps
 * every host name to "not found", and a run that still saw a request leaving the app fails.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Flags, type Result, desktopConfig } from "lighthouse";
import { addDays, todayUtc } from "../src/shared/dates.ts";
import { startApp } from "./app-process.ts";
import { viteBuild } from "./bundle.ts";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const CHROME_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  // Belt and braces: no host name resolves, so nothing but 127.0.0.1 can be reached.
  "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
];
/** Hotels seeded into the temporary PGlite (the page content does not depend on the catalogue size). */
export const LIGHTHOUSE_HOTELS = 300;

const METRICS = {
  fcpMs: "first-contentful-paint",
  lcpMs: "largest-contentful-paint",
  tbtMs: "total-blocking-time",
  cls: "cumulative-layout-shift",
  speedIndexMs: "speed-index",
} as const;
type MetricKey = keyof typeof METRICS;
type Metrics = Record<MetricKey, number>;

export interface LighthouseRun extends Metrics {
  score: number;
  /** Performance audits scoring below 0.9 (what to fix), with Lighthouse's display value. */
  findings: { id: string; score: number; displayValue?: string | undefined; title: string }[];
  lcpElement?: string | undefined;
  /** Requests to anything but the app (must stay empty). */
  offsiteRequests: string[];
  warnings: string[];
  loadAverage: number[];
}

/** desktop: Lighthouse's desktop config; mobile: its default (a mid-range phone, slow 4G, 4x CPU slowdown). */
export type FormFactor = "desktop" | "mobile";

export interface LighthousePageResult {
  page: "home" | "results" | "hotel";
  path: string;
  runs: LighthouseRun[];
  /** Median of each value over the runs, taken separately (for reading; the budget is judged on every run). */
  median: Metrics & { score: number };
  withinBudget: boolean;
}

export interface LighthouseResult {
  budgetScore: number;
  formFactor: FormFactor;
  lighthouseVersion: string;
  chromium: string;
  chromeFlags: string[];
  hotels: number;
  runsPerPage: number;
  pages: LighthousePageResult[];
  withinBudget: boolean;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

async function runOnce(
  url: string,
  baseUrl: string,
  formFactor: FormFactor,
): Promise<{ run: Omit<LighthouseRun, "loadAverage">; lhr: Result }> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS, logLevel: "silent" });
  try {
    const flags: Flags = { port: chrome.port, output: "json", logLevel: "error" };
    const config =
      formFactor === "desktop"
        ? { ...desktopConfig, settings: { ...desktopConfig.settings, onlyCategories: ["performance"] } }
        : { extends: "lighthouse:default" as const, settings: { onlyCategories: ["performance"] } };
    const result = await lighthouse(url, flags, config);
    if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
    const lhr = result.lhr;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const score = lhr.categories.performance?.score;
    if (score === null || score === undefined) throw new Error(`Lighthouse gave no performance score for ${url}`);
    const metric = (id: string) => {
      const value = lhr.audits[id]?.numericValue;
      if (value === undefined) throw new Error(`Lighthouse audit ${id} has no value`);
      return value;
    };
    const metrics = Object.fromEntries(
      Object.entries(METRICS).map(([key, id]) => [key, key === "cls" ? round(metric(id), 3) : Math.round(metric(id))]),
    ) as Metrics;
    const metricIds = new Set<string>(Object.values(METRICS));
    const findings = (lhr.categories.performance?.auditRefs ?? [])
      .map((ref) => lhr.audits[ref.id])
      .filter(
        (a): a is NonNullable<typeof a> =>
          !!a && !metricIds.has(a.id) && a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== "informative",
      )
      .map((a) => ({ id: a.id, score: a.score as number, displayValue: a.displayValue, title: a.title }));
    const items = (id: string) => {
      const details = lhr.audits[id]?.details as { items?: Record<string, unknown>[] } | undefined;
      return details?.items ?? [];
    };
    const offsiteRequests = items("network-requests")
      .map((item) => String(item.url ?? ""))
      .filter((u) => /^(https?|wss?):/.test(u) && !u.startsWith(`${baseUrl}/`) && u !== baseUrl);
    const lcpItem = items("largest-contentful-paint-element")[0] as { items?: { node?: { snippet?: string } }[] } | undefined;
    const lcpElement = lcpItem?.items?.[0]?.node?.snippet;
    return { run: { score: Math.round(score * 100), ...metrics, findings, lcpElement, offsiteRequests, warnings: lhr.runWarnings }, lhr };
  } finally {
    chrome.kill();
  }
}

/** A stay a few weeks ahead. */
function stayParams(): Record<string, string> {
  const checkIn = addDays(todayUtc(), 21);
  return { checkIn, checkOut: addDays(checkIn, 2), guests: "2", rooms: "1" };
}

/** The results page (the home page with a destination) of the demo catalogue's first city for that stay. */
async function resultsPath(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/hotels/search?${new URLSearchParams(stayParams())}`);
  if (!res.ok) throw new Error(`GET /api/hotels/search answered ${res.status}`);
  const body = (await res.json()) as { hotels: { city: string }[] };
  const city = body.hotels[0]?.city;
  if (!city) throw new Error("The search found no hotel for the results page");
  return `/?${new URLSearchParams({ destination: city, ...stayParams() })}`;
}

/** A hotel of our own inventory that has the stay. */
async function hotelPath(baseUrl: string): Promise<string> {
  const stay = stayParams();
  const res = await fetch(`${baseUrl}/api/hotels/search?${new URLSearchParams(stay)}`);
  if (!res.ok) throw new Error(`GET /api/hotels/search answered ${res.status}`);
  const body = (await res.json()) as { hotels: { id: string; supplier: string }[] };
  const hotel = body.hotels.find((h) => h.supplier === "inventory");
  if (!hotel) throw new Error("The search found no inventory hotel for the hotel page");
  return `/hotel/${encodeURIComponent(hotel.id)}?${new URLSearchParams(stay)}`;
}

export async function measureLighthouse(options: {
  budgetScore: number;
  runs: number;
  formFactor: FormFactor;
  log: (line: string) => void;
}): Promise<LighthouseResult> {
  options.log("lighthouse: building the client (vite build -> dist/client)");
  await viteBuild([]);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "staywise-bench-lighthouse-"));
  try {
    const app = await startApp({ databaseUrl: undefined, dataDir, seedHotels: LIGHTHOUSE_HOTELS, readyTimeoutMs: 600_000 });
    try {
      options.log(`lighthouse: app on ${app.baseUrl} (${app.database}, ${LIGHTHOUSE_HOTELS} demo hotels), Chromium ${CHROMIUM_PATH}`);
      const targets = [
        { page: "home" as const, path: "/" },
        ...(options.formFactor === "mobile" ? [{ page: "results" as const, path: await resultsPath(app.baseUrl) }] : []),
        { page: "hotel" as const, path: await hotelPath(app.baseUrl) },
      ];
      const pages: LighthousePageResult[] = [];
      let version = "?";
      let chromium = "?";
      for (const target of targets) {
        const url = `${app.baseUrl}${target.path}`;
        // One discarded run: the server's caches, PGlite's pages and the OS file cache warm up.
        await runOnce(url, app.baseUrl, options.formFactor);
        const runs: LighthouseRun[] = [];
        for (let i = 0; i < options.runs; i++) {
          const loadAverage = os.loadavg().map((l) => round(l, 2));
          const { run, lhr } = await runOnce(url, app.baseUrl, options.formFactor);
          version = lhr.lighthouseVersion;
          chromium = lhr.environment.hostUserAgent.match(/(?:Headless)?Chrome\/[\d.]+/)?.[0] ?? lhr.environment.hostUserAgent;
          runs.push({ ...run, loadAverage });
          options.log(
            `  ${target.page} run ${i + 1}/${options.runs}: score ${run.score}, FCP ${run.fcpMs} ms, LCP ${run.lcpMs} ms, ` +
              `TBT ${run.tbtMs} ms, CLS ${run.cls}, SI ${run.speedIndexMs} ms (load avg ${loadAverage[0]})`,
          );
          for (const f of run.findings) options.log(`    ${f.id} (${f.score}): ${f.title}${f.displayValue ? ` — ${f.displayValue}` : ""}`);
          if (run.offsiteRequests.length > 0) options.log(`    requests leaving the app: ${run.offsiteRequests.join(", ")}`);
        }
        const med = (key: MetricKey | "score") => median(runs.map((r) => r[key]));
        const medianValues = {
          score: med("score"),
          fcpMs: Math.round(med("fcpMs")),
          lcpMs: Math.round(med("lcpMs")),
          tbtMs: Math.round(med("tbtMs")),
          cls: round(med("cls"), 3),
          speedIndexMs: Math.round(med("speedIndexMs")),
        };
        const offsite = runs.some((r) => r.offsiteRequests.length > 0);
        pages.push({
          page: target.page,
          path: target.path,
          runs,
          median: medianValues,
          // GUIDE.md section 6: a budget holds only if it holds in every run, not in the median one.
          withinBudget: runs.every((r) => r.score >= options.budgetScore) && !offsite,
        });
      }
      return {
        budgetScore: options.budgetScore,
        formFactor: options.formFactor,
        lighthouseVersion: version,
        chromium,
        chromeFlags: CHROME_FLAGS,
        hotels: LIGHTHOUSE_HOTELS,
        runsPerPage: options.runs,
        pages,
        withinBudget: pages.every((p) => p.withinBudget),
      };
    } finally {
      await app.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
