/**
 * The channel API (decision 057): per-hotel API keys for channel managers (shown once, stored as
 * SHA-256, scoped read / read_write, revocable, rate-limited), the availability and rates of a
 * hotel for up to a year in two set-based queries, and pushes through the rates calendar service,
 * idempotent by the client's Idempotency-Key.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { SessionUser } from "../../shared/auth.ts";
import type { ChannelKeyView, ChannelPushInput, ChannelScope, CreateChannelKeyInput } from "../../shared/channel-api.ts";
import { type PriceRule, planNightlyCents } from "../../shared/rate-plans.ts";
import { addDays } from "../../shared/dates.ts";
import { CalendarEditInput, closedNightsText, rangeNights } from "../../shared/rates.ts";
import type { RateLimitRule } from "../config.ts";
import { type Db, queryRows } from "../db/client.ts";
import { type bookings, channelApiKeys, channelPushRequests, hotels, ratePlanPrices, ratePlans, roomTypes } from "../db/schema.ts";
import { DomainError } from "../domain-error.ts";
import { logActivity } from "./activity-log.ts";
import { assertHotelAccess } from "./hotel-access.ts";
import { hitRateLimit } from "./rate-limit.ts";
import { setPlanPrices } from "./rate-plans.ts";
import { editCalendar } from "./rates.ts";

/** Calls per key and minute; a channel manager syncing a hotel needs far fewer. */
export const CHANNEL_RATE_LIMIT: RateLimitRule = { limit: 600, windowSeconds: 60 };
const KEY_PREFIX = "swk_";
/** `last_used_at` is written at most this often per key, so reads stay reads. */
const LAST_USED_PRECISION_SECONDS = 60;

export interface ChannelKey {
  id: number;
  hotelId: number;
  name: string;
  scope: ChannelScope;
  createdById: string | null;
}

function hashKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

function keyView(row: typeof channelApiKeys.$inferSelect): ChannelKeyView {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope as ChannelScope,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt ? row.lastUsedAt.toISOString() : null,
    revokedAt: row.revokedAt ? row.revokedAt.toISOString() : null,
  };
}

export async function listChannelKeys(db: Db, user: SessionUser, hotelId: number): Promise<ChannelKeyView[]> {
  await assertHotelAccess(db, user, hotelId);
  const rows = await db.select().from(channelApiKeys).where(eq(channelApiKeys.hotelId, hotelId)).orderBy(desc(channelApiKeys.id));
  return rows.map(keyView);
}

/** A new key for the hotel; the answer holds the key itself, shown only this once. */
export async function createChannelKey(
  db: Db,
  user: SessionUser,
  hotelId: number,
  input: CreateChannelKeyInput,
): Promise<{ key: string; apiKey: ChannelKeyView }> {
  await assertHotelAccess(db, user, hotelId);
  const key = `${KEY_PREFIX}${randomBytes(32).toString("base64url")}`;
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(channelApiKeys)
      .values({ hotelId, name: input.name, scope: input.scope, keyHash: hashKey(key), prefix: key.slice(0, 10), createdById: user.id })
      .returning();
    await logActivity(tx, {
      actionType: "channel_api_key_created",
      userId: user.id,
      userEmail: user.email,
      details: { hotelId, keyId: created!.id, name: input.name, scope: input.scope },
    });
    return created!;
  });
  return { key, apiKey: keyView(row) };
}

export async function revokeChannelKey(db: Db, user: SessionUser, hotelId: number, keyId: number): Promise<void> {
  await assertHotelAccess(db, user, hotelId);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(channelApiKeys)
      .set({ revokedAt: new Date() })
      .where(and(eq(channelApiKeys.id, keyId), eq(channelApiKeys.hotelId, hotelId), isNull(channelApiKeys.revokedAt)))
      .returning();
    if (!row) throw new DomainError("CHANNEL_KEY_NOT_FOUND");
    await logActivity(tx, {
      actionType: "channel_api_key_revoked",
      userId: user.id,
      userEmail: user.email,
      details: { hotelId, keyId, name: row.name },
    });
  });
}

/**
 * The live key behind an `Authorization: Bearer` value, counted against its rate limit; throws
 * CHANNEL_KEY_INVALID for a missing, unknown or revoked key and RATE_LIMITED past the limit.
 */
