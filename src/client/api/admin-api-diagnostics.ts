import { api, body } from "./client.ts";

const diagnostics = api.admin["api-diagnostics"];

export function runDiagnostics() {
  return body(diagnostics.$post());
}

export function listSupplierProblems() {
  return body(diagnostics.problems.$get());
}

export function listStuckCases() {
  return body(diagnostics.stuck.$get());
}

export function retryStuckCase(id: number) {
  return body(diagnostics.stuck[":id"].retry.$post({ param: { id: String(id) } }));
}
