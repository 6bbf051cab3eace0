/**
 * What a search computed, kept for a few seconds (decision 073): used for counts, which do not
 * depend on the sort or the page, so a traveller paging or re-sorting (or many visitors asking for
 * the same city and stay) reuses the count instead of checking up to 1,001 hotels again. Every
 * write through this instance forgets everything (forget(), called after each successful non-GET
 * API request), and a failed computation is not kept.
 */
export interface AnswerCache<T> {
  /** The answer for `key`, computed by `compute` unless one younger than the TTL is kept. */
  get(key: string, compute: () => Promise<T>): Promise<T>;
  forget(): void;
}

/** Keys kept at most (Map order = oldest first, the oldest dropped). */
const MAX_ENTRIES = 2000;

export function createAnswerCache<T>(ttlMs: number): AnswerCache<T> {
  const entries = new Map<string, { value: Promise<T>; at: number }>();
  return {
    get(key, compute) {
      if (ttlMs <= 0) return compute();
      const now = Date.now();
      const kept = entries.get(key);
      if (kept && now - kept.at < ttlMs) return kept.value;
      const entry = { value: compute(), at: now };
      entries.delete(key);
      entries.set(key, entry);
      if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      entry.value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      return entry.value;
    },
    forget() {
      entries.clear();
    },
  };
}
