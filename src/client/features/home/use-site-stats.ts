import { useQuery } from "@tanstack/react-query";
import { getSiteStats } from "../../api/account.ts";

export function useSiteStats() {
  return useQuery({
    queryKey: ["site-stats"],
    queryFn: getSiteStats,
    // The server recomputes them every five minutes; no need to ask more often.
    staleTime: 5 * 60_000,
  });
}
