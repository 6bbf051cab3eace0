import { useState } from "react";
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

const backToLogin = (
  <Link to="/login" className={inlineLinkClass}>
    Back to login
  </Link>
);

export function ResetPasswordPage() {
  useDocumentTitle("Choose a new password");
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
        else setServerError(error.message || "Failed to reset password");
        return;
      }
    } catch {
      setServerError("Failed to reset password");
      return;
    }
    setChanged(true);
  }

  if (invalid) {
    return (
      <AuthCard title="Reset link not valid" description="Reset links can be used once and expire after a while." footer={backToLogin}>
        <Alert variant="error">This reset link is invalid or has expired.</Alert>
        <Button asChild size="lg" className="mt-5 w-full">
          <Link to="/password-reset">Request a new link</Link>
        </Button>
      </AuthCard>
    );
  }

  if (changed) {
    return (
      <AuthCard title="Password changed" description="Use your new password the next time you sign in.">
        <Alert variant="success">Your password has been changed. You can now sign in.</Alert>
        <Button asChild size="lg" className="mt-5 w-full">
          <Link to="/login">Continue to sign in</Link>
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Choose a new password" description="Pick a password you have not used here before." footer={backToLogin}>
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-5">
        {serverError ? <Alert variant="error">{serverError}</Alert> : null}
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...register("password")}
        />
        <TextField
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register("confirmPassword")}
        />
        <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? <Spinner /> : null}
          Set New Password
        </Button>
      </form>
    </AuthCard>
  );
}
