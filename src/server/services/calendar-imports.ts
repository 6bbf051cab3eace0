/**
 * Importing other channels' calendars (decision 058): a manager lists iCal addresses per room type;
 * a job round fetches the due ones (conditional GET, outbound URL policy, time and size caps),
 * parses them and makes the room type's blocks match in one transaction
 * (services/bookings/calendar-blocks.ts takes and gives back the rooms). A fetch or parse error is
 * logged on the feed and changes nothing. A block that cannot fit is a conflict, e-mailed to the
 * hotel's managers once.
 */
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { SessionUser } from "../../shared/auth.ts";
import { todayUtc } from "../../shared/dates.ts";
import { dateIn } from "../../shared/time-zones.ts";
import { type Db, queryRows } from "../db/client.ts";
import { calendarBlocks, calendarImportRuns, calendarImports, hotelManagers, hotels, roomTypes, users } from "../db/schema.ts";
import { pgErrorCode } from "../db/pg-errors.ts";
import { DomainError } from "../domain-error.ts";
import {
  type FeedFetchLimits,
  type FeedFetchOutcome,
  type FeedValidators,
  fetchCalendarFeed,
} from "../integrations/calendar-feed-fetch.ts";
import { type OutboundUrlPolicy, outboundUrlPolicy } from "../integrations/outbound-http.ts";
import type { Logger } from "../logger.ts";
import { type CalendarBlockRow, markConflictsNotified, removeCalendarBlocks, syncCalendarBlocks } from "./bookings/calendar-blocks.ts";
import { CalendarFeedParseError, parseCalendarFeed } from "./calendar-import-parse.ts";
import { type DeliveryMode, queueEmail } from "./email-outbox.ts";
import { assertHotelAccess } from "./hotel-access.ts";

/** A feed is read for at most this long, and at most this much of it. */
export const CALENDAR_FETCH_TIMEOUT_MS = 10_000;
export const CALENDAR_MAX_BYTES = 2 * 1024 * 1024;
/** Feeds synced per round, and at once. */
const ROUND_BATCH = 50;
const PARALLEL_FETCHES = 4;
/** Runs kept per feed in the sync log. */
const RUNS_KEPT = 20;
const LOGGED_ERROR_CHARS = 500;

export type CalendarFetch = (url: string, validators: FeedValidators) => Promise<FeedFetchOutcome>;

export interface CalendarImportDeps {
  db: Db;
  policy: OutboundUrlPolicy;
  fetch: CalendarFetch;
  deliveryMode: DeliveryMode;
  publicUrl: string;
  logger: Logger;
}

/** The deps from the app's configuration (OUTBOUND_PRIVATE_HOSTS as for webhooks). */
export function calendarImportDeps(options: {
  db: Db;
  config: { outboundPrivateHosts: readonly string[]; publicUrl: string };
  deliveryMode: DeliveryMode;
  logger: Logger;
  limits?: Partial<Pick<FeedFetchLimits, "timeoutMs" | "maxBytes">>;
}): CalendarImportDeps {
  const policy = outboundUrlPolicy(options.config);
  const limits: FeedFetchLimits = {
    timeoutMs: options.limits?.timeoutMs ?? CALENDAR_FETCH_TIMEOUT_MS,
    maxBytes: options.limits?.maxBytes ?? CALENDAR_MAX_BYTES,
    privateHosts: options.config.outboundPrivateHosts,
    policy,
  };
  return {
    db: options.db,
    policy,
    fetch: (url, validators) => fetchCalendarFeed(url, validators, limits),
    deliveryMode: options.deliveryMode,
    publicUrl: options.config.publicUrl,
    logger: options.logger,
  };
}

export interface CalendarImportView {
  id: number;
  roomTypeId: number;
  roomType: string;
  name: string;
  url: string;
  enabled: boolean;
  intervalMinutes: number;
  lastFetchAt: string | null;
  lastStatus: "ok" | "not_modified" | "error" | null;
  lastError: string | null;
  eventCount: number | null;
  blocked: number;
  conflicts: number;
}

export interface CalendarConflictView {
  id: number;
  importId: number;
  importName: string;
  roomTypeId: number;
  roomType: string;
  checkIn: string;
  checkOut: string;
  summary: string;
}

export interface CalendarImportRunView {
  at: string;
  status: "ok" | "not_modified" | "error";
  httpStatus: number | null;
  events: number | null;
  added: number;
  removed: number;
  moved: number;
  conflicts: number;
  error: string | null;
}

