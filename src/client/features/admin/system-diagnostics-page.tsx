import { useEffect } from "react";
import { toast } from "sonner";
import { LoadFailed } from "../../components/load-failed.tsx";
import { Loading } from "../../components/loading.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Card } from "../../components/ui/card.tsx";
import { useAuth } from "../../lib/auth-provider.tsx";
import { errorText } from "../../lib/error-text.ts";
import { useTranslation } from "../../lib/i18n.ts";
import { roleLabel } from "./role-label.ts";
import { formatCount } from "../../lib/format.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { AdminPageHeader } from "./admin-page-header.tsx";
import { useAdminUsers } from "./use-admin-users.ts";

function SessionInfo() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const rows: [label: string, value: string][] = user
    ? [
        [t("User ID"), user.id],
        [t("Name"), user.name || "—"],
        [t("Email"), user.email],
        [t("Role"), roleLabel(t, user.role)],
        [t("Time zone"), timeZone],
      ]
    : [[t("Time zone"), timeZone]];
  const userIdLabel = t("User ID");
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="text-lg font-semibold text-slate-900">{t("Session info")}</h2>
      <dl className="mt-4 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[8rem_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-600">{label}</dt>
            <dd className="-mt-2 font-medium break-all text-slate-900 sm:mt-0">
              {label === userIdLabel ? <span className="font-mono text-xs">{value}</span> : value}
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

function UserList() {
  const { t } = useTranslation();
  const users = useAdminUsers("");

  useEffect(() => {
    if (users.error) toast.error(t("Failed to fetch users: {{message}}", { message: errorText(users.error, t("Something went wrong")) }));
  }, [users.error, t]);

  return (
    <Card className="overflow-hidden">
      <div className="flex items-baseline justify-between gap-3 border-b border-slate-200 px-5 py-4 sm:px-6">
        <h2 className="text-lg font-semibold text-slate-900">{t("Users")}</h2>
        {users.data ? (
          <p className="text-sm text-slate-600">{t("{{number}} in total", { number: formatCount(users.data.users.length) })}</p>
        ) : null}
      </div>
      {users.isPending ? (
        <Loading rows={4} rowClassName="h-6 w-full" className="p-5" />
      ) : users.isError ? (
        <LoadFailed
          title={t("Failed to fetch users")}
          error={users.error}
          onRetry={() => void users.refetch()}
          retrying={users.isFetching}
          className="p-5"
        />
      ) : users.data.users.length === 0 ? (
        <p className="px-5 py-10 text-center text-sm text-slate-600">{t("No users found")}</p>
      ) : (
        <ul aria-label={t("Users")} className="divide-y divide-slate-100">
          {users.data.users.map((user) => (
            <li key={user.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1.5 px-5 py-3 sm:px-6">
              <span className="min-w-0 text-sm break-all text-slate-900">{user.email}</span>
              <span className="flex gap-1.5">
                <Badge tone={user.role === "admin" ? "brand" : "neutral"}>{roleLabel(t, user.role)}</Badge>
                <Badge tone={user.banned ? "danger" : "success"}>{user.banned ? t("Disabled") : t("Active")}</Badge>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

export function SystemDiagnosticsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("System Diagnostics"));
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <AdminPageHeader
        title={t("System Diagnostics")}
        description={t("Who you are signed in as, and every account with its role and status.")}
      />
      <SessionInfo />
      <UserList />
    </div>
  );
}
