import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiGet } from "../../lib/api.ts";

export interface ActivityLog {
  id: number;
  createdAt: string;
  actionType: string;
  /** Null when the system acted, e.g. an expired hold. */
  userEmail: string | null;
  targetUserEmail: string | null;
  details: Record<string, unknown>;
  ipAddress: string | null;
}

export interface ActivityFilters {
  actionType: string;
  startDate: string;
  endDate: string;
  search: string;
  page: number;
}

export const ACTIVITY_PAGE_SIZE = 50;

export function useActivityLogs(filters: ActivityFilters) {
  return useQuery({
    queryKey: ["admin", "activity", filters],
    queryFn: () => {
      const params = new URLSearchParams({ search: filters.search, page: String(filters.page), pageSize: String(ACTIVITY_PAGE_SIZE) });
      // Blank filters are left out: the server reads an absent one as "any".
      if (filters.actionType) params.set("actionType", filters.actionType);
      if (filters.startDate) params.set("startDate", filters.startDate);
      if (filters.endDate) params.set("endDate", filters.endDate);
      return apiGet<{ logs: ActivityLog[]; total: number; actionTypes: string[] }>(`/api/admin/activity?${params}`);
    },
    placeholderData: keepPreviousData,
  });
}
