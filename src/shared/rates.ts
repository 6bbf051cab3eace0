import { z } from "zod";
import { fieldError } from "./field-messages.ts";
import { addDays, countNights, isCalendarDate, isIsoDate, todayUtc } from "./dates.ts";
import { MAX_DATABASE_ID } from "./ids.ts";

/** One night of a stay as sold: its date and the price of one room that night. */
export interface NightPrice {
  night: string;
  priceCents: number;
}

/** A stay's price per room is the sum of its nights (decision 020). */
export function stayTotalCents(nights: readonly NightPrice[]): number {
  return nights.reduce((sum, n) => sum + n.priceCents, 0);
}

/**
 * The nightly price a stay is shown and filtered at: its total over its nights, rounded to the
 * cent (half up). The search's SQL computes the same (services/search/pricing-sql.ts).
 */
export function averageNightlyCents(totalCents: number, nights: number): number {
  return nights > 0 ? Math.round(totalCents / nights) : totalCents;
}

/**
 * What a room offer costs for the stay: the sum of its nights × rooms when it was priced night by
 * night, else its nightly price × nights × rooms (bookingTotalCents, a partner's flat price).
 */
export function offerTotalCents(
  offer: { priceCents: number; stayPriceCents: number; nightlyPrices: readonly NightPrice[] | null },
  nights: number,
  rooms: number,
): number {
  return offer.nightlyPrices ? offer.stayPriceCents * rooms : offer.priceCents * nights * rooms;
}

/** Week days as the calendar's bitmask: bit 0 = Monday … bit 6 = Sunday (ISO order). */
export const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"] as const;
export const ALL_WEEKDAYS = 0b111_1111;

/** The ISO day of the week (Monday = 1 … Sunday = 7) of a 'YYYY-MM-DD' date. */
export function isoWeekday(date: string): number {
  return ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
}

/** The ISO weekday bit (Monday = 1, Sunday = 64) of a 'YYYY-MM-DD' date. */
export function weekdayBit(date: string): number {
  return 1 << (isoWeekday(date) - 1);
}

/** A refusal names this many closed nights, then says how many more there are. */
export const NAMED_CLOSED_NIGHTS = 3;

const englishNight = new Intl.DateTimeFormat("en-US", {
  weekday: "short",
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});

/**
 * Closed nights as the app writes dates in English ('Sat, Dec 28, 2024 and Sun, Dec 29, 2024'): the
 * first NAMED_CLOSED_NIGHTS, then how many more, so a guest knows which dates to move.
 */
export function closedNightsText(nights: readonly string[]): string {
  const named = nights.slice(0, NAMED_CLOSED_NIGHTS).map((night) => englishNight.format(new Date(`${night}T00:00:00Z`)));
  const more = nights.length - named.length;
  const items = more > 0 ? [...named, `${more} more ${more === 1 ? "night" : "nights"}`] : named;
  return new Intl.ListFormat("en", { type: "conjunction" }).format(items);
}

/** A room's reason for closed nights of a stay: which nights, so the guest knows which dates to move. */
export function closedNightsMessage(nights: readonly string[]): string {
  return `Not available on ${closedNightsText(nights)}`;
}

/** Longest range one calendar edit may cover. */
export const MAX_RANGE_NIGHTS = 366;
export const MAX_MIN_STAY = 30;
/** Highest nightly price the calendar accepts ($100,000). */
export const MAX_RATE_CENTS = 10_000_000;

const isoDate = z
  .string({ message: fieldError("dateFormat") })
  .refine(isIsoDate, fieldError("dateFormat"))
  .refine(isCalendarDate, fieldError("dateYears"));

/** The nights of [from, to] (both included) that fall on the given weekdays. */
export function rangeNights(from: string, to: string, weekdays: number): string[] {
  const nights: string[] = [];
  const count = countNights(from, to) + 1;
  for (let i = 0; i < count; i++) {
    const night = addDays(from, i);
    if (weekdayBit(night) & weekdays) nights.push(night);
  }
  return nights;
}

/**
 * A range edit of the rates calendar: for the room types, the nights from `from` to `to` (both
 * included) on the chosen week days get any of a price, a minimum stay, closed/open and rooms to
 * sell. `today()` gives the first night that may change (read at each validation): no night in the
 * past can be changed.
 */
