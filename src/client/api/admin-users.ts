import { queryOptions } from "@tanstack/react-query";
import type { Role } from "../../shared/auth.ts";
import { api, body } from "./client.ts";

export function listUsers(search: string) {
  return body(api.admin.users.$get({ query: { search } }));
}

export type AdminUserView = Awaited<ReturnType<typeof listUsers>>["users"][number];

export function listRoleChanges() {
  return body(api.admin["role-changes"].$get());
}

export type RoleChange = Awaited<ReturnType<typeof listRoleChanges>>["roleChanges"][number];

export function changeUserRole(id: string, role: Exclude<Role, "manager" | "front_desk">, reason: string) {
  return body(api.admin.users[":id"].role.$post({ param: { id: encodeURIComponent(id) }, json: { role, ...(reason ? { reason } : {}) } }));
}

/** Makes the user the manager of exactly these hotels; an empty list makes a manager a regular user again. */
export function setManagedHotels(id: string, hotelIds: number[], reason: string) {
  return body(
    api.admin.users[":id"].hotels.$put({ param: { id: encodeURIComponent(id) }, json: { hotelIds, ...(reason ? { reason } : {}) } }),
  );
}

export function setUserBanned(id: string, banned: boolean) {
  return body(api.admin.users[":id"].status.$post({ param: { id: encodeURIComponent(id) }, json: { banned } }));
}

/** A user's data as the file to download, at their request; `requestedBy` (who asked, and how) is logged. */
export async function exportUserData(id: string, requestedBy: string): Promise<Blob> {
  const response = await api.admin.users[":id"].export.$get({ param: { id: encodeURIComponent(id) }, query: { requestedBy } });
  return response.blob();
}

/** Deletes a user's account at their request (decision 067). */
export function deleteUserAccount(id: string, requestedBy: string, reviews: "keep" | "delete") {
  return body(api.admin.users[":id"].delete.$post({ param: { id: encodeURIComponent(id) }, json: { requestedBy, reviews } }));
}

/** Blank filters are left out: the server reads an absent one as "any". */
export function listActivity(filters: {
  actionType: string;
  startDate: string;
  endDate: string;
  search: string;
  page: number;
  pageSize: number;
}) {
  const query: Record<string, string> = { search: filters.search, page: String(filters.page), pageSize: String(filters.pageSize) };
  if (filters.actionType) query.actionType = filters.actionType;
  if (filters.startDate) query.startDate = filters.startDate;
  if (filters.endDate) query.endDate = filters.endDate;
  return body(api.admin.activity.$get({ query }));
}

export type ActivityLog = Awaited<ReturnType<typeof listActivity>>["logs"][number];

type ActivityQuery = Parameters<typeof listActivity>[0];

export const adminUserKeys = {
  /** Every search of the user list. */
  all: ["admin", "users"] as const,
  list: (search: string) => [...adminUserKeys.all, search] as const,
  roleChanges: ["admin", "role-changes"] as const,
};

export function adminUsersQueryOptions(search: string) {
  return queryOptions({ queryKey: adminUserKeys.list(search), queryFn: () => listUsers(search) });
}

export function roleChangesQueryOptions() {
  return queryOptions({ queryKey: adminUserKeys.roleChanges, queryFn: listRoleChanges });
}

export function activityQueryOptions(query: ActivityQuery) {
  return queryOptions({ queryKey: ["admin", "activity", query], queryFn: () => listActivity(query) });
}
