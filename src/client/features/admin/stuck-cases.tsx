import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { listStuckCases, retryStuckCase } from "../../api/admin-api-diagnostics.ts";
import { formatDateTime } from "../../lib/format.ts";

const WHAT: Record<string, string> = {
  refund: "Refund to the guest",
  payment_reconciliation: "Payment reconciliation",
  supplier_lookup: "Supplier booking look-up",
};

const QUERY_KEY = ["admin", "stuck-cases"] as const;

/** Background jobs that used up their retries: each waits here until an admin fixes the cause and retries it. */
export function StuckCases() {
  const queryClient = useQueryClient();
  const stuck = useQuery({ queryKey: QUERY_KEY, queryFn: listStuckCases });
  const retry = useMutation({
    mutationFn: (id: number) => retryStuckCase(id),
    onSuccess() {
      toast.success("Retry scheduled", { description: "The next background round tries this case again." });
    },
    onError(error) {
      toast.error(`Retry failed: ${error.message}`);
    },
    onSettled() {
      void queryClient.invalidateQueries({ queryKey: QUERY_KEY });
    },
  });
  return (
    <Card className="space-y-3 p-5">
      <h2 className="text-lg font-semibold text-slate-900">Stuck background jobs</h2>
      {stuck.data ? (
        <p className="text-sm text-slate-600">
          Jobs that failed {stuck.data.maxAttempts} times in a row stop retrying and wait here. Fix the cause (for a refund, check the
          payment at the provider), then retry.
        </p>
      ) : null}
      {stuck.isPending ? (
        <p role="status" className="text-sm text-slate-600">
          Loading...
        </p>
      ) : stuck.isError ? (
        <p className="text-sm text-red-700">Could not load the stuck jobs: {stuck.error.message}</p>
      ) : stuck.data.cases.length === 0 ? (
        <p className="text-sm text-slate-600">No stuck jobs.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-xs text-slate-600">
              <tr>
                <th scope="col" className="py-2 pr-4 font-medium">
                  Booking
                </th>
                <th scope="col" className="py-2 pr-4 font-medium">
                  What failed
                </th>
                <th scope="col" className="py-2 pr-4 font-medium">
                  Attempts
                </th>
                <th scope="col" className="py-2 pr-4 font-medium">
                  Last error
                </th>
                <th scope="col" className="py-2 font-medium">
                  <span className="sr-only">Action</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {stuck.data.cases.map((c) => (
                <tr key={c.id} className="align-top">
                  <td className="py-2 pr-4">
                    <span className="font-mono text-slate-900">{c.bookingReference}</span>
                    <span className="block text-xs break-all text-slate-600">{c.guestEmail}</span>
                  </td>
                  <td className="py-2 pr-4 text-slate-900">
                    {WHAT[c.job] ?? c.job}
                    <span className="block text-xs text-slate-600">since {formatDateTime(c.firstFailedAt)}</span>
                  </td>
                  <td className="py-2 pr-4 text-slate-700 tabular-nums">{c.attempts}</td>
                  <td className="py-2 pr-4 break-words text-slate-700">
                    {c.lastError}
                    <span className="block text-xs text-slate-600">{formatDateTime(c.lastFailedAt)}</span>
                  </td>
                  <td className="py-2">
                    <Button
                      variant="secondary"
                      onClick={() => retry.mutate(c.id)}
                      disabled={retry.isPending}
                      aria-label={`Retry ${WHAT[c.job] ?? c.job} for ${c.bookingReference}`}
                    >
                      Retry
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
