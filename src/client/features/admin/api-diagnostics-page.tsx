import { useMutation, useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { toast } from "sonner";
import { Alert } from "../../components/ui/alert.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { runDiagnostics } from "../../api/admin-api-diagnostics.ts";
import { supplierSandboxQueryOptions } from "../../api/admin-supplier-sandbox.ts";
import { ApiError } from "../../lib/api.ts";
import { formatCount, formatMoney } from "../../lib/format.ts";
import { errorText } from "../../lib/error-text.ts";
import { i18next, useTranslation } from "../../lib/i18n.ts";
import { environmentLabel } from "./environment-label.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { AdminPageHeader } from "./admin-page-header.tsx";
import { StuckCases } from "./stuck-cases.tsx";
import { SupplierProblems } from "./supplier-problems.tsx";

/** Spec 'API Diagnostics': the test search (Dubai, 7 to 9 days ahead, 2 guests, 1 room) through the active supplier. */
export function ApiDiagnosticsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("API Diagnostics"));
  const sandbox = useQuery(supplierSandboxQueryOptions());
  const run = useMutation({
    mutationFn: runDiagnostics,
    onSuccess(result) {
      if (result.success) toast.success(i18next.t("Diagnostics completed"));
      else toast.error(i18next.t("Diagnostics failed: {{message}}", { message: result.error ?? i18next.t("Unknown error") }));
    },
    onError(error) {
      toast.error(
        error instanceof ApiError && error.code === "NO_ACTIVE_API_CONFIGURATION"
          ? errorText(error, i18next.t("Something went wrong"))
          : i18next.t("Diagnostics failed: {{message}}", { message: errorText(error, i18next.t("Something went wrong")) }),
      );
    },
  });
  const result = run.data;
  const noConfig = run.error instanceof ApiError && run.error.code === "NO_ACTIVE_API_CONFIGURATION";

  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <AdminPageHeader
        title={t("API Diagnostics")}
        description={t(
          "Runs a test search (Dubai, check-in 7 days ahead, check-out 9 days ahead, 2 guests, 0 children, 1 room) through the active supplier environment.",
        )}
        actions={
          <Button onClick={() => run.mutate()} disabled={run.isPending}>
            {run.isPending ? <Spinner /> : null}
            {t("Run diagnostics")}
          </Button>
        }
      />

      {noConfig ? (
        <Alert variant="error">
          {errorText(run.error, t("Something went wrong"))}{" "}
          <Link to="/admin/api-settings" className="font-medium underline">
            {t("Open API Settings")}
          </Link>
        </Alert>
      ) : run.error ? (
        <Alert variant="error">{t("Diagnostics failed: {{message}}", { message: errorText(run.error, t("Something went wrong")) })}</Alert>
      ) : null}

      {result ? (
        <Card className="space-y-4 p-5">
          <div className="flex flex-wrap items-center gap-3">
            <h2 className="text-lg font-semibold text-slate-900">{t("Result")}</h2>
            <Badge tone={result.success ? "success" : "danger"}>{result.success ? t("Passed") : t("Failed")}</Badge>
            <span className="text-sm text-slate-600">
              {environmentLabel(t, result.environment)} · {result.apiUrl}
            </span>
          </div>
          <dl className="grid gap-4 text-sm sm:grid-cols-3">
            <div>
              <dt className="text-slate-600">{t("Time taken")}</dt>
              <dd className="text-xl font-semibold text-slate-900">{t("{{duration}} ms", { duration: formatCount(result.durationMs) })}</dd>
            </div>
            <div>
              <dt className="text-slate-600">{t("Hotels found")}</dt>
              <dd className="text-xl font-semibold text-slate-900">{formatCount(result.resultCount)}</dd>
            </div>
            <div>
              <dt className="text-slate-600">{t("Errors")}</dt>
              <dd className="font-medium text-slate-900">{result.error ?? t("None")}</dd>
            </div>
          </dl>
          {result.sample.length > 0 ? (
            <div>
              <h3 className="text-sm font-semibold text-slate-900">{t("First results")}</h3>
              <ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200">
                {result.sample.map((hotel) => (
                  <li key={hotel.id} className="flex justify-between gap-4 px-4 py-2 text-sm">
                    <span className="text-slate-900">{hotel.name}</span>
                    <span className="text-slate-700 tabular-nums">
                      {t("{{price}} per night", { price: formatMoney(hotel.priceCents, "USD") })}
                    </span>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </Card>
      ) : null}

      {/* Refreshed after each run: a failed run adds its own entries. */}
      <SupplierProblems refreshKey={run.submittedAt} />

      <StuckCases />

      {sandbox.data?.enabled ? (
        <Card className="space-y-2 p-5 text-sm">
          <h2 className="text-lg font-semibold text-slate-900">{t("Supplier sandbox")}</h2>
          <p className="text-slate-700">
            {t(
              "This installation serves a sandbox that speaks the supplier's protocol. To try the connection without a real account, save these in the TEST tab of API Settings and press Save & Activate:",
            )}
          </p>
          <dl className="grid gap-2 sm:grid-cols-3">
            <div>
              <dt className="text-slate-600">{t("API URL")}</dt>
              <dd className="font-mono break-all text-slate-900">{sandbox.data.apiUrl}</dd>
            </div>
            <div>
              <dt className="text-slate-600">{t("Username")}</dt>
              <dd className="font-mono text-slate-900">{sandbox.data.username}</dd>
            </div>
            <div>
              <dt className="text-slate-600">{t("Password")}</dt>
              <dd className="font-mono text-slate-900">{sandbox.data.password}</dd>
            </div>
          </dl>
        </Card>
      ) : null}
    </div>
  );
}
