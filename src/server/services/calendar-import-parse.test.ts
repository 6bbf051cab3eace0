import { describe, expect, it } from "vitest";
import { CalendarFeedParseError, parseCalendarFeed } from "./calendar-import-parse.ts";

const TODAY = "2026-11-28";
const opts = { timeZone: "Europe/Madrid", today: TODAY };

function calendar(...events: string[]): string {
  return ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN", ...events, "END:VCALENDAR", ""].join("\r\n");
}

describe("parseCalendarFeed", () => {
  it("reads Airbnb's all-day shapes: DTEND is exclusive, 'Reserved' and 'Not available' both block", () => {
    const feed = calendar(
      "BEGIN:VEVENT",
      "DTSTAMP:20261128T100000Z",
      "DTSTART;VALUE=DATE:20261210",
      "DTEND;VALUE=DATE:20261213",
      "SUMMARY:Reserved",
      "UID:1418fb94e984-9b2e2c3bd7e4c5a6d0b0a4d8b2f0e1f1@airbnb.com",
      "DESCRIPTION:Reservation URL: https://www.airbnb.com/hosting/reservations/details/HMABCDEF\\nPhone Number (Last 4 Digits): 1234",
      "END:VEVENT",
      "BEGIN:VEVENT",
      "DTSTAMP:20261128T100000Z",
      "DTSTART;VALUE=DATE:20270105",
      "DTEND;VALUE=DATE:20270106",
      "SUMMARY:Airbnb (Not available)",
      "UID:7f0a3c2b1d-0ad1e1f0@airbnb.com",
      "END:VEVENT",
    );
    expect(parseCalendarFeed(feed, opts)).toEqual([
      {
        uid: "1418fb94e984-9b2e2c3bd7e4c5a6d0b0a4d8b2f0e1f1@airbnb.com",
        recurrenceId: "",
        checkIn: "2026-12-10",
        checkOut: "2026-12-13",
        summary: "Reserved",
      },
      {
        uid: "7f0a3c2b1d-0ad1e1f0@airbnb.com",
        recurrenceId: "",
        checkIn: "2027-01-05",
        checkOut: "2027-01-06",
        summary: "Airbnb (Not available)",
      },
    ]);
  });

  it("reads Booking.com's 'CLOSED - Not available' with a folded line, and skips cancelled and past events", () => {
    const feed = calendar(
      "BEGIN:VEVENT",
      "UID:0e8a1b5c9d3b4f5c8a2e@booking.com",
      "DTSTART;VALUE=DATE:20261201",
      "DTEND;VALUE=DATE:20261204",
      "SUMMARY:CLOSED - Not ",
      " available",
      "END:VEVENT",
      "BEGIN:VEVENT",
      "UID:cancelled@booking.com",
      "STATUS:CANCELLED",
      "DTSTART;VALUE=DATE:20261205",
      "DTEND;VALUE=DATE:20261207",
      "SUMMARY:CLOSED - Not available",
      "END:VEVENT",
      "BEGIN:VEVENT",
      "UID:past@booking.com",
      "DTSTART;VALUE=DATE:20261120",
      "DTEND;VALUE=DATE:20261128",
      "SUMMARY:CLOSED - Not available",
      "END:VEVENT",
    );
    expect(parseCalendarFeed(feed, opts)).toEqual([
      {
        uid: "0e8a1b5c9d3b4f5c8a2e@booking.com",
        recurrenceId: "",
        checkIn: "2026-12-01",
        checkOut: "2026-12-04",
        summary: "CLOSED - Not available",
      },
    ]);
  });

  it("reads a timed event on its own time zone's wall clock, and a UTC time in the hotel's zone", () => {
    const feed = calendar(
      "BEGIN:VEVENT",
      "UID:tz@vrbo",
      "DTSTART;TZID=America/New_York:20261203T160000",
      "DTEND;TZID=America/New_York:20261205T100000",
      "SUMMARY:Blocked",
      "END:VEVENT",
      "BEGIN:VEVENT",
      "UID:utc@vrbo",
      // 23:30 UTC on 9 Dec is 00:30 on 10 Dec in Madrid.
      "DTSTART:20261209T233000Z",
      "DTEND:20261210T200000Z",
      "END:VEVENT",
    );
    const events = parseCalendarFeed(feed, opts);
    expect(events).toContainEqual({ uid: "tz@vrbo", recurrenceId: "", checkIn: "2026-12-03", checkOut: "2026-12-05", summary: "Blocked" });
    expect(events).toContainEqual({ uid: "utc@vrbo", recurrenceId: "", checkIn: "2026-12-10", checkOut: "2026-12-11", summary: "" });
  });

  it("expands a recurring block with EXDATE and an override, up to the horizon", () => {
    const feed = calendar(
      "BEGIN:VEVENT",
      "UID:weekly@x",
      "DTSTART;VALUE=DATE:20261201",
      "DTEND;VALUE=DATE:20261203",
      "RRULE:FREQ=WEEKLY",
      "EXDATE;VALUE=DATE:20261208",
      "SUMMARY:Owner stay",
      "END:VEVENT",
      "BEGIN:VEVENT",
      "UID:weekly@x",
      "RECURRENCE-ID;VALUE=DATE:20261215",
      "DTSTART;VALUE=DATE:20261216",
      "DTEND;VALUE=DATE:20261217",
      "SUMMARY:Owner stay (moved)",
      "END:VEVENT",
    );
    const events = parseCalendarFeed(feed, { ...opts, horizonDays: 31 });
    expect(events.map((e) => [e.recurrenceId, e.checkIn, e.checkOut])).toEqual([
      ["2026-12-01", "2026-12-01", "2026-12-03"],
      ["2026-12-15", "2026-12-16", "2026-12-17"],
      ["2026-12-22", "2026-12-22", "2026-12-24"],
    ]);
    // 18 months of a weekly series by default.
    expect(parseCalendarFeed(feed, opts).length).toBeGreaterThan(75);
  });

  it("cuts a long block at the horizon", () => {
    const feed = calendar("BEGIN:VEVENT", "UID:long@x", "DTSTART;VALUE=DATE:20261201", "DTEND;VALUE=DATE:20301201", "END:VEVENT");
    expect(parseCalendarFeed(feed, { ...opts, horizonDays: 10 })).toEqual([
      { uid: "long@x", recurrenceId: "", checkIn: "2026-12-01", checkOut: "2026-12-08", summary: "" },
    ]);
  });

  it("refuses a series too long to expand instead of walking it for ever", () => {
    const feed = calendar(
      "BEGIN:VEVENT",
      "UID:hourly@x",
      "DTSTART:20000101T000000Z",
      "DTEND:20000101T003000Z",
      "RRULE:FREQ=HOURLY",
      "END:VEVENT",
    );
    expect(() => parseCalendarFeed(feed, opts)).toThrow(/repeats too often/);
  });

  it("refuses what is not an iCalendar file", () => {
    expect(() => parseCalendarFeed("<!doctype html><html><body>Log in</body></html>", opts)).toThrow(CalendarFeedParseError);
    expect(() => parseCalendarFeed("<!doctype html>", opts)).toThrow(/not return an iCalendar file/);
    expect(() => parseCalendarFeed("BEGIN:VCALENDAR\r\nthis is not a property\r\nEND:VCALENDAR", opts)).toThrow(/could not be read/);
  });
});
