import { and, count, desc, eq, gte, ilike, inArray, lt, or, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { activityLogs, hotelManagers, hotels, roleChanges, sessions, users } from "../db/schema.ts";
import { likeEscape } from "../db/like.ts";
import { DomainError } from "../domain-error.ts";
import { endSessions } from "./accounts.ts";
import { logActivity } from "./activity-log.ts";
import { activityTypesMatching } from "../../shared/activity-types.ts";
import { type Role, toRole } from "../../shared/auth.ts";
import { addDays } from "../../shared/dates.ts";

type Actor = { id: string; email: string };
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface AdminUserView {
  id: string;
  name: string;
  email: string;
  role: Role;
  banned: boolean;
  lastSignInAt: string | null;
  createdAt: string;
  /** A manager's hotels, by name; empty for everyone else. */
  managedHotels: { id: number; name: string }[];
}

function toView(u: typeof users.$inferSelect, managedHotels: { id: number; name: string }[] = []): AdminUserView {
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    role: toRole(u.role),
    banned: u.banned,
    lastSignInAt: u.lastSignInAt ? u.lastSignInAt.toISOString() : null,
    createdAt: u.createdAt.toISOString(),
    managedHotels,
  };
}

async function managedHotelsOf(db: Db | Tx, userIds: string[]): Promise<Map<string, { id: number; name: string }[]>> {
  const byUser = new Map<string, { id: number; name: string }[]>();
  if (userIds.length === 0) return byUser;
  const rows = await db
    .select({ userId: hotelManagers.userId, id: hotels.id, name: hotels.name })
    .from(hotelManagers)
    .innerJoin(hotels, eq(hotels.id, hotelManagers.hotelId))
    .where(and(inArray(hotelManagers.userId, userIds), eq(hotelManagers.role, "manager")))
    .orderBy(hotels.name, hotels.id);
  for (const r of rows) byUser.set(r.userId, [...(byUser.get(r.userId) ?? []), { id: r.id, name: r.name }]);
  return byUser;
}

export async function listUsers(db: Db, search: string): Promise<AdminUserView[]> {
  const pattern = `%${likeEscape(search)}%`;
  const rows = await db
    .select()
    .from(users)
    .where(search ? or(ilike(users.email, pattern), ilike(users.name, pattern)) : undefined)
    .orderBy(desc(users.createdAt))
    .limit(500);
  const managed = await managedHotelsOf(
    db,
    rows.filter((r) => r.role === "manager").map((r) => r.id),
  );
  return rows.map((r) => toView(r, managed.get(r.id)));
}

/**
 * Promotes or demotes a user. Nobody changes their own role, and the last admin stays an admin.
 * The change is recorded with its actor and ends the user's sessions.
 */
export async function changeUserRole(
  db: Db,
  actor: Actor,
  userId: string,
  role: "admin" | "user",
  reason: string | undefined,
): Promise<AdminUserView> {
  if (userId === actor.id) throw new DomainError("OWN_ROLE");
  return db.transaction(async (tx) => {
    // Serialises role changes so two demotions cannot both pass the last-admin check.
    await tx.execute(sql`select pg_advisory_xact_lock(727003)`);
    const [target] = await tx.select().from(users).where(eq(users.id, userId));
    if (!target) throw new DomainError("USER_NOT_FOUND");
    const previous = toRole(target.role);
    if (previous === role) return toView(target, (await managedHotelsOf(tx, [userId])).get(userId));
    if (previous === "admin") {
      const [admins] = await tx
        .select({ n: count() })
        .from(users)
        .where(and(eq(users.role, "admin"), eq(users.banned, false)));
      if ((admins?.n ?? 0) <= 1) throw new DomainError("LAST_ADMIN");
    }
    const [updated] = await tx.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, userId)).returning();
    // A manager made admin runs every hotel; made a user, none: their grants end either way.
    await tx.delete(hotelManagers).where(eq(hotelManagers.userId, userId));
    // New privileges start in a new sign-in, which for a staff role passes two-factor (decision 036).
    await endSessions(tx, userId, null);
    await tx.insert(roleChanges).values({
      userId,
      userEmail: target.email,
      previousRole: previous,
      newRole: role,
      changedById: actor.id,
      changedByEmail: actor.email,
      reason: reason || null,
    });
    await logActivity(tx, {
      actionType: "user_role_changed",
      userId: actor.id,
      userEmail: actor.email,
      targetUserEmail: target.email,
      details: { from: previous, to: role, reason: reason || null },
    });
    return toView(updated!);
  });
}