function checkUrl(policy: OutboundUrlPolicy, address: string): string {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new DomainError("CALENDAR_IMPORT_URL_NOT_ALLOWED", "Enter the calendar's full address, starting with https://.");
  }
  // Airbnb and others hand out webcal:// links: the same address over https.
  if (url.protocol === "webcal:") url = new URL(`https:${address.slice("webcal:".length)}`);
  const refused = policy(url);
  if (refused) throw new DomainError("CALENDAR_IMPORT_URL_NOT_ALLOWED", `This address cannot be imported: ${refused}`);
  return url.toString();
}

async function roomTypeOf(db: Db, hotelId: number, roomTypeId: number) {
  const [room] = await db
    .select({ id: roomTypes.id })
    .from(roomTypes)
    .where(and(eq(roomTypes.id, roomTypeId), eq(roomTypes.hotelId, hotelId)));
  if (!room) throw new DomainError("ROOM_NOT_FOUND");
}

async function importOf(db: Db, hotelId: number, importId: number) {
  const [row] = await db
    .select({ id: calendarImports.id, roomTypeId: calendarImports.roomTypeId })
    .from(calendarImports)
    .innerJoin(roomTypes, eq(roomTypes.id, calendarImports.roomTypeId))
    .where(and(eq(calendarImports.id, importId), eq(roomTypes.hotelId, hotelId)));
  if (!row) throw new DomainError("CALENDAR_IMPORT_NOT_FOUND");
  return row;
}

/** The hotel's imported calendars with their last sync, and the conflicts waiting for the hotel. */
export async function listCalendarImports(
  db: Db,
  user: SessionUser,
  hotelId: number,
): Promise<{
  hotel: { id: number; name: string };
  roomTypes: { id: number; name: string }[];
  imports: CalendarImportView[];
  conflicts: CalendarConflictView[];
}> {
  await assertHotelAccess(db, user, hotelId);
  const [hotel] = await db.select({ id: hotels.id, name: hotels.name }).from(hotels).where(eq(hotels.id, hotelId));
  if (!hotel) throw new DomainError("HOTEL_NOT_FOUND");
  const rooms = await db
    .select({ id: roomTypes.id, name: roomTypes.name })
    .from(roomTypes)
    .where(eq(roomTypes.hotelId, hotelId))
    .orderBy(asc(roomTypes.name), asc(roomTypes.id));
  const rows = await db
    .select({
      i: calendarImports,
      roomType: roomTypes.name,
      blocked: sql<number>`(select count(*)::int from calendar_blocks b where b.import_id = ${calendarImports.id} and b.state = 'blocked')`,
      conflicts: sql<number>`(select count(*)::int from calendar_blocks b where b.import_id = ${calendarImports.id} and b.state = 'conflict')`,
    })
    .from(calendarImports)
    .innerJoin(roomTypes, eq(roomTypes.id, calendarImports.roomTypeId))
    .where(eq(roomTypes.hotelId, hotelId))
    .orderBy(asc(roomTypes.name), asc(calendarImports.name), asc(calendarImports.id));
  return {
    hotel,
    roomTypes: rooms,
    imports: rows.map(({ i, roomType, blocked, conflicts }) => ({
      id: i.id,
      roomTypeId: i.roomTypeId,
      roomType,
      name: i.name,
      url: i.url,
      enabled: i.enabled,
      intervalMinutes: i.intervalMinutes,
      lastFetchAt: i.lastFetchAt?.toISOString() ?? null,
      lastStatus: i.lastStatus as CalendarImportView["lastStatus"],
      lastError: i.lastError,
      eventCount: i.eventCount,
      blocked,
      conflicts,
    })),
    conflicts: await conflictsOf(db, hotelId),
  };
}

async function conflictsOf(db: Db, hotelId: number, today: string = todayUtc()): Promise<CalendarConflictView[]> {
  return db
    .select({
      id: calendarBlocks.id,
      importId: calendarBlocks.importId,
      importName: calendarImports.name,
      roomTypeId: calendarBlocks.roomTypeId,
      roomType: roomTypes.name,
      checkIn: calendarBlocks.checkIn,
      checkOut: calendarBlocks.checkOut,
      summary: calendarBlocks.summary,
    })
    .from(calendarBlocks)
    .innerJoin(calendarImports, eq(calendarImports.id, calendarBlocks.importId))
    .innerJoin(roomTypes, eq(roomTypes.id, calendarBlocks.roomTypeId))
    .where(and(eq(roomTypes.hotelId, hotelId), eq(calendarBlocks.state, "conflict"), sql`${calendarBlocks.checkOut} > ${today}::date`))
    .orderBy(asc(calendarBlocks.checkIn), asc(calendarBlocks.id))
    .limit(200);
}