export async function authenticateChannelKey(
  db: Db,
  authorization: string | undefined,
  rule: RateLimitRule = CHANNEL_RATE_LIMIT,
): Promise<ChannelKey> {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? "");
  const presented = match?.[1];
  if (!presented || !presented.startsWith(KEY_PREFIX) || presented.length > 200) throw new DomainError("CHANNEL_KEY_INVALID");
  const [row] = await db
    .select()
    .from(channelApiKeys)
    .where(and(eq(channelApiKeys.keyHash, hashKey(presented)), isNull(channelApiKeys.revokedAt)));
  if (!row) throw new DomainError("CHANNEL_KEY_INVALID");
  const limit = await hitRateLimit(db, `channel-key:${row.id}`, rule);
  if (!limit.allowed) throw new DomainError("RATE_LIMITED", undefined, { retryAfterSeconds: limit.retryAfterSeconds });
  await db.execute(sql`
    update channel_api_keys set last_used_at = now()
    where id = ${row.id} and (last_used_at is null or last_used_at < now() - make_interval(secs => ${LAST_USED_PRECISION_SECONDS}))`);
  return { id: row.id, hotelId: row.hotelId, name: row.name, scope: row.scope as ChannelScope, createdById: row.createdById };
}

/** A key answers only for its own hotel: any other hotel is "not found", saying nothing about it. */
export function assertKeyHotel(key: ChannelKey, hotelId: number): void {
  if (key.hotelId !== hotelId) throw new DomainError("HOTEL_NOT_FOUND");
}

export function assertKeyWrites(key: ChannelKey): void {
  if (key.scope !== "read_write") throw new DomainError("CHANNEL_KEY_READ_ONLY");
}

export interface ChannelNight {
  night: string;
  /** The calendar price of the night (what plans are relative to). */
  priceCents: number;
  roomsToSell: number;
  roomsSold: number;
  roomsLeft: number;
  closed: boolean;
  minStay: number;
}

export interface ChannelRatePlan {
  id: number;
  name: string;
  mealPlan: string;
  paymentTiming: string;
  restrictions: { minStay: number | null; minAdvanceDays: number | null; maxAdvanceDays: number | null; closedDates: string[] };
  /** One price per night of the range, in the order of `nights`; null on the plan's closed dates. */
  nightlyCents: (number | null)[];
}

export interface ChannelAvailability {
  hotelId: number;
  currency: string;
  from: string;
  to: string;
  roomTypes: { id: number; name: string; totalRooms: number; nights: ChannelNight[]; ratePlans: ChannelRatePlan[] }[];
}

interface NightRow {
  room_type_id: number;
  night: string;
  price_cents: number;
  closed: boolean;
  min_stay: number;
  rooms_to_sell: number;
  rooms_sold: number;
}

/**
 * Every room type of the hotel, night by night over [from, to): the calendar (price, closed,
 * minimum stay, rooms to sell and sold) in one query, the active plans and their own prices in a
 * second and third; each plan's nightly price is planNightlyCents over the calendar price.
 */
export async function channelAvailability(db: Db, hotelId: number, from: string, to: string): Promise<ChannelAvailability> {
  const [hotel] = await db.select({ id: hotels.id, currency: hotels.currency }).from(hotels).where(eq(hotels.id, hotelId));
  if (!hotel) throw new DomainError("HOTEL_NOT_FOUND");
  const [types, nights, plans] = await Promise.all([
    db
      .select({ id: roomTypes.id, name: roomTypes.name, totalRooms: roomTypes.totalRooms })
      .from(roomTypes)
      .where(eq(roomTypes.hotelId, hotelId))
      .orderBy(asc(roomTypes.id)),
    queryRows<NightRow>(
      db,
      sql`select rt.id as room_type_id, to_char(n.night, 'YYYY-MM-DD') as night, n.price_cents, n.closed, n.min_stay,
            coalesce(rn.rooms_total, rt.total_rooms) as rooms_to_sell, coalesce(rn.rooms_taken, 0) as rooms_sold
          from room_types rt
          cross join lateral f_stay_nights(rt.id, ${from}::date, ${to}::date) n
          left join room_nights rn on rn.room_type_id = rt.id and rn.night = n.night
          where rt.hotel_id = ${hotelId}
          order by rt.id, n.night`,
    ),
    db
      .select()
      .from(ratePlans)
      .where(and(eq(ratePlans.hotelId, hotelId), eq(ratePlans.active, true)))
      .orderBy(asc(ratePlans.sortOrder), asc(ratePlans.id)),
  ]);
  const ownPlanIds = plans.filter((p) => p.priceRuleKind === "own").map((p) => p.id);
  const own =
    ownPlanIds.length === 0
      ? []
      : await db
          .select()
          .from(ratePlanPrices)
          .where(
            and(
              inArray(ratePlanPrices.ratePlanId, ownPlanIds),
              sql`${ratePlanPrices.night} >= ${from}::date and ${ratePlanPrices.night} < ${to}::date`,
            ),
          );
  const ownPrice = new Map(own.map((p) => [`${p.ratePlanId}:${p.night}`, p.priceCents]));
  const nightsByType = new Map<number, ChannelNight[]>();
  for (const r of nights) {
    const list = nightsByType.get(Number(r.room_type_id)) ?? [];
    const toSell = Number(r.rooms_to_sell);
    const sold = Number(r.rooms_sold);
    list.push({
      night: r.night,
      priceCents: Number(r.price_cents),
      roomsToSell: toSell,
      roomsSold: sold,
      roomsLeft: Math.max(0, toSell - sold),
      closed: Boolean(r.closed),
      minStay: Number(r.min_stay),
    });
    nightsByType.set(Number(r.room_type_id), list);
  }
  return {
    hotelId,
    currency: hotel.currency,
    from,
    to,
    roomTypes: types.map((t) => {
      const typeNights = nightsByType.get(t.id) ?? [];
      return {
        ...t,
        nights: typeNights,
        ratePlans: plans
          .filter((p) => p.roomTypeId === t.id)
          .map((p) => {
            const rule: PriceRule = { kind: p.priceRuleKind, value: p.priceRuleValue };
            const closed = new Set(p.closedDates);
            return {
              id: p.id,
              name: p.name,
              mealPlan: p.mealPlan,
              paymentTiming: p.paymentTiming,
              restrictions: {
                minStay: p.minStay,
                minAdvanceDays: p.minAdvanceDays,
                maxAdvanceDays: p.maxAdvanceDays,
                closedDates: p.closedDates,
              },
              nightlyCents: typeNights.map((n) =>
                closed.has(n.night) ? null : planNightlyCents(n.priceCents, rule, ownPrice.get(`${p.id}:${n.night}`)),
              ),
            };
          }),
      };
    }),
  };
}

