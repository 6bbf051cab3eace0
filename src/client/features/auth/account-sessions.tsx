import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { AlertDialog } from "radix-ui";
import { toast } from "sonner";
import { Laptop } from "lucide-react";
import {
  type AccountSession,
  accountKeys,
  accountSessionsQueryOptions,
  endAccountSession,
  endOtherAccountSessions,
} from "../../api/account.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { AlertDialogContent } from "../../components/ui/alert-dialog.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { errorText } from "../../lib/error-text.ts";
import { formatDateTime } from "../../lib/format.ts";
import { type TFunction, useTranslation } from "../../lib/i18n.ts";

function deviceName(t: TFunction, session: AccountSession): string {
  if (session.browser && session.os) return t("{{browser}} on {{os}}", { browser: session.browser, os: session.os });
  return session.browser ?? session.os ?? t("Unknown device");
}

/** Account security > Where you're signed in: each session of the account, signed out one by one or all but this one. */
export function AccountSessions() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const sessions = useQuery(accountSessionsQueryOptions());
  const [confirming, setConfirming] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions });
  const endOne = useMutation({
    mutationFn: (session: AccountSession) => endAccountSession(session.id),
    onSuccess: (_answer, session) => toast.success(t("Signed out of {{device}}", { device: deviceName(t, session) })),
    onError: (failure) => toast.error(errorText(failure, t("Something went wrong. Please try again."))),
    onSettled: refresh,
  });
  const endOthers = useMutation({
    mutationFn: endOtherAccountSessions,
    onSuccess: () => toast.success(t("Signed out everywhere else")),
    onError: (failure) => toast.error(errorText(failure, t("Something went wrong. Please try again."))),
    onSettled: async () => {
      setConfirming(false);
      await refresh();
    },
  });
  const others = sessions.data?.sessions.filter((s) => !s.current) ?? [];

  return (
    <section aria-labelledby="sessions-heading" className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-7">
      <div className="flex items-start gap-3">
        <Laptop aria-hidden="true" className="mt-1 size-6 text-slate-400" />
        <div>
          <h2 id="sessions-heading" className="text-lg font-semibold text-slate-900">
            {t("Where you're signed in")}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{t("Sign out a device you don't recognise or no longer use.")}</p>
        </div>
      </div>
      <div className="mt-6" aria-busy={sessions.isPending}>
        {sessions.isPending ? (
          <div className="space-y-3">
            <span className="sr-only">{t("Loading...")}</span>
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-16 w-full" />
          </div>
        ) : sessions.isError ? (
          <Alert variant="error">
            <p>{t("Your sessions could not be loaded.")}</p>
            <Button variant="secondary" size="sm" className="mt-3" onClick={() => void sessions.refetch()}>
              {t("Try again")}
            </Button>
          </Alert>
        ) : (
          <>
            <ul aria-label={t("Sessions")} className="divide-y divide-slate-200 rounded-xl border border-slate-200">
              {sessions.data.sessions.map((session) => (
                <li key={session.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
                  <div className="min-w-0">
                    <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                      {deviceName(t, session)}
                      {session.current ? <Badge tone="success">{t("This device")}</Badge> : null}
                    </p>
                    <p className="mt-0.5 text-sm text-slate-600">
                      {session.ipAddress ? `${session.ipAddress} · ` : null}
                      {t("Last active {{time}}", { time: formatDateTime(session.lastSeenAt) })}
                    </p>
                  </div>
                  {session.current ? null : (
                    <Button
                      variant="secondary"
                      size="sm"
                      disabled={endOne.isPending}
                      aria-label={t("Sign out {{device}}, last active {{time}}", {
                        device: deviceName(t, session),
                        time: formatDateTime(session.lastSeenAt),
                      })}
                      onClick={() => endOne.mutate(session)}
                    >
                      {endOne.isPending && endOne.variables.id === session.id ? <Spinner /> : null}
                      {t("Sign out")}
                    </Button>
                  )}
                </li>
              ))}
            </ul>
            {others.length === 0 ? (
              <p className="mt-4 text-sm text-slate-600">{t("You are not signed in anywhere else.")}</p>
            ) : (
              <AlertDialog.Root
                open={confirming}
                onOpenChange={(next) => {
                  if (!endOthers.isPending) setConfirming(next);
                }}
              >
                <AlertDialog.Trigger asChild>
                  <Button variant="secondary" className="mt-4">
                    {t("Sign out everywhere else")}
                  </Button>
                </AlertDialog.Trigger>
                {confirming ? (
                  <AlertDialogContent
                    title={t("Sign out everywhere else?")}
                    description={
                      <p>{t("Every other device will need your password (and code) to get back in. This device stays signed in.")}</p>
                    }
                    actions={
                      <>
                        <AlertDialog.Cancel asChild>
                          <Button variant="secondary" disabled={endOthers.isPending}>
                            {t("Cancel")}
                          </Button>
                        </AlertDialog.Cancel>
                        <Button variant="destructive" disabled={endOthers.isPending} onClick={() => endOthers.mutate()}>
                          {endOthers.isPending ? <Spinner /> : null}
                          {t("Sign out everywhere else")}
                        </Button>
                      </>
                    }
                  />
                ) : null}
              </AlertDialog.Root>
            )}
          </>
        )}
      </div>
    </section>
  );
}
