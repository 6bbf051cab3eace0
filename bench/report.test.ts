import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { CpuCalibration } from "./cpu.ts";
import { type RecordedHttp, type RecordedResult, machineLines, reportLines, resultRows } from "./report.ts";

function loadRun(p95: number) {
  return {
    targetRate: 100,
    achievedRate: 97.5,
    errors: 0,
    non2xx: 0,
    latencyMs: { p50: 12.8, p95, p99: p95 + 20, max: p95 + 90 },
  };
}

/** The five runs on a second machine: 2 of 5 under 100 ms, the best one far under. */
const P95S = [112.3, 44.7, 44, 101.6, 112.7];

const calibration: CpuCalibration = {
  work: "quicksort + FNV-1a hash of 100,000 xorshift integers in JS",
  rounds: 9,
  cpuMsMedian: 9.2,
  cpuMsMin: 8.8,
  cpuMsMax: 13.18,
  wallMsMedian: 41.29,
  checksum: 3506562398,
};

/** As bench/run.ts recorded a load scenario before every run was judged: no calibration, no rule, the best run's verdict. */
const beforeJudging: RecordedHttp = {
  date: "2026-11-27T12:00:37.554Z",
  commit: "58b5719",
  node: "v20.20.2",
  cpus: 2,
  cpuModel: "AMD EPYC",
  memoryGb: 24,
  loadAverageAtStart: [0.55, 1.84, 2],
  settings: { rate: 100, duration: 20 },
  scenario: "search-pg-2m",
  kind: "load",
  catalogue: { hotels: 2_000_000 },
  budgetP95Ms: 100,
  runs: P95S.map(loadRun),
  withinBudget: true,
};

describe("the bench's table", () => {
  it("lists every run's figures, not the best, and judges the budget on every run", () => {
    const rows = resultRows(beforeJudging);
    expect(rows).toHaveLength(6);
    expect(rows.slice(0, 5).map((r) => r[6])).toEqual(P95S.map(String));
    expect(rows[0]?.at(-1)).toBe("missed: p95 112.3 > 100");
    expect(rows[1]?.at(-1)).toBe("met");
    expect(rows[5]?.at(-2)).toBe("p95<=100, every run");
    expect(rows[5]?.at(-1)).toBe("FAIL: 2 of 5 met (recorded PASS on its best run)");
  });

  it("judges a new result by the rule its budget declares", () => {
    const recorded: RecordedHttp = {
      ...beforeJudging,
      cpuCalibration: calibration,
      budget: { p95Ms: 100, rate: 100, rule: { kind: "at-least", met: 4, of: 5 } },
      runs: [112.3, 44.7, 44, 90, 60].map(loadRun),
      withinBudget: true,
    };
    const last = resultRows(recorded).at(-1);
    expect(last?.at(-2)).toBe("p95<=100, 4 of 5 runs");
    expect(last?.at(-1)).toBe("PASS: 4 of 5 met");
  });

  it("measures without judging a rate no budget is declared at", () => {
    const recorded: RecordedHttp = { ...beforeJudging, settings: { rate: 400 }, budget: null, withinBudget: null };
    expect(resultRows(recorded).at(-1)?.at(-1)).toBe("MEASURED (no budget at 400 req/s)");
  });

  it("heads a result with its CPU model and calibration figure", () => {
    const lines = machineLines({
      ...beforeJudging,
      cpuModel: "Intel(R) Xeon(R) Platinum 8259CL CPU @ 2.50GHz",
      cpuMhz: 2500,
      cpuCalibration: calibration,
    });
    expect(lines[0]).toContain("2 cores (Intel(R) Xeon(R) Platinum 8259CL CPU @ 2.50GHz, 2500 MHz)");
    expect(lines[1]).toBe(
      "CPU calibration: 9.2 ms of CPU per round (median of 9, 8.8-13.18; wall 41.29 ms): quicksort + FNV-1a hash of 100,000 xorshift integers in JS",
    );
  });

  it("still prints results recorded without the machine's CPU, saying so", () => {
    expect(machineLines(beforeJudging)[1]).toBe("CPU calibration not recorded");
    const booking: RecordedResult = {
      scenario: "booking-pg",
      date: "2026-11-24T01:20:54.387Z",
      journeys: { rate: 20, achievedRate: 20, errors: 0 },
      latencyMs: { p50: 33.8, p95: 47.7, p99: 59.5, max: 70.4 },
      race: { succeeded: 1, refused: 49 },
      budget: { p95Ms: 150 },
      pass: true,
    } as RecordedResult;
    const lines = reportLines("bench/results/booking-pg.json", booking);
    expect(lines[1]).toBe("2026-11-24T01:20:54.387Z, CPU not recorded");
    expect(lines.join("\n")).toContain("PASS (race: 1 won, 49 refused)");
  });

  it("prints every file recorded in bench/results", () => {
    const dir = path.join(import.meta.dirname, "results");
    const files = readdirSync(dir).filter((f) => f.endsWith(".json"));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const result = JSON.parse(readFileSync(path.join(dir, file), "utf8")) as RecordedResult;
      const rows = resultRows(result);
      expect(rows.length, file).toBeGreaterThan(0);
      expect(rows.flat(), file).not.toContain("not a known result");
      expect(machineLines(result)).toHaveLength(2);
    }
  });
});
