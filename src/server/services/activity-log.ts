import type { Db } from "../db/client.ts";
import { activityLogs } from "../db/schema.ts";
import { currentRequest } from "../request-context.ts";

export const ACTIVITY = {
  signUp: "user_signed_up",
  signUpExistingEmail: "sign_up_existing_email",
  signIn: "user_signed_in",
  signInFailed: "sign_in_failed",
  signOut: "user_signed_out",
  passwordResetRequested: "password_reset_requested",
  passwordResetCompleted: "password_reset_completed",
  adminCreated: "admin_created",
  twoFactorEnabled: "two_factor_enabled",
  twoFactorDisabled: "two_factor_disabled",
} as const;

export interface ActivityEntry {
  actionType: string;
  /** The acting user; leave out for the system. */
  userId?: string | null;
  userEmail?: string | null;
  targetUserEmail?: string | null;
  details?: Record<string, unknown>;
}

/** Writes one activity log row, stamped with the current request's id and client address. */
export async function logActivity(db: Db, entry: ActivityEntry): Promise<void> {
  const request = currentRequest();
  await db.insert(activityLogs).values({
    actionType: entry.actionType,
    userId: entry.userId ?? null,
    userEmail: entry.userEmail ?? null,
    targetUserEmail: entry.targetUserEmail ?? null,
    details: entry.details ?? {},
    ipAddress: request?.ip ?? null,
    requestId: request?.requestId ?? null,
  });
}
