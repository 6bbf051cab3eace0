import { desc, inArray } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { activityLogs } from "../db/schema.ts";
import type { SupplierCallFailure } from "../integrations/wholesaler/wholesaler-connection.ts";
import type { Lifecycle } from "../lifecycle.ts";
import type { Logger } from "../logger.ts";
import { logActivity } from "./activity-log.ts";
import { BOOKING_ACTIVITY } from "./booking-records.ts";

export const SUPPLIER_CALL_FAILED = "supplier_call_failed";

/** What admins see under "Recent supplier problems": failed calls and bookings that needed attention. */
const PROBLEM_ACTIONS = [SUPPLIER_CALL_FAILED, BOOKING_ACTIVITY.supplierFailed, BOOKING_ACTIVITY.supplierUnknown, BOOKING_ACTIVITY.supplierCancelFailed];

export interface SupplierProblem {
  at: string;
  actionType: string;
  requestId: string | null;
  details: Record<string, unknown>;
}

/** Records a failed supplier call in the activity log, with the request id; never fails the caller. */
export function supplierFailureRecorder(db: Db, logger: Logger, lifecycle: Pick<Lifecycle, "track">): (failure: SupplierCallFailure) => void {
  return (failure) => {
    void lifecycle.track(
      logActivity(db, { actionType: SUPPLIER_CALL_FAILED, details: { ...failure } }).catch((error: unknown) =>
        logger.error({ err: error }, "could not record a supplier failure"),
      ),
    );
  };
}

export async function recentSupplierProblems(db: Db, limit = 20): Promise<SupplierProblem[]> {
  const rows = await db
    .select({ at: activityLogs.createdAt, actionType: activityLogs.actionType, requestId: activityLogs.requestId, details: activityLogs.details })
    .from(activityLogs)
    .where(inArray(activityLogs.actionType, PROBLEM_ACTIONS))
    .orderBy(desc(activityLogs.createdAt))
    .limit(limit);
  return rows.map((r) => ({ at: r.at.toISOString(), actionType: r.actionType, requestId: r.requestId, details: (r.details ?? {}) as Record<string, unknown> }));
}
