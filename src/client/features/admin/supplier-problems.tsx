import { useQuery } from "@tanstack/react-query";
import { Card } from "../../components/ui/card.tsx";
import { listSupplierProblems } from "../../api/admin-api-diagnostics.ts";

const WHAT: Record<string, string> = {
  supplier_call_failed: "Call failed",
  supplier_booking_failed: "Booking refused (refunded)",
  supplier_booking_unknown: "Booking answer lost (looked up)",
  supplier_cancel_failed: "Cancellation failed",
};

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "medium" });

function text(value: unknown): string {
  return typeof value === "string" || typeof value === "number" ? String(value) : "";
}

/** The latest supplier failures (calls, bookings, cancellations), each with the request id to find it in the logs. */
export function SupplierProblems({ refreshKey }: { refreshKey: number }) {
  const problems = useQuery({
    queryKey: ["admin", "supplier-problems", refreshKey],
    queryFn: listSupplierProblems,
  });
  return (
    <Card className="space-y-3 p-5">
      <h2 className="text-lg font-semibold text-slate-900">Recent supplier problems</h2>
      {problems.isPending ? (
        <p role="status" className="text-sm text-slate-600">
          Loading...
        </p>
      ) : problems.isError ? (
        <p className="text-sm text-red-700">Could not load the supplier problems: {problems.error.message}</p>
      ) : problems.data.problems.length === 0 ? (
        <p className="text-sm text-slate-600">No supplier problems recorded.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-xs text-slate-600">
              <tr>
                <th scope="col" className="py-2 pr-4 font-medium">
                  When
                </th>
                <th scope="col" className="py-2 pr-4 font-medium">
                  What
                </th>
                <th scope="col" className="py-2 pr-4 font-medium">
                  Detail
                </th>
                <th scope="col" className="py-2 font-medium">
                  Request id
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {problems.data.problems.map((p, index) => (
                <tr key={`${p.at}-${index}`} className="align-top">
                  <td className="py-2 pr-4 whitespace-nowrap text-slate-700">{timeFormat.format(new Date(p.at))}</td>
                  <td className="py-2 pr-4 text-slate-900">
                    {WHAT[p.actionType] ?? p.actionType}
                    {text(p.details.method) ? (
                      <span className="block text-xs text-slate-600">
                        {text(p.details.environment)} · {text(p.details.method)}
                      </span>
                    ) : null}
                  </td>
                  <td className="py-2 pr-4 text-slate-700">
                    {[text(p.details.errorType), text(p.details.message) || text(p.details.reason), text(p.details.reference)]
                      .filter(Boolean)
                      .join(" · ")}
                  </td>
                  <td className="py-2 font-mono text-xs break-all text-slate-700">{p.requestId ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