/**
 * Applies a push once per Idempotency-Key: the first request with a key runs `apply` and stores its
 * answer; the same key and body again answer the stored answer without applying anything; the same
 * key with another body is refused (IDEMPOTENCY_KEY_REUSED). Refusals are not stored, so a fixed
 * request may reuse its key.
 */
export async function idempotentPush<T extends object>(
  db: Db,
  key: ChannelKey,
  idempotencyKey: string | undefined,
  body: unknown,
  apply: () => Promise<T>,
): Promise<{ answer: T; replayed: boolean }> {
  if (!idempotencyKey || idempotencyKey.length > 200) throw new DomainError("IDEMPOTENCY_KEY_REQUIRED");
  const requestHash = createHash("sha256").update(JSON.stringify(body)).digest("hex");
  const findStored = async () =>
    (
      await db
        .select()
        .from(channelPushRequests)
        .where(and(eq(channelPushRequests.keyId, key.id), eq(channelPushRequests.idempotencyKey, idempotencyKey)))
    )[0];
  const stored = await findStored();
  if (stored) {
    if (stored.requestHash !== requestHash) throw new DomainError("IDEMPOTENCY_KEY_REUSED");
    return { answer: stored.responseBody as T, replayed: true };
  }
  const answer = await apply();
  const inserted = await db
    .insert(channelPushRequests)
    .values({ keyId: key.id, idempotencyKey, requestHash, responseStatus: 200, responseBody: answer })
    .onConflictDoNothing()
    .returning({ keyId: channelPushRequests.keyId });
  // Two identical requests raced: both applied the same values (a push sets, it does not add), one answer is kept.
  if (inserted.length === 0) {
    const winner = await findStored();
    if (winner && winner.requestHash !== requestHash) throw new DomainError("IDEMPOTENCY_KEY_REUSED");
  }
  return { answer, replayed: false };
}

/**
 * A channel manager's push for one room type of the key's hotel, through the rates calendar
 * (editCalendar: one rule for the rate fields, rooms to sell night by night). Rooms to sell below
 * what is already sold is refused with every such night named, before anything is written.
 */
