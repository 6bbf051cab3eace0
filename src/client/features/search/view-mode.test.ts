import { describe, expect, it } from "vitest";
import { readView, writeView } from "./view-mode.ts";
import { searchApiQuery } from "../../../shared/search-address.ts";

describe("results view in the address", () => {
  it("reads the map only from view=map; anything else is the list", () => {
    expect(readView(new URLSearchParams("destination=Paris&view=map"))).toBe("map");
    expect(readView(new URLSearchParams("destination=Paris"))).toBe("list");
    expect(readView(new URLSearchParams("destination=Paris&view=satellite"))).toBe("list");
  });

  it("switches the view without touching the search, filters, sort or page", () => {
    const params = new URLSearchParams("destination=Paris&stars=5&sort=price&page=3");
    const map = writeView(params, "map");
    expect(map.toString()).toBe("destination=Paris&stars=5&sort=price&page=3&view=map");
    expect(writeView(map, "list").toString()).toBe("destination=Paris&stars=5&sort=price&page=3");
    expect(params.has("view")).toBe(false);
  });

  it("is not sent to the search API, so both views share one cached answer", () => {
    const list = new URLSearchParams("destination=Paris&checkIn=2030-05-01&checkOut=2030-05-03&page=2");
    expect(searchApiQuery(writeView(list, "map"), "2030-04-01")).toBe(searchApiQuery(list, "2030-04-01"));
  });
});
