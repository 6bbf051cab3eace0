import { useTranslation } from "../lib/i18n.ts";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { useAuth } from "../lib/auth-provider.tsx";
import { errorText } from "../lib/error-text.ts";

/** Signs out, returns to the home page and says so; a failure is reported in a toast. */
export function useSignOutAndLeave(): () => Promise<void> {
  const { t } = useTranslation();
  const { signOut } = useAuth();
  const navigate = useNavigate();
  return async () => {
    try {
      await signOut();
      navigate("/");
      toast.success(t("You have been signed out"));
    } catch (error) {
      toast.error(errorText(error, t("Failed to sign out")));
    }
  };
}
