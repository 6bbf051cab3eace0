import { useEffect, useState } from "react";
import { Tabs } from "radix-ui";
import { toast } from "sonner";
import type { Environment } from "../../api/admin-api-settings.ts";
import { LoadFailed } from "../../components/load-failed.tsx";
import { Loading } from "../../components/loading.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { TabsList, TabsTrigger } from "../../components/ui/tabs.tsx";
import { errorText } from "../../lib/error-text.ts";
import { useTranslation } from "../../lib/i18n.ts";
import { environmentLabel } from "./environment-label.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { AdminPageHeader } from "./admin-page-header.tsx";
import { ApiSettingsForm } from "./api-settings-form.tsx";
import { useApiSettings } from "./use-api-settings.ts";

export function ApiSettingsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("API Settings"));
  const settings = useApiSettings();
  const [chosenTab, setChosenTab] = useState<Environment | null>(null);

  useEffect(() => {
    if (settings.error)
      toast.error(t("Failed to load settings: {{message}}", { message: errorText(settings.error, t("Something went wrong")) }));
  }, [settings.error, t]);

  const active = settings.data?.settings.find((s) => s.isActive);
  // Opens on the active environment until the admin picks a tab.
  const tab = chosenTab ?? active?.environment ?? "TEST";

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <AdminPageHeader
        title={t("API Settings")}
        description={t(
          "Credentials of the external hotel-supplier API. Save keeps the environment's active state; Save & Activate makes it the one in use.",
        )}
      />

      {settings.isPending ? (
        <Card className="mt-8 p-6">
          <Loading rows={3} rowClassName="h-11 w-full" className="space-y-5">
            <Skeleton className="h-10 w-48" />
          </Loading>
        </Card>
      ) : settings.isError ? (
        <LoadFailed
          title={t("Failed to load settings")}
          error={settings.error}
          onRetry={() => void settings.refetch()}
          retrying={settings.isFetching}
          className="mt-8"
        />
      ) : (
        <>
          <p className="mt-6 text-sm text-slate-700" aria-live="polite">
            {active ? (
              <>
                {t("Active environment:")}{" "}
                <strong className="font-semibold text-slate-900">{environmentLabel(t, active.environment)}</strong>
              </>
            ) : (
              t("No environment is active yet.")
            )}
          </p>
          <Tabs.Root value={tab} onValueChange={(value) => setChosenTab(value as Environment)} className="mt-4">
            <TabsList aria-label={t("Environment")} className="w-full sm:w-72">
              {settings.data.settings.map((setting) => (
                <TabsTrigger key={setting.environment} value={setting.environment}>
                  {environmentLabel(t, setting.environment)}
                  {setting.isActive ? <span aria-hidden="true" className="size-2 rounded-full bg-emerald-500" /> : null}
                </TabsTrigger>
              ))}
            </TabsList>
            {settings.data.settings.map((setting) => (
              <Tabs.Content key={setting.environment} value={setting.environment} className="mt-6 focus-visible:outline-none">
                {/* A new key after each save starts the form from the saved values with a blank password. */}
                <ApiSettingsForm key={setting.updatedAt ?? "unsaved"} setting={setting} />
              </Tabs.Content>
            ))}
          </Tabs.Root>
        </>
      )}
    </div>
  );
}
