import { type FormEvent, useState } from "react";
import { useTranslation } from "../../lib/i18n.ts";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Link, useLocation, useNavigate } from "react-router";
import { SignInInput } from "../../../shared/auth.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { useAuth } from "../../lib/auth-provider.tsx";
import { verifySecondFactor } from "../../api/auth.ts";
import { ApiError } from "../../lib/api.ts";
import { authClient } from "../../lib/auth-client.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { AuthCard, inlineLinkClass } from "./auth-card.tsx";
import { errorText } from "../../lib/error-text.ts";

/** Where the route guard asked to return after sign-in; never back to an account page. */
function returnPath(state: unknown): string {
  const from = (state as { from?: { pathname?: unknown; search?: unknown; hash?: unknown } } | null)?.from;
  if (!from || typeof from.pathname !== "string" || !from.pathname.startsWith("/")) return "/";
  if (["/login", "/signup", "/password-reset", "/reset-password"].includes(from.pathname)) return "/";
  const search = typeof from.search === "string" ? from.search : "";
  const hash = typeof from.hash === "string" ? from.hash : "";
  return from.pathname + search + hash;
}

/** The address the sign-up page just used, so the notice can name where the e-mail went. */
function signedUpEmail(state: unknown): string | null {
  const email = (state as { signedUpEmail?: unknown } | null)?.signedUpEmail;
  return typeof email === "string" ? email : null;
}

export function LoginPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("Sign in"));
  const { refresh } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [serverError, setServerError] = useState<string | null>(null);
  // Set once the password was right and the account asks for its second factor.
  const [needsCode, setNeedsCode] = useState(false);
  const signedUp = signedUpEmail(location.state);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(SignInInput), defaultValues: { email: "", password: "" } });

  async function onSubmit(values: SignInInput) {
    setServerError(null);
    try {
      const { data, error } = await authClient.signIn.email({ email: values.email, password: values.password });
      if (error) {
        setServerError(errorText(error, t("Failed to sign in")));
        return;
      }
      if ((data as { twoFactorRedirect?: boolean } | null)?.twoFactorRedirect) {
        setNeedsCode(true);
        return;
      }
    } catch {
      setServerError(t("Failed to sign in"));
      return;
    }
    await finish();
  }

  async function finish() {
    await refresh();
    navigate(returnPath(location.state), { replace: true });
  }

  if (needsCode) {
    return (
      <TwoFactorStep
        onDone={finish}
        onRestart={(message) => {
          setNeedsCode(false);
          setServerError(message);
        }}
      />
    );
  }

  return (
    <AuthCard
      title={t("Welcome back")}
      description={t("Sign in to manage your bookings and rewards.")}
      footer={
        <>
          {t("Don't have an account?")}{" "}
          <Link to="/signup" className={inlineLinkClass}>
            {t("Sign up")}
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-5">
        {signedUp && !serverError ? (
          <Alert variant="success">
            {t("We've sent an e-mail to {{email}}. Check your inbox, then sign in with your new password.", { email: signedUp })}
          </Alert>
        ) : null}
        {serverError ? <Alert variant="error">{serverError}</Alert> : null}
        <TextField
          label={t("Email")}
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email?.message}
          {...register("email")}
        />
        <div className="space-y-1.5">
          <TextField
            label={t("Password")}
            type="password"
            autoComplete="current-password"
            error={errors.password?.message}
            {...register("password")}
          />
          <div className="flex justify-end">
            <Link to="/password-reset" className={`${inlineLinkClass} inline-flex min-h-10 items-center text-sm`}>
              {t("Forgot password?")}
            </Link>
          </div>
        </div>
        <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? <Spinner /> : null}
          {t("Sign In")}
        </Button>
      </form>
    </AuthCard>
  );
}

const RECOVERY_CODE = /^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$|^[A-Za-z0-9]{10}$/;

/** The second step of a sign-in with two-factor on: a code from the authenticator app, or a recovery code. */
function TwoFactorStep({ onDone, onRestart }: { onDone: () => Promise<void>; onRestart: (message: string) => void }) {
  const { t } = useTranslation();
  useDocumentTitle(t("Two-factor authentication"));
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const value = code.trim();
    const isTotp = /^\d{6}$/.test(value);
    if (!isTotp && !RECOVERY_CODE.test(value)) {
      setError(t("Enter the 6-digit code from your authenticator app, or a recovery code."));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await verifySecondFactor(isTotp ? "totp" : "backup", value);
    } catch (failure) {
      setBusy(false);
      if (failure instanceof ApiError && failure.code === "TWO_FACTOR_EXPIRED") return onRestart(errorText(failure, failure.message));
      setError(errorText(failure, t("Failed to sign in")));
      return;
    }
    await onDone();
  }

  return (
    <AuthCard title={t("Two-factor authentication")} description={t("Enter the 6-digit code from your authenticator app.")}>
      <form noValidate onSubmit={(event) => void submit(event)} className="space-y-5">
        <TextField
          label={t("Authentication code")}
          autoComplete="one-time-code"
          inputMode="text"
          autoFocus
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={error ?? undefined}
        />
        <p className="text-sm text-slate-600">{t("Lost your phone? Enter one of your recovery codes instead; each works once.")}</p>
        <Button type="submit" size="lg" className="w-full" disabled={busy}>
          {busy ? <Spinner /> : null}
          {t("Verify")}
        </Button>
      </form>
    </AuthCard>
  );
}
