import { queryOptions } from "@tanstack/react-query";
import { api, body } from "./client.ts";

export function fetchSupplierSandbox() {
  return body(api.admin["supplier-sandbox"].$get());
}

export function supplierSandboxQueryOptions() {
  return queryOptions({ queryKey: ["admin", "supplier-sandbox"], queryFn: fetchSupplierSandbox });
}
