import { describe, expect, it } from "vitest";
import { hotelAmenityList } from "./amenities.ts";

const none = { wifi: false, parking: false, pool: false, gym: false, spa: false, breakfast: false };

describe("hotelAmenityList", () => {
  it("does not add a flag's label when a text already names that amenity", () => {
    expect(hotelAmenityList(["Free WiFi", "Outdoor pool"], { ...none, wifi: true, pool: true })).toEqual(["Free WiFi", "Outdoor pool"]);
    expect(hotelAmenityList(["High-speed WiFi", "Spa & wellness center"], { ...none, wifi: true, spa: true })).toEqual(["High-speed WiFi", "Spa & wellness center"]);
  });

  it("adds the label of a true flag no text names, and drops repeated texts", () => {
    expect(hotelAmenityList(["Terrace", "terrace ", "Bar"], { ...none, gym: true, breakfast: true })).toEqual(["Terrace", "Bar", "Gym", "Breakfast included"]);
  });
});
