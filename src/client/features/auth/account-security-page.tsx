import { type FormEvent, useMemo, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "../../lib/i18n.ts";
import { toast } from "sonner";
import { renderSVG } from "uqr";
import { ShieldCheck } from "lucide-react";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { useAuth } from "../../lib/auth-provider.tsx";
import { accountKeys } from "../../api/account.ts";
import { disableTwoFactor, enableTwoFactor, verifySecondFactor } from "../../api/auth.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { errorText } from "../../lib/error-text.ts";
import { AccountSessions } from "./account-sessions.tsx";
import { ChangePasswordForm } from "./change-password-form.tsx";
import { YourData } from "./your-data.tsx";

type Enrolment = Awaited<ReturnType<typeof enableTwoFactor>>;

/**
 * Account > Security: two-factor authentication on (authenticator app + recovery codes) and off,
 * the password, the sessions signed in to the account, and the account's data (download, delete).
 * Each of the first two ends the account's other sessions, so the session list is read again after them.
 */
export function AccountSecurityPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("Account security"));
  const { user, refresh } = useAuth();
  const queryClient = useQueryClient();
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  if (!user) return null;
  const sessionsChanged = () => void queryClient.invalidateQueries({ queryKey: accountKeys.sessions });
  const on = user.twoFactorEnabled;

  return (
    <div className="mx-auto max-w-2xl px-4 py-10 sm:py-14">
      <h1 className="text-2xl font-semibold text-slate-900 sm:text-3xl">{t("Account security")}</h1>
      <p className="mt-2 text-slate-600">{user.email}</p>
      <section aria-labelledby="two-factor-heading" className="mt-8 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-7">
        <div className="flex items-start gap-3">
          <ShieldCheck aria-hidden="true" className={on ? "mt-1 size-6 text-emerald-600" : "mt-1 size-6 text-slate-400"} />
          <div>
            <h2 id="two-factor-heading" className="text-lg font-semibold text-slate-900">
              {t("Two-factor authentication")}
            </h2>
            <p className="mt-1 text-sm text-slate-600">
              {on
                ? t("On: signing in asks for a code from your authenticator app after your password.")
                : t("Off: add a code from an authenticator app (Google Authenticator, 1Password, Authy, ...) to your password.")}
            </p>
          </div>
        </div>
        {user.twoFactorSetupRequired && !enrolment ? (
          <Alert variant="error" className="mt-5">
            {t("Your role requires two-factor authentication. Turn it on to use the admin area.")}
          </Alert>
        ) : null}
        <div className="mt-6">
          {enrolment ? (
            <ConfirmEnrolment
              enrolment={enrolment}
              onConfirmed={async () => {
                await refresh();
                sessionsChanged();
                setEnrolment(null);
                toast.success(t("Two-factor authentication is on"));
              }}
            />
          ) : on ? (
            <TurnOffForm
              onOff={async () => {
                await refresh();
                sessionsChanged();
                toast.success(t("Two-factor authentication is off"));
              }}
            />
          ) : (
            <PasswordAction
              label={t("Turn on two-factor authentication")}
              onPassword={async (password) => {
                setEnrolment(await enableTwoFactor(password));
              }}
            />
          )}
        </div>
      </section>
      <ChangePasswordForm onChanged={sessionsChanged} />
      <AccountSessions />
      <YourData />
    </div>
  );
}

