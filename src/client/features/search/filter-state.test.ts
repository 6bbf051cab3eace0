import { describe, expect, it } from "vitest";
import { i18next } from "../../lib/i18n.ts";
import {
  clearFilters,
  countActiveFilters,
  formatDistanceLimit,
  formatPriceLimit,
  readFilters,
  readPage,
  readSort,
  writeFilters,
  writePage,
  writeSort,
} from "./filter-state.ts";

const params = (query: string) => new URLSearchParams(query);

describe("search filters in the address", () => {
  it("reads defaults from an address without filters", () => {
    expect(readFilters(params("destination=Paris"))).toEqual({
      minPrice: 0,
      maxPrice: 1000,
      maxDistance: 10,
      stars: [],
      amenities: [],
      freeCancellation: false,
      breakfast: false,
      guestRating: null,
      propertyTypes: [],
    });
  });

  it("clamps numbers, drops unknown stars and amenities, and matches amenities in any case", () => {
    const filters = readFilters(params("minPrice=-5&maxPrice=99999&maxDistance=abc&stars=5,9,3,5&amenities=wifi,Sauna,POOL,WiFi"));
    expect(filters).toMatchObject({ minPrice: 0, maxPrice: 1000, maxDistance: 10, stars: [5, 3], amenities: ["WiFi", "Pool"] });
  });

  it("writes only what differs from the defaults, keeps the search and goes back to page 1", () => {
    const next = writeFilters(params("destination=Paris&page=3&stars=2"), {
      minPrice: 0,
      maxPrice: 300,
      maxDistance: 10,
      stars: [4, 3],
      amenities: ["Spa"],
      freeCancellation: false,
      breakfast: false,
      guestRating: null,
      propertyTypes: [],
    });
    expect(next.toString()).toBe("destination=Paris&maxPrice=300&stars=4%2C3&amenities=Spa");
    expect(readFilters(next)).toMatchObject({ maxPrice: 300, stars: [4, 3], amenities: ["Spa"] });
  });

  it("reads free cancellation, one guest rating and property types, dropping what it does not know", () => {
    expect(readFilters(params("freeCancellation=true&guestRating=9&propertyTypes=hostel,castle,Guest house,hostel"))).toMatchObject({
      freeCancellation: true,
      guestRating: 9,
      propertyTypes: ["hostel", "guest_house"],
    });
    expect(readFilters(params("freeCancellation=yes&guestRating=7"))).toMatchObject({ freeCancellation: false, guestRating: null });
  });

  it("writes the new filters only when set, and counts each of them like the others", () => {
    const next = writeFilters(params("destination=Oslo&page=2"), {
      ...readFilters(params("")),
      freeCancellation: true,
      guestRating: 8,
      propertyTypes: ["apartment", "resort"],
    });
    expect(next.toString()).toBe("destination=Oslo&freeCancellation=true&guestRating=8&propertyTypes=apartment%2Cresort");
    expect(countActiveFilters(next)).toBe(4);
    expect(clearFilters(next).toString()).toBe("destination=Oslo");
    expect(writeFilters(next, readFilters(params(""))).toString()).toBe("destination=Oslo");
  });

  it("reads and writes breakfast included, a filter of its own beside the amenities", () => {
    expect(readFilters(params("breakfast=true&amenities=Spa"))).toMatchObject({ breakfast: true, amenities: ["Spa"] });
    expect(readFilters(params("breakfast=yes")).breakfast).toBe(false);
    const next = writeFilters(params("destination=Oslo"), { ...readFilters(params("")), breakfast: true });
    expect(next.toString()).toBe("destination=Oslo&breakfast=true");
    expect(countActiveFilters(next)).toBe(1);
    expect(clearFilters(next).toString()).toBe("destination=Oslo");
  });

  it("clears every filter, including a minimum distance from a shared link, but not the search", () => {
    const cleared = clearFilters(params("destination=Rome&minPrice=50&minDistance=2&stars=4&sort=price"));
    expect(cleared.toString()).toBe("destination=Rome&sort=price");
    expect(countActiveFilters(cleared)).toBe(0);
  });

  it("counts the price range once, the distance once and each star and amenity", () => {
    expect(countActiveFilters(params("minPrice=50&maxPrice=500&maxDistance=3&stars=5,4&amenities=Gym"))).toBe(5);
    expect(countActiveFilters(params("minDistance=1"))).toBe(1);
  });

  it("reads and writes sort and page, leaving their defaults out of the address", () => {
    expect(readSort(params("sort=rating"))).toBe("rating");
    expect(readSort(params("sort=cheapest"))).toBe("popularity");
    expect(writeSort(params("sort=price&page=4"), "popularity").toString()).toBe("");
    expect(readPage(params("page=2.5"))).toBe(1);
    expect(readPage(params("page=7"))).toBe(7);
    expect(writePage(params("page=7"), 1).toString()).toBe("");
    expect(writePage(params("a=b"), 2).toString()).toBe("a=b&page=2");
  });

  it("labels the open ends of the sliders", () => {
    expect(formatPriceLimit(1000)).toBe("$1,000+");
    expect(formatPriceLimit(250)).toBe("$250");
    expect(formatDistanceLimit(i18next.t, 10)).toBe("Any distance");
    expect(formatDistanceLimit(i18next.t, 2.5)).toBe("Up to 2.5 km");
  });
});