export async function pushChannelUpdate(
  db: Db,
  key: ChannelKey,
  input: ChannelPushInput,
): Promise<{ roomTypeId: number; ratePlanId?: number; nights: number }> {
  const [room] = await db
    .select({ id: roomTypes.id, name: roomTypes.name })
    .from(roomTypes)
    .where(and(eq(roomTypes.id, input.roomTypeId), eq(roomTypes.hotelId, key.hotelId)));
  if (!room) throw new DomainError("ROOM_NOT_FOUND", "No room type with this id in the key's hotel.");
  const { roomTypeId, ratePlanId, ...edit } = input;
  const checked = CalendarEditInput.safeParse({ ...edit, roomTypeIds: [roomTypeId] });
  if (!checked.success) {
    const issue = checked.error.issues[0];
    throw new DomainError("VALIDATION_ERROR", issue?.message ?? "Check the update", issue ? { field: issue.path.join(".") } : undefined);
  }
  if (ratePlanId !== undefined) return pushPlanPrices(db, key, room, ratePlanId, input);
  if (input.roomsToSell !== undefined) {
    const oversold = await queryRows<{ night: string; rooms_taken: number }>(
      db,
      sql`select to_char(night, 'YYYY-MM-DD') as night, rooms_taken from room_nights
          where room_type_id = ${room.id} and night between ${input.from}::date and ${input.to}::date
            and rooms_taken > ${input.roomsToSell}
            and (${input.weekdays}::int & (1 << (extract(isodow from night)::int - 1))) <> 0
          order by night`,
    );
    if (oversold.length > 0) {
      const named = oversold.map((r) => r.night);
      throw new DomainError(
        "CHANNEL_PUSH_OVERSELLS",
        `Nothing was changed: ${room.name} has more than ${input.roomsToSell} room${input.roomsToSell === 1 ? "" : "s"} sold on ${closedNightsText(named)}.`,
        { nights: named.join(", ") },
      );
    }
  }
  // The calendar records who changed it: the key's creator acts for the channel (null once that account is gone).
  const actor = { id: key.createdById, email: `channel key "${key.name}"`, isAdmin: true, canManageHotels: true } as unknown as SessionUser;
  const result = await editCalendar(db, actor, key.hotelId, checked.data);
  return { roomTypeId, nights: result.nights };
}

/** A field error of a push, in the channel manager's words. */
function pushRefused(field: string, message: string): DomainError {
  return new DomainError("VALIDATION_ERROR", message, { field });
}

/**
 * A push of a rate plan's own prices (decision 070): the plan must be one of this room type's and
 * priced by its own calendar; the nights of the range on the chosen week days get the price,
 * through the plans' back office (setPlanPrices), all in one transaction.
 */
async function pushPlanPrices(
  db: Db,
  key: ChannelKey,
  room: { id: number; name: string },
  ratePlanId: number,
  input: ChannelPushInput,
): Promise<{ roomTypeId: number; ratePlanId: number; nights: number }> {
  const [plan] = await db
    .select({ id: ratePlans.id, name: ratePlans.name, roomTypeId: ratePlans.roomTypeId, priceRuleKind: ratePlans.priceRuleKind })
    .from(ratePlans)
    .where(and(eq(ratePlans.id, ratePlanId), eq(ratePlans.hotelId, key.hotelId)));
  if (!plan) throw new DomainError("RATE_PLAN_NOT_FOUND", "No rate plan with this id in the key's hotel.");
  if (plan.roomTypeId !== room.id) {
    throw pushRefused("ratePlanId", `Rate plan ${plan.id} (${plan.name}) is not a plan of room type ${room.id} (${room.name}).`);
  }
  if (plan.priceRuleKind !== "own") {
    throw pushRefused(
      "ratePlanId",
      `Rate plan ${plan.id} (${plan.name}) is priced from the room type's calendar: push priceCents without ratePlanId to change that price.`,
    );
  }
  if (input.priceCents === undefined) throw pushRefused("priceCents", "A push for a rate plan sets its price: send priceCents.");
  if (input.minStay !== undefined || input.closed !== undefined || input.roomsToSell !== undefined) {
    throw pushRefused(
      "ratePlanId",
      "A push for a rate plan sets only its price: send minStay, closed and roomsToSell in a push without ratePlanId.",
    );
  }
  const nights = rangeNights(input.from, input.to, input.weekdays);
  const actor = { id: key.createdById, email: `channel key "${key.name}"` } as unknown as SessionUser;
  await db.transaction(async (tx) => {
    for (const run of consecutiveRuns(nights)) {
      await setPlanPrices(tx as unknown as Db, actor, key.hotelId, plan.id, { from: run.from, to: run.to, priceCents: input.priceCents! });
    }
  });
  return { roomTypeId: room.id, ratePlanId: plan.id, nights: nights.length };
}

/** Sorted nights as runs of consecutive nights, first and last night each. */
function consecutiveRuns(nights: readonly string[]): { from: string; to: string }[] {
  const runs: { from: string; to: string }[] = [];
  for (const night of nights) {
    const last = runs.at(-1);
    if (last && addDays(last.to, 1) === night) last.to = night;
    else runs.push({ from: night, to: night });
  }
  return runs;
}

/** What the channel API answers about a booking. */
export function channelBookingView(row: typeof bookings.$inferSelect) {
  return {
    id: row.id,
    reference: row.bookingReference,
    status: row.status,
    roomTypeId: row.roomTypeId,
    ratePlanId: row.ratePlanId,
    ratePlanName: row.ratePlanName,
    checkIn: row.checkIn,
    checkOut: row.checkOut,
    rooms: row.numRooms,
    guests: row.numGuests,
    guestName: row.guestName,
    totalPriceCents: row.totalPriceCents,
    currency: row.currency,
    source: row.source,
    sourceDetail: row.sourceDetail,
  };
}
