import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { AlertDialog } from "radix-ui";
import { toast } from "sonner";
import { Download, FileLock2 } from "lucide-react";
import { useQueryClient } from "@tanstack/react-query";
import { MY_DATA_EXPORT_URL, accountKeys, deleteMyAccount } from "../../api/account.ts";
import { AlertDialogContent } from "../../components/ui/alert-dialog.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { ErasureTerms, type ReviewChoice, ReviewChoiceField } from "../../components/erasure-terms.tsx";
import { useAuth } from "../../lib/auth-provider.tsx";
import { errorText } from "../../lib/error-text.ts";
import { useTranslation } from "../../lib/i18n.ts";

/** Account security > Your data: download everything held about the account, or delete it (decision 067). */
export function YourData() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const deleted = useRef(false);
  // The account is forgotten once this page has left the screen: forgotten earlier, the page's
  // guard would send the (now signed-out) visitor to the login page instead of home.
  useEffect(
    () => () => {
      if (!deleted.current) return;
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== accountKeys.me[0] });
      queryClient.setQueryData(accountKeys.me, { user: null });
    },
    [queryClient],
  );
  return (
    <section aria-labelledby="your-data-heading" className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-7">
      <div className="flex items-start gap-3">
        <FileLock2 aria-hidden="true" className="mt-1 size-6 text-slate-400" />
        <div>
          <h2 id="your-data-heading" className="text-lg font-semibold text-slate-900">
            {t("Your data")}
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            {t(
              "Download everything we hold about you (account, bookings, invoices, reviews, points, saved hotels and sessions) as a JSON file.",
            )}
          </p>
        </div>
      </div>
      <div className="mt-5 flex flex-wrap gap-3">
        <Button asChild variant="secondary">
          <a href={MY_DATA_EXPORT_URL} download>
            <Download aria-hidden="true" className="size-4" />
            {t("Download my data")}
          </a>
        </Button>
        <AlertDialog.Root open={open} onOpenChange={setOpen}>
          <AlertDialog.Trigger asChild>
            <Button variant="destructive">{t("Delete my account")}</Button>
          </AlertDialog.Trigger>
          {open ? (
            <DeleteAccountDialog
              onCancel={() => setOpen(false)}
              onDeleted={() => {
                deleted.current = true;
                void navigate("/", { replace: true });
              }}
            />
          ) : null}
        </AlertDialog.Root>
      </div>
    </section>
  );
}

function DeleteAccountDialog({ onCancel, onDeleted }: { onCancel: () => void; onDeleted: () => void }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [reviews, setReviews] = useState<ReviewChoice>("keep");
  const [errors, setErrors] = useState<{ password?: string; code?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const formId = useId();
  const needsCode = user?.twoFactorEnabled ?? false;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: typeof errors = {};
    if (!password) found.password = t("Enter your current password");
    if (needsCode && !/^(\d{6}|[A-Za-z0-9-]{10,11})$/.test(code.trim())) {
      found.code = t("Enter the 6-digit code from your authenticator app, or a recovery code.");
    }
    setErrors(found);
    if (found.password || found.code) return;
    setBusy(true);
    try {
      await deleteMyAccount({ password, reviews, ...(needsCode ? { code: code.trim() } : {}) });
      toast.success(t("Your account has been deleted"));
      onDeleted();
    } catch (failure) {
      const message = errorText(failure, t("Something went wrong. Please try again."));
      const failed = (failure as { code?: string }).code;
      setErrors(
        failed === "INVALID_PASSWORD"
          ? { password: message }
          : failed === "INVALID_TWO_FACTOR_CODE"
            ? { code: message }
            : { form: message },
      );
      setBusy(false);
    }
  }

  return (
    <AlertDialogContent
      className="max-w-lg"
      title={t("Delete your account?")}
      description={
        <>
          <p className="font-medium text-slate-900">{t("This cannot be undone.")}</p>
          <ErasureTerms t={t} own />
        </>
      }
      actions={
        <>
          <AlertDialog.Cancel asChild>
            <Button variant="secondary" disabled={busy} onClick={onCancel}>
              {t("Cancel")}
            </Button>
          </AlertDialog.Cancel>
          <Button type="submit" form={formId} variant="destructive" disabled={busy} aria-busy={busy || undefined}>
            {busy ? <Spinner /> : null}
            {t("Delete my account")}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void submit(event)} className="mt-4 space-y-4">
        <ReviewChoiceField value={reviews} onChange={setReviews} t={t} />
        <TextField
          label={t("Current password")}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={errors.password}
        />
        {needsCode ? (
          <TextField
            label={t("Authentication or recovery code")}
            autoComplete="one-time-code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            error={errors.code}
          />
        ) : null}
        {errors.form ? (
          <p role="alert" className="text-sm text-red-700">
            {errors.form}
          </p>
        ) : null}
      </form>
    </AlertDialogContent>
  );
}
