import { describe, expect, it } from "vitest";
import {
  AMENITIES,
  AMENITY_OPTIONS,
  amenityFlagsOf,
  amenityOption,
  amenityOptionBits,
  amenityOptionText,
  hotelAmenityList,
} from "./amenities.ts";

const none = { wifi: false, parking: false, pool: false, gym: false, spa: false, breakfast: false };

describe("the amenity vocabulary", () => {
  it("has one entry per key and per label (in any case), and one distinct bit per filter amenity", () => {
    expect(new Set(AMENITIES.map((a) => a.key)).size).toBe(AMENITIES.length);
    expect(new Set(AMENITIES.map((a) => a.label.toLowerCase())).size).toBe(AMENITIES.length);
    const bits = AMENITIES.flatMap((a) => ("bit" in a ? [a.bit] : []));
    expect(new Set(bits).size).toBe(bits.length);
    for (const bit of bits) expect(Math.log2(bit) % 1).toBe(0);
  });

  it("offers the spec's amenity filter options, in its order", () => {
    expect(AMENITY_OPTIONS).toEqual(["WiFi", "Parking", "Restaurant", "Pool", "Gym", "Spa"]);
    // The filter shows each option by the label the hotel cards use: one name per amenity.
    expect(AMENITY_OPTIONS.map(amenityOptionText)).toEqual(["Free WiFi", "Parking", "Restaurant", "Pool", "Gym", "Spa"]);
    expect(amenityOption("wIfI")).toBe("WiFi");
    expect(amenityOption("Sauna")).toBeUndefined();
    expect(amenityOptionBits(["WiFi", "Gym"])).toBe(1 | 16);
    expect(amenityOptionBits([])).toBe(0);
  });

  // The spec's filter matches an option as a case-insensitive substring of the amenity texts; on our
  // labels that must pick exactly the hotels whose mask has the option's bit.
  it("names a filter option inside exactly the labels that carry its bit", () => {
    for (const option of AMENITY_OPTIONS) {
      const containing = AMENITIES.filter((a) => a.label.toLowerCase().includes(option.toLowerCase())).map((a) => a.key);
      const carrying = AMENITIES.filter((a) => "bit" in a && a.bit === amenityOptionBits([option])).map((a) => a.key);
      expect(containing, option).toEqual(carrying);
    }
  });
});

describe("amenityFlagsOf", () => {
  it("sets a flag when a text contains its term in any case", () => {
    expect(amenityFlagsOf(["High-speed WIFI", "Heated pool", "Free breakfast buffet"])).toEqual({
      ...none,
      wifi: true,
      pool: true,
      breakfast: true,
    });
    expect(amenityFlagsOf([])).toEqual(none);
  });
});

describe("hotelAmenityList", () => {
  it("does not add a flag's label when a text already names that amenity", () => {
    expect(hotelAmenityList(["Free WiFi", "Pool"], { ...none, wifi: true, pool: true })).toEqual(["Free WiFi", "Pool"]);
    expect(hotelAmenityList(["WiFi in all areas", "Spa & wellness center"], { ...none, wifi: true, spa: true })).toEqual([
      "WiFi in all areas",
      "Spa & wellness center",
    ]);
  });

  it("adds the label of a true flag no text names, and drops repeated texts", () => {
    expect(hotelAmenityList(["Terrace", "terrace ", "Bar"], { ...none, gym: true, breakfast: true })).toEqual([
      "Terrace",
      "Bar",
      "Gym",
      "Breakfast included",
    ]);
  });
});