/** Conflicts of a hotel's imported calendars (the rates calendar's and the front desk's panel). */
export async function listCalendarConflicts(db: Db, user: SessionUser, hotelId: number): Promise<CalendarConflictView[]> {
  await assertHotelAccess(db, user, hotelId);
  return conflictsOf(db, hotelId);
}

export interface CalendarImportInput {
  roomTypeId: number;
  name: string;
  url: string;
  enabled?: boolean;
  intervalMinutes?: number;
}

/** Adds a calendar to a room type; its first fetch is due at once (the next round, or "Sync now"). */
export async function createCalendarImport(
  deps: CalendarImportDeps,
  user: SessionUser,
  hotelId: number,
  input: CalendarImportInput,
): Promise<{ id: number }> {
  await assertHotelAccess(deps.db, user, hotelId);
  await roomTypeOf(deps.db, hotelId, input.roomTypeId);
  const url = checkUrl(deps.policy, input.url);
  try {
    const [row] = await deps.db
      .insert(calendarImports)
      .values({
        roomTypeId: input.roomTypeId,
        name: input.name.trim(),
        url,
        enabled: input.enabled ?? true,
        intervalMinutes: input.intervalMinutes ?? 15,
        createdById: user.id,
      })
      .returning({ id: calendarImports.id });
    return { id: row!.id };
  } catch (error) {
    if (pgErrorCode(error) === "23505") throw new DomainError("CALENDAR_IMPORT_DUPLICATE");
    throw error;
  }
}

/** Renames, readdresses, turns on or off or re-times a calendar; a new address forgets the old validators. */
export async function updateCalendarImport(
  deps: CalendarImportDeps,
  user: SessionUser,
  hotelId: number,
  importId: number,
  input: Partial<Omit<CalendarImportInput, "roomTypeId">>,
): Promise<void> {
  await assertHotelAccess(deps.db, user, hotelId);
  await importOf(deps.db, hotelId, importId);
  const url = input.url === undefined ? undefined : checkUrl(deps.policy, input.url);
  try {
    await deps.db
      .update(calendarImports)
      .set({
        ...(input.name === undefined ? {} : { name: input.name.trim() }),
        ...(url === undefined ? {} : { url, etag: null, lastModified: null, nextFetchAt: sql`now()` }),
        ...(input.enabled === undefined ? {} : { enabled: input.enabled }),
        ...(input.intervalMinutes === undefined ? {} : { intervalMinutes: input.intervalMinutes }),
        updatedAt: sql`now()`,
      })
      .where(eq(calendarImports.id, importId));
  } catch (error) {
    if (pgErrorCode(error) === "23505") throw new DomainError("CALENDAR_IMPORT_DUPLICATE");
    throw error;
  }
}

/** Deletes a calendar and gives back every room its blocks held, in one transaction. */
export async function deleteCalendarImport(db: Db, user: SessionUser, hotelId: number, importId: number): Promise<void> {
  await assertHotelAccess(db, user, hotelId);
  await importOf(db, hotelId, importId);
  await db.transaction(async (tx) => {
    await removeCalendarBlocks(tx, importId);
    await tx.delete(calendarImports).where(eq(calendarImports.id, importId));
  });
}

/** The feed's sync log, newest first. */
export async function listCalendarImportRuns(
  db: Db,
  user: SessionUser,
  hotelId: number,
  importId: number,
): Promise<CalendarImportRunView[]> {
  await assertHotelAccess(db, user, hotelId);
  await importOf(db, hotelId, importId);
  const rows = await db
    .select()
    .from(calendarImportRuns)
    .where(eq(calendarImportRuns.importId, importId))
    .orderBy(desc(calendarImportRuns.id))
    .limit(RUNS_KEPT);
  return rows.map((r) => ({
    at: r.at.toISOString(),
    status: r.status as CalendarImportRunView["status"],
    httpStatus: r.httpStatus,
    events: r.events,
    added: r.added,
    removed: r.removed,
    moved: r.moved,
    conflicts: r.conflicts,
    error: r.error,
  }));
}

