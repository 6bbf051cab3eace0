/**
 * Imported calendar blocks (decision 058): the rooms other channels sold, taken in room_nights like
 * a booking's, so the overbooking constraint holds for both. This is the only code that writes
 * calendar_blocks' rooms. A block that does not fit (a night already sold out here) is stored as a
 * 'conflict' and takes nothing; every sync tries a conflict again.
 */
import { and, eq, gt, sql } from "drizzle-orm";
import { calendarBlocks, calendarImports, roomTypes } from "../../db/schema.ts";
import type { ImportedEvent } from "../calendar-import-parse.ts";
import type { Tx } from "./records.ts";
import { isOverbooking, releaseNights, takeRoomNights } from "./room-nights.ts";

export type CalendarBlockRow = typeof calendarBlocks.$inferSelect;

export interface BlockSyncResult {
  added: number;
  removed: number;
  moved: number;
  /** Conflicts after the sync (old and new). */
  conflicts: number;
  /** Blocks that became conflicts in this sync (to tell the hotel about, once each). */
  newConflicts: CalendarBlockRow[];
}

const ROOMS_PER_BLOCK = 1;

/** Takes the block's rooms in a savepoint; false (nothing taken, the transaction still usable) when a night is sold out. */
async function tryTake(tx: Tx, roomTypeId: number, totalRooms: number, checkIn: string, checkOut: string): Promise<boolean> {
  try {
    await tx.transaction(async (savepoint) => {
      await takeRoomNights(savepoint, roomTypeId, totalRooms, checkIn, checkOut, ROOMS_PER_BLOCK);
    });
    return true;
  } catch (error) {
    if (isOverbooking(error)) return false;
    throw error;
  }
}

function key(uid: string, recurrenceId: string): string {
  return `${uid}\u0000${recurrenceId}`;
}

/**
 * Makes an import's stored blocks match the feed's events, in the caller's transaction: a new event
 * takes a room (or is a conflict), an event gone or cancelled gives its room back, an event whose
 * dates changed moves. Blocks that ended before `today` are history and left as they are.
 */
export async function syncCalendarBlocks(
  tx: Tx,
  input: { importId: number; roomTypeId: number; today: string; events: readonly ImportedEvent[] },
): Promise<BlockSyncResult> {
  // Two syncs of one feed (a round and "Sync now") take turns; bookings of the room type are not held up.
  await tx.select({ id: calendarImports.id }).from(calendarImports).where(eq(calendarImports.id, input.importId)).for("update");
  const [room] = await tx.select({ totalRooms: roomTypes.totalRooms }).from(roomTypes).where(eq(roomTypes.id, input.roomTypeId));
  const totalRooms = room?.totalRooms ?? 0;
  const stored = await tx
    .select()
    .from(calendarBlocks)
    .where(and(eq(calendarBlocks.importId, input.importId), gt(calendarBlocks.checkOut, input.today)))
    .for("update");
  const byKey = new Map(stored.map((b) => [key(b.uid, b.recurrenceId), b]));
  const wanted = new Set(input.events.map((e) => key(e.uid, e.recurrenceId)));
  const result: BlockSyncResult = { added: 0, removed: 0, moved: 0, conflicts: 0, newConflicts: [] };

  for (const block of stored) {
    if (wanted.has(key(block.uid, block.recurrenceId))) continue;
    if (block.state === "blocked") await releaseNights(tx, block.roomTypeId, block.rooms, block.checkIn, block.checkOut);
    await tx.delete(calendarBlocks).where(eq(calendarBlocks.id, block.id));
    result.removed++;
  }

  for (const event of input.events) {
    const block = byKey.get(key(event.uid, event.recurrenceId));
    if (block && block.checkIn === event.checkIn && block.checkOut === event.checkOut && block.state === "blocked") {
      if (block.summary !== event.summary)
        await tx
          .update(calendarBlocks)
          .set({ summary: event.summary, updatedAt: sql`now()` })
          .where(eq(calendarBlocks.id, block.id));
      continue;
    }
    const sameNights = block !== undefined && block.checkIn === event.checkIn && block.checkOut === event.checkOut;
    if (block?.state === "blocked") await releaseNights(tx, block.roomTypeId, block.rooms, block.checkIn, block.checkOut);
    const fits = await tryTake(tx, input.roomTypeId, totalRooms, event.checkIn, event.checkOut);
    const state = fits ? "blocked" : "conflict";
    const values = { checkIn: event.checkIn, checkOut: event.checkOut, state, summary: event.summary, rooms: ROOMS_PER_BLOCK };
    let row: CalendarBlockRow | undefined;
    if (block) {
      // A conflict that moved is a new conflict: the hotel hears about it again.
      const notified = state === "conflict" && sameNights ? block.conflictNotifiedAt : null;
      [row] = await tx
        .update(calendarBlocks)
        .set({ ...values, conflictNotifiedAt: notified, updatedAt: sql`now()` })
        .where(eq(calendarBlocks.id, block.id))
        .returning();
      if (!sameNights) result.moved++;
    } else {
      [row] = await tx
        .insert(calendarBlocks)
        .values({ ...values, importId: input.importId, roomTypeId: input.roomTypeId, uid: event.uid, recurrenceId: event.recurrenceId })
        .returning();
      result.added++;
    }
    if (row && state === "conflict") {
      result.conflicts++;
      if (!row.conflictNotifiedAt) result.newConflicts.push(row);
    }
  }
  return result;
}

/** Gives back every room an import's blocks hold and deletes them (the import is being deleted). */
export async function removeCalendarBlocks(tx: Tx, importId: number): Promise<number> {
  const blocks = await tx.select().from(calendarBlocks).where(eq(calendarBlocks.importId, importId)).for("update");
  for (const block of blocks)
    if (block.state === "blocked") await releaseNights(tx, block.roomTypeId, block.rooms, block.checkIn, block.checkOut);
  await tx.delete(calendarBlocks).where(eq(calendarBlocks.importId, importId));
  return blocks.length;
}

/** Marks conflicts as told to the hotel (their e-mail is queued in the same transaction). */
export async function markConflictsNotified(tx: Tx, blockIds: readonly number[]): Promise<void> {
  for (const id of blockIds)
    await tx
      .update(calendarBlocks)
      .set({ conflictNotifiedAt: sql`now()` })
      .where(eq(calendarBlocks.id, id));
}
