import { eq } from "drizzle-orm";
import type { Auth } from "../auth/auth.ts";
import type { Db } from "../db/client.ts";
import { roleChanges, sessions, users } from "../db/schema.ts";
import { logActivity } from "./activity-log.ts";

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
