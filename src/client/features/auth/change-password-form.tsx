import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { KeyRound } from "lucide-react";
import { NewPassword } from "../../../shared/auth.ts";
import { changePassword } from "../../api/auth.ts";
import { Button } from "../../components/ui/button.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { errorText } from "../../lib/error-text.ts";
import { useTranslation } from "../../lib/i18n.ts";

type Field = "currentPassword" | "newPassword" | "confirmPassword";

/** Account security > Password: the current password, then the new one under the app's password policy. */
export function ChangePasswordForm({ onChanged }: { onChanged: () => void }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Record<Field, string>>({ currentPassword: "", newPassword: "", confirmPassword: "" });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);

  function field(name: Field) {
    return {
      value: values[name],
      onChange: (event: { target: { value: string } }) => setValues((current) => ({ ...current, [name]: event.target.value })),
      error: errors[name],
    };
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: Partial<Record<Field, string>> = {};
    if (!values.currentPassword) found.currentPassword = t("Enter your current password");
    const policy = NewPassword.safeParse(values.newPassword);
    if (!policy.success) found.newPassword = policy.error.issues[0]?.message;
    if (!values.confirmPassword) found.confirmPassword = "Confirm your password";
    else if (values.confirmPassword !== values.newPassword) found.confirmPassword = "Passwords do not match";
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await changePassword(values.currentPassword, values.newPassword);
      setValues({ currentPassword: "", newPassword: "", confirmPassword: "" });
      toast.success(t("Password changed"));
      onChanged();
    } catch (failure) {
      const message = errorText(failure, t("Something went wrong. Please try again."));
      setErrors((failure as { code?: string }).code === "INVALID_PASSWORD" ? { currentPassword: message } : { newPassword: message });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="password-heading" className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-7">
      <div className="flex items-start gap-3">
        <KeyRound aria-hidden="true" className="mt-1 size-6 text-slate-400" />
        <div>
          <h2 id="password-heading" className="text-lg font-semibold text-slate-900">
            {t("Password")}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{t("Changing it signs you out on every other device.")}</p>
        </div>
      </div>
      <form noValidate onSubmit={(event) => void submit(event)} className="mt-6 space-y-4">
        <TextField label={t("Current password")} type="password" autoComplete="current-password" {...field("currentPassword")} />
        <TextField label={t("New password")} type="password" autoComplete="new-password" {...field("newPassword")} />
        <TextField label={t("Confirm password")} type="password" autoComplete="new-password" {...field("confirmPassword")} />
        <Button type="submit" variant="secondary" disabled={busy}>
          {busy ? <Spinner /> : null}
          {t("Change password")}
        </Button>
      </form>
    </section>
  );
}
