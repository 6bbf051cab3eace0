import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { activityQueryOptions } from "../../api/admin-users.ts";

export type { ActivityLog } from "../../api/admin-users.ts";

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
    ...activityQueryOptions({ ...filters, pageSize: ACTIVITY_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
}
