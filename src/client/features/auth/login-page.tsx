import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Link, useLocation, useNavigate } from "react-router";
import { SignInInput } from "../../../shared/auth.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { useAuth } from "../../app/auth-provider.tsx";
import { authClient } from "../../lib/auth-client.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { AuthCard, inlineLinkClass } from "./auth-card.tsx";

/** Where the route guard asked to return after sign-in; never back to an account page. */
function returnPath(state: unknown): string {
  const from = (state as { from?: { pathname?: unknown; search?: unknown; hash?: unknown } } | null)?.from;
  if (!from || typeof from.pathname !== "string" || !from.pathname.startsWith("/")) return "/";
  if (["/login", "/signup", "/password-reset", "/reset-password"].includes(from.pathname)) return "/";
  const search = typeof from.search === "string" ? from.search : "";
  const hash = typeof from.hash === "string" ? from.hash : "";
  return from.pathname + search + hash;
}

export function LoginPage() {
  useDocumentTitle("Sign in");
  const { refresh } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(SignInInput), defaultValues: { email: "", password: "" } });

  async function onSubmit(values: SignInInput) {
    setServerError(null);
    try {
      const { error } = await authClient.signIn.email({ email: values.email, password: values.password });
      if (error) {
        setServerError(error.message || "Failed to sign in");
        return;
      }
    } catch {
      setServerError("Failed to sign in");
      return;
    }
    await refresh();
    navigate(returnPath(location.state), { replace: true });
  }

  return (
    <AuthCard
      title="Welcome back"
      description="Sign in to manage your bookings and rewards."
      footer={
        <>
          Don't have an account?{" "}
          <Link to="/signup" className={inlineLinkClass}>
            Sign up
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-5">
        {serverError ? <Alert variant="error">{serverError}</Alert> : null}
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email?.message}
          {...register("email")}
        />
        <div className="space-y-1.5">
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            error={errors.password?.message}
            {...register("password")}
          />
          <div className="flex justify-end">
            <Link to="/password-reset" className={`${inlineLinkClass} inline-flex min-h-10 items-center text-sm`}>
              Forgot password?
            </Link>
          </div>
        </div>
        <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? <Spinner /> : null}
          Sign In
        </Button>
      </form>
    </AuthCard>
  );
}
