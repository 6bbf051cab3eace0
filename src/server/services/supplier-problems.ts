import { desc, inArray } from "drizzle-orm";
import type { ActivityType } from "../../shared/activity-types.ts";
import type { Db } from "../db/client.ts";
import { activityLogs } from "../db/schema.ts";
import type { SupplierCallFailure } from "../integrations/wholesaler/wholesaler-connection.ts";
import type { Lifecycle } from "../lifecycle.ts";
import type { Logger } from "../logger.ts";
import { logActivity } from "./activity-log.ts";

/** What admins see under "Recent supplier problems": failed calls and bookings that needed attention. */
const PROBLEM_ACTIONS: ActivityType[] = [
  "supplier_call_failed",
  "supplier_booking_failed",
  "supplier_booking_unknown",
  "supplier_cancel_failed",
];

export interface SupplierProblem {
  at: string;
  actionType: string;
  requestId: string | null;
  details: Record<string, unknown>;
}

/** Records a failed supplier call in the activity log, with the request id; never fails the caller. */
export function supplierFailureRecorder(
  db: Db,
  logger: Logger,
  lifecycle: Pick<Lifecycle, "track">,
): (failure: SupplierCallFailure) => void {
  return (failure) => {
    void lifecycle.track(
      logActivity(db, { actionType: "supplier_call_failed", details: { ...failure } }).catch((error: unknown) =>
        logger.error({ err: error }, "could not record a supplier failure"),
      ),
    );
  };
}

export async function recentSupplierProblems(db: Db, limit = 20): Promise<SupplierProblem[]> {
  const rows = await db
    .select({
      at: activityLogs.createdAt,
      actionType: activityLogs.actionType,
      requestId: activityLogs.requestId,
      details: activityLogs.details,
    })
    .from(activityLogs)
    .where(inArray(activityLogs.actionType, PROBLEM_ACTIONS))
    .orderBy(desc(activityLogs.createdAt))
    .limit(limit);
  return rows.map((r) => ({
    at: r.at.toISOString(),
    actionType: r.actionType,
    requestId: r.requestId,
    details: (r.details ?? {}) as Record<string, unknown>,
  }));
}
