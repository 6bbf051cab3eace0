/**
 * Whether a latency budget holds over the runs of a scenario (GUIDE.md section 6: a budget holds
 * only if it holds in every run). Every run is judged on its own; the scenario passes only when
 * the runs meet the budget's own rule: every run, unless the budget declares "k of n". Pure: the
 * bench, the report of recorded results and the unit tests share it.
 */

/** How many runs must meet the budget: every one, or at least `met` of every `of` (and at least `of` runs). */
export type RunRule = { kind: "every" } | { kind: "at-least"; met: number; of: number };

export const EVERY_RUN: RunRule = { kind: "every" };

export interface LatencyBudget {
  p95Ms: number;
  /** The arrival rate (requests/s) the budget is declared at; absent for one user, one request at a time. */
  rate?: number;
  rule: RunRule;
}

/** What a run's judgement reads: a load run (with its target rate) or one user's sequential requests. */
export interface RunFigures {
  targetRate?: number;
  achievedRate: number;
  errors: number;
  non2xx: number;
  latencyMs: { p95: number };
}

/** A run under load must receive at least this share of the requests it was asked to send. */
export const MIN_ACHIEVED_SHARE = 0.95;

export interface RunJudgement {
  met: boolean;
  /** What missed, in words ("p95 112.3 > 100"); empty when met. */
  misses: string[];
}

export type Verdict = "PASS" | "FAIL" | "TOO FEW RUNS";

export interface Judgement {
  verdict: Verdict;
  /** Runs that met the budget, of `runs.length`. */
  met: number;
  /** Runs that must meet it for these runs to pass. */
  needed: number;
  rule: string;
  runs: RunJudgement[];
}

export function judgeRun(run: RunFigures, p95Ms: number): RunJudgement {
  const misses: string[] = [];
  if (run.latencyMs.p95 > p95Ms) misses.push(`p95 ${run.latencyMs.p95} > ${p95Ms}`);
  if (run.errors > 0) misses.push(`${run.errors} errors`);
  if (run.non2xx > 0) misses.push(`${run.non2xx} non-2xx`);
  if (run.targetRate !== undefined && run.achievedRate < run.targetRate * MIN_ACHIEVED_SHARE) {
    misses.push(`${run.achievedRate} of ${run.targetRate} req/s`);
  }
  return { met: misses.length === 0, misses };
}

export function describeRule(rule: RunRule): string {
  return rule.kind === "every" ? "every run" : `${rule.met} of ${rule.of} runs`;
}

/**
 * Judges every run against the budget. "k of n" over more than n runs keeps its proportion
 * (4 of 5 over 10 runs needs 8); over fewer than n runs it is FAIL once more runs missed than the
 * rule allows, otherwise TOO FEW RUNS: the budget is not shown to hold, so it is no PASS.
 */
export function judgeRuns(runs: readonly RunFigures[], budget: LatencyBudget): Judgement {
  const judged = runs.map((run) => judgeRun(run, budget.p95Ms));
  const met = judged.filter((j) => j.met).length;
  const missed = judged.length - met;
  const rule = describeRule(budget.rule);
  if (budget.rule.kind === "every") {
    const verdict: Verdict = judged.length === 0 ? "TOO FEW RUNS" : missed === 0 ? "PASS" : "FAIL";
    return { verdict, met, needed: Math.max(1, judged.length), rule, runs: judged };
  }
  const { met: k, of: n } = budget.rule;
  if (judged.length < n) {
    const verdict: Verdict = missed > n - k ? "FAIL" : "TOO FEW RUNS";
    return { verdict, met, needed: k, rule, runs: judged };
  }
  const needed = Math.ceil((k * judged.length) / n);
  return { verdict: met >= needed ? "PASS" : "FAIL", met, needed, rule, runs: judged };
}
