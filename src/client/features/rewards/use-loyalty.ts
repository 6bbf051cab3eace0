import { useQuery } from "@tanstack/react-query";
import { getLoyalty } from "../../api/account.ts";

export function useLoyalty() {
  return useQuery({
    queryKey: ["loyalty"],
    queryFn: getLoyalty,
  });
}
