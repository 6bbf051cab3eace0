import { describe, expect, it } from "vitest";
import { createHotelIdList, type KeyValueStore, parseHotelIds, withHotelIdFirst } from "./hotel-id-list.ts";

function memoryStore(initial: Record<string, string> = {}): KeyValueStore & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

describe("parseHotelIds", () => {
  it("tolerates bad JSON and other shapes as an empty list", () => {
    expect(parseHotelIds(null, 8)).toEqual([]);
    expect(parseHotelIds("{not json", 8)).toEqual([]);
    expect(parseHotelIds('{"ids":["1"]}', 8)).toEqual([]);
    expect(parseHotelIds('"12"', 8)).toEqual([]);
    expect(parseHotelIds("null", 8)).toEqual([]);
  });

  it("keeps distinct non-empty string ids, in order, up to the limit", () => {
    expect(parseHotelIds(JSON.stringify(["3", 4, "", null, "3", "x".repeat(101), "5", "6"]), 3)).toEqual(["3", "5", "6"]);
    expect(parseHotelIds(JSON.stringify(["1", "2", "3", "4"]), 2)).toEqual(["1", "2"]);
  });
});

describe("withHotelIdFirst", () => {
  it("moves a known id to the front instead of repeating it, and drops the oldest past the limit", () => {
    expect(withHotelIdFirst(["1", "2", "3"], "2", 8)).toEqual(["2", "1", "3"]);
    expect(withHotelIdFirst(["1", "2", "3"], "4", 3)).toEqual(["4", "1", "2"]);
  });
});

describe("createHotelIdList", () => {
  it("stores newest first, bounded and de-duplicated", () => {
    const store = memoryStore();
    const list = createHotelIdList("recent", 3, () => store);
    for (const id of ["1", "2", "3", "2", "4"]) list.add(id);
    expect(list.read()).toEqual(["4", "2", "3"]);
    expect(JSON.parse(store.data.get("recent")!)).toEqual(["4", "2", "3"]);
    list.remove("2");
    expect(list.read()).toEqual(["4", "3"]);
    list.clear();
    expect(list.read()).toEqual([]);
    expect(store.data.has("recent")).toBe(false);
  });

  it("starts over from a corrupted value instead of failing", () => {
    const store = memoryStore({ saved: "[oops" });
    const list = createHotelIdList("saved", 50, () => store);
    expect(list.read()).toEqual([]);
    list.add("7");
    expect(list.read()).toEqual(["7"]);
  });

  it("answers the same array until the stored value changes, and tells subscribers of changes", () => {
    const store = memoryStore();
    const list = createHotelIdList("saved", 50, () => store);
    list.add("1");
    const first = list.read();
    expect(list.read()).toBe(first);
    let calls = 0;
    const unsubscribe = list.subscribe(() => calls++);
    list.add("2");
    expect(calls).toBe(1);
    expect(list.read()).not.toBe(first);
    unsubscribe();
    list.add("3");
    expect(calls).toBe(1);
  });

  it("reads as empty without storage and says so when asked to write", () => {
    const list = createHotelIdList("saved", 50, () => null);
    expect(list.read()).toEqual([]);
    expect(() => list.add("1")).toThrow();
    expect(() => list.clear()).not.toThrow();
  });

  it("passes on a browser's refusal to store (a full storage)", () => {
    const store = memoryStore();
    store.setItem = () => {
      throw new Error("QuotaExceededError");
    };
    const list = createHotelIdList("saved", 50, () => store);
    expect(() => list.add("1")).toThrow("QuotaExceededError");
    expect(list.read()).toEqual([]);
  });
});
