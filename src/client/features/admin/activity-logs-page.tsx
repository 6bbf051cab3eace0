import { useEffect, useId, useState } from "react";
import { ScrollText } from "lucide-react";
import { EmptyState } from "../../components/empty-state.tsx";
import { LoadFailed } from "../../components/load-failed.tsx";
import { Loading } from "../../components/loading.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { NativeSelect } from "../../components/ui/native-select.tsx";
import { groupedActivityTypes } from "../../../shared/activity-types.ts";
import { useTranslation } from "../../lib/i18n.ts";
import { activityDetailEntries } from "./activity-details.ts";
import { activityGroupLabel, activityTypeLabel } from "./activity-labels.ts";
import { formatDateTime } from "../../lib/format.ts";
import { useDebouncedValue } from "../../lib/use-debounced-value.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { useMediaQuery } from "../../lib/use-media-query.ts";
import { AdminPageHeader } from "./admin-page-header.tsx";
import { Pager } from "../../components/pager.tsx";
import { ACTIVITY_PAGE_SIZE, useActivityLogs, type ActivityFilters, type ActivityLog } from "./use-activity-logs.ts";

/** Details are arbitrary JSON from the server; they are shown as plain text (with human labels), never as markup. */
function Details({ details }: { details: Record<string, unknown> }) {
  const { t } = useTranslation();
  const entries = activityDetailEntries(t, details);
  if (entries.length === 0) return <span className="text-slate-500">—</span>;
  return (
    <ul className="space-y-0.5 text-xs">
      {entries.map(([label, value], i) => (
        <li key={i} className="break-all">
          <span className="font-medium text-slate-600">{label}:</span> <span className="text-slate-800">{value}</span>
        </li>
      ))}
    </ul>
  );
}

function Actor({ email }: { email: string | null }) {
  const { t } = useTranslation();
  return email ? <span className="break-all">{email}</span> : <span className="text-slate-600 italic">{t("System")}</span>;
}

