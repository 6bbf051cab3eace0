import { api, body } from "./client.ts";

export function fetchSupplierSandbox() {
  return body(api.admin["supplier-sandbox"].$get());
}
