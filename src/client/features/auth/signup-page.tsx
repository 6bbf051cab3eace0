import { useEffect, useState } from "react";
import { useTranslation } from "../../lib/i18n.ts";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Link, useNavigate, useSearchParams } from "react-router";
import { SIGNUP_REDIRECT_MS, SignUpForm } from "../../../shared/auth.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { authClient } from "../../lib/auth-client.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { AuthCard, inlineLinkClass } from "./auth-card.tsx";
import { errorText } from "../../lib/error-text.ts";

export function SignupPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("Create account"));
  const navigate = useNavigate();
  // A friend's referral link (/signup?ref=CODE) credits them once this account's first stay is booked.
  const referralCode = useSearchParams()[0].get("ref")?.trim() || null;
  const [serverError, setServerError] = useState<string | null>(null);
  // The address used, once the account is created (or the owner of a taken address is e-mailed).
  const [created, setCreated] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(SignUpForm),
    defaultValues: { name: "", email: "", password: "", confirmPassword: "" },
  });

  // The server does not sign the new user in, so the next stop is the sign-in page.
  useEffect(() => {
    if (!created) return;
    const timer = window.setTimeout(() => navigate("/login", { state: { signedUpEmail: created } }), SIGNUP_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [created, navigate]);

  async function onSubmit(values: SignUpForm) {
    setServerError(null);
    try {
      const fields = { name: values.name, email: values.email, password: values.password };
      const { error } = await authClient.signUp.email(
        (referralCode ? { ...fields, referralCode } : fields) as Parameters<typeof authClient.signUp.email>[0],
      );
      if (error) {
        setServerError(errorText(error, t("Failed to create account")));
        return;
      }
    } catch {
      setServerError(t("Failed to create account"));
      return;
    }
    setCreated(values.email.trim());
  }

  return (
    <AuthCard
      title={t("Create your account")}
      description={t("Book faster, keep track of your stays and earn points on every night.")}
      footer={
        <>
          {t("Already have an account?")}{" "}
          <Link to="/login" className={inlineLinkClass}>
            {t("Sign in")}
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-5">
        {serverError ? <Alert variant="error">{serverError}</Alert> : null}
        {created ? <Alert variant="success">{t("Account created! Redirecting to login...")}</Alert> : null}
        <fieldset disabled={created !== null} className="space-y-5">
          <TextField label={t("Full Name")} autoComplete="name" error={errors.name?.message} {...register("name")} />
          <TextField
            label={t("Email")}
            type="email"
            autoComplete="email"
            inputMode="email"
            error={errors.email?.message}
            {...register("email")}
          />
          <TextField
            label={t("Password")}
            type="password"
            autoComplete="new-password"
            error={errors.password?.message}
            {...register("password")}
          />
          <TextField
            label={t("Confirm Password")}
            type="password"
            autoComplete="new-password"
            error={errors.confirmPassword?.message}
            {...register("confirmPassword")}
          />
          <Button type="submit" size="lg" className="w-full" disabled={isSubmitting || created !== null}>
            {isSubmitting ? <Spinner /> : null}
            {t("Sign Up")}
          </Button>
        </fieldset>
      </form>
    </AuthCard>
  );
}