/** Turning it off takes the password and a current code (or a recovery code): the password alone is not enough. */
function TurnOffForm({ onOff }: { onOff: () => Promise<void> }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [errors, setErrors] = useState<{ password?: string; code?: string }>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: { password?: string; code?: string } = {};
    if (!password) found.password = t("Enter your current password");
    if (!/^(\d{6}|[A-Za-z0-9-]{10,11})$/.test(code.trim())) {
      found.code = t("Enter the 6-digit code from your authenticator app, or a recovery code.");
    }
    setErrors(found);
    if (found.password || found.code) return;
    setBusy(true);
    try {
      await disableTwoFactor(password, code.trim());
      await onOff();
    } catch (failure) {
      const message = errorText(failure, t("Something went wrong. Please try again."));
      setErrors((failure as { code?: string }).code === "INVALID_PASSWORD" ? { password: message } : { code: message });
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
      <TextField
        label={t("Current password")}
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={errors.password}
      />
      <TextField
        label={t("Authentication or recovery code")}
        autoComplete="one-time-code"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={errors.code}
      />
      <Button type="submit" variant="secondary" disabled={busy}>
        {busy ? <Spinner /> : null}
        {t("Turn off two-factor authentication")}
      </Button>
    </form>
  );
}

/** Turning it on is confirmed with the current password, so a borrowed session cannot do it. */
function PasswordAction({ label, onPassword }: { label: string; onPassword: (password: string) => Promise<void> }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!password) {
      setError(t("Enter your current password"));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await onPassword(password);
    } catch (failure) {
      setError(errorText(failure, t("Something went wrong. Please try again.")));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
      <TextField
        label={t("Current password")}
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={error ?? undefined}
      />
      <Button type="submit" disabled={busy}>
        {busy ? <Spinner /> : null}
        {label}
      </Button>
    </form>
  );
}

function ConfirmEnrolment({ enrolment, onConfirmed }: { enrolment: Enrolment; onConfirmed: () => Promise<void> }) {
  const { t } = useTranslation();
  const secret = useMemo(() => new URL(enrolment.totpURI).searchParams.get("secret") ?? "", [enrolment.totpURI]);
  // Drawn here from the otpauth link: the secret never leaves the browser for a QR service.
  const qr = useMemo(
    () => `data:image/svg+xml;utf8,${encodeURIComponent(renderSVG(enrolment.totpURI, { border: 2 }))}`,
    [enrolment.totpURI],
  );
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) {
      setError(t("Enter the 6-digit code from your authenticator app"));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await verifySecondFactor("totp", code.trim());
      await onConfirmed();
    } catch (failure) {
      setError(errorText(failure, t("Something went wrong. Please try again.")));
      setBusy(false);
    }
  }

  return (
    <div className="space-y-6">
      <div>
        <h3 className="font-medium text-slate-900">{t("1. Add Staywise to your authenticator app")}</h3>
        <div className="mt-3 flex flex-col gap-4 sm:flex-row sm:items-center">
          <img src={qr} alt={t("QR code for your authenticator app")} className="size-44 rounded-lg border border-slate-200 bg-white" />
          <div className="min-w-0 flex-1 space-y-2 text-sm text-slate-600">
            <p>{t("Scan the code, or type the setup key into the app.")}</p>
            <TextField label={t("Setup key")} readOnly value={secret} className="font-mono" onFocus={(event) => event.target.select()} />
          </div>
        </div>
      </div>
      <div>
        <h3 className="font-medium text-slate-900">{t("2. Save your recovery codes")}</h3>
        <p className="mt-1 text-sm text-slate-600">
          {t("Each code signs you in once if you lose your phone. They are shown only now: keep them somewhere safe.")}
        </p>
        <ul aria-label={t("Recovery codes")} className="mt-3 grid grid-cols-2 gap-2 font-mono text-sm text-slate-900 sm:grid-cols-3">
          {enrolment.backupCodes.map((backupCode) => (
            <li key={backupCode} className="rounded-md bg-slate-100 px-2 py-1.5 text-center">
              {backupCode}
            </li>
          ))}
        </ul>
      </div>
      <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
        <h3 className="font-medium text-slate-900">{t("3. Enter the code the app shows")}</h3>
        <TextField
          label={t("Authentication code")}
          autoComplete="one-time-code"
          inputMode="numeric"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={error ?? undefined}
        />
        <Button type="submit" disabled={busy}>
          {busy ? <Spinner /> : null}
          {t("Confirm and turn on")}
        </Button>
      </form>
    </div>
  );
}
