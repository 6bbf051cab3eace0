import { useId, useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { AlertDialog } from "radix-ui";
import { toast } from "sonner";
import { type AdminUserView, adminUserKeys, deleteUserAccount, exportUserData } from "../../api/admin-users.ts";
import { ErasureTerms, type ReviewChoice, ReviewChoiceField } from "../../components/erasure-terms.tsx";
import { AlertDialogContent } from "../../components/ui/alert-dialog.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Label } from "../../components/ui/label.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { errorText } from "../../lib/error-text.ts";
import { useTranslation } from "../../lib/i18n.ts";
import { saveBlob } from "../../lib/save-file.ts";
import { todayUtc } from "../../../shared/dates.ts";

function displayName(user: AdminUserView): string {
  return user.name || user.email;
}

/** Who asked, and how: required, and logged with the admin's own name (decision 067). */
function RequestedByField({ value, onChange, error }: { value: string; onChange: (v: string) => void; error: string | null }) {
  const { t } = useTranslation();
  const id = useId();
  const errorId = useId();
  return (
    <div className="mt-4 space-y-1.5">
      <Label htmlFor={id}>{t("Who asked, and how?")}</Label>
      <Textarea
        id={id}
        value={value}
        maxLength={500}
        placeholder={t("e.g. the guest, by e-mail on 28 November")}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {error ? (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Export a user's data, or delete their account, at their request: each asks who asked first, and is logged. */
export function UserDataButtons({ user }: { user: AdminUserView }) {
  return (
    <>
      <ExportUserDataButton user={user} />
      <DeleteUserAccountButton user={user} />
    </>
  );
}

function ExportUserDataButton({ user }: { user: AdminUserView }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [requestedBy, setRequestedBy] = useState("");
  const [error, setError] = useState<string | null>(null);
  const download = useMutation({
    mutationFn: () => exportUserData(user.id, requestedBy.trim()),
    onSuccess: (blob) => {
      saveBlob(blob, `staywise-data-${todayUtc()}-${user.id}.json`);
      toast.success(t("Data exported"));
      setRequestedBy("");
      setOpen(false);
    },
    onError: (failure) => setError(errorText(failure, t("Something went wrong. Please try again."))),
  });

  function confirm() {
    if (requestedBy.trim().length < 3) {
      setError(t("Say who asked, and how."));
      return;
    }
    setError(null);
    download.mutate();
  }

  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!download.isPending) setOpen(next);
      }}
    >
      <AlertDialog.Trigger asChild>
        <Button variant="secondary" size="sm" aria-label={`${t("Export data")}: ${user.email}`}>
          {t("Export data")}
        </Button>
      </AlertDialog.Trigger>
      {open ? (
        <AlertDialogContent
          title={t("Export {{name}}'s data?", { name: displayName(user) })}
          description={
            <p>
              {t("Everything held about {{email}} downloads as a JSON file. The export is logged with your name and who asked for it.", {
                email: user.email,
              })}
            </p>
          }
          actions={
            <>
              <AlertDialog.Cancel asChild>
                <Button variant="secondary" disabled={download.isPending}>
                  {t("Cancel")}
                </Button>
              </AlertDialog.Cancel>
              <Button onClick={confirm} disabled={download.isPending} aria-busy={download.isPending || undefined}>
                {download.isPending ? <Spinner /> : null}
                {t("Download")}
              </Button>
            </>
          }
        >
          <RequestedByField value={requestedBy} onChange={setRequestedBy} error={error} />
        </AlertDialogContent>
      ) : null}
    </AlertDialog.Root>
  );
}

function DeleteUserAccountButton({ user }: { user: AdminUserView }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [requestedBy, setRequestedBy] = useState("");
  const [reviews, setReviews] = useState<ReviewChoice>("keep");
  const [error, setError] = useState<string | null>(null);
  const erase = useMutation({
    mutationFn: () => deleteUserAccount(user.id, requestedBy.trim(), reviews),
    onSuccess: () => {
      toast.success(t("Account deleted"));
      setOpen(false);
    },
    onError: (failure) => setError(errorText(failure, t("Something went wrong. Please try again."))),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminUserKeys.all }),
  });

  function confirm() {
    if (requestedBy.trim().length < 3) {
      setError(t("Say who asked, and how."));
      return;
    }
    setError(null);
    erase.mutate();
  }

  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!erase.isPending) setOpen(next);
      }}
    >
      <AlertDialog.Trigger asChild>
        <Button
          variant="ghost"
          size="sm"
          className="text-red-700 hover:bg-red-50 hover:text-red-800"
          aria-label={`${t("Delete account")}: ${user.email}`}
        >
          {t("Delete account")}
        </Button>
      </AlertDialog.Trigger>
      {open ? (
        <AlertDialogContent
          className="max-w-lg"
          title={t("Delete {{name}}'s account?", { name: displayName(user) })}
          description={
            <>
              <p className="font-medium text-slate-900">
                {t("{{email}} can no longer sign in. This cannot be undone; the deletion is logged with your name and who asked for it.", {
                  email: user.email,
                })}
              </p>
              <ErasureTerms t={t} own={false} />
            </>
          }
          actions={
            <>
              <AlertDialog.Cancel asChild>
                <Button variant="secondary" disabled={erase.isPending}>
                  {t("Cancel")}
                </Button>
              </AlertDialog.Cancel>
              <Button variant="destructive" onClick={confirm} disabled={erase.isPending} aria-busy={erase.isPending || undefined}>
                {erase.isPending ? <Spinner /> : null}
                {t("Delete account")}
              </Button>
            </>
          }
        >
          <div className="mt-4">
            <ReviewChoiceField value={reviews} onChange={setReviews} t={t} />
          </div>
          <RequestedByField value={requestedBy} onChange={setRequestedBy} error={error} />
        </AlertDialogContent>
      ) : null}
    </AlertDialog.Root>
  );
}
