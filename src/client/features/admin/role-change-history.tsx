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

function RoleBadge({ role }: { role: string }) {
  return <Badge tone={role === "admin" ? "brand" : "neutral"}>{role}</Badge>;
}

function RoleTransition({ change }: { change: RoleChange }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      <RoleBadge role={change.previousRole} />
      <ArrowRight aria-label="to" className="size-3.5 text-slate-500" />
      <RoleBadge role={change.newRole} />
    </span>
  );
}

function HistoryTable({ changes }: { changes: RoleChange[] }) {
  const th = "px-4 py-3 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase";
  const td = "px-4 py-3 align-top text-sm text-slate-700";
  return (
    <table className="w-full">
      <caption className="sr-only">Role changes, newest first</caption>
      <thead className="border-b border-slate-200 bg-slate-50">
        <tr>
          <th scope="col" className={th}>
            User
          </th>
          <th scope="col" className={th}>
            Change
          </th>
          <th scope="col" className={th}>
            Changed by
          </th>
          <th scope="col" className={th}>
            When
          </th>
          <th scope="col" className={th}>
            Reason
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
            <td className={`${td} break-all`}>{change.changedByEmail ?? "System"}</td>
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
  return (
    <ul aria-label="Role changes, newest first" className="divide-y divide-slate-100">
      {changes.map((change) => (
        <li key={change.id} className="space-y-1.5 p-4 text-sm">
          <p className="font-medium break-all text-slate-900">{change.userEmail}</p>
          <RoleTransition change={change} />
          <p className="text-slate-600">
            By <span className="break-all">{change.changedByEmail ?? "System"}</span> ·{" "}
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
  const roleChanges = useRoleChanges();
  const wide = useMediaQuery("(min-width: 768px)");

  useEffect(() => {
    if (roleChanges.error) toast.error(`Failed to fetch role changes: ${roleChanges.error.message}`);
  }, [roleChanges.error]);

  return (
    <Card className="overflow-hidden">
      {roleChanges.isPending ? (
        <Loading rows={4} rowClassName="h-6 w-full" className="p-4" />
      ) : roleChanges.isError ? (
        <LoadFailed
          title="Failed to fetch role changes"
          error={roleChanges.error}
          onRetry={() => void roleChanges.refetch()}
          retrying={roleChanges.isFetching}
          className="p-4"
        />
      ) : roleChanges.data.roleChanges.length === 0 ? (
        <EmptyState icon={History} title="No role changes yet">
          Promotions and demotions appear here with who made them and why.
        </EmptyState>
      ) : wide ? (
        <HistoryTable changes={roleChanges.data.roleChanges} />
      ) : (
        <HistoryCards changes={roleChanges.data.roleChanges} />
      )}
    </Card>
  );
}
