import { useQuery } from "@tanstack/react-query";
import type { LoyaltyInfo } from "../../../shared/loyalty.ts";
import { apiGet } from "../../lib/api.ts";

export function useLoyalty() {
  return useQuery({
    queryKey: ["loyalty"],
    queryFn: () => apiGet<LoyaltyInfo>("/api/loyalty"),
  });
}
