import { and, eq } from "drizzle-orm";
import type { SessionUser } from "../../shared/auth.ts";
import type { Db } from "../db/client.ts";
import { hotelManagers, hotels } from "../db/schema.ts";
import { DomainError } from "../domain-error.ts";

/** The hotels a staff member may manage: every hotel for an admin, the granted ones for a manager. */
export type HotelScope = { kind: "all" } | { kind: "some"; hotelIds: number[] };

export async function hotelScopeOf(db: Db, user: SessionUser): Promise<HotelScope> {
  if (user.isAdmin) return { kind: "all" };
  if (!user.canManageHotels) return { kind: "some", hotelIds: [] };
  const rows = await db.select({ hotelId: hotelManagers.hotelId }).from(hotelManagers).where(eq(hotelManagers.userId, user.id));
  return { kind: "some", hotelIds: rows.map((r) => r.hotelId) };
}

export function scopeIncludes(scope: HotelScope, hotelId: number): boolean {
  return scope.kind === "all" || scope.hotelIds.includes(hotelId);
}

/**
 * Throws unless the user may manage this hotel. An unknown hotel is HOTEL_NOT_FOUND for an admin;
 * for a manager any hotel outside their grant (existing or not) is FORBIDDEN, so the answer says
 * nothing about other hotels.
 */
/** The 403 of property management for an account that is neither an admin nor a hotel manager. */
export const HOTEL_STAFF_ONLY = "Access denied. Hotel managers and administrators only.";

export async function assertHotelAccess(db: Db, user: SessionUser, hotelId: number): Promise<void> {
  if (user.isAdmin) {
    const [hotel] = await db.select({ id: hotels.id }).from(hotels).where(eq(hotels.id, hotelId)).limit(1);
    if (!hotel) throw new DomainError("HOTEL_NOT_FOUND");
    return;
  }
  if (!user.canManageHotels) throw new DomainError("FORBIDDEN", HOTEL_STAFF_ONLY);
  const [grant] = await db
    .select({ hotelId: hotelManagers.hotelId })
    .from(hotelManagers)
    .where(and(eq(hotelManagers.userId, user.id), eq(hotelManagers.hotelId, hotelId)))
    .limit(1);
  if (!grant) throw new DomainError("FORBIDDEN", "Access denied. This hotel is not one of the hotels you manage.");
}
