/**
 * The running state of one app instance: whether it is warming up or draining for shutdown, and the background
 * work (webhook-style confirmations, partner booking calls, failure records) a shutdown must wait for.
 */
export interface Lifecycle {
  /** True from the stop signal on: readiness fails and responses close their connections. */
  readonly draining: boolean;
  startDraining(): void;
  /** True while start-up work given to warmUp runs: readiness fails until it has settled. */
  readonly warming: boolean;
  /** Keeps the instance unready until `work` settles (fulfilled or not: a failed warm-up only costs speed). */
  warmUp(work: Promise<unknown>): void;
  /** Runs work that outlives its request; shutdown waits for it. Rejections are the caller's to handle. */
  track<T>(work: Promise<T>): Promise<T>;
  /** Resolves true once no tracked work is running, or false when `timeoutMs` passes first. */
  settled(timeoutMs: number): Promise<boolean>;
}

export function createLifecycle(): Lifecycle {
  let draining = false;
  let warmUps = 0;
  const running = new Set<Promise<unknown>>();
  return {
    get draining() {
      return draining;
    },
    startDraining() {
      draining = true;
    },
    get warming() {
      return warmUps > 0;
    },
    warmUp(work) {
      warmUps++;
      void work.then(
        () => warmUps--,
        () => warmUps--,
      );
    },
    track(work) {
      const entry = work.finally(() => running.delete(entry));
      // The entry only marks the work as running; its outcome belongs to the caller.
      entry.catch(() => {});
      running.add(entry);
      return work;
    },
    async settled(timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      while (running.size > 0) {
        const left = deadline - Date.now();
        if (left <= 0) return false;
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<void>((resolve) => {
          timer = setTimeout(resolve, left);
        });
        await Promise.race([Promise.allSettled([...running]), timeout]);
        clearTimeout(timer);
      }
      return true;
    },
  };
}
