import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import type { Role } from "../../../shared/auth.ts";
import { changeUserRole, listRoleChanges, listUsers, setManagedHotels, setUserBanned } from "../../api/admin-users.ts";

export type { RoleChange } from "../../api/admin-users.ts";

const USERS_QUERY_KEY = ["admin", "users"] as const;
const ROLE_CHANGES_QUERY_KEY = ["admin", "role-changes"] as const;

export function useAdminUsers(search: string) {
  return useQuery({
    queryKey: [...USERS_QUERY_KEY, search],
    queryFn: () => listUsers(search),
    placeholderData: keepPreviousData,
  });
}

export function useRoleChanges() {
  return useQuery({
    queryKey: ROLE_CHANGES_QUERY_KEY,
    queryFn: listRoleChanges,
  });
}

export function useChangeRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, role, reason }: { id: string; role: Exclude<Role, "manager">; reason: string }) => changeUserRole(id, role, reason),
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
    mutationFn: ({ id, banned }: { id: string; banned: boolean }) => setUserBanned(id, banned),
    onSuccess: (_data, { banned }) => toast.success(banned ? "User disabled" : "User enabled"),
    onError: (error) => toast.error(`Failed to update user status: ${error.message}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY }),
  });
}

export function useSetManagedHotels() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, hotelIds, reason }: { id: string; hotelIds: number[]; reason: string }) => setManagedHotels(id, hotelIds, reason),
    onSuccess: (_data, { hotelIds }) =>
      toast.success(hotelIds.length > 0 ? "Manager's hotels saved" : "Manager access removed: now a regular user"),
    onError: (error) => toast.error(`Failed to save the manager's hotels: ${error.message}`),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ROLE_CHANGES_QUERY_KEY }),
      ]),
  });
}
