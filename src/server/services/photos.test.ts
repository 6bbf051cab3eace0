import { describe, expect, it } from "vitest";
import { createLimiter } from "./photos.ts";

describe("createLimiter", () => {
  it("runs at most `slots` tasks at once and every task in the end, in arrival order", async () => {
    const run = createLimiter(2);
    let active = 0;
    let peak = 0;
    const started: number[] = [];
    const release: (() => void)[] = [];
    const tasks = Array.from({ length: 5 }, (_, i) =>
      run(async () => {
        active += 1;
        peak = Math.max(peak, active);
        started.push(i);
        await new Promise<void>((resolve) => release.push(resolve));
        active -= 1;
        return i;
      }),
    );
    // Release one task at a time until all have run.
    for (let done = 0; done < 5; done++) {
      await new Promise((resolve) => setImmediate(resolve));
      expect(active).toBeLessThanOrEqual(2);
      release.shift()!();
    }
    expect(await Promise.all(tasks)).toEqual([0, 1, 2, 3, 4]);
    expect(peak).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4]);
  });

  it("frees the slot when a task fails", async () => {
    const run = createLimiter(1);
    await expect(run(() => Promise.reject(new Error("bad image")))).rejects.toThrow("bad image");
    expect(await run(() => Promise.resolve("next"))).toBe("next");
  });
});
