import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { PlugZap } from "lucide-react";
import { toast } from "sonner";
import { z } from "zod";
import { fieldError } from "../../../shared/field-messages.ts";
import type { ApiSettingsView } from "../../api/admin-api-settings.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { formatDateTime } from "../../lib/format.ts";
import { useTranslation } from "../../lib/i18n.ts";
import { environmentLabel } from "./environment-label.ts";
import { useSaveApiSettings, useTestConnection, type ConnectionTestTarget } from "./use-api-settings.ts";

const ApiSettingsFields = z.object({
  apiUrl: z
    .string()
    .trim()
    .min(1, fieldError("apiUrlRequired"))
    .max(500, fieldError("apiUrlTooLong"))
    .refine((v) => /^https?:\/\/\S+$/i.test(v), fieldError("apiUrlScheme")),
  username: z.string().trim().min(1, fieldError("usernameRequired")).max(200, fieldError("usernameTooLong")),
  password: z.string().max(200, fieldError("settingsPasswordTooLong")),
});
type ApiSettingsFields = z.infer<typeof ApiSettingsFields>;

const NEED_PASSWORD = fieldError("settingsPasswordNeeded");

/** One environment's supplier credentials: Save, Save & Activate and Test Connection. */
export function ApiSettingsForm({ setting }: { setting: ApiSettingsView }) {
  const { t } = useTranslation();
  const { environment } = setting;
  const save = useSaveApiSettings();
  const test = useTestConnection();
  const {
    register,
    handleSubmit,
    getValues,
    setError,
    trigger,
    formState: { errors, dirtyFields },
  } = useForm<ApiSettingsFields>({
    resolver: zodResolver(ApiSettingsFields),
    defaultValues: { apiUrl: setting.apiUrl, username: setting.username, password: "" },
  });

  function submit(makeActive: boolean) {
    return handleSubmit((values) => {
      if (!values.password && !setting.passwordSet) {
        setError("password", { message: NEED_PASSWORD }, { shouldFocus: true });
        return;
      }
      save.mutate({ environment, ...values, makeActive });
    });
  }

  async function testConnection() {
    const values = getValues();
    let target: ConnectionTestTarget;
    if (values.password) {
      // Typed credentials are tested as they are, before anyone saves them.
      if (!(await trigger(["apiUrl", "username"]))) return;
      target = { apiUrl: values.apiUrl.trim(), username: values.username.trim(), password: values.password };
    } else if (dirtyFields.apiUrl || dirtyFields.username) {
      // The stored password cannot be combined with unsaved fields: the server never sends it back.
      toast.error(t("Connection test failed: Enter the password to test changed settings, or save them first."));
      return;
    } else {
      target = { environment };
    }
    test.mutate(target);
  }

  const busy = save.isPending || test.isPending;

  return (
    <Card className="p-5 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <h2 className="text-lg font-semibold text-slate-900">
            {t("{{environment}} environment", { environment: environmentLabel(t, environment) })}
          </h2>
          {setting.isActive ? <Badge tone="success">{t("Active")}</Badge> : <Badge tone="neutral">{t("Inactive")}</Badge>}
        </div>
        <p className="text-sm text-slate-600">
          {setting.updatedAt ? t("Last saved {{time}}", { time: formatDateTime(setting.updatedAt) }) : t("Not configured yet")}
        </p>
      </div>

      <form noValidate onSubmit={submit(false)} className="mt-6 space-y-5">
        <TextField
          label={t("API URL")}
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder="https://xml.supplier.example/15"
          error={errors.apiUrl?.message}
          {...register("apiUrl")}
        />
        <TextField label={t("Username")} autoComplete="off" spellCheck={false} error={errors.username?.message} {...register("username")} />
        <div className="space-y-1.5">
          <TextField
            label={t("Password")}
            type="password"
            // Keeps the browser from offering the admin's own saved password for the supplier's.
            autoComplete="new-password"
            placeholder={setting.passwordSet ? t("•••••••• (saved)") : undefined}
            error={errors.password?.message}
            {...register("password")}
          />
          {setting.passwordSet ? <p className="text-sm text-slate-600">{t("Leave blank to keep the saved password.")}</p> : null}
        </div>

        <div className="flex flex-col gap-2 border-t border-slate-200 pt-5 sm:flex-row sm:flex-wrap">
          <Button type="submit" variant="secondary" disabled={busy}>
            {save.isPending && !save.variables?.makeActive ? <Spinner /> : null}
            {t("Save")}
          </Button>
          <Button onClick={submit(true)} disabled={busy}>
            {save.isPending && save.variables?.makeActive ? <Spinner /> : null}
            {t("Save & Activate")}
          </Button>
          <Button variant="ghost" onClick={() => void testConnection()} disabled={busy} className="sm:ml-auto">
            {test.isPending ? <Spinner /> : <PlugZap aria-hidden="true" />}
            {t("Test Connection")}
          </Button>
        </div>
      </form>
    </Card>
  );
}
