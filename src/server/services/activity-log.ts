import type { ActivityType } from "../../shared/activity-types.ts";
import type { Db } from "../db/client.ts";
import { activityLogs } from "../db/schema.ts";
import { currentRequest } from "../request-context.ts";

export interface ActivityEntry {
  actionType: ActivityType;
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
