import { z } from "zod";
import { ROLES } from "../../../shared/auth.ts";
import { calendarDay } from "../../../shared/date-fields.ts";
import { MAX_DATABASE_ID } from "../../../shared/ids.ts";
import { apiRouter, defineRoute, jsonAnswer, jsonBody } from "../../http/openapi.ts";
import type { AppDeps, SignedInEnv } from "../../http/types.ts";
import { AdminDeleteAccountInput, AdminExportQuery, ErasureSummarySchema, PersonalDataExportSchema } from "../../contract/privacy.ts";
import { DomainError } from "../../domain-error.ts";
import { logActivity } from "../../services/activity-log.ts";
import { changeUserRole, listActivity, listRoleChanges, listUsers, setManagedHotels, setUserDisabled } from "../../services/admin-users.ts";
import { eraseAccount, exportFileName, exportPersonalData } from "../../services/privacy.ts";
import { hitRateLimit } from "../../services/rate-limit.ts";

const SearchQuery = z.object({ search: z.string().trim().max(100).default("") });
const UserParam = z.object({ id: z.string().min(1).max(100) });
const RoleInput = z.object({
  role: z.enum(["admin", "user"], { message: "role must be admin or user" }),
  reason: z.string().trim().max(500, "Reason must be at most 500 characters").optional(),
});
const HotelsInput = z.object({
  hotelIds: z
    .array(z.number({ message: "hotelIds must be hotel ids (numbers)" }).int().positive().max(MAX_DATABASE_ID, "Hotel not found"), {
      message: "hotelIds must be a list of hotel ids",
    })
    .max(200, "A manager can be given at most 200 hotels at once"),
  reason: z.string().trim().max(500, "Reason must be at most 500 characters").optional(),
});
const StatusInput = z.object({ banned: z.boolean({ message: "banned must be true or false" }) });
const ActivityQuery = z.object({
  actionType: z.string().trim().max(60).optional(),
  startDate: calendarDay("startDate").optional(),
  endDate: calendarDay("endDate").optional(),
  search: z.string().trim().max(100).default(""),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});

const UserView = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    role: z.enum(ROLES),
    banned: z.boolean(),
    lastSignInAt: z.string().nullable(),
    createdAt: z.string(),
    managedHotels: z.array(z.object({ id: z.number().int(), name: z.string() })),
  })
  .openapi("AdminUser");
const OneUser = z.object({ user: UserView });
const TAGS = ["Admin"];

const users = defineRoute({
  method: "get",
  path: "/users",
  operationId: "listUsers",
  tags: TAGS,
  summary: "Users, searched by name or e-mail",
  request: { query: SearchQuery },
  responses: { 200: jsonAnswer(z.object({ users: z.array(UserView) }), "Users") },
});
const role = defineRoute({
  method: "post",
  path: "/users/{id}/role",
  operationId: "changeUserRole",
  tags: TAGS,
  summary: "Change a user's role (recorded with its reason)",
  request: { params: UserParam, body: jsonBody(RoleInput) },
  errors: ["USER_NOT_FOUND", "OWN_ROLE", "LAST_ADMIN"],
  responses: { 200: jsonAnswer(OneUser, "The user") },
});
const managedHotels = defineRoute({
  method: "put",
  path: "/users/{id}/hotels",
  operationId: "setManagedHotels",
  tags: TAGS,
  summary: "Set the hotels a manager runs: a user becomes a manager, an empty list makes a manager a user again",
  request: { params: UserParam, body: jsonBody(HotelsInput) },
  errors: ["USER_NOT_FOUND", "OWN_ROLE", "ADMIN_MANAGES_ALL", "UNKNOWN_HOTELS"],
  responses: { 200: jsonAnswer(OneUser, "The user") },
});
const status = defineRoute({
  method: "post",
  path: "/users/{id}/status",
  operationId: "setUserStatus",
  tags: TAGS,
  summary: "Disable (ban) or enable a user; disabling ends their sessions",
  request: { params: UserParam, body: jsonBody(StatusInput) },
  errors: ["USER_NOT_FOUND", "OWN_STATUS", "LAST_ADMIN"],
  responses: { 200: jsonAnswer(OneUser, "The user") },
});
const roleChanges = defineRoute({
  method: "get",
  path: "/role-changes",
  operationId: "listRoleChanges",
  tags: TAGS,
  summary: "The latest 100 role changes",
  responses: {
    200: jsonAnswer(
      z.object({
        roleChanges: z.array(
          z.object({
            id: z.number().int(),
            userEmail: z.string(),
            previousRole: z.string(),
            newRole: z.string(),
            changedByEmail: z.string().nullable(),
            changedAt: z.string(),
            reason: z.string().nullable(),
          }),
        ),
      }),
      "Role changes, newest first",
    ),
  },
});
const activity = defineRoute({
  method: "get",
  path: "/activity",
  operationId: "listActivity",
  tags: TAGS,
  summary: "The activity log, filtered and paged",
  request: { query: ActivityQuery },
  responses: {
    200: jsonAnswer(
      z.object({
        logs: z.array(
          z.object({
            id: z.number().int(),
            createdAt: z.string(),
            actionType: z.string(),
            userEmail: z.string().nullable(),
            targetUserEmail: z.string().nullable(),
            details: z.record(z.string(), z.unknown()),
            ipAddress: z.string().nullable(),
          }),
        ),
        total: z.number().int(),
        actionTypes: z.array(z.string()),
      }),
      "One page of entries, newest first",
    ),
  },
});

