import { and, desc, eq, gt, ne } from "drizzle-orm";
import type { Auth } from "../auth/auth.ts";
import type { Db } from "../db/client.ts";
import { roleChanges, sessions, users } from "../db/schema.ts";
import { DomainError } from "../domain-error.ts";
import { logActivity } from "./activity-log.ts";
import { describeUserAgent } from "../../shared/user-agent.ts";

export interface NewAccount {
  email: string;
  password: string;
  name: string;
}

export type EnsureAdminOutcome = "created" | "promoted" | "already_admin";

/**
 * Makes sure an admin account exists for this e-mail: creates it, or promotes an existing account
 * (its password is left as it is). Used by `npm run admin:create` and ADMIN_EMAIL on first start;
 * there is no HTTP path to it.
 */
export async function ensureAdmin(db: Db, auth: Auth, account: NewAccount, actor: string): Promise<EnsureAdminOutcome> {
  const email = account.email.trim().toLowerCase();
  const [existing] = await db.select().from(users).where(eq(users.email, email));
  if (existing?.role === "admin") return "already_admin";
  let userId: string;
  let previousRole = "user";
  if (existing) {
    userId = existing.id;
    previousRole = existing.role;
  } else {
    const created = await auth.api.signUpEmail({ body: { email, password: account.password, name: account.name } });
    userId = created.user.id;
  }
  await db.transaction(async (tx) => {
    await tx.update(users).set({ role: "admin", updatedAt: new Date() }).where(eq(users.id, userId));
    // A role lives in the session's user row, but end old sessions so nothing cached survives.
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx.insert(roleChanges).values({
      userId,
      userEmail: email,
      previousRole,
      newRole: "admin",
      changedByEmail: null,
      reason: actor,
    });
    await logActivity(tx as unknown as Db, {
      actionType: "admin_created",
      targetUserEmail: email,
      details: { via: actor, outcome: existing ? "promoted" : "created" },
    });
  });
  return existing ? "promoted" : "created";
}

/** Creates an ordinary account unless the e-mail is taken; returns false when it already existed. */
export async function ensureUser(db: Db, auth: Auth, account: NewAccount): Promise<boolean> {
  const email = account.email.trim().toLowerCase();
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (existing) return false;
  await auth.api.signUpEmail({ body: { email, password: account.password, name: account.name } });
  return true;
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Ends every session of the user except `keep` (all of them when null); answers how many ended. */
export async function endSessions(db: Db | Tx, userId: string, keep: string | null): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(keep === null ? eq(sessions.userId, userId) : and(eq(sessions.userId, userId), ne(sessions.id, keep)))
    .returning({ id: sessions.id });
  return ended.length;
}

export interface AccountSession {
  id: string;
  /** Read from the browser's user agent; null when it does not say. */
  browser: string | null;
  os: string | null;
  ipAddress: string | null;
  signedInAt: string;
  /** To within a few minutes (the session middleware writes it at most every five). */
  lastSeenAt: string;
  current: boolean;
}

/** The account's sessions still in force, the most recently used first. */
export async function listSessions(db: Db, userId: string, currentSessionId: string | null, maxAgeMs: number): Promise<AccountSession[]> {
  const now = Date.now();
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date(now)), gt(sessions.createdAt, new Date(now - maxAgeMs))))
    .orderBy(desc(sessions.updatedAt), desc(sessions.createdAt));
  return rows.map((row) => ({
    id: row.id,
    ...describeUserAgent(row.userAgent),
    ipAddress: row.ipAddress || null,
    signedInAt: row.createdAt.toISOString(),
    lastSeenAt: row.updatedAt.toISOString(),
    current: row.id === currentSessionId,
  }));
}

/** Signs one of the user's own sessions out; another account's session is SESSION_NOT_FOUND, as is one already ended. */
export async function endSession(db: Db, userId: string, sessionId: string): Promise<void> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  if (ended.length === 0) throw new DomainError("SESSION_NOT_FOUND");
}
