import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { errorText } from "../../lib/error-text.ts";
import { i18next } from "../../lib/i18n.ts";
import { environmentLabel } from "./environment-label.ts";
import {
  type Environment,
  apiSettingsKey,
  apiSettingsQueryOptions,
  saveApiSettings,
  testApiConnection,
} from "../../api/admin-api-settings.ts";

export interface SaveApiSettingsInput {
  environment: Environment;
  apiUrl: string;
  username: string;
  /** Blank keeps the stored password. */
  password: string;
  makeActive: boolean;
}

export type ConnectionTestTarget = { environment: Environment } | { apiUrl: string; username: string; password: string };

export function useApiSettings() {
  return useQuery(apiSettingsQueryOptions());
}

export function useSaveApiSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ environment, ...input }: SaveApiSettingsInput) => saveApiSettings(environment, input),
    // The answer holds both environments, so saving one with makeActive also shows the other as inactive.
    // Feedback here, not in mutate()'s callbacks, which are skipped if the form has unmounted meanwhile.
    onSuccess: (data, { environment }) => {
      queryClient.setQueryData(apiSettingsKey, data);
      toast.success(i18next.t("{{environment}} settings saved successfully!", { environment: environmentLabel(i18next.t, environment) }));
    },
    onError: (error) =>
      toast.error(i18next.t("Failed to save settings: {{message}}", { message: errorText(error, i18next.t("Something went wrong")) })),
  });
}

export function useTestConnection() {
  return useMutation({
    mutationFn: (target: ConnectionTestTarget) => testApiConnection(target),
    onSuccess: (result) => {
      if (result.success) toast.success(result.message);
      else toast.error(i18next.t("Connection test failed: {{message}}", { message: result.message }));
    },
    onError: (error) =>
      toast.error(i18next.t("Connection test failed: {{message}}", { message: errorText(error, i18next.t("Something went wrong")) })),
  });
}
