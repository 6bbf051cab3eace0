/**
 * The bench's table, built from what a scenario records in bench/results/<scenario>.json: the same
 * rows are printed at the end of a run and by `--report` from the files, including files recorded
 * before a field existed (no CPU calibration, no budget rule, the best-of-runs verdict).
 */
import type { CpuCalibration } from "./cpu.ts";
import { EVERY_RUN, type LatencyBudget, type RunFigures, describeRule, judgeRuns } from "./judge.ts";

/** The machine and moment of a result; files recorded before a field existed lack it. */
export interface RecordedMachine {
  date?: string;
  commit?: string;
  node?: string;
  cpus?: number;
  cpuModel?: string;
  cpuMhz?: number;
  memoryGb?: number;
  loadAverageAtStart?: number[];
  cpuCalibration?: CpuCalibration;
  /** The bench's options for the run (rate, duration, requests, seed...). */
  settings?: { rate?: number; [setting: string]: unknown };
}

interface LatencyFigures {
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

type RecordedRun = RunFigures & { latencyMs: LatencyFigures };

export interface RecordedHttp extends RecordedMachine {
  scenario: "search-pg" | "detail-pg" | "search-pglite" | "search-pg-2m";
  kind: "load" | "sequential";
  catalogue: { hotels: number } | null;
  /** The p95 budget; files before the budget's declaration was recorded have only this. */
  budgetP95Ms?: number | null;
  budget?: LatencyBudget | null;
  runs: RecordedRun[];
  /** Files before every run was judged hold the verdict on their best run here. */
  withinBudget?: boolean | null;
}

interface RecordedBundle extends RecordedMachine {
  scenario: "bundle";
  budgetGzipKb: number;
  initialJsGzipKb: number;
  withinBudget: boolean;
}

interface RecordedLighthouse extends RecordedMachine {
  scenario: "lighthouse" | "lighthouse-mobile";
  formFactor?: string;
  budgetScore: number;
  withinBudget: boolean;
}

interface RecordedSqlVsApi extends RecordedMachine {
  scenario: "search-sql-vs-api";
  catalogue?: { hotels: number };
  sqlMs: LatencyFigures;
  apiMs: LatencyFigures;
  non2xx: number;
  ratioP50: number;
  budgetRatioP50: number;
  withinBudget: boolean;
}

interface RecordedRequestCost extends RecordedMachine {
  scenario: "request-cost";
  catalogue?: { hotels: number };
  kinds: Record<string, { failed: number }>;
}

interface RecordedBooking extends RecordedMachine {
  scenario: "booking-pg";
  journeys: { rate: number; achievedRate: number; errors: number };
  latencyMs: LatencyFigures;
  race: { succeeded: number; refused: number };
  budget: { p95Ms: number };
  pass: boolean;
}

export type RecordedResult =
  | RecordedHttp
  | RecordedBundle
  | RecordedLighthouse
  | RecordedSqlVsApi
  | RecordedRequestCost
  | RecordedBooking
  | (RecordedMachine & { scenario: string });

export const TABLE_HEADER = [
  "scenario",
  "run",
  "hotels",
  "rate",
  "achieved",
  "p50",
  "p95",
  "p99",
  "max",
  "errors",
  "non-2xx",
  "budget",
  "result",
];

/** The main table's name and verdict columns, aligned left. */
export const TABLE_LEFT_COLUMNS = [0, TABLE_HEADER.length - 1];

export const TABLE_LEGEND =
  "latency in ms; achieved = responses per second; every run is listed and judged on its own: " +
  "a budget passes only when its runs meet its rule (every run unless it says otherwise)";

/** A row of TABLE_HEADER's columns; the ones not given are empty. */
function row(cells: Partial<Record<(typeof TABLE_HEADER)[number], string>>): string[] {
  return TABLE_HEADER.map((column) => cells[column] ?? "");
}

const count = (n: number) => n.toLocaleString("en-US");
const runsLabel = (n: number) => `${n} run${n === 1 ? "" : "s"}`;

/** The machine a result was measured on, in two lines: what it is, and how fast its CPU ran the calibration. */
export function machineLines(m: RecordedMachine): string[] {
  const cpu = m.cpuModel ? `${m.cpus ?? "?"} cores (${m.cpuModel}${m.cpuMhz ? `, ${m.cpuMhz} MHz` : ""})` : "CPU not recorded";
  const parts = [
    m.date ?? "date not recorded",
    cpu,
    m.memoryGb !== undefined ? `${m.memoryGb} GB` : null,
    m.node ? `Node ${m.node}` : null,
    m.commit ? `commit ${m.commit}` : null,
    m.loadAverageAtStart ? `load ${m.loadAverageAtStart.join(" ")}` : null,
  ];
  const c = m.cpuCalibration;
  const calibration = c
    ? `CPU calibration: ${c.cpuMsMedian} ms of CPU per round (median of ${c.rounds}, ${c.cpuMsMin}-${c.cpuMsMax}; ` +
      `wall ${c.wallMsMedian} ms): ${c.work}`
    : "CPU calibration not recorded";
  return [parts.filter((p) => p !== null).join(", "), calibration];
}

function httpRows(r: RecordedHttp): string[][] {
  const budget: LatencyBudget | null =
    r.budget !== undefined ? r.budget : typeof r.budgetP95Ms === "number" ? { p95Ms: r.budgetP95Ms, rule: EVERY_RUN } : null;
  const judgement = budget ? judgeRuns(r.runs, budget) : null;
  const rate = r.kind === "load" ? String(r.settings?.rate ?? r.runs[0]?.targetRate ?? "") : "1 user";
  const hotels = r.catalogue ? count(r.catalogue.hotels) : "";
  const rows = r.runs.map((run, i) => {
    const judged = judgement?.runs[i];
    return row({
      scenario: r.scenario,
      run: `${i + 1}/${r.runs.length}`,
      hotels,
      rate,
      achieved: String(run.achievedRate),
      p50: String(run.latencyMs.p50),
      p95: String(run.latencyMs.p95),
      p99: String(run.latencyMs.p99),
      max: String(run.latencyMs.max),
      errors: String(run.errors),
      "non-2xx": String(run.non2xx),
      budget: budget ? `p95<=${budget.p95Ms}` : "",
      result: judged ? (judged.met ? "met" : `missed: ${judged.misses.join(", ")}`) : "",
    });
  });
  if (!budget || !judgement) {
    rows.push(row({ scenario: r.scenario, run: runsLabel(r.runs.length), result: `MEASURED (no budget at ${rate} req/s)` }));
    return rows;
  }
  let result = `${judgement.verdict}: ${judgement.met} of ${r.runs.length} met`;
  // A file recorded when the best run decided the verdict: say so where the two disagree.
  if (r.budget === undefined && typeof r.withinBudget === "boolean" && r.withinBudget !== (judgement.verdict === "PASS")) {
    result += ` (recorded ${r.withinBudget ? "PASS" : "FAIL"} on its best run)`;
  }
  rows.push(
    row({
      scenario: r.scenario,
      run: runsLabel(r.runs.length),
      hotels,
      rate,
      budget: `p95<=${budget.p95Ms}, ${describeRule(budget.rule)}`,
      result,
    }),
  );
  return rows;
}

/** The table rows of one recorded result, whatever its scenario and age. */
export function resultRows(r: RecordedResult): string[][] {
  const verdict = (pass: boolean) => (pass ? "PASS" : "FAIL");
  if ("runs" in r && Array.isArray(r.runs)) return httpRows(r as RecordedHttp);
  switch (r.scenario) {
    case "bundle": {
      const b = r as RecordedBundle;
      return [
        row({
          scenario: "bundle (initial JS gz)",
          budget: `${b.budgetGzipKb} KB`,
          result: `${b.initialJsGzipKb} KB ${verdict(b.withinBudget)}`,
        }),
      ];
    }
    case "lighthouse":
    case "lighthouse-mobile": {
      const l = r as RecordedLighthouse;
      return [
        row({
          scenario: `lighthouse (${l.formFactor ?? "desktop"})`,
          budget: `score>=${l.budgetScore}`,
          result: verdict(l.withinBudget),
        }),
      ];
    }
    case "search-sql-vs-api": {
      const s = r as RecordedSqlVsApi;
      const hotels = s.catalogue ? count(s.catalogue.hotels) : "";
      const latency = (ms: LatencyFigures) => ({
        p50: String(ms.p50),
        p95: String(ms.p95),
        p99: String(ms.p99),
        max: String(ms.max),
      });
      return [
        row({ scenario: `${s.scenario}: SQL`, run: "1/1", hotels, rate: "1 user", ...latency(s.sqlMs) }),
        row({
          scenario: `${s.scenario}: API`,
          run: "1/1",
          hotels,
          rate: "1 user",
          ...latency(s.apiMs),
          errors: "0",
          "non-2xx": String(s.non2xx),
          budget: `p50 <= ${s.budgetRatioP50}x SQL`,
          result: `${s.ratioP50}x ${verdict(s.withinBudget)}`,
        }),
      ];
    }
    case "request-cost": {
      const c = r as RecordedRequestCost;
      const failures = Object.values(c.kinds).reduce((n, k) => n + k.failed, 0);
      return [
        row({
          scenario: c.scenario,
          run: "1/1",
          hotels: c.catalogue ? count(c.catalogue.hotels) : "",
          rate: "1 user",
          errors: String(failures),
          result: failures ? "FAIL" : "MEASURED",
        }),
      ];
    }
    case "booking-pg": {
      const b = r as RecordedBooking;
      return [
        row({
          scenario: "booking-pg (hold+pay+confirm)",
          run: "1/1",
          rate: String(b.journeys.rate),
          achieved: String(b.journeys.achievedRate),
          p50: String(b.latencyMs.p50),
          p95: String(b.latencyMs.p95),
          p99: String(b.latencyMs.p99),
          max: String(b.latencyMs.max),
          errors: String(b.journeys.errors),
          budget: `p95<=${b.budget.p95Ms}, last room once`,
          result: `${verdict(b.pass)} (race: ${b.race.succeeded} won, ${b.race.refused} refused)`,
        }),
      ];
    }
    default:
      return [row({ scenario: r.scenario, result: "not a known result" })];
  }
}

/** Aligned text lines: the columns in `left` (names, verdicts) aligned left, the figures right, a rule under the header row. */
export function formatTable(rows: string[][], left: readonly number[] = [0]): string[] {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? "").length))) ?? [];
  const lines: string[] = [];
  for (const [n, cells] of rows.entries()) {
    lines.push(
      cells
        .map((cell, i) => (left.includes(i) ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
        .join("  ")
        .trimEnd(),
    );
    if (n === 0) lines.push(widths.map((w) => "-".repeat(w)).join("  "));
  }
  return lines;
}

/** What `--report` prints for one recorded file: where it came from, its machine, its rows. */
export function reportLines(file: string, result: RecordedResult): string[] {
  return [file, ...machineLines(result), "", ...formatTable([TABLE_HEADER, ...resultRows(result)], TABLE_LEFT_COLUMNS)];
}
