import { and, eq } from "drizzle-orm";
import type { SessionUser } from "../../shared/auth.ts";
import type { Db } from "../db/client.ts";
import { hotelManagers, hotels } from "../db/schema.ts";
import { DomainError } from "../domain-error.ts";

/** The hotels a staff member may manage: every hotel for an admin, the granted ones for a manager. */
export type HotelScope = { kind: "all" } | { kind: "some"; hotelIds: number[] };

/**
 * What a request needs at a hotel (decision 064): "manage" is everything of property management and
 * only a manager's grant (or an admin) gives it; "front_desk" is the desk's work, which a front-desk
 * grant gives as well. Every check asks for "manage" unless it says otherwise.
 */
export type HotelCapability = "manage" | "front_desk";

/**
 * The /api/properties routes a front-desk grant opens (decision 064): the desk's day, check-in/out,
 * no-shows, phone bookings and their quote, the desk's billing and invoices of a booking, the hotel's invoice list
 * and PDFs, and the list of the caller's desks. Everything else (rates, plans, promotions, reports,
 * the ledger export, legal details, taxes and extras, hotel edits, photos, keys, webhooks, imports,
 * staff) stays "manage". An allow-list: a route added later is the manager's until it is listed.
 */
const FRONT_DESK_ROUTES: [method: string, pattern: RegExp][] = [
  ["GET", /^\/api\/properties\/front-desk\/hotels$/],
  ["GET", /^\/api\/properties\/hotels\/[^/]+\/front-desk$/],
  ["POST", /^\/api\/properties\/hotels\/[^/]+\/front-desk\/bookings\/[^/]+\/(check-in|check-out|no-show)$/],
  ["POST", /^\/api\/properties\/hotels\/[^/]+\/front-desk\/phone-bookings$/],
  ["POST", /^\/api\/properties\/hotels\/[^/]+\/front-desk\/quote$/],
  ["GET", /^\/api\/properties\/hotels\/[^/]+\/invoices$/],
  ["GET", /^\/api\/properties\/hotels\/[^/]+\/invoices\/[^/]+\/pdf$/],
  ["GET", /^\/api\/properties\/hotels\/[^/]+\/billing\/[^/]+$/],
  ["PUT", /^\/api\/properties\/hotels\/[^/]+\/billing\/[^/]+$/],
  ["POST", /^\/api\/properties\/hotels\/[^/]+\/billing\/[^/]+\/invoice$/],
];

/** The capability a property request needs, from its method and path. */
export function capabilityForPath(method: string, path: string): HotelCapability {
  const wanted = method === "HEAD" ? "GET" : method;
  return FRONT_DESK_ROUTES.some(([m, pattern]) => m === wanted && pattern.test(path)) ? "front_desk" : "manage";
}

function mayAtAll(user: SessionUser, capability: HotelCapability): boolean {
  return capability === "front_desk" ? user.canUseFrontDesk : user.canManageHotels;
}

/** The grants that give a capability: a manager's for "manage", any grant for "front_desk". */
function grantCondition(userId: string, capability: HotelCapability) {
  const own = eq(hotelManagers.userId, userId);
  return capability === "manage" ? and(own, eq(hotelManagers.role, "manager")) : own;
}

export async function hotelScopeOf(db: Db, user: SessionUser, capability: HotelCapability = "manage"): Promise<HotelScope> {
  if (user.isAdmin) return { kind: "all" };
  if (!mayAtAll(user, capability)) return { kind: "some", hotelIds: [] };
  const rows = await db.select({ hotelId: hotelManagers.hotelId }).from(hotelManagers).where(grantCondition(user.id, capability));
  return { kind: "some", hotelIds: rows.map((r) => r.hotelId) };
}

export function scopeIncludes(scope: HotelScope, hotelId: number): boolean {
  return scope.kind === "all" || scope.hotelIds.includes(hotelId);
}

/** The 403 of property management for an account that is neither an admin nor a hotel manager. */
export const HOTEL_STAFF_ONLY = "Access denied. Hotel managers and administrators only.";

/**
 * Throws unless the user may do this at this hotel (by default: manage it). An unknown hotel is
 * HOTEL_NOT_FOUND for an admin; for a manager or the front desk any hotel outside their grant
 * (existing or not) is FORBIDDEN, so the answer says nothing about other hotels.
 */
export async function assertHotelAccess(db: Db, user: SessionUser, hotelId: number, capability: HotelCapability = "manage"): Promise<void> {
  if (user.isAdmin) {
    const [hotel] = await db.select({ id: hotels.id }).from(hotels).where(eq(hotels.id, hotelId)).limit(1);
    if (!hotel) throw new DomainError("HOTEL_NOT_FOUND");
    return;
  }
  if (!mayAtAll(user, capability)) throw new DomainError("FORBIDDEN", HOTEL_STAFF_ONLY);
  const [grant] = await db
    .select({ hotelId: hotelManagers.hotelId, role: hotelManagers.role })
    .from(hotelManagers)
    .where(and(eq(hotelManagers.userId, user.id), eq(hotelManagers.hotelId, hotelId)))
    .limit(1);
  if (!grant) throw new DomainError("FORBIDDEN", "Access denied. This hotel is not one of the hotels you manage.");
  if (capability === "manage" && grant.role !== "manager") {
    throw new DomainError("FORBIDDEN", "Access denied. At this hotel you work the front desk; its managers and administrators do this.");
  }
}
