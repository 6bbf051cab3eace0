import { describe, expect, it } from "vitest";
import { AMENITIES } from "../../../shared/amenities.ts";
import { PROPERTY_TYPES } from "../../../shared/property-types.ts";
import { DEMO_GUEST_COUNT, REVIEWED_HOTELS } from "./catalogue-reviews.ts";
import { generateHotel, type GeneratedHotel } from "./catalogue.ts";
import { FEATURED_CITIES, getDestinations } from "./destinations.ts";

const SAMPLE_SIZE = 5_000;
const sample: GeneratedHotel[] = Array.from({ length: SAMPLE_SIZE }, (_, i) => generateHotel(i));
const IMAGE_URL = /^\/images\/(exterior|pool|lobby|restaurant|room|bathroom)-\d+\.svg$/;

describe("destinations", () => {
  const destinations = getDestinations();

  it("cover at least 150 countries with a few hundred cities", () => {
    expect(new Set(destinations.map((d) => d.countryCode)).size).toBeGreaterThanOrEqual(150);
    expect(destinations.length).toBeGreaterThanOrEqual(600);
    expect(destinations.length).toBeLessThanOrEqual(1000);
  });

  it("include the featured cities, New York under its everyday name", () => {
    const names = destinations.map((d) => d.city);
    for (const city of FEATURED_CITIES) expect(names).toContain(city);
    expect(names).not.toContain("New York City");
    expect(destinations.find((d) => d.city === "Paris")).toMatchObject({ countryCode: "FR", country: "France" });
  });

  it("keep real accented names", () => {
    const names = destinations.map((d) => d.city);
    expect(names).toEqual(expect.arrayContaining(["Zürich", "São Paulo", "Málaga"]));
  });

  it("have no duplicate city within a country and weights that sum to 1", () => {
    const keys = destinations.map((d) => `${d.countryCode}/${d.city}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(destinations.every((d) => d.weight > 0)).toBe(true);
    expect(destinations.reduce((sum, d) => sum + d.weight, 0)).toBeCloseTo(1, 9);
  });
});

describe("generateHotel", () => {
  it("returns the same hotel for the same index, whatever was generated before", () => {
    const first = generateHotel(1234);
    generateHotel(99);
    expect(generateHotel(1234)).toEqual(first);
    expect(sample[1234]).toEqual(first);
  });

  it("returns a different catalogue for another seed", () => {
    expect(generateHotel(1234, 2)).not.toEqual(sample[1234]);
    expect(generateHotel(1234, 2)).toEqual(generateHotel(1234, 2));
  });

  it("gives each featured city at least 40 of the first 5,000 hotels", () => {
    for (const city of FEATURED_CITIES) {
      expect(sample.filter((g) => g.hotel.city === city).length, city).toBeGreaterThanOrEqual(40);
    }
  });

  it("gives every hotel 2–5 room types and the price of the cheapest one", () => {
    for (const { hotel, roomTypes } of sample) {
      expect(roomTypes.length).toBeGreaterThanOrEqual(2);
      expect(roomTypes.length).toBeLessThanOrEqual(5);
      const cheapest = roomTypes.reduce((a, b) => (b.priceCents < a.priceCents ? b : a));
      expect(hotel.priceCents).toBe(cheapest.priceCents);
      expect(hotel.originalPriceCents).toBe(cheapest.originalPriceCents);
    }
  });

  it("only shows an original price above the price", () => {
    for (const { hotel, roomTypes } of sample) {
      for (const item of [hotel, ...roomTypes]) {
        if (item.originalPriceCents !== null) expect(item.originalPriceCents).toBeGreaterThan(item.priceCents);
      }
    }
    const discounted = sample.filter((g) => g.hotel.originalPriceCents !== null).length / SAMPLE_SIZE;
    expect(discounted).toBeGreaterThan(0.2);
    expect(discounted).toBeLessThan(0.4);
  });

  it("writes only canonical amenity labels, each at most once per hotel and per room", () => {
    const canonical = new Set<string>(AMENITIES.map((a) => a.label));
    const offending: string[] = [];
    for (const { hotel, roomTypes } of sample) {
      for (const list of [hotel.amenities, ...roomTypes.map((room) => room.amenities)]) {
        if (list.some((label) => !canonical.has(label)) || new Set(list).size !== list.length)
          offending.push(`${hotel.name}: ${list.join(", ")}`);
      }
    }
    expect(offending).toEqual([]);
  });

  it("keeps the amenity flags and the amenity labels in agreement", () => {
    const disagreeing: string[] = [];
    for (const { hotel } of sample) {
      for (const amenity of AMENITIES) {
        if ("flag" in amenity && hotel.amenities.includes(amenity.label) !== hotel[amenity.flag])
          disagreeing.push(`${hotel.name}: ${amenity.flag}`);
      }
    }
    expect(disagreeing).toEqual([]);
    for (const label of ["Free WiFi", "Parking", "Restaurant", "Pool", "Gym", "Spa", "Breakfast included"]) {
      expect(
        sample.some((g) => g.hotel.amenities.includes(label)),
        label,
      ).toBe(true);
    }
  });

  it("mixes every property type, in step with the kind of place the name and description speak of", () => {
    const byType = new Map<string, GeneratedHotel[]>();
    for (const g of sample) byType.set(g.hotel.propertyType, [...(byType.get(g.hotel.propertyType) ?? []), g]);
    expect(new Set(byType.keys())).toEqual(new Set(PROPERTY_TYPES));
    // Mostly hotels, each other type a visible share.
    expect(byType.get("hotel")!.length / SAMPLE_SIZE).toBeGreaterThan(0.5);
    for (const type of PROPERTY_TYPES) expect(byType.get(type)!.length / SAMPLE_SIZE, type).toBeGreaterThan(0.02);
    for (const { hotel } of byType.get("resort")!) expect(hotel.name).toMatch(/Resort/);
    for (const { hotel } of byType.get("hostel")!) expect(hotel.description).toMatch(/-star hostel|This [a-z-]+ hostel/);
    for (const { hotel } of byType.get("apartment")!) expect(hotel.description).toMatch(/aparthotel/);
  });

  it("uses only local image URLs", () => {
    for (const { hotel, roomTypes } of sample) {
      expect(hotel.image).toBe(hotel.images[0]);
      expect(hotel.images.length).toBeGreaterThanOrEqual(4);
      expect(hotel.images.length).toBeLessThanOrEqual(8);
      for (const url of hotel.images) expect(url).toMatch(IMAGE_URL);
      for (const room of roomTypes) {
        expect(room.images.length).toBeGreaterThanOrEqual(2);
        expect(room.images.length).toBeLessThanOrEqual(4);
        for (const url of room.images) expect(url).toMatch(/^\/images\/(room|bathroom)-\d+\.svg$/);
      }
    }
    expect(new Set(sample.map((g) => g.hotel.image)).size).toBe(SAMPLE_SIZE);
  });

  it("keeps every field within the catalogue's ranges", () => {
    for (const { hotel, roomTypes } of sample) {
      expect(hotel.starRating).toBeGreaterThanOrEqual(1);
      expect(hotel.starRating).toBeLessThanOrEqual(5);
      expect(hotel.rating).toBeGreaterThanOrEqual(hotel.reviewCount === 0 ? 0 : 1);
      expect(hotel.rating).toBeLessThanOrEqual(5);
      expect(Math.round(hotel.rating * 10) / 10).toBe(hotel.rating);
      expect(hotel.distanceFromCenterKm).toBeGreaterThanOrEqual(0.1);
      expect(hotel.distanceFromCenterKm).toBeLessThanOrEqual(15.1);
      expect(hotel.priceCents).toBeGreaterThanOrEqual(3500);
      expect(hotel.currency).toBe("USD");
      expect(hotel.location.endsWith(`, ${hotel.city}`)).toBe(true);
      expect(hotel.description!.split(". ").length).toBeGreaterThanOrEqual(2);
      expect(hotel.cancellationPolicy).toBe(
        hotel.freeCancellationDays === 0
          ? "Non-refundable"
          : `Free cancellation up to ${hotel.freeCancellationDays} day${hotel.freeCancellationDays === 1 ? "" : "s"} before check-in`,
      );
      for (const room of roomTypes) {
        expect(room.maxGuests).toBeGreaterThanOrEqual(1);
        expect(room.maxGuests).toBeLessThanOrEqual(6);
        expect(room.sizeM2).toBeGreaterThanOrEqual(14);
        expect(room.sizeM2).toBeLessThanOrEqual(90);
        expect(room.totalRooms).toBeGreaterThanOrEqual(1);
        expect(room.totalRooms).toBeLessThanOrEqual(40);
        expect(room.amenities.length).toBeGreaterThan(0);
        expect(room.currency).toBe("USD");
      }
    }
  });

  it("places hotels around their city, at the distance it states", () => {
    for (const { hotel } of sample.slice(0, 500)) {
      const city = getDestinations().find((d) => d.city === hotel.city && d.countryCode === hotel.countryCode)!;
      expect(haversineKm(city.lat, city.lng, hotel.lat, hotel.lng)).toBeCloseTo(hotel.distanceFromCenterKm, 0);
    }
    const underTen = sample.filter((g) => g.hotel.distanceFromCenterKm < 10).length / SAMPLE_SIZE;
    expect(underTen).toBeGreaterThan(0.7);
  });

  it("varies stars (mostly 3–4), prices and room supply like a real catalogue", () => {
    const midRange = sample.filter((g) => g.hotel.starRating === 3 || g.hotel.starRating === 4).length;
    expect(midRange / SAMPLE_SIZE).toBeGreaterThan(0.6);
    for (const stars of [1, 2, 3, 4, 5]) expect(sample.some((g) => g.hotel.starRating === stars)).toBe(true);
    const rooms = sample.flatMap((g) => g.roomTypes);
    expect(rooms.some((r) => r.priceCents > 100_000)).toBe(true);
    expect(rooms.some((r) => r.totalRooms <= 2)).toBe(true);
    const fiveStar = sample.filter((g) => g.hotel.starRating === 5);
    const oneStar = sample.filter((g) => g.hotel.starRating === 1);
    expect(average(fiveStar.map((g) => g.hotel.priceCents))).toBeGreaterThan(3 * average(oneStar.map((g) => g.hotel.priceCents)));
    expect(average(fiveStar.map((g) => g.hotel.rating))).toBeGreaterThan(average(oneStar.map((g) => g.hotel.rating)));
  });
});

function average(values: number[]): number {
  return values.reduce((a, b) => a + b, 0) / values.length;
}

function haversineKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const toRad = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * toRad) / 2) ** 2 +
    Math.cos(lat1 * toRad) * Math.cos(lat2 * toRad) * Math.sin(((lng2 - lng1) * toRad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(a));
}

describe("generated reviews", () => {
  const sample = Array.from({ length: 1000 }, (_, i) => generateHotel(i));

  it("give each hotel the rating and count of its own reviews, and none beyond the reviewed subset", () => {
    for (const { hotel, reviews } of sample) {
      expect(hotel.reviewCount).toBe(reviews.length);
      const average = reviews.length === 0 ? 0 : Math.round((reviews.reduce((a, r) => a + r.rating, 0) / reviews.length) * 10) / 10;
      expect(hotel.rating).toBeCloseTo(average, 5);
    }
    const late = generateHotel(REVIEWED_HOTELS + 7);
    expect(late.reviews).toEqual([]);
    expect(late.hotel).toMatchObject({ rating: 0, reviewCount: 0 });
  });

  it("are past stays by distinct demo guests, varied, some with photos and votes never cast by the author", () => {
    const all = sample.flatMap((g) => g.reviews.map((review) => ({ review, rooms: g.roomTypes.length, images: g.hotel.images })));
    expect(all.length).toBeGreaterThan(1500);
    for (const { review, rooms, images } of all) {
      expect(review.guest).toBeLessThan(DEMO_GUEST_COUNT);
      expect(review.writtenDaysAgo).toBeGreaterThanOrEqual(1);
      expect(review.checkInDaysAgo - review.nights).toBeGreaterThan(review.writtenDaysAgo);
      expect(review.roomIndex).toBeLessThan(rooms);
      for (const photo of review.photos) expect(images).toContain(photo);
      const voters = [...review.helpfulVoters, ...review.unhelpfulVoters];
      expect(voters).not.toContain(review.guest);
      expect(new Set(voters).size).toBe(voters.length);
    }
    for (const g of sample) expect(new Set(g.reviews.map((r) => r.guest)).size).toBe(g.reviews.length);
    expect(new Set(all.map((x) => x.review.comment)).size).toBeGreaterThan(all.length * 0.8);
    expect(new Set(all.map((x) => x.review.rating)).size).toBe(5);
    expect(all.filter((x) => x.review.photos.length > 0).length).toBeGreaterThan(all.length * 0.1);
    expect(all.filter((x) => x.review.helpfulVoters.length > 0).length).toBeGreaterThan(all.length * 0.2);
  });
});
