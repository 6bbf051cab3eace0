/**
 * A hotel's staff (decision 064): its managers and its front-desk staff, one hotel_managers row per
 * person and hotel with the role there. Admins add and remove either; a hotel's managers add and
 * remove front-desk staff only. A person's account role follows their grants: 'manager' with any
 * manager grant, 'front_desk' with only desk grants, 'user' with none; a change of that role is in
 * the role history and ends their sessions (the new role signs in with two-factor, decision 036).
 */
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { type HotelStaffRole, type Role, type SessionUser, toRole } from "../../shared/auth.ts";
import type { Db } from "../db/client.ts";
import { hotelManagers, hotels, roleChanges, users } from "../db/schema.ts";
import { DomainError } from "../domain-error.ts";
import { endSessions } from "./accounts.ts";
import { logActivity } from "./activity-log.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface HotelStaffMember {
  userId: string;
  name: string;
  email: string;
  role: HotelStaffRole;
  grantedAt: string;
}

export async function listHotelStaff(db: Db, hotelId: number): Promise<HotelStaffMember[]> {
  const rows = await db
    .select({ userId: users.id, name: users.name, email: users.email, role: hotelManagers.role, grantedAt: hotelManagers.grantedAt })
    .from(hotelManagers)
    .innerJoin(users, eq(users.id, hotelManagers.userId))
    .where(eq(hotelManagers.hotelId, hotelId))
    .orderBy(desc(hotelManagers.role), asc(users.name), asc(users.email));
  return rows.map((r) => ({ ...r, grantedAt: r.grantedAt.toISOString() }));
}

/** The account role a person's grants give them (an admin stays an admin). */
async function roleFromGrants(tx: Tx, userId: string): Promise<Role> {
  const grants = await tx.select({ role: hotelManagers.role }).from(hotelManagers).where(eq(hotelManagers.userId, userId));
  if (grants.some((g) => g.role === "manager")) return "manager";
  return grants.length > 0 ? "front_desk" : "user";
}

/** Brings the account role in line with the grants; a change is recorded and ends the person's sessions. */
async function followGrants(tx: Tx, actor: SessionUser, target: typeof users.$inferSelect, reason: string) {
  const previous = toRole(target.role);
  const next = await roleFromGrants(tx, target.id);
  if (next === previous) return { from: previous, to: next };
  await tx.update(users).set({ role: next, updatedAt: new Date() }).where(eq(users.id, target.id));
  await endSessions(tx, target.id, null);
  await tx.insert(roleChanges).values({
    userId: target.id,
    userEmail: target.email,
    previousRole: previous,
    newRole: next,
    changedById: actor.id,
    changedByEmail: actor.email,
    reason,
  });
  return { from: previous, to: next };
}

async function hotelName(tx: Tx, hotelId: number): Promise<string> {
  const [hotel] = await tx.select({ name: hotels.name }).from(hotels).where(eq(hotels.id, hotelId));
  if (!hotel) throw new DomainError("HOTEL_NOT_FOUND");
  return hotel.name;
}

/**
 * Adds an existing account to the hotel's staff in a role. Managers may add front-desk staff only;
 * a front-desk person made manager by an admin keeps one row, now a manager's. Adding someone in
 * the role they already have changes nothing.
 */
export async function grantHotelStaff(
  db: Db,
  actor: SessionUser,
  hotelId: number,
  input: { email: string; role: HotelStaffRole },
): Promise<HotelStaffMember[]> {
  if (input.role === "manager" && !actor.isAdmin) {
    throw new DomainError("FORBIDDEN", "Only administrators can add a manager. You can add front-desk staff.");
  }
  await db.transaction(async (tx) => {
    // The lock of the admin's role changes (admin-users.ts): one change of roles at a time.
    await tx.execute(sql`select pg_advisory_xact_lock(727003)`);
    const name = await hotelName(tx, hotelId);
    const [target] = await tx
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${input.email.trim().toLowerCase()}`);
    if (!target) throw new DomainError("STAFF_USER_NOT_FOUND");
    if (target.id === actor.id) throw new DomainError("OWN_ROLE");
    if (toRole(target.role) === "admin") throw new DomainError("ADMIN_MANAGES_ALL");
    const [existing] = await tx
      .select({ role: hotelManagers.role })
      .from(hotelManagers)
      .where(and(eq(hotelManagers.userId, target.id), eq(hotelManagers.hotelId, hotelId)));
    if (existing?.role === input.role) return;
    if (existing?.role === "manager") throw new DomainError("STAFF_ALREADY_MANAGER");
    await tx
      .insert(hotelManagers)
      .values({ userId: target.id, hotelId, grantedBy: actor.id, role: input.role })
      .onConflictDoUpdate({
        target: [hotelManagers.userId, hotelManagers.hotelId],
        set: { role: input.role, grantedBy: actor.id, grantedAt: new Date() },
      });
    const change = await followGrants(tx, actor, target, `${input.role === "manager" ? "Manager" : "Front desk"} of ${name}`);
    await logActivity(tx, {
      actionType: "hotel_staff_granted",
      userId: actor.id,
      userEmail: actor.email,
      targetUserEmail: target.email,
      details: { hotelId, hotelName: name, role: input.role, previousHotelRole: existing?.role ?? null, ...change },
    });
  });
  return listHotelStaff(db, hotelId);
}

/** Removes a person from the hotel's staff. Managers may remove front-desk staff only, and nobody removes themselves. */
export async function removeHotelStaff(db: Db, actor: SessionUser, hotelId: number, userId: string): Promise<HotelStaffMember[]> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727003)`);
    const name = await hotelName(tx, hotelId);
    const [grant] = await tx
      .select({ role: hotelManagers.role })
      .from(hotelManagers)
      .where(and(eq(hotelManagers.userId, userId), eq(hotelManagers.hotelId, hotelId)));
    if (!grant) throw new DomainError("STAFF_NOT_FOUND");
    if (userId === actor.id) throw new DomainError("OWN_ROLE");
    if (grant.role === "manager" && !actor.isAdmin) {
      throw new DomainError("FORBIDDEN", "Only administrators can remove a manager. You can remove front-desk staff.");
    }
    const [target] = await tx.select().from(users).where(eq(users.id, userId));
    await tx.delete(hotelManagers).where(and(eq(hotelManagers.userId, userId), eq(hotelManagers.hotelId, hotelId)));
    const change = await followGrants(tx, actor, target!, `Removed from ${name}`);
    await logActivity(tx, {
      actionType: "hotel_staff_removed",
      userId: actor.id,
      userEmail: actor.email,
      targetUserEmail: target!.email,
      details: { hotelId, hotelName: name, role: grant.role, ...change },
    });
  });
  return listHotelStaff(db, hotelId);
}

/** The hotels whose front desk the caller may work: every hotel for an admin (by name, at most 500), else their grants. */
export async function frontDeskHotels(db: Db, user: SessionUser): Promise<{ id: number; name: string; city: string }[]> {
  const columns = { id: hotels.id, name: hotels.name, city: hotels.city };
  if (user.isAdmin) return db.select(columns).from(hotels).orderBy(asc(hotels.name), asc(hotels.id)).limit(500);
  return db
    .select(columns)
    .from(hotelManagers)
    .innerJoin(hotels, eq(hotels.id, hotelManagers.hotelId))
    .where(eq(hotelManagers.userId, user.id))
    .orderBy(asc(hotels.name), asc(hotels.id));
}
