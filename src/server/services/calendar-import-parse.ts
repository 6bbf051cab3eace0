/**
 * Reading an imported iCalendar feed (RFC 5545) into the nights it blocks (decision 058), with
 * ical.js. Every event that is not cancelled blocks one room on its nights, whatever its summary
 * (Airbnb's "Reserved" and "Airbnb (Not available)", Booking.com's "CLOSED - Not available", a
 * VRBO or hand-made calendar's own words):
 * - an all-day event (DATE) blocks [DTSTART, DTEND): DTEND is exclusive; without one, one night;
 * - a timed event (DATE-TIME) blocks from the local date it starts to the local date it ends
 *   (a stay from 15:00 on the 3rd to 11:00 on the 5th: the nights of the 3rd and the 4th), at least
 *   one night. A time with TZID is read on its own wall clock; a UTC time in the hotel's time zone;
 * - a recurring event (RRULE, RDATE, EXDATE, RECURRENCE-ID overrides) is expanded up to the horizon,
 *   each occurrence a block of its own identified by its recurrence id.
 * Events that ended before today are left out; a block is cut at the horizon.
 */
import ICAL from "ical.js";
import { addDays } from "../../shared/dates.ts";
import { dateIn } from "../../shared/time-zones.ts";

export interface ImportedEvent {
  uid: string;
  /** '' for a single event; the occurrence's original start (ISO) for one of a recurring series. */
  recurrenceId: string;
  checkIn: string;
  checkOut: string;
  summary: string;
}

export interface ParseOptions {
  /** The hotel's time zone, for times given in UTC. */
  timeZone: string;
  /** The hotel's today: events that ended before it are left out. */
  today: string;
  /** How far ahead blocks reach (recurrences are expanded to here, long blocks are cut here). */
  horizonDays?: number;
}

/** About 18 months. */
export const IMPORT_HORIZON_DAYS = 548;
/** A feed with more events than this is refused as a whole (a runaway series, a wrong address). */
export const MAX_IMPORTED_EVENTS = 5000;

/** Occurrences walked through per recurring event, past ones included (a daily series since 1970 fits), and per feed. */
const MAX_RECURRENCE_STEPS = 25_000;
const MAX_FEED_RECURRENCE_STEPS = 40_000;

/** The feed could not be read as a calendar; the message is for the sync log. */
export class CalendarFeedParseError extends Error {}

type IcalTime = InstanceType<typeof ICAL.Time>;

function localDate(time: IcalTime, timeZone: string): string {
  if (time.zone === ICAL.Timezone.utcTimezone) return dateIn(time.toJSDate(), timeZone);
  return `${String(time.year).padStart(4, "0")}-${String(time.month).padStart(2, "0")}-${String(time.day).padStart(2, "0")}`;
}

function nightsOf(start: IcalTime, end: IcalTime | null, timeZone: string): { checkIn: string; checkOut: string } {
  const checkIn = localDate(start, timeZone);
  const last = end ? localDate(end, timeZone) : checkIn;
  return { checkIn, checkOut: last > checkIn ? last : addDays(checkIn, 1) };
}

function isCancelled(component: InstanceType<typeof ICAL.Component>): boolean {
  const status = component.getFirstPropertyValue("status");
  return typeof status === "string" && status.toUpperCase() === "CANCELLED";
}

function text(value: unknown): string {
  return typeof value === "string" ? value.trim().slice(0, 200) : "";
}

/**
 * The blocks a feed asks for. Throws CalendarFeedParseError when the text is not an iCalendar
 * object, cannot be parsed, or has more than MAX_IMPORTED_EVENTS events in the window.
 */
export function parseCalendarFeed(feed: string, options: ParseOptions): ImportedEvent[] {
  const body = feed.replace(/^\uFEFF/, "").trimStart();
  if (!/^BEGIN:VCALENDAR\r?\n/i.test(body))
    throw new CalendarFeedParseError("The address does not return an iCalendar file (BEGIN:VCALENDAR missing).");
  let calendar: InstanceType<typeof ICAL.Component>;
  try {
    const parsed: unknown = ICAL.parse(body);
    const first = Array.isArray(parsed) && typeof parsed[0] === "string" ? parsed : Array.isArray(parsed) ? parsed[0] : null;
    calendar = new ICAL.Component(first as ConstructorParameters<typeof ICAL.Component>[0]);
  } catch (error) {
    throw new CalendarFeedParseError(`The calendar could not be read: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (calendar.name !== "vcalendar") throw new CalendarFeedParseError("The address does not return an iCalendar file (no VCALENDAR).");
  const horizon = addDays(options.today, options.horizonDays ?? IMPORT_HORIZON_DAYS);
  const out = new Map<string, ImportedEvent>();
  const add = (event: ImportedEvent) => {
    if (event.checkOut <= options.today || event.checkIn >= horizon) return;
    const key = `${event.uid}\u0000${event.recurrenceId}`;
    if (out.has(key)) return;
    if (out.size >= MAX_IMPORTED_EVENTS)
      throw new CalendarFeedParseError(`The calendar has more than ${MAX_IMPORTED_EVENTS} events in the next 18 months.`);
    out.set(key, { ...event, checkOut: event.checkOut > horizon ? horizon : event.checkOut });
  };

  let feedSteps = 0;
  try {
    const components = calendar.getAllSubcomponents("vevent");
    const events = components.map((c) => new ICAL.Event(c));
    const masters = new Map<string, InstanceType<typeof ICAL.Event>>();
    for (const event of events) if (!event.isRecurrenceException() && event.uid) masters.set(event.uid, event);
    for (const event of events) {
      const master = event.uid ? masters.get(event.uid) : undefined;
      if (event.isRecurrenceException() && master && master !== event && master.isRecurring()) master.relateException(event);
    }
    for (const [index, event] of events.entries()) {
      if (!event.startDate) continue;
      const uid = text(event.uid) || `no-uid-${index}-${event.startDate.toString()}`;
      const master = masters.get(uid);
      if (event.isRecurrenceException() && master && master !== event && master.isRecurring()) continue; // expanded with its series
      if (event.isRecurring()) {
        if (isCancelled(event.component)) continue;
        const iterator = event.iterator();
        let steps = 0;
        for (let next = iterator.next(); next; next = iterator.next()) {
          if (localDate(next, options.timeZone) >= horizon) break;
          if (++steps > MAX_RECURRENCE_STEPS || ++feedSteps > MAX_FEED_RECURRENCE_STEPS)
            throw new CalendarFeedParseError(`A recurring event (${uid}) repeats too often to expand.`);
          const details = event.getOccurrenceDetails(next);
          if (isCancelled(details.item.component)) continue;
          add({
            uid,
            recurrenceId: details.recurrenceId.toString(),
            ...nightsOf(details.startDate, details.endDate, options.timeZone),
            summary: text(details.item.summary),
          });
        }
        continue;
      }
      if (isCancelled(event.component)) continue;
      const end = event.component.hasProperty("dtend") || event.component.hasProperty("duration") ? event.endDate : null;
      add({
        uid,
        recurrenceId: event.isRecurrenceException() ? event.recurrenceId.toString() : "",
        ...nightsOf(event.startDate, end, options.timeZone),
        summary: text(event.summary),
      });
    }
  } catch (error) {
    if (error instanceof CalendarFeedParseError) throw error;
    throw new CalendarFeedParseError(`The calendar could not be read: ${error instanceof Error ? error.message : String(error)}`);
  }
  return [...out.values()];
}