export function calendarEditSchema(today: () => string) {
  return z
    .object({
      roomTypeIds: z
        .array(
          z
            .number({ message: fieldError("roomTypesOfHotel") })
            .int(fieldError("roomTypesOfHotel"))
            .positive(fieldError("roomTypesOfHotel"))
            .max(MAX_DATABASE_ID, fieldError("roomTypesOfHotel")),
          { message: fieldError("roomTypesAtLeastOne") },
        )
        .min(1, fieldError("roomTypesAtLeastOne"))
        .max(100, fieldError("roomTypesAtMost")),
      from: isoDate,
      to: isoDate,
      weekdays: z
        .number({ message: fieldError("weekdaysChoose") })
        .int(fieldError("weekdaysChoose"))
        .min(1, fieldError("weekdaysAtLeastOne"))
        .max(ALL_WEEKDAYS, fieldError("weekdaysUnknown"))
        .default(ALL_WEEKDAYS),
      priceCents: z
        .number({ message: fieldError("fieldNumber", { field: "price" }) })
        .int(fieldError("priceWholeCents"))
        .positive(fieldError("priceMoreThanZero"))
        .max(MAX_RATE_CENTS, fieldError("nightlyPriceTooHigh"))
        .optional(),
      minStay: z
        .number({ message: fieldError("minStayNumber") })
        .int(fieldError("minStayWhole"))
        .min(1, fieldError("minStayAtLeast"))
        .max(MAX_MIN_STAY, fieldError("minStayAtMost", { max: MAX_MIN_STAY }))
        .optional(),
      closed: z.boolean({ message: fieldError("chooseOpenClosed") }).optional(),
      roomsToSell: z
        .number({ message: fieldError("roomsToSellNumber") })
        .int(fieldError("roomsToSellWhole"))
        .min(0, fieldError("roomsToSellNegative"))
        .max(10_000)
        .optional(),
    })
    .superRefine((v, ctx) => {
      if (!isIsoDate(v.from) || !isIsoDate(v.to)) return;
      if (v.from < today()) ctx.addIssue({ code: "custom", path: ["from"], message: fieldError("pastDates") });
      if (v.to < v.from) {
        ctx.addIssue({ code: "custom", path: ["to"], message: fieldError("lastNightOrder") });
        return;
      }
      const nights = countNights(v.from, v.to) + 1;
      if (nights > MAX_RANGE_NIGHTS) {
        ctx.addIssue({ code: "custom", path: ["to"], message: fieldError("rangeTooLong", { max: MAX_RANGE_NIGHTS }) });
        return;
      }
      if (rangeNights(v.from, v.to, v.weekdays).length === 0) {
        ctx.addIssue({ code: "custom", path: ["weekdays"], message: fieldError("noWeekdayInRange") });
      }
      if (v.minStay !== undefined && v.minStay > nights) {
        ctx.addIssue({
          code: "custom",
          path: ["minStay"],
          message: fieldError("minStayLonger", { minStay: v.minStay, nights }),
        });
      }
      if (v.priceCents === undefined && v.minStay === undefined && v.closed === undefined && v.roomsToSell === undefined) {
        ctx.addIssue({ code: "custom", path: ["priceCents"], message: fieldError("setSomething") });
      }
    });
}
/**
 * The server's check: a night is past once it is over everywhere, so the hotelier's "today" is
 * accepted from any time zone (UTC today less one day).
 */
export const CalendarEditInput = calendarEditSchema(() => addDays(todayUtc(), -1));
export type CalendarEditInput = z.infer<typeof CalendarEditInput>;

/** A month of the calendar: 'YYYY-MM'. */
export const CalendarMonth = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, fieldError("monthFormat"))
  .refine((month) => isCalendarDate(`${month}-01`), fieldError("monthYears"));

/** The first and last day of a 'YYYY-MM' month. */
export function monthBounds(month: string): { first: string; last: string } {
  const first = `${month}-01`;
  const [y, m] = month.split("-").map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, "0")}-01`;
  return { first, last: addDays(next, -1) };
}

/** One cell of the calendar grid: a room type on a night. */
export interface CalendarNight {
  night: string;
  priceCents: number;
  closed: boolean;
  minStay: number;
  /** Rooms the hotel sells that night (the calendar's limit, else the room type's count). */
  roomsToSell: number;
  /** Rooms held or booked that night. */
  roomsSold: number;
}

export interface CalendarRoomType {
  id: number;
  name: string;
  basePriceCents: number;
  totalRooms: number;
  nights: CalendarNight[];
}

export interface CalendarMonthView {
  hotelId: number;
  hotelName: string;
  currency: string;
  month: string;
  roomTypes: CalendarRoomType[];
}
