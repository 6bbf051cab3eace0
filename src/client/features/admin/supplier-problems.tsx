import { useQuery } from "@tanstack/react-query";
import { Card } from "../../components/ui/card.tsx";
import { supplierProblemsQueryOptions } from "../../api/admin-api-diagnostics.ts";
import { errorText } from "../../lib/error-text.ts";
import { formatLocale } from "../../lib/format.ts";
import { type TFunction, useTranslation } from "../../lib/i18n.ts";
import { environmentLabel } from "./environment-label.ts";

/** What went wrong, from the problem's action type; an unknown type is shown as its code. */
function problemLabel(t: TFunction, actionType: string): string {
  switch (actionType) {
    case "supplier_call_failed":
      return t("Call failed");
    case "supplier_booking_failed":
      return t("Booking refused (refunded)");
    case "supplier_booking_unknown":
      return t("Booking answer lost (looked up)");
    case "supplier_cancel_failed":
      return t("Cancellation failed");
    default:
      return actionType;
  }
}

/** With seconds, unlike formatDateTime: problems often come in bursts. */
function formatTime(iso: string): string {
  return new Intl.DateTimeFormat(formatLocale(), { dateStyle: "medium", timeStyle: "medium" }).format(new Date(iso));
}

function text(value: unknown): string {
  return typeof value === "string" || typeof value === "number" ? String(value) : "";
}

/** The latest supplier failures (calls, bookings, cancellations), each with the request id to find it in the logs. */
export function SupplierProblems({ refreshKey }: { refreshKey: number }) {
  const { t } = useTranslation();
  const problems = useQuery(supplierProblemsQueryOptions(refreshKey));
  return (
    <Card className="space-y-3 p-5">
      <h2 className="text-lg font-semibold text-slate-900">{t("Recent supplier problems")}</h2>
      {problems.isPending ? (
        <p role="status" className="text-sm text-slate-600">
          {t("Loading...")}
        </p>
      ) : problems.isError ? (
        <p className="text-sm text-red-700">
          {t("Could not load the supplier problems: {{message}}", { message: errorText(problems.error, t("Something went wrong")) })}
        </p>
      ) : problems.data.problems.length === 0 ? (
        <p className="text-sm text-slate-600">{t("No supplier problems recorded.")}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-xs text-slate-600">
              <tr>
                <th scope="col" className="py-2 pr-4 font-medium">
                  {t("When")}
                </th>
                <th scope="col" className="py-2 pr-4 font-medium">
                  {t("What")}
                </th>
                <th scope="col" className="py-2 pr-4 font-medium">
                  {t("Detail")}
                </th>
                <th scope="col" className="py-2 font-medium">
                  {t("Request id")}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {problems.data.problems.map((p, index) => (
                <tr key={`${p.at}-${index}`} className="align-top">
                  <td className="py-2 pr-4 whitespace-nowrap text-slate-700">{formatTime(p.at)}</td>
                  <td className="py-2 pr-4 text-slate-900">
                    {problemLabel(t, p.actionType)}
                    {text(p.details.method) ? (
                      <span className="block text-xs text-slate-600">
                        {environmentLabel(t, text(p.details.environment))} · {text(p.details.method)}
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
