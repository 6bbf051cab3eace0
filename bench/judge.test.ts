import { describe, expect, it } from "vitest";
import { EVERY_RUN, type LatencyBudget, type RunFigures, judgeRun, judgeRuns } from "./judge.ts";

/** A clean run at 100 requests/s with the given p95. */
function run(p95: number, extra: Partial<RunFigures> = {}): RunFigures {
  return { targetRate: 100, achievedRate: 98, errors: 0, non2xx: 0, latencyMs: { p95 }, ...extra };
}

const everyRun: LatencyBudget = { p95Ms: 100, rate: 100, rule: EVERY_RUN };
const fourOfFive: LatencyBudget = { p95Ms: 100, rate: 100, rule: { kind: "at-least", met: 4, of: 5 } };
const fiveOfFive: LatencyBudget = { p95Ms: 100, rate: 100, rule: { kind: "at-least", met: 5, of: 5 } };

describe("judging a budget on every run", () => {
  it("passes five runs all under the budget", () => {
    const judgement = judgeRuns(
      [40, 55, 61, 99.9, 100].map((p95) => run(p95)),
      everyRun,
    );
    expect(judgement).toMatchObject({ verdict: "PASS", met: 5, rule: "every run" });
  });

  it("fails 'every run' when one run is over, however good the others (no best of runs)", () => {
    const judgement = judgeRuns(
      [44.7, 44, 44.2, 101.6, 45].map((p95) => run(p95)),
      everyRun,
    );
    expect(judgement.verdict).toBe("FAIL");
    expect(judgement.met).toBe(4);
    expect(judgement.runs[3]).toEqual({ met: false, misses: ["p95 101.6 > 100"] });
  });

  it("passes a '4 of 5' budget with one run over", () => {
    const judgement = judgeRuns(
      [112.3, 44.7, 44, 90, 60].map((p95) => run(p95)),
      fourOfFive,
    );
    expect(judgement).toMatchObject({ verdict: "PASS", met: 4, needed: 4, rule: "4 of 5 runs" });
  });

  it("fails a '4 of 5' budget with two runs over", () => {
    // The five runs on another machine: 2 of 5 under 100 ms.
    const judgement = judgeRuns(
      [112.3, 44.7, 44, 101.6, 112.7].map((p95) => run(p95)),
      fourOfFive,
    );
    expect(judgement).toMatchObject({ verdict: "FAIL", met: 2 });
  });

  it("keeps the rule's proportion over more runs: 4 of 5 over 10 runs needs 8", () => {
    const eightMet = [...Array(8).fill(50), 120, 130].map((p95: number) => run(p95));
    const sevenMet = [...Array(7).fill(50), 120, 130, 140].map((p95: number) => run(p95));
    expect(judgeRuns(eightMet, fourOfFive)).toMatchObject({ verdict: "PASS", needed: 8 });
    expect(judgeRuns(sevenMet, fourOfFive)).toMatchObject({ verdict: "FAIL", needed: 8 });
  });

  it("does not pass '5 of 5' on fewer than five runs, and fails it as soon as one misses", () => {
    expect(judgeRuns([run(20)], fiveOfFive).verdict).toBe("TOO FEW RUNS");
    expect(judgeRuns([run(20), run(150)], fiveOfFive).verdict).toBe("FAIL");
    expect(judgeRuns([], everyRun).verdict).toBe("TOO FEW RUNS");
  });

  it("misses a run under the p95 budget that had errors, non-2xx answers or fell short of the rate", () => {
    expect(judgeRun(run(10, { errors: 2 }), 100)).toEqual({ met: false, misses: ["2 errors"] });
    expect(judgeRun(run(10, { non2xx: 1 }), 100)).toEqual({ met: false, misses: ["1 non-2xx"] });
    expect(judgeRun(run(10, { achievedRate: 94.9 }), 100)).toEqual({ met: false, misses: ["94.9 of 100 req/s"] });
    expect(judgeRun(run(10, { achievedRate: 95 }), 100).met).toBe(true);
    // One user, one request at a time: no rate to reach.
    expect(judgeRun({ achievedRate: 3, errors: 0, non2xx: 0, latencyMs: { p95: 10 } }, 100).met).toBe(true);
  });
});
