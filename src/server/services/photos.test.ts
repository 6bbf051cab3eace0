import { describe, expect, it } from "vitest";
import { DomainError } from "../domain-error.ts";
import { createDecodeQueue } from "./photos.ts";

/** A task that runs until the test releases it, recording when it started. */
function gate(started: string[], name: string) {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  return {
    task: async () => {
      started.push(name);
      await done;
      return name;
    },
    release: () => release(),
  };
}

/** Lets every promise callback that is ready run. */
function settle(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

describe("createDecodeQueue", () => {
  it("never lets one account hold every slot while another account waits", async () => {
    const queue = createDecodeQueue({ slots: 2, slotsPerAccount: 1, queue: 10, queuePerAccount: 5 });
    const started: string[] = [];
    const a1 = gate(started, "a1");
    const a2 = gate(started, "a2");
    const b1 = gate(started, "b1");
    const runs = [queue.run("a", a1.task), queue.run("a", a2.task)];
    await settle();
    // The second slot is free, but it is not account a's to take.
    expect(started).toEqual(["a1"]);
    runs.push(queue.run("b", b1.task));
    await settle();
    expect(started).toEqual(["a1", "b1"]);
    a1.release();
    await settle();
    expect(started).toEqual(["a1", "b1", "a2"]);
    b1.release();
    a2.release();
    expect(await Promise.all(runs)).toEqual(["a1", "a2", "b1"]);
  });

  it("gives a freed slot to the waiting account served longest ago, not to the account that queued first", async () => {
    const queue = createDecodeQueue({ slots: 1, slotsPerAccount: 1, queue: 10, queuePerAccount: 5 });
    const started: string[] = [];
    const plan = [
      ["a", "a1"],
      ["a", "a2"],
      ["a", "a3"],
      ["b", "b1"],
      ["c", "c1"],
    ] as const;
    const gates = new Map<string, ReturnType<typeof gate>>(plan.map(([, name]) => [name, gate(started, name)]));
    const runs = plan.map(([account, name]) => queue.run(account, gates.get(name)!.task));
    // Let each photo finish once it has started, one at a time.
    while (started.length < plan.length) {
      await settle();
      gates.get(started.at(-1)!)!.release();
    }
    await Promise.all(runs);
    // Account a queued three photos first; b and c each get their turn before a's second one.
    expect(started).toEqual(["a1", "b1", "c1", "a2", "a3"]);
  });

  it("answers 503 with a Retry-After estimate when the queue is full, and frees the place when a task ends", async () => {
    const queue = createDecodeQueue({ slots: 1, slotsPerAccount: 1, queue: 1, queuePerAccount: 1 });
    const started: string[] = [];
    const a1 = gate(started, "a1");
    const b1 = gate(started, "b1");
    const running = queue.run("a", a1.task);
    const waiting = queue.run("b", b1.task);
    const refused = await queue.run("c", () => Promise.resolve("c1")).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({ code: "PHOTO_DECODE_BUSY" });
    expect((refused as DomainError).details?.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    a1.release();
    b1.release();
    expect(await Promise.all([running, waiting])).toEqual(["a1", "b1"]);
    expect(await queue.run("c", () => Promise.resolve("c1"))).toBe("c1");
  });

  it("keeps one account from filling the queue for everyone", async () => {
    const queue = createDecodeQueue({ slots: 1, slotsPerAccount: 1, queue: 10, queuePerAccount: 1 });
    const started: string[] = [];
    const a1 = gate(started, "a1");
    const a2 = gate(started, "a2");
    const b1 = gate(started, "b1");
    const runs = [queue.run("a", a1.task), queue.run("a", a2.task)];
    const refused = await queue.run("a", () => Promise.resolve("a3")).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: "PHOTO_DECODE_BUSY", message: expect.stringContaining("Your other photos") });
    // Another account still gets a place.
    runs.push(queue.run("b", b1.task));
    for (const g of [a1, a2, b1]) {
      await settle();
      g.release();
    }
    expect(await Promise.all(runs)).toEqual(["a1", "a2", "b1"]);
  });

  it("frees the slot when a task fails", async () => {
    const queue = createDecodeQueue({ slots: 1, slotsPerAccount: 1, queue: 0, queuePerAccount: 0 });
    await expect(queue.run("a", () => Promise.reject(new Error("bad image")))).rejects.toThrow("bad image");
    expect(await queue.run("a", () => Promise.resolve("next"))).toBe("next");
  });
});
