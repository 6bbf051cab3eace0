import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import type { Role } from "../../../shared/auth.ts";
import type { AdminUserView } from "../../../server/services/admin-users.ts";
import { apiGet, apiSend } from "../../lib/api.ts";

export interface RoleChange {
  id: number;
  userEmail: string;
  previousRole: string;
  newRole: string;
  changedByEmail: string | null;
  changedAt: string;
  reason: string | null;
}

const USERS_QUERY_KEY = ["admin", "users"] as const;
const ROLE_CHANGES_QUERY_KEY = ["admin", "role-changes"] as const;

export function useAdminUsers(search: string) {
  return useQuery({
    queryKey: [...USERS_QUERY_KEY, search],
    queryFn: () => apiGet<{ users: AdminUserView[] }>(`/api/admin/users?${new URLSearchParams({ search })}`),
    placeholderData: keepPreviousData,
  });
}

export function useRoleChanges() {
  return useQuery({
    queryKey: ROLE_CHANGES_QUERY_KEY,
    queryFn: () => apiGet<{ roleChanges: RoleChange[] }>("/api/admin/role-changes"),
  });
}

export function useChangeRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, role, reason }: { id: string; role: Role; reason: string }) =>
      apiSend<{ user: AdminUserView }>("POST", `/api/admin/users/${encodeURIComponent(id)}/role`, {
        role,
        ...(reason ? { reason } : {}),
      }),
    // Feedback here rather than in mutate()'s callbacks, which are skipped once the row's dialog has unmounted.
    onSuccess: (_data, { role }) => toast.success(role === "admin" ? "User promoted to admin" : "User demoted to regular user"),
    onError: (error, { role }) => toast.error(`${role === "admin" ? "Failed to promote user" : "Failed to demote user"}: ${error.message}`),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ROLE_CHANGES_QUERY_KEY }),
      ]),
  });
}

export function useSetUserBanned() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, banned }: { id: string; banned: boolean }) =>
      apiSend<{ user: AdminUserView }>("POST", `/api/admin/users/${encodeURIComponent(id)}/status`, { banned }),
    onSuccess: (_data, { banned }) => toast.success(banned ? "User disabled" : "User enabled"),
    onError: (error) => toast.error(`Failed to update user status: ${error.message}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY }),
  });
}
