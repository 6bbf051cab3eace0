import { useEffect, useId, useState } from "react";
import { useSearchParams } from "react-router";
import { Tabs } from "radix-ui";
import { UserRound } from "lucide-react";
import { toast } from "sonner";
import type { AdminUserView } from "../../api/admin-users.ts";
import { EmptyState } from "../../components/empty-state.tsx";
import { LoadFailed } from "../../components/load-failed.tsx";
import { Loading } from "../../components/loading.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { TabsList, TabsTrigger } from "../../components/ui/tabs.tsx";
import { useAuth } from "../../lib/auth-provider.tsx";
import { formatDateTime } from "../../lib/format.ts";
import { errorText } from "../../lib/error-text.ts";
import { useTranslation } from "../../lib/i18n.ts";
import { roleLabel } from "./role-label.ts";
import { useDebouncedValue } from "../../lib/use-debounced-value.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { useMediaQuery } from "../../lib/use-media-query.ts";
import { AdminPageHeader } from "./admin-page-header.tsx";
import { ManageHotelsButton } from "./manage-hotels-dialog.tsx";
import { RoleChangeHistory } from "./role-change-history.tsx";
import { useAdminUsers } from "./use-admin-users.ts";
import { RoleChangeButton, UserStatusButton } from "./user-actions.tsx";
import { UserDataButtons } from "./user-data-actions.tsx";

const ROLE_TONES = { admin: "brand", manager: "warning", front_desk: "neutral", user: "neutral" } as const;

function RoleBadge({ role }: { role: AdminUserView["role"] }) {
  const { t } = useTranslation();
  return <Badge tone={ROLE_TONES[role]}>{roleLabel(t, role)}</Badge>;
}

/** A manager's hotels under their badge, so the table says who runs what. */
function ManagedHotels({ user }: { user: AdminUserView }) {
  if (user.managedHotels.length === 0) return null;
  return <p className="mt-1 text-xs text-slate-600">{user.managedHotels.map((h) => h.name).join(", ")}</p>;
}

function StatusBadge({ banned }: { banned: boolean }) {
  const { t } = useTranslation();
  return <Badge tone={banned ? "danger" : "success"}>{banned ? t("Disabled") : t("Active")}</Badge>;
}

function LastSignIn({ at }: { at: string | null }) {
  const { t } = useTranslation();
  return at ? <time dateTime={at}>{formatDateTime(at)}</time> : <span className="text-slate-500">{t("Never")}</span>;
}

function UserActions({ user, isMe }: { user: AdminUserView; isMe: boolean }) {
  const { t } = useTranslation();
  if (isMe) return <p className="text-xs text-slate-600">{t("You cannot change your own role or status.")}</p>;
  return (
    <div className="flex flex-wrap gap-2">
      <RoleChangeButton user={user} />
      {user.role !== "admin" ? <ManageHotelsButton user={user} /> : null}
      <UserStatusButton user={user} />
      <UserDataButtons user={user} />
    </div>
  );
}

