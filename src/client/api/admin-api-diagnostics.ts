import { queryOptions } from "@tanstack/react-query";
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

export const diagnosticsKeys = {
  stuckCases: ["admin", "stuck-cases"] as const,
  /** `round` asks again: the problems are read fresh each time the admin runs the diagnostics. */
  supplierProblems: (round: number) => ["admin", "supplier-problems", round] as const,
};

export function stuckCasesQueryOptions() {
  return queryOptions({ queryKey: diagnosticsKeys.stuckCases, queryFn: listStuckCases });
}

export function supplierProblemsQueryOptions(round: number) {
  return queryOptions({ queryKey: diagnosticsKeys.supplierProblems(round), queryFn: listSupplierProblems });
}
