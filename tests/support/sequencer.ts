/**
 * The order in which Vitest's workers take test files (vitest.config.ts, decision 079).
 *
 * Browser files run one at a time (tests/support/e2e-turn.ts) while the other workers run unit and
 * PostgreSQL files. The workers take files in the order given here, so this order is planned on
 * estimated durations: a simulated worker that comes free takes the next browser file when no
 * browser file is running at that moment, else the next other file. Browser files thus start one
 * after another on whichever worker is free, and a worker seldom waits for a turn. Estimates come
 * from Vitest's cache of the last run's durations, else the checked-in durations of a measured run
 * (test-file-seconds.json, as on a fresh clone; decision 088), else a project's typical file.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/** Average seconds per file of each project (quiet 2-core machine, decision 088), for a file the table below lacks. */
const TYPICAL_SECONDS: Record<string, number> = { e2e: 17, pg: 1.9, unit: 2.8 };
/**
 * A browser file is handed to a worker that comes free up to this long before the turn does: the
 * browser files are the run's longest lane, so a worker may wait a little for a turn, but the turn
 * should not wait for a worker (estimates err by seconds; decision 088).
 */
const BROWSER_LEAD_SECONDS = 4;
/** Seconds per file of one measured run (`scripts/test-file-seconds.ts` writes it). */
const MEASURED_SECONDS = JSON.parse(readFileSync(new URL("./test-file-seconds.json", import.meta.url), "utf8")) as Record<string, number>;
const BROWSER_PROJECT = "e2e";

export default class TurnAwareSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const browser = sorted.filter((spec) => spec.project.name === BROWSER_PROJECT);
    const others = sorted.filter((spec) => spec.project.name !== BROWSER_PROJECT);
    const workers = Math.max(1, Number(this.ctx.config.maxWorkers) || 1);
    if (browser.length === 0 || others.length === 0 || workers === 1) return sorted;

    const estimate = (spec: TestSpecification): number => {
      const file = path.relative(this.ctx.config.root, spec.moduleId);
      const known = this.ctx.cache.getFileTestResults(`${spec.project.name}:${file}`)?.duration;
      if (known && known > 0) return known / 1000;
      return MEASURED_SECONDS[file] ?? TYPICAL_SECONDS[spec.project.name] ?? 2;
    };

    const order: TestSpecification[] = [];
    const freeAt: number[] = Array.from({ length: workers }, () => 0);
    let browserBusyUntil = 0;
    while (browser.length > 0 || others.length > 0) {
      const worker = freeAt.indexOf(Math.min(...freeAt));
      const now = freeAt[worker]!;
      if (browser.length > 0 && (browserBusyUntil - BROWSER_LEAD_SECONDS <= now || others.length === 0)) {
        const spec = browser.shift()!;
        browserBusyUntil = Math.max(now, browserBusyUntil) + estimate(spec);
        freeAt[worker] = browserBusyUntil;
        order.push(spec);
      } else {
        const spec = others.shift()!;
        freeAt[worker] = now + estimate(spec);
        order.push(spec);
      }
    }
    return order;
  }
}
