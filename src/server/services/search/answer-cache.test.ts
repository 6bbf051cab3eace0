import { afterEach, describe, expect, it, vi } from "vitest";
import { createAnswerCache } from "./answer-cache.ts";

afterEach(() => {
  vi.useRealTimers();
});

describe("search answer cache", () => {
  it("reuses an answer within its TTL, computes again after it and after forget()", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const cache = createAnswerCache<number>(5000);
    let computed = 0;
    const compute = () => Promise.resolve(++computed);
    expect(await cache.get("paris", compute)).toBe(1);
    vi.advanceTimersByTime(4999);
    expect(await cache.get("paris", compute)).toBe(1);
    expect(await cache.get("london", compute)).toBe(2);
    vi.advanceTimersByTime(1);
    expect(await cache.get("paris", compute)).toBe(3);
    cache.forget();
    expect(await cache.get("paris", compute)).toBe(4);
    expect(await cache.get("london", compute)).toBe(5);
  });

  it("keeps no failed answer, and nothing at all with a TTL of 0", async () => {
    const cache = createAnswerCache<number>(5000);
    await expect(cache.get("x", () => Promise.reject(new Error("timeout")))).rejects.toThrow("timeout");
    expect(await cache.get("x", () => Promise.resolve(7))).toBe(7);
    const off = createAnswerCache<number>(0);
    let computed = 0;
    await off.get("x", () => Promise.resolve(++computed));
    await off.get("x", () => Promise.resolve(++computed));
    expect(computed).toBe(2);
  });
});
