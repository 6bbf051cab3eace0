/**
 * What every result records of its machine and moment, so results from two machines can be put
 * side by side: the CPU model, and the CPU calibration's time on it (bench/cpu.ts).
 */
import { execFileSync } from "node:child_process";
import os from "node:os";
import { ROOT } from "./app-process.ts";
import { calibrateCpu } from "./cpu.ts";
import type { RecordedMachine } from "./report.ts";

/** The machine now, with the CPU calibration timed in this process (~0.1 s of CPU): call it once, before the load. */
export function describeMachine(): Required<Omit<RecordedMachine, "settings">> {
  let commit = "unknown";
  try {
    commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT, encoding: "utf8" }).trim();
    const dirty = execFileSync("git", ["status", "--porcelain"], { cwd: ROOT, encoding: "utf8" }).trim();
    if (dirty) commit += " (uncommitted changes)";
  } catch {
    // not a git checkout
  }
  const cpu = os.cpus()[0];
  return {
    date: new Date().toISOString(),
    commit,
    node: process.version,
    cpus: os.cpus().length,
    cpuModel: cpu?.model ?? "?",
    cpuMhz: cpu?.speed ?? 0,
    cpuCalibration: calibrateCpu(),
    memoryGb: Math.round(os.totalmem() / 1024 ** 3),
    loadAverageAtStart: os.loadavg().map((l) => Math.round(l * 100) / 100),
  };
}
