/**
 * A realistic booking load for benchmarks (decision 019): confirmed, paid bookings by the demo guests
 * over the next days, with occupancy that depends on the city's popularity, the season, the weekday
 * and the hotel. Hotel by hotel and deterministic: a hotel's bookings depend only on (seed, hotel,
 * its room types, the first night), so any slice of the catalogue can be generated on its own.
 */
import { addDays } from "../../../shared/dates.ts";
import { DEMO_GUEST_COUNT, demoGuest } from "./catalogue-reviews.ts";
import { FEATURED_CITIES, getDestinations } from "./destinations.ts";
import { mix, Random } from "./random.ts";

export interface LoadRoomType {
  id: number;
  name: string;
  priceCents: number;
  maxGuests: number;
  totalRooms: number;
}

export interface LoadHotel {
  id: number;
  name: string;
  city: string;
  country: string;
  lat: number;
  roomTypes: readonly LoadRoomType[];
}

/** A bookings row as the app writes a paid, confirmed booking (property names of the Drizzle schema). */
export interface LoadBooking {
  id: string;
  userId: string;
  bookingReference: string;
  hotelId: number;
  hotelName: string;
  roomTypeId: number;
  roomType: string;
  roomPriceCents: number;
  /** Each night's price per room, as the hold stores it (the load sells at the base price). */
  nightlyPriceCents: number[];
  checkIn: string;
  checkOut: string;
  numGuests: number;
  numRooms: number;
  totalNights: number;
  totalPriceCents: number;
  guestName: string;
  guestEmail: string;
  guestPhone: string;
  status: "confirmed";
  paymentStatus: "completed";
  createdAt: Date;
}

export interface LoadRoomNight {
  roomTypeId: number;
  night: string;
  roomsTotal: number;
  roomsTaken: number;
}

export interface HotelLoad {
  bookings: LoadBooking[];
  /** One row per room type and night with something taken: the sum of the bookings' rooms. */
  roomNights: LoadRoomNight[];
  /** Booked room-nights: the sum of rooms_taken over roomNights. */
  roomNightCount: number;
}

export interface HotelLoadOptions {
  seed: number;
  /** First night of the load (today when seeding). */
  firstNight: string;
  days: number;
  /** When the bookings were "made": createdAt falls in the 120 days before this instant. */
  now: Date;
}

const MS_PER_DAY = 86_400_000;
/** Nights per stay, 1 to 7: short city breaks dominate. */
const STAY_WEIGHTS = [30, 28, 17, 10, 6, 4, 5];
/** Rooms per booking, 1 to 3. */
const ROOM_WEIGHTS = [86, 11, 3];
/** Share of a city's nights with an event (a fair, a festival) that fills it up. */
const EVENT_SHARE = 0.04;

interface CityProfile {
  /** 0 (least popular destination) to 1 (most popular), by the catalogue's hotel share. */
  popularity: number;
  beach: boolean;
}

let profiles: Map<string, CityProfile> | null = null;

/** Popularity by rank of the destination's share of hotels; the featured cities are the most popular. */
function cityProfile(city: string, country: string): CityProfile {
  if (!profiles) {
    const destinations = [...getDestinations()].sort((a, b) => a.weight - b.weight);
    profiles = new Map(
      destinations.map((d, i) => [
        `${d.city}|${d.country}`,
        {
          popularity: (FEATURED_CITIES as readonly string[]).includes(d.city) ? 1 : i / Math.max(1, destinations.length - 1),
          beach: d.beach,
        },
      ]),
    );
  }
  return profiles.get(`${city}|${country}`) ?? { popularity: 0.3, beach: false };
}

function textHash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** Demand in the month of `night` relative to the year's average: summer peaks, winter lows, Christmas. */
function seasonFactor(night: string, lat: number, beach: boolean): number {
  const month = Number(night.slice(5, 7));
  const day = Number(night.slice(8, 10));
  if (month === 12 && day >= 20) return 1.1;
  // The tropics and deserts near them are busiest in the northern winter.
  if (Math.abs(lat) < 30) return month >= 11 || month <= 3 ? 1.05 : month >= 6 && month <= 8 ? 0.88 : 0.97;
  const summer = lat >= 0 ? month >= 6 && month <= 8 : month === 12 || month <= 2;
  const winter = lat >= 0 ? month === 11 || month === 12 || month <= 3 : month >= 5 && month <= 9;
  if (summer) return beach ? 1.2 : 1.1;
  if (winter) return beach ? 0.75 : 0.86;
  return 1;
}

/** Friday and Saturday nights. */
function isWeekendNight(night: string): boolean {
  const weekday = new Date(`${night}T00:00:00Z`).getUTCDay();
  return weekday === 5 || weekday === 6;
}

/**
 * The hotel's expected occupancy for each night: popular cities run about 60 % on weekdays and 75 %
 * on weekends before the season, the least popular about 25 % and 30 %; events fill a city on a few
 * nights, and nights far ahead are less booked yet.
 */