function UsersTable({ users, myId }: { users: AdminUserView[]; myId: string | undefined }) {
  const { t } = useTranslation();
  const th = "px-4 py-3 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase";
  const td = "px-4 py-3 align-middle text-sm text-slate-700";
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[56rem]">
        <caption className="sr-only">{t("Users")}</caption>
        <thead className="border-b border-slate-200 bg-slate-50">
          <tr>
            <th scope="col" className={th}>
              {t("Name")}
            </th>
            <th scope="col" className={th}>
              {t("Email")}
            </th>
            <th scope="col" className={th}>
              {t("Role")}
            </th>
            <th scope="col" className={th}>
              {t("Status")}
            </th>
            <th scope="col" className={th}>
              {t("Last sign in")}
            </th>
            <th scope="col" className={th}>
              {t("Created")}
            </th>
            <th scope="col" className={th}>
              {t("Actions")}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {users.map((user) => {
            const isMe = user.id === myId;
            return (
              <tr key={user.id}>
                <th scope="row" className={`${td} text-left font-medium text-slate-900`}>
                  {user.name || "—"}
                  {isMe ? <span className="ml-2 text-xs font-normal text-slate-600">{t("(you)")}</span> : null}
                </th>
                <td className={`${td} break-all`}>{user.email}</td>
                <td className={td}>
                  <RoleBadge role={user.role} />
                  <ManagedHotels user={user} />
                </td>
                <td className={td}>
                  <StatusBadge banned={user.banned} />
                </td>
                <td className={`${td} whitespace-nowrap`}>
                  <LastSignIn at={user.lastSignInAt} />
                </td>
                <td className={`${td} whitespace-nowrap`}>
                  <time dateTime={user.createdAt}>{formatDateTime(user.createdAt)}</time>
                </td>
                <td className={`${td} w-56`}>
                  <UserActions user={user} isMe={isMe} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function UserCards({ users, myId }: { users: AdminUserView[]; myId: string | undefined }) {
  const { t } = useTranslation();
  return (
    <ul aria-label={t("Users")} className="divide-y divide-slate-100">
      {users.map((user) => {
        const isMe = user.id === myId;
        return (
          <li key={user.id} className="space-y-3 p-4">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="font-semibold text-slate-900">
                  {user.name || "—"}
                  {isMe ? <span className="ml-2 text-xs font-normal text-slate-600">{t("(you)")}</span> : null}
                </p>
                <p className="text-sm break-all text-slate-600">{user.email}</p>
                <ManagedHotels user={user} />
              </div>
              <div className="flex shrink-0 gap-1.5">
                <RoleBadge role={user.role} />
                <StatusBadge banned={user.banned} />
              </div>
            </div>
            <dl className="grid grid-cols-2 gap-x-4 text-sm">
              <div>
                <dt className="text-xs text-slate-600">{t("Last sign in")}</dt>
                <dd className="text-slate-800">
                  <LastSignIn at={user.lastSignInAt} />
                </dd>
              </div>
              <div>
                <dt className="text-xs text-slate-600">{t("Created")}</dt>
                <dd className="text-slate-800">
                  <time dateTime={user.createdAt}>{formatDateTime(user.createdAt)}</time>
                </dd>
              </div>
            </dl>
            <UserActions user={user} isMe={isMe} />
          </li>
        );
      })}
    </ul>
  );
}

function UsersTab() {
  const { t } = useTranslation();
  const { user: me } = useAuth();
  const [searchText, setSearchText] = useState("");
  const search = useDebouncedValue(searchText.trim(), 300);
  const users = useAdminUsers(search);
  const wide = useMediaQuery("(min-width: 768px)");
  const searchId = useId();

  useEffect(() => {
    if (users.error) toast.error(t("Failed to fetch users: {{message}}", { message: errorText(users.error, t("Something went wrong")) }));
  }, [users.error, t]);

  return (
    <div className="space-y-4">
      <div className="max-w-md space-y-1.5">
        <Label htmlFor={searchId}>{t("Search users")}</Label>
        <Input
          id={searchId}
          type="search"
          placeholder={t("Name or e-mail")}
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
        />
      </div>
      <Card className="overflow-hidden" aria-busy={users.isFetching || undefined}>
        {users.isPending ? (
          <Loading rows={5} rowClassName="h-8 w-full" className="p-4" />
        ) : users.isError && !users.data ? (
          <LoadFailed
            title={t("Failed to fetch users")}
            error={users.error}
            onRetry={() => void users.refetch()}
            retrying={users.isFetching}
            className="p-4"
          />
        ) : users.data.users.length === 0 ? (
          <EmptyState icon={UserRound} title={t("No users found")}>
            {t("Try a different name or e-mail.")}
          </EmptyState>
        ) : wide ? (
          <UsersTable users={users.data.users} myId={me?.id} />
        ) : (
          <UserCards users={users.data.users} myId={me?.id} />
        )}
      </Card>
    </div>
  );
}

type Tab = "users" | "history";

export function UserManagementPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("User Management"));
  const [searchParams, setSearchParams] = useSearchParams();
  // The open tab is in the URL so the history view can be linked to and survives a reload.
  const tab: Tab = searchParams.get("tab") === "history" ? "history" : "users";

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <AdminPageHeader
        title={t("User Management")}
        description={t(
          "Promote or demote admins, disable or enable accounts, and see who changed which role. Promoted users must sign out and in again for the change to apply.",
        )}
      />
      <Tabs.Root
        value={tab}
        onValueChange={(value) => setSearchParams(value === "history" ? { tab: "history" } : {}, { replace: true })}
        className="mt-8"
      >
        <TabsList aria-label={t("User management")} className="w-full sm:w-auto">
          <TabsTrigger value="users">{t("Users")}</TabsTrigger>
          <TabsTrigger value="history">{t("Role Change History")}</TabsTrigger>
        </TabsList>
        <Tabs.Content value="users" className="mt-6 focus-visible:outline-none">
          <UsersTab />
        </Tabs.Content>
        <Tabs.Content value="history" className="mt-6 focus-visible:outline-none">
          <RoleChangeHistory />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
