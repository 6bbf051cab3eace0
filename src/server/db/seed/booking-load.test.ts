import { describe, expect, it } from "vitest";
import { addDays } from "../../../shared/dates.ts";
import { generateHotelLoad, occupancyTargets, type LoadHotel } from "./booking-load.ts";

const paris: LoadHotel = {
  id: 7,
  name: "Hôtel Test",
  city: "Paris",
  country: "France",
  lat: 48.85,
  roomTypes: [
    { id: 70, name: "Double Room", priceCents: 15_000, maxGuests: 2, totalRooms: 20 },
    { id: 71, name: "Suite", priceCents: 40_000, maxGuests: 4, totalRooms: 2 },
  ],
};
const options = { seed: 1, firstNight: "2027-03-01", days: 60, now: new Date("2027-02-28T09:00:00Z") };

describe("generateHotelLoad", () => {
  it("is the same for the same hotel and seed, and different for another seed", () => {
    expect(generateHotelLoad(paris, options)).toEqual(generateHotelLoad(paris, options));
    expect(generateHotelLoad(paris, { ...options, seed: 2 }).bookings).not.toEqual(generateHotelLoad(paris, options).bookings);
  });

  it("books each room type within its room count, and room_nights add up the bookings", () => {
    const load = generateHotelLoad(paris, options);
    const taken = new Map<string, number>();
    for (const b of load.bookings) {
      expect(b.createdAt.getTime()).toBeLessThan(options.now.getTime());
      expect(b.totalPriceCents).toBe(b.roomPriceCents * b.totalNights * b.numRooms);
      for (let k = 0; k < b.totalNights; k++) {
        const key = `${b.roomTypeId} ${addDays(b.checkIn, k)}`;
        taken.set(key, (taken.get(key) ?? 0) + b.numRooms);
      }
    }
    expect(new Map(load.roomNights.map((n) => [`${n.roomTypeId} ${n.night}`, n.roomsTaken]))).toEqual(taken);
    for (const n of load.roomNights) expect(n.roomsTaken).toBeLessThanOrEqual(n.roomsTotal);
    expect(load.roomNightCount).toBe([...taken.values()].reduce((a, b) => a + b, 0));
  });

  it("aims popular cities' weekends higher than their weekdays and than small towns' weekends", () => {
    const targets = occupancyTargets(paris, options);
    const town = occupancyTargets({ ...paris, city: "Nowhere", country: "Nowhere" }, options);
    const weekend = (t: number[]) =>
      t.filter((_, d) => [5, 6].includes(new Date(`${addDays(options.firstNight, d)}T00:00:00Z`).getUTCDay()));
    const weekdays = (t: number[]) =>
      t.filter((_, d) => ![5, 6].includes(new Date(`${addDays(options.firstNight, d)}T00:00:00Z`).getUTCDay()));
    const mean = (t: number[]) => t.reduce((a, b) => a + b, 0) / t.length;
    expect(mean(weekend(targets))).toBeGreaterThan(mean(weekdays(targets)));
    expect(mean(weekend(targets))).toBeGreaterThan(mean(weekend(town)) + 0.2);
  });
});