function LogsTable({ logs }: { logs: ActivityLog[] }) {
  const { t } = useTranslation();
  const th = "px-4 py-3 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase";
  const td = "px-4 py-3 align-top text-sm text-slate-700";
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[52rem]">
        <caption className="sr-only">{t("Activity, newest first")}</caption>
        <thead className="border-b border-slate-200 bg-slate-50">
          <tr>
            <th scope="col" className={th}>
              {t("Time")}
            </th>
            <th scope="col" className={th}>
              {t("Action")}
            </th>
            <th scope="col" className={th}>
              {t("User")}
            </th>
            <th scope="col" className={th}>
              {t("Target")}
            </th>
            <th scope="col" className={th}>
              {t("Details")}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {logs.map((log) => (
            <tr key={log.id}>
              <td className={`${td} whitespace-nowrap`}>
                <time dateTime={log.createdAt}>{formatDateTime(log.createdAt)}</time>
              </td>
              <td className={td}>
                <Badge tone="brand">{activityTypeLabel(t, log.actionType)}</Badge>
              </td>
              <td className={td}>
                <Actor email={log.userEmail} />
              </td>
              <td className={`${td} break-all`}>{log.targetUserEmail ?? <span className="text-slate-500">—</span>}</td>
              <td className={`${td} max-w-md`}>
                <Details details={log.details} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function LogCards({ logs }: { logs: ActivityLog[] }) {
  const { t } = useTranslation();
  return (
    <ul aria-label={t("Activity, newest first")} className="divide-y divide-slate-100">
      {logs.map((log) => (
        <li key={log.id} className="space-y-2 p-4 text-sm">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <Badge tone="brand">{activityTypeLabel(t, log.actionType)}</Badge>
            <time dateTime={log.createdAt} className="text-xs text-slate-600">
              {formatDateTime(log.createdAt)}
            </time>
          </div>
          <p className="text-slate-700">
            <span className="text-slate-600">{t("By")} </span>
            <Actor email={log.userEmail} />
            {log.targetUserEmail ? (
              <>
                <span className="text-slate-600"> · {t("target")} </span>
                <span className="break-all">{log.targetUserEmail}</span>
              </>
            ) : null}
          </p>
          <Details details={log.details} />
        </li>
      ))}
    </ul>
  );
}

const NO_FILTERS: ActivityFilters = { actionType: "", startDate: "", endDate: "", search: "", page: 1 };

export function ActivityLogsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("Activity Logs"));
  const [filters, setFilters] = useState<Omit<ActivityFilters, "search">>(NO_FILTERS);
  const [searchText, setSearchText] = useState("");
  const search = useDebouncedValue(searchText.trim(), 300);
  const [searchedFor, setSearchedFor] = useState(search);
  // A new search starts again from the first page.
  if (search !== searchedFor) {
    setSearchedFor(search);
    setFilters((current) => ({ ...current, page: 1 }));
  }
  const logs = useActivityLogs({ ...filters, search });
  const wide = useMediaQuery("(min-width: 768px)");
  const ids = { action: useId(), start: useId(), end: useId(), search: useId() };

  useEffect(() => {
    // Spec section 8: activity log fetch errors go to the console, not to a toast.
    if (logs.error) console.error("Failed to load activity logs", logs.error);
  }, [logs.error]);

  function change(changes: Partial<Omit<ActivityFilters, "search">>) {
    setFilters((current) => ({ ...current, page: 1, ...changes }));
  }

  const filtered = filters.actionType !== "" || filters.startDate !== "" || filters.endDate !== "" || search !== "";
  const actionGroups = groupedActivityTypes(logs.data?.actionTypes ?? []);
  const listed = actionGroups.some((group) => group.types.some((type) => type.value === filters.actionType));

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <AdminPageHeader
        title={t("Activity Logs")}
        description={t("Every sign-in, sign-up, password reset, role change, ban and admin action, newest first.")}
      />

      <Card className="grid gap-3 p-4 sm:grid-cols-2 lg:grid-cols-[minmax(0,1.2fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1.5fr)_auto] lg:items-end">
        <div className="space-y-1.5">
          <Label htmlFor={ids.action}>{t("Action type")}</Label>
          <NativeSelect id={ids.action} value={filters.actionType} onChange={(event) => change({ actionType: event.target.value })}>
            <option value="">{t("All actions")}</option>
            {/* Keeps a chosen type selectable while the list of types is still loading. */}
            {filters.actionType && !listed ? <option value={filters.actionType}>{activityTypeLabel(t, filters.actionType)}</option> : null}
            {actionGroups.map((group) => (
              <optgroup key={group.group} label={activityGroupLabel(t, group.group)}>
                {group.types.map((type) => (
                  <option key={type.value} value={type.value}>
                    {activityTypeLabel(t, type.value)}
                  </option>
                ))}
              </optgroup>
            ))}
          </NativeSelect>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={ids.start}>{t("Start date")}</Label>
          <Input
            id={ids.start}
            type="date"
            value={filters.startDate}
            max={filters.endDate || undefined}
            onChange={(event) => change({ startDate: event.target.value })}
          />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={ids.end}>{t("End date")}</Label>
          <Input
            id={ids.end}
            type="date"
            value={filters.endDate}
            min={filters.startDate || undefined}
            onChange={(event) => change({ endDate: event.target.value })}
          />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={ids.search}>{t("Search")}</Label>
          <Input
            id={ids.search}
            type="search"
            placeholder={t("E-mail, action or detail")}
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
          />
        </div>
        <Button
          variant="ghost"
          disabled={!filtered}
          onClick={() => {
            setFilters(NO_FILTERS);
            setSearchText("");
          }}
        >
          {t("Clear filters")}
        </Button>
      </Card>

      <Card className="overflow-hidden" aria-busy={logs.isFetching || undefined}>
        {logs.isPending ? (
          <Loading rows={6} rowClassName="h-8 w-full" className="p-4" />
        ) : logs.isError && !logs.data ? (
          <LoadFailed
            title={t("Failed to load the activity logs")}
            error={logs.error}
            onRetry={() => void logs.refetch()}
            retrying={logs.isFetching}
            className="p-4"
          />
        ) : logs.data.logs.length === 0 ? (
          <EmptyState icon={ScrollText} title={t("No activity found")}>
            {filtered ? t("Try other filters.") : t("Actions are recorded here as they happen.")}
          </EmptyState>
        ) : wide ? (
          <LogsTable logs={logs.data.logs} />
        ) : (
          <LogCards logs={logs.data.logs} />
        )}
      </Card>

      <Pager
        label={t("Activity pages")}
        page={filters.page}
        pageSize={ACTIVITY_PAGE_SIZE}
        total={logs.data?.total ?? 0}
        noun={t("{{count, number}} entries", { count: logs.data?.total ?? 0 })}
        onPageChange={(page) => setFilters((current) => ({ ...current, page }))}
      />
    </div>
  );
}
