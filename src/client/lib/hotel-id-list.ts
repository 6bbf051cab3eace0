/** The part of `localStorage` a list needs; tests pass a map-backed one. */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

const MAX_ID_LENGTH = 100;

/**
 * Reads the ids kept under `key`: newest first, distinct, at most `limit`. Whatever else is there
 * (bad JSON, another shape, an unreadable storage) reads as an empty or shortened list, never an error.
 */
export function parseHotelIds(raw: string | null, limit: number): string[] {
  if (raw === null) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const ids = value.filter((id): id is string => typeof id === "string" && id.length > 0 && id.length <= MAX_ID_LENGTH);
  return [...new Set(ids)].slice(0, limit);
}

/** `id` first, then the others without it, cut to `limit` (the oldest fall off). */
export function withHotelIdFirst(ids: readonly string[], id: string, limit: number): string[] {
  return [id, ...ids.filter((other) => other !== id)].slice(0, limit);
}

export interface HotelIdList {
  /** The current ids (the same array until they change, as useSyncExternalStore needs). */
  read(): string[];
  /** Puts the id first; throws when the browser refuses to store it (full or blocked storage). */
  add(id: string): void;
  /** Throws when the browser refuses to store the change. */
  remove(id: string): void;
  clear(): void;
  subscribe(onChange: () => void): () => void;
}

/**
 * A bounded, de-duplicated, newest-first list of hotel ids kept in the browser under `key`. A
 * change in this tab or another one (the `storage` event) reaches every subscriber.
 */
export function createHotelIdList(key: string, limit: number, storage: () => KeyValueStore | null): HotelIdList {
  const listeners = new Set<() => void>();
  let lastRaw: string | null | undefined;
  let lastIds: string[] = [];

  function rawValue(): string | null {
    try {
      return storage()?.getItem(key) ?? null;
    } catch {
      return null;
    }
  }

  function read(): string[] {
    const raw = rawValue();
    if (raw !== lastRaw) {
      lastRaw = raw;
      lastIds = parseHotelIds(raw, limit);
    }
    return lastIds;
  }

  function write(ids: string[]): void {
    const store = storage();
    if (!store) throw new Error("This browser does not let us keep your list.");
    if (ids.length === 0) store.removeItem(key);
    else store.setItem(key, JSON.stringify(ids));
    for (const listener of listeners) listener();
  }

  function onStorage(event: StorageEvent): void {
    if (event.key === key || event.key === null) for (const listener of listeners) listener();
  }

  return {
    read,
    add: (id) => write(withHotelIdFirst(read(), id, limit)),
    remove: (id) => write(read().filter((other) => other !== id)),
    clear: () => {
      try {
        write([]);
      } catch {
        // Nothing could be stored either, so there is nothing to clear.
      }
    },
    subscribe(onChange) {
      listeners.add(onChange);
      if (listeners.size === 1 && typeof window !== "undefined") window.addEventListener("storage", onStorage);
      return () => {
        listeners.delete(onChange);
        if (listeners.size === 0 && typeof window !== "undefined") window.removeEventListener("storage", onStorage);
      };
    },
  };
}

/** The browser's localStorage, or null where it is unavailable (server, blocked cookies). */
export function browserStorage(): KeyValueStore | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}
