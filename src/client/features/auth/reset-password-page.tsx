import { useState } from "react";
import { useTranslation } from "../../lib/i18n.ts";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Link, useSearchParams } from "react-router";
import { NewPasswordForm } from "../../../shared/auth.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { authClient } from "../../lib/auth-client.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { AuthCard, inlineLinkClass } from "./auth-card.tsx";
import { errorText } from "../../lib/error-text.ts";

function BackToLogin() {
  const { t } = useTranslation();
  return (
    <Link to="/login" className={inlineLinkClass}>
      {t("Back to login")}
    </Link>
  );
}

export function ResetPasswordPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("Choose a new password"));
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token");
  // better-auth redirects here with ?error=INVALID_TOKEN when the e-mailed link is unknown or expired.
  const [invalid, setInvalid] = useState(!token || searchParams.get("error") === "INVALID_TOKEN");
  const [serverError, setServerError] = useState<string | null>(null);
  const [changed, setChanged] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(NewPasswordForm), defaultValues: { password: "", confirmPassword: "" } });

  async function onSubmit(values: NewPasswordForm) {
    if (!token) return;
    setServerError(null);
    try {
      const { error } = await authClient.resetPassword({ newPassword: values.password, token });
      if (error) {
        if (error.code === "INVALID_TOKEN") setInvalid(true);
        else setServerError(errorText(error, t("Failed to reset password")));
        return;
      }
    } catch {
      setServerError(t("Failed to reset password"));
      return;
    }
    setChanged(true);
  }

  if (invalid) {
    return (
      <AuthCard
        title={t("Reset link not valid")}
        description={t("Reset links can be used once and expire after a while.")}
        footer={<BackToLogin />}
      >
        <Alert variant="error">{t("This reset link is invalid or has expired.")}</Alert>
        <Button asChild size="lg" className="mt-5 w-full">
          <Link to="/password-reset">{t("Request a new link")}</Link>
        </Button>
      </AuthCard>
    );
  }

  if (changed) {
    return (
      <AuthCard title={t("Password changed")} description={t("Use your new password the next time you sign in.")}>
        <Alert variant="success">{t("Your password has been changed. You can now sign in.")}</Alert>
        <Button asChild size="lg" className="mt-5 w-full">
          <Link to="/login">{t("Continue to sign in")}</Link>
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t("Choose a new password")} description={t("Pick a password you have not used here before.")} footer={<BackToLogin />}>
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-5">
        {serverError ? <Alert variant="error">{serverError}</Alert> : null}
        <TextField
          label={t("New password")}
          type="password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...register("password")}
        />
        <TextField
          label={t("Confirm password")}
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register("confirmPassword")}
        />
        <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? <Spinner /> : null}
          {t("Set New Password")}
        </Button>
      </form>
    </AuthCard>
  );
}
