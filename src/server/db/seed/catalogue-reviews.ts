/**
 * Demo reviews: written by demo guests about stays they really had (a completed booking each), so a
 * hotel's rating and review count are what its review rows say. Only the first REVIEWED_HOTELS
 * hotels get reviews, which keeps a 2,000,000-hotel seed fast; the others start with none.
 */
import type { Random } from "./random.ts";

/** Hotels 1..REVIEWED_HOTELS (by 0-based index below it) get reviews; later ones start with none. */
export const REVIEWED_HOTELS = 20_000;
/** Demo guests who wrote the reviews and voted on each other's. They have no password: no one signs in as them. */
export const DEMO_GUEST_COUNT = 150;
/** 0–6 reviews a hotel, about 2.5 on average: lively pages, and a seed that stays fast on PGlite. */
const REVIEW_COUNT_WEIGHTS = [3, 7, 9, 8, 6, 4, 2];

export interface GeneratedReview {
  /** 0-based demo guest who stayed and wrote it. */
  guest: number;
  rating: number;
  title: string;
  comment: string;
  /** The stay: check-in this many days before the seed day, for `nights` nights, in room type `roomIndex`. */
  checkInDaysAgo: number;
  nights: number;
  roomIndex: number;
  /** Written this many days before the seed day (after check-out). */
  writtenDaysAgo: number;
  photos: string[];
  /** Demo guests (never the author) who found it helpful or not. */
  helpfulVoters: number[];
  unhelpfulVoters: number[];
}

const FIRST_NAMES = [
  "Amelia",
  "Ben",
  "Chloé",
  "Daniel",
  "Elif",
  "Farah",
  "Giulia",
  "Hiro",
  "Isabel",
  "Jonas",
  "Kavya",
  "Luca",
  "Maya",
  "Noah",
  "Olivia",
  "Pedro",
  "Quinn",
  "Rania",
  "Sofia",
  "Tomás",
  "Uma",
  "Viktor",
  "Wen",
  "Yusuf",
  "Zara",
];
const LAST_NAMES = ["Andersen", "Becker", "Costa", "Dubois", "Evans", "Fischer", "García", "Haddad", "Ito", "Jensen", "Kowalski", "Lopez"];

/** Demo guest number `n` (0-based): stable id, name and e-mail. */
export function demoGuest(n: number): { id: string; name: string; email: string } {
  const first = FIRST_NAMES[n % FIRST_NAMES.length]!;
  const last = LAST_NAMES[Math.floor(n / FIRST_NAMES.length) % LAST_NAMES.length]!;
  return { id: `demo-guest-${n + 1}`, name: `${first} ${last[0]}.`, email: `guest${n + 1}@guests.staywise.example` };
}

const TITLES: Record<number, readonly string[]> = {
  1: ["Disappointing stay", "Would not return", "Not as advertised"],
  2: ["Below expectations", "Some problems", "Needs work"],
  3: ["Decent for the price", "Okay, nothing special", "Fine for a short stay"],
  4: ["Very pleasant stay", "Good value", "Would stay again", "Comfortable and convenient"],
  5: ["Wonderful stay", "Exceeded our expectations", "Perfect in every way", "Our new favourite"],
};
const OPENINGS: Record<number, readonly string[]> = {
  1: ["Sadly this stay did not go well.", "We had high hopes, but left disappointed."],
  2: ["Parts of our stay were fine, others were not.", "It was a mixed experience."],
  3: ["A reasonable place to sleep.", "It did the job for our trip."],
  4: ["We enjoyed our time here.", "A good choice for our trip."],
  5: ["We loved everything about this hotel.", "One of the best stays we have had."],
};
const GOOD = [
  "The staff at reception were friendly and helpful.",
  "Our room was spotless and quiet.",
  "Breakfast had plenty of fresh choices.",
  "The location made it easy to walk everywhere.",
  "The bed was very comfortable.",
  "Check-in was quick even though we arrived late.",
  "The shower had great water pressure.",
];
const BAD = [
  "The room was smaller than the photos suggest.",
  "We could hear traffic at night.",
  "The WiFi kept dropping in our room.",
  "Breakfast ran out of several items early.",
  "Check-in took a long time.",
  "The air conditioning was noisy.",
];
const TRIPS = [
  "on a city break",
  "for a family holiday",
  "on a business trip",
  "for our anniversary",
  "with friends",
  "on the way through",
];
const CLOSINGS: Record<number, readonly string[]> = {
  1: ["We will look elsewhere next time."],
  2: ["With a few fixes it could be good."],
  3: ["Fine if the price is right."],
  4: ["We would happily come back.", "Recommended."],
  5: ["We cannot wait to come back!", "Highly recommended."],
};

/** The reviews of hotel `index` (0-based), drawn from `r`; none beyond REVIEWED_HOTELS. */
export function generateHotelReviews(
  r: Random,
  index: number,
  stars: number,
  roomNames: readonly string[],
  hotelImages: readonly string[],
): GeneratedReview[] {
  if (index >= REVIEWED_HOTELS) return [];
  const count = r.weighted(REVIEW_COUNT_WEIGHTS);
  const quality = 2.6 + 0.35 * stars + 0.35 * r.normal();
  const guests = shuffled(
    r,
    r.sample(
      Array.from({ length: DEMO_GUEST_COUNT }, (_, i) => i),
      count,
    ),
  );
  return guests.map((guest) => {
    const rating = Math.min(5, Math.max(1, Math.round(quality + 0.7 * r.normal())));
    const nights = r.int(1, 5);
    const writtenDaysAgo = r.int(1, 600);
    const checkInDaysAgo = writtenDaysAgo + nights + r.int(1, 10);
    const good = r.sample(GOOD, rating >= 4 ? 2 : rating === 3 ? 1 : 0);
    const bad = r.sample(BAD, rating <= 2 ? 2 : rating === 3 ? 1 : r.chance(0.3) ? 1 : 0);
    const roomIndex = r.int(0, roomNames.length - 1);
    const trip = `We stayed ${nights} ${nights === 1 ? "night" : "nights"} in the ${roomNames[roomIndex]!.toLowerCase()} ${r.pick(TRIPS)}.`;
    const comment = [r.pick(OPENINGS[rating]!), trip, ...shuffled(r, [...good, ...bad]), r.pick(CLOSINGS[rating]!)].join(" ");
    const photos = r.chance(0.2) ? r.sample(hotelImages, r.int(1, Math.min(3, hotelImages.length))) : [];
    const others = Array.from({ length: DEMO_GUEST_COUNT }, (_, i) => i).filter((i) => i !== guest);
    const voters = r.chance(0.35) ? shuffled(r, r.sample(others, r.int(1, 4))) : [];
    const unhelpful = voters.length > 1 && r.chance(0.3) ? 1 : 0;
    return {
      guest,
      rating,
      title: r.pick(TITLES[rating]!),
      comment,
      checkInDaysAgo,
      nights,
      roomIndex,
      writtenDaysAgo,
      photos,
      helpfulVoters: voters.slice(unhelpful),
      unhelpfulVoters: voters.slice(0, unhelpful),
    };
  });
}

function shuffled<T>(r: Random, items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = r.int(0, i);
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}
