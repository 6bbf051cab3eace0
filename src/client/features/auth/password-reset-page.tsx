import { useState } from "react";
import { useTranslation } from "../../lib/i18n.ts";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Link } from "react-router";
import { ArrowLeft } from "lucide-react";
import { PasswordResetRequestInput } from "../../../shared/auth.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { authClient } from "../../lib/auth-client.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { AuthCard, inlineLinkClass } from "./auth-card.tsx";
import { errorText } from "../../lib/error-text.ts";

export function PasswordResetPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("Reset password"));
  const [serverError, setServerError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(PasswordResetRequestInput), defaultValues: { email: "" } });

  async function onSubmit(values: PasswordResetRequestInput) {
    setServerError(null);
    try {
      const { error } = await authClient.requestPasswordReset({ email: values.email, redirectTo: "/reset-password" });
      if (error) {
        setServerError(errorText(error, t("Failed to send reset email")));
        return;
      }
    } catch {
      setServerError(t("Failed to send reset email"));
      return;
    }
    setSent(true);
  }

  return (
    <AuthCard
      title={t("Reset your password")}
      description={t("Enter the email address of your account and we will send you a link to choose a new password.")}
      footer={
        <Link to="/login" className={`${inlineLinkClass} inline-flex min-h-10 items-center gap-1.5`}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t("Back to login")}
        </Link>
      }
    >
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-5">
        {serverError ? <Alert variant="error">{serverError}</Alert> : null}
        {sent ? <Alert variant="success">{t("Password reset email sent! Check your inbox.")}</Alert> : null}
        <TextField
          label={t("Email")}
          type="email"
          autoComplete="email"
          inputMode="email"
          readOnly={sent}
          error={errors.email?.message}
          {...register("email")}
        />
        {/* Stays disabled after success so one request sends one e-mail. */}
        <Button type="submit" size="lg" className="w-full" disabled={isSubmitting || sent}>
          {isSubmitting ? <Spinner /> : null}
          {t("Send Reset Link")}
        </Button>
      </form>
    </AuthCard>
  );
}
