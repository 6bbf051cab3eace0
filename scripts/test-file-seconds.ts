/**
 * Writes tests/support/test-file-seconds.json: how long each test file took in the last run, from
 * Vitest's cache of durations (which counts a file's loading and hooks, not only its tests). The test
 * sequencer (tests/support/sequencer.ts) plans the workers' order on these figures when Vitest's own
 * cache has none, as on a fresh clone (decision 088). Refresh it, after a whole quiet `npm test`,
 * when files have been added or have grown:
 *
 *   npx tsx scripts/test-file-seconds.ts
 */
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const CACHE = path.join(ROOT, "node_modules/.vite/vitest");
const OUTPUT = path.join(ROOT, "tests/support/test-file-seconds.json");

interface CachedResults {
  results: [key: string, result: { duration?: number; failed?: boolean }][];
}

const caches = (existsSync(CACHE) ? readdirSync(CACHE, { withFileTypes: true }) : [])
  .filter((entry) => entry.isDirectory())
  .map((entry) => path.join(CACHE, entry.name, "results.json"))
  .filter((file) => existsSync(file))
  .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
const latest = caches[0];
if (!latest) {
  console.error(`No Vitest cache under ${path.relative(ROOT, CACHE)}: run npm test first.`);
  process.exit(1);
}
const { results } = JSON.parse(readFileSync(latest, "utf8")) as CachedResults;
const seconds: Record<string, number> = {};
// Keys are "<project>:<file>"; the sequencer looks files up by path (each file is in one project).
for (const [key, result] of results.sort(([a], [b]) => a.localeCompare(b))) {
  const file = key.slice(key.indexOf(":") + 1);
  if (result.duration !== undefined && !result.failed) seconds[file] = Math.round(result.duration / 100) / 10;
}
writeFileSync(OUTPUT, `${JSON.stringify(seconds, null, 2)}\n`);
console.log(`${Object.keys(seconds).length} files from ${path.relative(ROOT, latest)} → ${path.relative(ROOT, OUTPUT)}`);
