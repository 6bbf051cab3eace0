import { Hono } from "hono";
import { z } from "zod";
import { isIsoDate } from "../../../shared/dates.ts";
import type { AppDeps, SignedInEnv } from "../../http/types.ts";
import { validate } from "../../http/validate.ts";
import { changeUserRole, listActivity, listRoleChanges, listUsers, setUserDisabled } from "../../services/admin-users.ts";

const SearchQuery = z.object({ search: z.string().trim().max(100).default("") });
const UserParam = z.object({ id: z.string().min(1).max(100) });
const RoleInput = z.object({
  role: z.enum(["admin", "user"], { message: "role must be admin or user" }),
  reason: z.string().trim().max(500, "Reason must be at most 500 characters").optional(),
});
const StatusInput = z.object({ banned: z.boolean({ message: "banned must be true or false" }) });
const ActivityQuery = z.object({
  actionType: z.string().trim().max(60).optional(),
  startDate: z.string().refine(isIsoDate, "startDate must be a date like 2026-05-31").optional(),
  endDate: z.string().refine(isIsoDate, "endDate must be a date like 2026-05-31").optional(),
  search: z.string().trim().max(100).default(""),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});

/** Users, roles and bans, role history and the activity log. */
export function adminUserRoutes(deps: AppDeps) {
  return new Hono<SignedInEnv>()
    .get("/users", validate("query", SearchQuery), async (c) => {
      c.header("Cache-Control", "no-store");
      return c.json({ users: await listUsers(deps.db, c.req.valid("query").search) });
    })
    .post("/users/:id/role", validate("param", UserParam), validate("json", RoleInput), async (c) => {
      const me = c.get("user");
      const { role, reason } = c.req.valid("json");
      return c.json({ user: await changeUserRole(deps.db, { id: me.id, email: me.email }, c.req.valid("param").id, role, reason) });
    })
    .post("/users/:id/status", validate("param", UserParam), validate("json", StatusInput), async (c) => {
      const me = c.get("user");
      return c.json({ user: await setUserDisabled(deps.db, { id: me.id, email: me.email }, c.req.valid("param").id, c.req.valid("json").banned) });
    })
    .get("/role-changes", async (c) => {
      c.header("Cache-Control", "no-store");
      return c.json({ roleChanges: await listRoleChanges(deps.db) });
    })
    .get("/activity", validate("query", ActivityQuery), async (c) => {
      c.header("Cache-Control", "no-store");
      return c.json(await listActivity(deps.db, c.req.valid("query")));
    });
}