/**
 * Makes a user the manager of exactly these hotels: a user becomes a manager, a manager's hotels
 * are replaced, and an empty list makes a manager a regular user again (or front-desk staff, when
 * they keep front-desk grants; a hotel they worked the desk of becomes managed, decision 064). Admins (who run every
 * hotel) and the caller themselves are refused. Role history records a change of role, the
 * activity log every change with the hotels added and removed. Any change ends the user's sessions.
 */
export async function setManagedHotels(
  db: Db,
  actor: Actor,
  userId: string,
  hotelIds: number[],
  reason: string | undefined,
): Promise<AdminUserView> {
  if (userId === actor.id) throw new DomainError("OWN_ROLE");
  const wanted = [...new Set(hotelIds)];
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727003)`);
    const [target] = await tx.select().from(users).where(eq(users.id, userId));
    if (!target) throw new DomainError("USER_NOT_FOUND");
    const previous = toRole(target.role);
    if (previous === "admin") throw new DomainError("ADMIN_MANAGES_ALL");
    const found =
      wanted.length === 0 ? [] : await tx.select({ id: hotels.id, name: hotels.name }).from(hotels).where(inArray(hotels.id, wanted));
    if (found.length !== wanted.length) {
      const missing = wanted.filter((id) => !found.some((h) => h.id === id));
      throw new DomainError("UNKNOWN_HOTELS", `No hotel has the id ${missing.join(", ")}. Refresh the list and choose again.`);
    }
    const before = (await managedHotelsOf(tx, [userId])).get(userId) ?? [];
    const added = found.filter((h) => !before.some((b) => b.id === h.id));
    const removed = before.filter((b) => !wanted.includes(b.id));
    const deskGrants = await tx
      .select({ hotelId: hotelManagers.hotelId })
      .from(hotelManagers)
      .where(and(eq(hotelManagers.userId, userId), eq(hotelManagers.role, "front_desk")));
    const keepsDesk = deskGrants.some((g) => !wanted.includes(g.hotelId));
    const role: Role = wanted.length > 0 ? "manager" : keepsDesk ? "front_desk" : "user";
    if (added.length === 0 && removed.length === 0 && role === previous) return toView(target, before);
    if (removed.length > 0) {
      await tx.delete(hotelManagers).where(
        and(
          eq(hotelManagers.userId, userId),
          eq(hotelManagers.role, "manager"),
          inArray(
            hotelManagers.hotelId,
            removed.map((h) => h.id),
          ),
        ),
      );
    }
    if (added.length > 0) {
      await tx
        .insert(hotelManagers)
        .values(added.map((h) => ({ userId, hotelId: h.id, grantedBy: actor.id, role: "manager" as const })))
        .onConflictDoUpdate({
          target: [hotelManagers.userId, hotelManagers.hotelId],
          set: { role: "manager", grantedBy: actor.id, grantedAt: new Date() },
        });
    }
    // Privileges changed: the user signs in again, so no session made before carries them.
    await endSessions(tx, userId, null);
    let updated = target;
    if (role !== previous) {
      [updated] = (await tx.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, userId)).returning()) as [typeof target];
      await tx.insert(roleChanges).values({
        userId,
        userEmail: target.email,
        previousRole: previous,
        newRole: role,
        changedById: actor.id,
        changedByEmail: actor.email,
        reason: reason || null,
      });
    }
    await logActivity(tx, {
      actionType: "manager_hotels_changed",
      userId: actor.id,
      userEmail: actor.email,
      targetUserEmail: target.email,
      details: {
        from: previous,
        to: role,
        added: added.map((h) => ({ id: h.id, name: h.name })),
        removed: removed.map((h) => ({ id: h.id, name: h.name })),
        reason: reason || null,
      },
    });
    return toView(updated, (await managedHotelsOf(tx, [userId])).get(userId));
  });
}

/** Disables (bans) or enables a user; disabling ends every session of theirs at once. */
export async function setUserDisabled(db: Db, actor: Actor, userId: string, disabled: boolean): Promise<AdminUserView> {
  if (userId === actor.id) throw new DomainError("OWN_STATUS");
  return db.transaction(async (tx) => {
    const [target] = await tx.select().from(users).where(eq(users.id, userId));
    if (!target) throw new DomainError("USER_NOT_FOUND");
    if (disabled && target.role === "admin") {
      await tx.execute(sql`select pg_advisory_xact_lock(727003)`);
      const [admins] = await tx
        .select({ n: count() })
        .from(users)
        .where(and(eq(users.role, "admin"), eq(users.banned, false)));
      if ((admins?.n ?? 0) <= 1) throw new DomainError("LAST_ADMIN", "The last admin cannot be disabled.");
    }
    const [updated] = await tx
      .update(users)
      .set({ banned: disabled, banReason: disabled ? `Disabled by ${actor.email}` : null, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning();
    if (disabled) await tx.delete(sessions).where(eq(sessions.userId, userId));
    await logActivity(tx, {
      actionType: disabled ? "user_disabled" : "user_enabled",
      userId: actor.id,
      userEmail: actor.email,
      targetUserEmail: target.email,
    });
    return toView(updated!, (await managedHotelsOf(tx, [userId])).get(userId));
  });
}

export async function listRoleChanges(db: Db) {
  const rows = await db.select().from(roleChanges).orderBy(desc(roleChanges.changedAt), desc(roleChanges.id)).limit(100);
  return rows.map((r) => ({
    id: r.id,
    userEmail: r.userEmail,
    previousRole: r.previousRole,
    newRole: r.newRole,
    changedByEmail: r.changedByEmail,
    changedAt: r.changedAt.toISOString(),
    reason: r.reason,
  }));
}

export interface ActivityQuery {
  actionType?: string | undefined;
  startDate?: string | undefined;
  endDate?: string | undefined;
  search: string;
  page: number;
  pageSize: number;
}

/** Activity newest first; a blank user is the system. Dates are whole UTC days, the end day included. */
export async function listActivity(db: Db, q: ActivityQuery) {
  const conditions = [];
  if (q.actionType) conditions.push(eq(activityLogs.actionType, q.actionType));
  if (q.startDate) conditions.push(gte(activityLogs.createdAt, new Date(`${q.startDate}T00:00:00Z`)));
  if (q.endDate) conditions.push(lt(activityLogs.createdAt, new Date(`${addDays(q.endDate, 1)}T00:00:00Z`)));
  if (q.search) {
    const pattern = `%${likeEscape(q.search)}%`;
    // The admin reads labels, not machine names: a search for a label finds its type's rows too.
    const labelled = activityTypesMatching(q.search);
    conditions.push(
      or(
        ilike(activityLogs.userEmail, pattern),
        ilike(activityLogs.targetUserEmail, pattern),
        ilike(activityLogs.actionType, pattern),
        sql`${activityLogs.details}::text ilike ${pattern}`,
        ...(labelled.length > 0 ? [inArray(activityLogs.actionType, labelled)] : []),
      )!,
    );
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, totals, types] = await Promise.all([
    db
      .select()
      .from(activityLogs)
      .where(where)
      .orderBy(desc(activityLogs.createdAt), desc(activityLogs.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(activityLogs).where(where),
    db.selectDistinct({ actionType: activityLogs.actionType }).from(activityLogs).orderBy(activityLogs.actionType),
  ]);
  return {
    logs: rows.map((r) => ({
      id: r.id,
      createdAt: r.createdAt.toISOString(),
      actionType: r.actionType,
      userEmail: r.userEmail,
      targetUserEmail: r.targetUserEmail,
      details: r.details,
      ipAddress: r.ipAddress,
    })),
    total: totals[0]?.n ?? 0,
    actionTypes: types.map((t) => t.actionType),
  };
}
