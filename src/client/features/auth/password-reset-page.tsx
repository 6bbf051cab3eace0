import { useState } from "react";
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

export function PasswordResetPage() {
  useDocumentTitle("Reset password");
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
        setServerError(error.message || "Failed to send reset email");
        return;
      }
    } catch {
      setServerError("Failed to send reset email");
      return;
    }
    setSent(true);
  }

  return (
    <AuthCard
      title="Reset your password"
      description="Enter the email address of your account and we will send you a link to choose a new password."
      footer={
        <Link to="/login" className={`${inlineLinkClass} inline-flex min-h-10 items-center gap-1.5`}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to login
        </Link>
      }
    >
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-5">
        {serverError ? <Alert variant="error">{serverError}</Alert> : null}
        {sent ? <Alert variant="success">Password reset email sent! Check your inbox.</Alert> : null}
        <TextField
          label="Email"
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
          Send Reset Link
        </Button>
      </form>
    </AuthCard>
  );
}
