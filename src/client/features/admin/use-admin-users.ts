import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import type { Role } from "../../../shared/auth.ts";
import { errorText } from "../../lib/error-text.ts";
import { i18next } from "../../lib/i18n.ts";
import {
  adminUserKeys,
  adminUsersQueryOptions,
  changeUserRole,
  roleChangesQueryOptions,
  setManagedHotels,
  setUserBanned,
} from "../../api/admin-users.ts";

export type { RoleChange } from "../../api/admin-users.ts";

export function useAdminUsers(search: string) {
  return useQuery({
    ...adminUsersQueryOptions(search),
    placeholderData: keepPreviousData,
  });
}

export function useRoleChanges() {
  return useQuery(roleChangesQueryOptions());
}

export function useChangeRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, role, reason }: { id: string; role: Exclude<Role, "manager" | "front_desk">; reason: string }) =>
      changeUserRole(id, role, reason),
    // Feedback here rather than in mutate()'s callbacks, which are skipped once the row's dialog has unmounted.
    onSuccess: (_data, { role }) =>
      toast.success(role === "admin" ? i18next.t("User promoted to admin") : i18next.t("User demoted to regular user")),
    onError: (error, { role }) => {
      const message = errorText(error, i18next.t("Something went wrong"));
      toast.error(
        role === "admin"
          ? i18next.t("Failed to promote user: {{message}}", { message })
          : i18next.t("Failed to demote user: {{message}}", { message }),
      );
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminUserKeys.all }),
        queryClient.invalidateQueries({ queryKey: adminUserKeys.roleChanges }),
      ]),
  });
}

export function useSetUserBanned() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, banned }: { id: string; banned: boolean }) => setUserBanned(id, banned),
    onSuccess: (_data, { banned }) => toast.success(banned ? i18next.t("User disabled") : i18next.t("User enabled")),
    onError: (error) =>
      toast.error(i18next.t("Failed to update user status: {{message}}", { message: errorText(error, i18next.t("Something went wrong")) })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminUserKeys.all }),
  });
}

export function useSetManagedHotels() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, hotelIds, reason }: { id: string; hotelIds: number[]; reason: string }) => setManagedHotels(id, hotelIds, reason),
    onSuccess: (_data, { hotelIds }) =>
      toast.success(hotelIds.length > 0 ? i18next.t("Manager's hotels saved") : i18next.t("Manager access removed: now a regular user")),
    onError: (error) =>
      toast.error(
        i18next.t("Failed to save the manager's hotels: {{message}}", { message: errorText(error, i18next.t("Something went wrong")) }),
      ),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminUserKeys.all }),
        queryClient.invalidateQueries({ queryKey: adminUserKeys.roleChanges }),
      ]),
  });
}
