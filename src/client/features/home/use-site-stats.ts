import { useQuery } from "@tanstack/react-query";
import { siteStatsQueryOptions } from "../../api/account.ts";

export function useSiteStats() {
  return useQuery(siteStatsQueryOptions());
}