const exportUser = defineRoute({
  method: "get",
  path: "/users/{id}/export",
  operationId: "exportUserData",
  tags: TAGS,
  summary: "Everything held about a user, as a JSON download, at their request (logged with who asked; decision 067)",
  request: { params: UserParam, query: AdminExportQuery },
  errors: ["USER_NOT_FOUND", "RATE_LIMITED"],
  responses: { 200: jsonAnswer(PersonalDataExportSchema, "The user's data, sent as an attachment") },
});
const deleteUser = defineRoute({
  method: "post",
  path: "/users/{id}/delete",
  operationId: "deleteUserAccount",
  tags: TAGS,
  summary: "Delete a user's account at their request: personal data erased or anonymised at once (logged with who asked; decision 067)",
  request: { params: UserParam, body: jsonBody(AdminDeleteAccountInput) },
  errors: ["USER_NOT_FOUND", "OWN_ACCOUNT_ERASURE", "ACCOUNT_HAS_OPEN_BOOKINGS", "LAST_ADMIN", "RATE_LIMITED"],
  responses: { 200: jsonAnswer(ErasureSummarySchema, "Deleted") },
});

/** Users, roles and bans, role history and the activity log. */
export function adminUserRoutes(deps: AppDeps) {
  return apiRouter<SignedInEnv>()
    .openapi(users, async (c) => {
      return c.json({ users: await listUsers(deps.db, c.req.valid("query").search) }, 200);
    })
    .openapi(role, async (c) => {
      const me = c.get("user");
      const input = c.req.valid("json");
      return c.json(
        { user: await changeUserRole(deps.db, { id: me.id, email: me.email }, c.req.valid("param").id, input.role, input.reason) },
        200,
      );
    })
    .openapi(managedHotels, async (c) => {
      const me = c.get("user");
      const input = c.req.valid("json");
      return c.json(
        { user: await setManagedHotels(deps.db, { id: me.id, email: me.email }, c.req.valid("param").id, input.hotelIds, input.reason) },
        200,
      );
    })
    .openapi(status, async (c) => {
      const me = c.get("user");
      return c.json(
        { user: await setUserDisabled(deps.db, { id: me.id, email: me.email }, c.req.valid("param").id, c.req.valid("json").banned) },
        200,
      );
    })
    .openapi(roleChanges, async (c) => {
      return c.json({ roleChanges: await listRoleChanges(deps.db) }, 200);
    })
    .openapi(activity, async (c) => {
      return c.json(await listActivity(deps.db, c.req.valid("query")), 200);
    })
    .openapi(exportUser, async (c) => {
      const me = c.get("user");
      if (!(await hitRateLimit(deps.db, `export:admin:${me.id}`, deps.config.rateLimits.signInPerEmail)).allowed) {
        throw new DomainError("RATE_LIMITED");
      }
      const id = c.req.valid("param").id;
      const data = await exportPersonalData(deps.db, id);
      await logActivity(deps.db, {
        actionType: "admin_personal_data_exported",
        userId: me.id,
        userEmail: me.email,
        targetUserEmail: data.account.email,
        details: { accountId: id, requestedBy: c.req.valid("query").requestedBy },
      });
      c.header("Content-Disposition", `attachment; filename="${exportFileName(id)}"`);
      c.header("Cache-Control", "no-store");
      return c.json(data, 200);
    })
    .openapi(deleteUser, async (c) => {
      const me = c.get("user");
      const id = c.req.valid("param").id;
      if (id === me.id) throw new DomainError("OWN_ACCOUNT_ERASURE");
      if (!(await hitRateLimit(deps.db, `delete:admin:${me.id}`, deps.config.rateLimits.signInPerEmail)).allowed) {
        throw new DomainError("RATE_LIMITED");
      }
      const input = c.req.valid("json");
      const summary = await eraseAccount(deps.db, id, input.reviews, {
        kind: "admin",
        id: me.id,
        email: me.email,
        requestedBy: input.requestedBy,
      });
      return c.json({ deleted: true as const, ...summary }, 200);
    });
}
