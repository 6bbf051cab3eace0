import { and, count, desc, eq, gte, ilike, inArray, lt, or, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { activityLogs, roleChanges, sessions, users } from "../db/schema.ts";
import { likeEscape } from "../db/like.ts";
import { DomainError } from "../domain-error.ts";
import { logActivity } from "./activity-log.ts";
import { activityTypesMatching } from "../../shared/activity-types.ts";
import { addDays } from "../../shared/dates.ts";

type Actor = { id: string; email: string };

export interface AdminUserView {
  id: string;
  name: string;
  email: string;
  role: "admin" | "user";
  banned: boolean;
  lastSignInAt: string | null;
  createdAt: string;
}

function toView(u: typeof users.$inferSelect): AdminUserView {
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    role: u.role === "admin" ? "admin" : "user",
    banned: u.banned,
    lastSignInAt: u.lastSignInAt ? u.lastSignInAt.toISOString() : null,
    createdAt: u.createdAt.toISOString(),
  };
}

export async function listUsers(db: Db, search: string): Promise<AdminUserView[]> {
  const pattern = `%${likeEscape(search)}%`;
  const rows = await db
    .select()
    .from(users)
    .where(search ? or(ilike(users.email, pattern), ilike(users.name, pattern)) : undefined)
    .orderBy(desc(users.createdAt))
    .limit(500);
  return rows.map(toView);
}

/**
 * Promotes or demotes a user. Nobody changes their own role, and the last admin stays an admin.
 * The change is recorded with its actor and applies at the user's next request.
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
    const previous = target.role === "admin" ? "admin" : "user";
    if (previous === role) return toView(target);
    if (role === "user") {
      const [admins] = await tx
        .select({ n: count() })
        .from(users)
        .where(and(eq(users.role, "admin"), eq(users.banned, false)));
      if ((admins?.n ?? 0) <= 1) throw new DomainError("LAST_ADMIN");
    }
    const [updated] = await tx.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, userId)).returning();
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
    return toView(updated!);
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
