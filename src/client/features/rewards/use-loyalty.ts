import { useQuery } from "@tanstack/react-query";
import { loyaltyQueryOptions } from "../../api/account.ts";

export function useLoyalty() {
  return useQuery(loyaltyQueryOptions());
}
