import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { diagnosticsKeys, retryStuckCase, stuckCasesQueryOptions } from "../../api/admin-api-diagnostics.ts";
import { formatCount, formatDateTime } from "../../lib/format.ts";
import { errorText } from "../../lib/error-text.ts";
import { i18next, type TFunction, useTranslation } from "../../lib/i18n.ts";

/** What the stuck job was doing, from its code; an unknown job is shown as its code. */
function jobLabel(t: TFunction, job: string): string {
  switch (job) {
    case "refund":
      return t("Refund to the guest");
    case "payment_reconciliation":
      return t("Payment reconciliation");
    case "supplier_lookup":
      return t("Supplier booking look-up");
    default:
      return job;
  }
}

/** Background jobs that used up their retries: each waits here until an admin fixes the cause and retries it. */
export function StuckCases() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const stuck = useQuery(stuckCasesQueryOptions());
  const retry = useMutation({
    mutationFn: (id: number) => retryStuckCase(id),
    onSuccess() {
      toast.success(i18next.t("Retry scheduled"), { description: i18next.t("The next background round tries this case again.") });
    },
    onError(error) {
      toast.error(i18next.t("Retry failed: {{message}}", { message: errorText(error, i18next.t("Something went wrong")) }));
    },
    onSettled() {
      void queryClient.invalidateQueries({ queryKey: diagnosticsKeys.stuckCases });
    },
  });
  return (
    <Card className="space-y-3 p-5">
      <h2 className="text-lg font-semibold text-slate-900">{t("Stuck background jobs")}</h2>
      {stuck.data ? (
        <p className="text-sm text-slate-600">
          {t(
            "Jobs that failed {{attempts}} times in a row stop retrying and wait here. Fix the cause (for a refund, check the payment at the provider), then retry.",
            { attempts: formatCount(stuck.data.maxAttempts) },
          )}
        </p>
      ) : null}
      {stuck.isPending ? (
        <p role="status" className="text-sm text-slate-600">
          {t("Loading...")}
        </p>
      ) : stuck.isError ? (
        <p className="text-sm text-red-700">
          {t("Could not load the stuck jobs: {{message}}", { message: errorText(stuck.error, t("Something went wrong")) })}
        </p>
      ) : stuck.data.cases.length === 0 ? (
        <p className="text-sm text-slate-600">{t("No stuck jobs.")}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-xs text-slate-600">
              <tr>
                <th scope="col" className="py-2 pr-4 font-medium">
                  {t("Booking")}
                </th>
                <th scope="col" className="py-2 pr-4 font-medium">
                  {t("What failed")}
                </th>
                <th scope="col" className="py-2 pr-4 font-medium">
                  {t("Attempts")}
                </th>
                <th scope="col" className="py-2 pr-4 font-medium">
                  {t("Last error")}
                </th>
                <th scope="col" className="py-2 font-medium">
                  <span className="sr-only">{t("Action")}</span>
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
                    {jobLabel(t, c.job)}
                    <span className="block text-xs text-slate-600">{t("since {{time}}", { time: formatDateTime(c.firstFailedAt) })}</span>
                  </td>
                  <td className="py-2 pr-4 text-slate-700 tabular-nums">{formatCount(c.attempts)}</td>
                  <td className="py-2 pr-4 break-words text-slate-700">
                    {c.lastError}
                    <span className="block text-xs text-slate-600">{formatDateTime(c.lastFailedAt)}</span>
                  </td>
                  <td className="py-2">
                    <Button
                      variant="secondary"
                      onClick={() => retry.mutate(c.id)}
                      disabled={retry.isPending}
                      aria-label={t("Retry {{job}} for {{reference}}", { job: jobLabel(t, c.job), reference: c.bookingReference })}
                    >
                      {t("Retry")}
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
