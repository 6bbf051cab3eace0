import { useId, useState } from "react";
import { AlertDialog } from "radix-ui";
import type { AdminUserView } from "../../api/admin-users.ts";
import { AlertDialogContent } from "../../components/ui/alert-dialog.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Label } from "../../components/ui/label.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { useChangeRole, useSetUserBanned } from "./use-admin-users.ts";
import { useTranslation } from "../../lib/i18n.ts";

function displayName(user: AdminUserView): string {
  return user.name || user.email;
}

/** Promote or Demote, confirmed in a dialog that takes an optional reason for the role history. */
export function RoleChangeButton({ user }: { user: AdminUserView }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const changeRole = useChangeRole();
  const reasonId = useId();
  const { t } = useTranslation();
  const promote = user.role !== "admin";
  const verb = promote ? t("Promote") : t("Demote");

  function confirm() {
    // The toasts come from the hook: they must appear even if this row is gone by the time the server answers.
    changeRole.mutate(
      { id: user.id, role: promote ? "admin" : "user", reason: reason.trim() },
      {
        onSuccess: () => setReason(""),
        onSettled: () => setOpen(false),
      },
    );
  }

  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!changeRole.isPending) setOpen(next);
      }}
    >
      <AlertDialog.Trigger asChild>
        <Button
          variant="secondary"
          size="sm"
          aria-label={promote ? t("Promote {{email}}", { email: user.email }) : t("Demote {{email}}", { email: user.email })}
        >
          {verb}
        </Button>
      </AlertDialog.Trigger>
      {open ? (
        <AlertDialogContent
          title={
            promote
              ? t("Promote {{name}} to admin?", { name: displayName(user) })
              : t("Demote {{name}} to regular user?", { name: displayName(user) })
          }
          description={
            <p>
              {promote
                ? user.role === "manager"
                  ? t(
                      "{{email}} will get every admin right: bookings, refunds, users and settings, and every hotel instead of their own.",
                      {
                        email: user.email,
                      },
                    )
                  : t("{{email}} will get every admin right: bookings, refunds, users and settings.", { email: user.email })
                : t("{{email}} will lose access to the admin area.", { email: user.email })}{" "}
              {t("They are signed out on every device at once and sign in again to continue.")}
            </p>
          }
          actions={
            <>
              <AlertDialog.Cancel asChild>
                <Button variant="secondary" disabled={changeRole.isPending}>
                  {t("Cancel")}
                </Button>
              </AlertDialog.Cancel>
              <Button
                variant={promote ? "primary" : "destructive"}
                onClick={confirm}
                disabled={changeRole.isPending}
                aria-busy={changeRole.isPending || undefined}
              >
                {changeRole.isPending ? <Spinner /> : null}
                {verb}
              </Button>
            </>
          }
        >
          <div className="mt-4 space-y-1.5">
            <Label htmlFor={reasonId}>{t("Reason (optional)")}</Label>
            <Textarea id={reasonId} value={reason} maxLength={500} onChange={(event) => setReason(event.target.value)} />
          </div>
        </AlertDialogContent>
      ) : null}
    </AlertDialog.Root>
  );
}

/** Disable asks first (it signs the user out everywhere); Enable acts at once. */
export function UserStatusButton({ user }: { user: AdminUserView }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const setBanned = useSetUserBanned();

  function apply(banned: boolean) {
    setBanned.mutate({ id: user.id, banned }, { onSettled: () => setOpen(false) });
  }

  if (user.banned) {
    return (
      <Button
        variant="secondary"
        size="sm"
        aria-label={t("Enable {{email}}", { email: user.email })}
        onClick={() => apply(false)}
        disabled={setBanned.isPending}
        aria-busy={setBanned.isPending || undefined}
      >
        {setBanned.isPending ? <Spinner /> : null}
        {t("Enable")}
      </Button>
    );
  }

  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!setBanned.isPending) setOpen(next);
      }}
    >
      <AlertDialog.Trigger asChild>
        <Button
          variant="ghost"
          size="sm"
          className="text-red-700 hover:bg-red-50 hover:text-red-800"
          aria-label={t("Disable {{email}}", { email: user.email })}
        >
          {t("Disable")}
        </Button>
      </AlertDialog.Trigger>
      {open ? (
        <AlertDialogContent
          title={t("Disable {{name}}?", { name: displayName(user) })}
          description={
            <p>{t("{{email}} is signed out everywhere and cannot sign in until the account is enabled again.", { email: user.email })}</p>
          }
          actions={
            <>
              <AlertDialog.Cancel asChild>
                <Button variant="secondary" disabled={setBanned.isPending}>
                  {t("Cancel")}
                </Button>
              </AlertDialog.Cancel>
              <Button
                variant="destructive"
                onClick={() => apply(true)}
                disabled={setBanned.isPending}
                aria-busy={setBanned.isPending || undefined}
              >
                {setBanned.isPending ? <Spinner /> : null}
                {t("Disable")}
              </Button>
            </>
          }
        />
      ) : null}
    </AlertDialog.Root>
  );
}