/** "Sync now" within this long of the last fetch answers with that fetch: a button pressed again does not hammer the feed's host. */
export const SYNC_NOW_MIN_SECONDS = 10;

/** "Sync now": fetches this calendar at once, whatever its schedule, and answers with the run. */
export async function syncCalendarImportNow(
  deps: CalendarImportDeps,
  user: SessionUser,
  hotelId: number,
  importId: number,
  now: Date = new Date(),
): Promise<CalendarImportRunView> {
  await assertHotelAccess(deps.db, user, hotelId);
  await importOf(deps.db, hotelId, importId);
  const [last] = await deps.db
    .select()
    .from(calendarImportRuns)
    .where(
      and(
        eq(calendarImportRuns.importId, importId),
        sql`${calendarImportRuns.at} > ${now}::timestamptz - make_interval(secs => ${SYNC_NOW_MIN_SECONDS})`,
      ),
    )
    .orderBy(desc(calendarImportRuns.id))
    .limit(1);
  if (last)
    return {
      at: last.at.toISOString(),
      status: last.status as CalendarImportRunView["status"],
      httpStatus: last.httpStatus,
      events: last.events,
      added: last.added,
      removed: last.removed,
      moved: last.moved,
      conflicts: last.conflicts,
      error: last.error,
    };
  return syncCalendarImport(deps, importId, now);
}

interface ImportToSync {
  id: number;
  roomTypeId: number;
  hotelId: number;
  hotelName: string;
  roomType: string;
  name: string;
  url: string;
  etag: string | null;
  lastModified: string | null;
  timeZone: string;
  intervalMinutes: number;
}

async function loadImport(db: Db, importId: number): Promise<ImportToSync | null> {
  const [row] = await db
    .select({
      id: calendarImports.id,
      roomTypeId: calendarImports.roomTypeId,
      hotelId: hotels.id,
      hotelName: hotels.name,
      roomType: roomTypes.name,
      name: calendarImports.name,
      url: calendarImports.url,
      etag: calendarImports.etag,
      lastModified: calendarImports.lastModified,
      timeZone: hotels.timeZone,
      intervalMinutes: calendarImports.intervalMinutes,
    })
    .from(calendarImports)
    .innerJoin(roomTypes, eq(roomTypes.id, calendarImports.roomTypeId))
    .innerJoin(hotels, eq(hotels.id, roomTypes.hotelId))
    .where(eq(calendarImports.id, importId));
  return row ?? null;
}

function short(message: string): string {
  return message.length > LOGGED_ERROR_CHARS ? `${message.slice(0, LOGGED_ERROR_CHARS)}…` : message;
}

async function logRun(
  db: Db,
  item: ImportToSync,
  now: Date,
  run: Omit<CalendarImportRunView, "at">,
  extra: Partial<typeof calendarImports.$inferInsert> = {},
) {
  await db
    .update(calendarImports)
    .set({
      lastFetchAt: now,
      lastStatus: run.status,
      lastError: run.error,
      nextFetchAt: new Date(now.getTime() + item.intervalMinutes * 60_000),
      ...extra,
    })
    .where(eq(calendarImports.id, item.id));
  await db.insert(calendarImportRuns).values({ importId: item.id, at: now, ...run });
  await db.execute(sql`
    delete from calendar_import_runs where import_id = ${item.id} and id not in (
      select id from calendar_import_runs where import_id = ${item.id} order by id desc limit ${RUNS_KEPT})`);
}

async function conflictEmail(tx: Db, deps: CalendarImportDeps, item: ImportToSync, conflicts: readonly CalendarBlockRow[]) {
  if (conflicts.length === 0) return;
  let managers = await tx
    .select({ email: users.email })
    .from(hotelManagers)
    .innerJoin(users, eq(users.id, hotelManagers.userId))
    .where(and(eq(hotelManagers.hotelId, item.hotelId), eq(hotelManagers.role, "manager")));
  // A hotel nobody manages is run by the administrators: they hear about it instead.
  if (managers.length === 0) managers = await tx.select({ email: users.email }).from(users).where(eq(users.role, "admin"));
  for (const block of conflicts)
    for (const manager of managers)
      await queueEmail(tx, deps.deliveryMode, {
        to: manager.email,
        kind: "calendar_conflict",
        dedupeKey: `calendar-conflict:${block.id}:${block.checkIn}:${block.checkOut}:${manager.email}`,
        subject: `Calendar conflict at ${item.hotelName}: ${item.roomType}, ${block.checkIn} to ${block.checkOut}`,
        text: [
          `The calendar "${item.name}" blocks one ${item.roomType} from ${block.checkIn} to ${block.checkOut} (check-out day)${block.summary ? ` ("${block.summary}")` : ""},`,
          "but those nights are already sold out on Staywise, so the block took no room here.",
          "The same room may have been sold twice: check both channels and move or cancel one of the stays.",
          "",
          `Imported calendars: ${deps.publicUrl}/admin/hotels/${item.hotelId}/calendar-imports`,
        ].join("\n"),
      });
}

