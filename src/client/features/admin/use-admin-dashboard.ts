import { useQuery } from "@tanstack/react-query";
import type { DashboardStats } from "../../../server/services/admin-dashboard.ts";
import { apiGet } from "../../lib/api.ts";

export const DASHBOARD_QUERY_KEY = ["admin", "dashboard"] as const;

export function useAdminDashboard() {
  return useQuery({
    queryKey: DASHBOARD_QUERY_KEY,
    queryFn: () => apiGet<DashboardStats>("/api/admin/dashboard"),
  });
}
