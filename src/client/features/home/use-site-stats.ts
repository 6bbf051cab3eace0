import { useQuery } from "@tanstack/react-query";
import type { SiteStats } from "../../../server/services/site-stats.ts";
import { apiGet } from "../../lib/api.ts";

export function useSiteStats() {
  return useQuery({
    queryKey: ["site-stats"],
    queryFn: () => apiGet<SiteStats>("/api/site-stats"),
    // The server recomputes them every five minutes; no need to ask more often.
    staleTime: 5 * 60_000,
  });
}