/**
 * Fetches one calendar and applies it. Never throws for the feed's faults: a fetch or parse error
 * is written to the sync log and changes no block.
 */
export async function syncCalendarImport(
  deps: CalendarImportDeps,
  importId: number,
  now: Date = new Date(),
): Promise<CalendarImportRunView> {
  const item = await loadImport(deps.db, importId);
  if (!item) throw new DomainError("CALENDAR_IMPORT_NOT_FOUND");
  const empty = { httpStatus: null, events: null, added: 0, removed: 0, moved: 0, conflicts: 0 };
  let outcome: FeedFetchOutcome;
  try {
    outcome = await deps.fetch(item.url, { etag: item.etag, lastModified: item.lastModified });
  } catch (error) {
    const status = (error as { status?: unknown }).status;
    const run = {
      ...empty,
      status: "error" as const,
      httpStatus: typeof status === "number" ? status : null,
      error: short(error instanceof Error ? error.message : String(error)),
    };
    await logRun(deps.db, item, now, run);
    return { at: now.toISOString(), ...run };
  }
  if (outcome.kind === "not_modified") {
    const run = { ...empty, status: "not_modified" as const, httpStatus: 304, error: null };
    await logRun(deps.db, item, now, run);
    return { at: now.toISOString(), ...run };
  }
  const today = dateIn(now, item.timeZone);
  let events;
  try {
    events = parseCalendarFeed(outcome.body, { timeZone: item.timeZone, today });
  } catch (error) {
    if (!(error instanceof CalendarFeedParseError)) throw error;
    const run = { ...empty, status: "error" as const, httpStatus: outcome.status, error: short(error.message) };
    await logRun(deps.db, item, now, run);
    return { at: now.toISOString(), ...run };
  }
  const run = await deps.db.transaction(async (tx) => {
    const result = await syncCalendarBlocks(tx, { importId: item.id, roomTypeId: item.roomTypeId, today, events });
    await conflictEmail(tx as unknown as Db, deps, item, result.newConflicts);
    await markConflictsNotified(
      tx,
      result.newConflicts.map((b) => b.id),
    );
    const done = {
      status: "ok" as const,
      httpStatus: outcome.status,
      events: events.length,
      added: result.added,
      removed: result.removed,
      moved: result.moved,
      conflicts: result.conflicts,
      error: null,
    };
    await logRun(tx as unknown as Db, item, now, done, {
      etag: outcome.etag,
      lastModified: outcome.lastModified,
      eventCount: events.length,
    });
    return done;
  });
  if (run.conflicts > 0) deps.logger.warn({ importId: item.id, conflicts: run.conflicts }, "imported calendar has conflicts");
  return { at: now.toISOString(), ...run };
}

/**
 * One round of the import job: claims the due feeds (their next fetch moved on first, so an
 * overlapping round skips them) and syncs them a few at a time. Returns how many were synced.
 */
export async function runCalendarImportRound(deps: CalendarImportDeps, now: Date = new Date()): Promise<number> {
  const due = await queryRows<{ id: number }>(
    deps.db,
    sql`
    update calendar_imports i set next_fetch_at = ${now}::timestamptz + make_interval(mins => i.interval_minutes)
    where i.id in (
      select id from calendar_imports where enabled and next_fetch_at <= ${now}::timestamptz
      order by next_fetch_at, id limit ${ROUND_BATCH} for update skip locked)
    returning i.id`,
  );
  const queue = due.map((r) => r.id);
  async function worker() {
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      try {
        await syncCalendarImport(deps, id, now);
      } catch (error) {
        deps.logger.error({ err: error, importId: id }, "calendar import sync failed");
      }
    }
  }
  await Promise.all(Array.from({ length: PARALLEL_FETCHES }, worker));
  return due.length;
}
