import { useEffect } from "react";
import { ArrowRight, History } from "lucide-react";
import { toast } from "sonner";
import { EmptyState } from "../../components/empty-state.tsx";
import { LoadFailed } from "../../components/load-failed.tsx";
import { Loading } from "../../components/loading.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Card } from "../../components/ui/card.tsx";
import { formatDateTime } from "../../lib/format.ts";
import { useMediaQuery } from "../../lib/use-media-query.ts";
import { useRoleChanges, type RoleChange } from "./use-admin-users.ts";
import { errorText } from "../../lib/error-text.ts";
import { useTranslation } from "../../lib/i18n.ts";
import { roleLabel } from "./role-label.ts";

function RoleBadge({ role }: { role: string }) {
  const { t } = useTranslation();
  return <Badge tone={role === "admin" ? "brand" : "neutral"}>{roleLabel(t, role)}</Badge>;
}

function RoleTransition({ change }: { change: RoleChange }) {
  const { t } = useTranslation();
  return (
    <span className="inline-flex items-center gap-1.5">
      <RoleBadge role={change.previousRole} />
      <ArrowRight aria-label={t("to")} className="size-3.5 text-slate-500" />
      <RoleBadge role={change.newRole} />
    </span>
  );
}

function HistoryTable({ changes }: { changes: RoleChange[] }) {
  const { t } = useTranslation();
  const th = "px-4 py-3 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase";
  const td = "px-4 py-3 align-top text-sm text-slate-700";
  return (
    <table className="w-full">
      <caption className="sr-only">{t("Role changes, newest first")}</caption>
      <thead className="border-b border-slate-200 bg-slate-50">
        <tr>
          <th scope="col" className={th}>
            {t("User")}
          </th>
          <th scope="col" className={th}>
            {t("Change")}
          </th>
          <th scope="col" className={th}>
            {t("Changed by")}
          </th>
          <th scope="col" className={th}>
            {t("When")}
          </th>
          <th scope="col" className={th}>
            {t("Reason")}
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {changes.map((change) => (
          <tr key={change.id}>
            <th scope="row" className={`${td} text-left font-medium break-all text-slate-900`}>
              {change.userEmail}
            </th>
            <td className={td}>
              <RoleTransition change={change} />
            </td>
            <td className={`${td} break-all`}>{change.changedByEmail ?? t("System")}</td>
            <td className={`${td} whitespace-nowrap`}>
              <time dateTime={change.changedAt}>{formatDateTime(change.changedAt)}</time>
            </td>
            <td className={td}>{change.reason ?? <span className="text-slate-500">—</span>}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function HistoryCards({ changes }: { changes: RoleChange[] }) {
  const { t } = useTranslation();
  return (
    <ul aria-label={t("Role changes, newest first")} className="divide-y divide-slate-100">
      {changes.map((change) => (
        <li key={change.id} className="space-y-1.5 p-4 text-sm">
          <p className="font-medium break-all text-slate-900">{change.userEmail}</p>
          <RoleTransition change={change} />
          <p className="text-slate-600">
            {t("By")} <span className="break-all">{change.changedByEmail ?? t("System")}</span> ·{" "}
            <time dateTime={change.changedAt}>{formatDateTime(change.changedAt)}</time>
          </p>
          {change.reason ? <p className="text-slate-700">“{change.reason}”</p> : null}
        </li>
      ))}
    </ul>
  );
}

/** The newest 100 role changes; Radix mounts the tab's content, and so loads them, only when the tab is opened. */
export function RoleChangeHistory() {
  const { t } = useTranslation();
  const roleChanges = useRoleChanges();
  const wide = useMediaQuery("(min-width: 768px)");

  useEffect(() => {
    if (roleChanges.error)
      toast.error(t("Failed to fetch role changes: {{message}}", { message: errorText(roleChanges.error, t("Something went wrong")) }));
  }, [roleChanges.error, t]);

  return (
    <Card className="overflow-hidden">
      {roleChanges.isPending ? (
        <Loading rows={4} rowClassName="h-6 w-full" className="p-4" />
      ) : roleChanges.isError ? (
        <LoadFailed
          title={t("Failed to fetch role changes")}
          error={roleChanges.error}
          onRetry={() => void roleChanges.refetch()}
          retrying={roleChanges.isFetching}
          className="p-4"
        />
      ) : roleChanges.data.roleChanges.length === 0 ? (
        <EmptyState icon={History} title={t("No role changes yet")}>
          {t("Promotions and demotions appear here with who made them and why.")}
        </EmptyState>
      ) : wide ? (
        <HistoryTable changes={roleChanges.data.roleChanges} />
      ) : (
        <HistoryCards changes={roleChanges.data.roleChanges} />
      )}
    </Card>
  );
}