export function occupancyTargets(hotel: LoadHotel, options: Pick<HotelLoadOptions, "seed" | "firstNight" | "days">): number[] {
  const profile = cityProfile(hotel.city, hotel.country);
  const cityHash = mix(options.seed, textHash(`${hotel.city}|${hotel.country}`));
  const cityShift = ((cityHash % 1000) / 1000 - 0.5) * 0.1;
  const appeal = 1 + ((mix(cityHash, hotel.id) % 1000) / 1000 - 0.5) * 0.16;
  const weekday = 0.25 + 0.35 * profile.popularity + cityShift;
  const weekend = weekday + 0.05 + 0.13 * profile.popularity;
  const targets: number[] = [];
  for (let d = 0; d < options.days; d++) {
    const night = addDays(options.firstNight, d);
    const base = isWeekendNight(night) ? weekend : weekday;
    const event = mix(cityHash, textHash(night)) / 2 ** 32 < EVENT_SHARE ? 1.3 : 1;
    // Bookings still to come: the books are fuller for the next weeks than for five months ahead.
    const pickup = d < 30 ? 1 : 1 - (0.2 * (d - 30)) / 150;
    targets.push(Math.min(1, base * seasonFactor(night, hotel.lat, profile.beach) * appeal * event * pickup));
  }
  return targets;
}

/**
 * The bookings of one hotel: each room type is filled night by night up to its occupancy target with
 * stays of 1–7 nights and 1–3 rooms, never past its room count on any night.
 */
export function generateHotelLoad(hotel: LoadHotel, options: HotelLoadOptions): HotelLoad {
  const targets = occupancyTargets(hotel, options);
  const bookings: LoadBooking[] = [];
  const roomNights: LoadRoomNight[] = [];
  let roomNightCount = 0;
  const nowMs = options.now.getTime();
  for (const room of hotel.roomTypes) {
    if (room.totalRooms <= 0) continue;
    const r = new Random(mix(mix(options.seed, 0xb00c), room.id));
    // Rooms wanted per night: the target with random rounding, so small room types still vary.
    const wanted = targets.map((t) => Math.min(room.totalRooms, Math.floor(t * room.totalRooms + r.next())));
    const taken = new Array<number>(options.days).fill(0);
    for (let d = 0; d < options.days; d++) {
      while (taken[d]! < wanted[d]!) {
        const rooms = Math.min(r.weighted(ROOM_WEIGHTS) + 1, wanted[d]! - taken[d]!);
        const longest = r.weighted(STAY_WEIGHTS) + 1;
        // A stay goes on while the next night has room for it (one room over the target at most).
        let nights = 1;
        while (
          nights < longest &&
          d + nights < options.days &&
          taken[d + nights]! + rooms <= Math.min(room.totalRooms, wanted[d + nights]! + 1)
        ) {
          nights++;
        }
        for (let k = 0; k < nights; k++) taken[d + k]! += rooms;
        const n = bookings.length;
        const guest = demoGuest(mix(room.id, n) % DEMO_GUEST_COUNT);
        const checkIn = addDays(options.firstNight, d);
        // Booked between a day and four months before check-in, and never after "now".
        const leadDays = 1 + Math.floor(r.next() ** 2 * 120);
        const createdAt = new Date(
          Math.min(nowMs - 3_600_000, Date.parse(`${checkIn}T12:00:00Z`) - leadDays * MS_PER_DAY) - Math.floor(r.next() * 3_600_000),
        );
        bookings.push({
          id: `load-${room.id}-${n}`,
          userId: guest.id,
          // BK + 13 digits + 5 letters like real references; the digits make it unique (room type, number).
          bookingReference: `BK${String(room.id * 100_000 + n).padStart(13, "0")}LOADB`,
          hotelId: hotel.id,
          hotelName: hotel.name,
          roomTypeId: room.id,
          roomType: room.name,
          roomPriceCents: room.priceCents,
          nightlyPriceCents: Array.from({ length: nights }, () => room.priceCents),
          checkIn,
          checkOut: addDays(checkIn, nights),
          numGuests: Math.min(room.maxGuests, 1 + (r.next() < 0.7 ? 1 : 0)) * rooms,
          numRooms: rooms,
          totalNights: nights,
          totalPriceCents: room.priceCents * nights * rooms,
          guestName: guest.name,
          guestEmail: guest.email,
          guestPhone: "+1 555 0100",
          status: "confirmed",
          paymentStatus: "completed",
          createdAt,
        });
      }
    }
    for (let d = 0; d < options.days; d++) {
      if (taken[d] === 0) continue;
      roomNights.push({ roomTypeId: room.id, night: addDays(options.firstNight, d), roomsTotal: room.totalRooms, roomsTaken: taken[d]! });
      roomNightCount += taken[d]!;
    }
  }
  return { bookings, roomNights, roomNightCount };
}
