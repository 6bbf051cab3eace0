import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { type Environment, listApiSettings, saveApiSettings, testApiConnection } from "../../api/admin-api-settings.ts";

const API_SETTINGS_QUERY_KEY = ["admin", "api-settings"] as const;

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
  return useQuery({
    queryKey: API_SETTINGS_QUERY_KEY,
    queryFn: listApiSettings,
  });
}

export function useSaveApiSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ environment, ...input }: SaveApiSettingsInput) => saveApiSettings(environment, input),
    // The answer holds both environments, so saving one with makeActive also shows the other as inactive.
    // Feedback here, not in mutate()'s callbacks, which are skipped if the form has unmounted meanwhile.
    onSuccess: (data, { environment }) => {
      queryClient.setQueryData(API_SETTINGS_QUERY_KEY, data);
      toast.success(`${environment} settings saved successfully!`);
    },
    onError: (error) => toast.error(`Failed to save settings: ${error.message}`),
  });
}

export function useTestConnection() {
  return useMutation({
    mutationFn: (target: ConnectionTestTarget) => testApiConnection(target),
    onSuccess: (result) => {
      if (result.success) toast.success(result.message);
      else toast.error(`Connection test failed: ${result.message}`);
    },
    onError: (error) => toast.error(`Connection test failed: ${error.message}`),
  });
}
