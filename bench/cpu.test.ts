import { describe, expect, it } from "vitest";
import { CALIBRATION_WORK, calibrateCpu, calibrationRound } from "./cpu.ts";

describe("CPU calibration", () => {
  it("does the same work on every machine, so its times compare machines", () => {
    // Changing the work breaks comparison with every result recorded before: this answer pins it.
    expect(calibrationRound()).toBe(3506562398);
  });

  it("records the work, its rounds and their CPU time in order", () => {
    const c = calibrateCpu();
    expect(c.work).toBe(CALIBRATION_WORK);
    expect(c.checksum).toBe(3506562398);
    expect(c.rounds).toBe(9);
    expect(c.cpuMsMin).toBeLessThanOrEqual(c.cpuMsMedian);
    expect(c.cpuMsMedian).toBeLessThanOrEqual(c.cpuMsMax);
    expect(c.wallMsMedian).toBeGreaterThan(0);
  });
});
