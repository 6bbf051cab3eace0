/**
 * The checks `npm test` runs before Vitest: the type check, ESLint and Prettier, side by side. Each
 * is one process on one core, and on a 2-core machine they took 50, 40 and 22 s one after another;
 * together they take about as long as the slowest pair. Each check's output is printed when it ends,
 * whole, with its time; the exit code is non-zero when any failed (Vitest then does not run).
 *
 *   npx tsx scripts/static-checks.ts
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Longest first, so the shortest ends up beside the others rather than alone at the end. */
const CHECKS: { name: string; command: string; args: string[] }[] = [
  { name: "typecheck", command: "tsc", args: ["--noEmit"] },
  { name: "lint", command: "eslint", args: ["."] },
  { name: "format", command: "prettier", args: ["--check", "."] },
];

interface Outcome {
  name: string;
  ok: boolean;
  seconds: number;
  output: string;
}

function run(check: (typeof CHECKS)[number]): Promise<Outcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    const bin = path.join(ROOT, "node_modules", ".bin", check.command);
    const child = spawn(bin, check.args, { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
    const chunks: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => chunks.push(chunk));
    const done = (ok: boolean, extra = "") =>
      resolve({
        name: check.name,
        ok,
        seconds: (performance.now() - started) / 1000,
        output: Buffer.concat(chunks).toString("utf8") + extra,
      });
    child.on("error", (error) => done(false, `\n${check.command} could not start: ${error.message}\n`));
    child.on("close", (code, signal) => done(code === 0, code === 0 ? "" : `\n${check.command} exited with ${signal ?? code}\n`));
  });
}

const outcomes = await Promise.all(
  CHECKS.map((check) =>
    run(check).then((outcome) => {
      const output = outcome.output.trim();
      console.log(`${outcome.ok ? "✓" : "✗"} ${outcome.name} (${check.command} ${check.args.join(" ")}) ${outcome.seconds.toFixed(1)} s`);
      if (output) console.log(`${output}\n`);
      return outcome;
    }),
  ),
);
const failed = outcomes.filter((o) => !o.ok);
if (failed.length > 0) {
  console.error(`Failed: ${failed.map((o) => o.name).join(", ")}`);
  process.exit(1);
}
