/**
 * The order in which Vitest's workers take test files (vitest.config.ts, decision 079).
 *
 * Browser files run one at a time (tests/support/e2e-turn.ts) while the other workers run unit and
 * PostgreSQL files. The workers take files in the order given here, so this order is planned on
 * estimated durations: a simulated worker that comes free takes the next browser file when no
 * browser file is running at that moment, else the next other file. Browser files thus start one
 * after another on whichever worker is free, and a worker seldom waits for a turn. Estimates come
 * from Vitest's cache of the last run's durations, else a project's typical file.
 */
import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/** Average seconds per file of each project (2-core machine, decision 079), when the cache has none. */
const TYPICAL_SECONDS: Record<string, number> = { e2e: 30, pg: 9, unit: 6 };
const BROWSER_PROJECT = "e2e";

export default class TurnAwareSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const browser = sorted.filter((spec) => spec.project.name === BROWSER_PROJECT);
    const others = sorted.filter((spec) => spec.project.name !== BROWSER_PROJECT);
    const workers = Math.max(1, Number(this.ctx.config.maxWorkers) || 1);
    if (browser.length === 0 || others.length === 0 || workers === 1) return sorted;

    const estimate = (spec: TestSpecification): number => {
      const key = `${spec.project.name}:${path.relative(this.ctx.config.root, spec.moduleId)}`;
      const known = this.ctx.cache.getFileTestResults(key)?.duration;
      return known && known > 0 ? known / 1000 : (TYPICAL_SECONDS[spec.project.name] ?? 5);
    };

    const order: TestSpecification[] = [];
    const freeAt: number[] = Array.from({ length: workers }, () => 0);
    let browserBusyUntil = 0;
    while (browser.length > 0 || others.length > 0) {
      const worker = freeAt.indexOf(Math.min(...freeAt));
      const now = freeAt[worker]!;
      if (browser.length > 0 && (browserBusyUntil <= now || others.length === 0)) {
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
