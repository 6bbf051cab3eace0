import { useNavigate } from "react-router";
import { toast } from "sonner";
import { useAuth } from "../lib/auth-provider.tsx";

/** Signs out, returns to the home page and says so; a failure is reported in a toast. */
export function useSignOutAndLeave(): () => Promise<void> {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  return async () => {
    try {
      await signOut();
      navigate("/");
      toast.success("You have been signed out");
    } catch (error) {
      toast.error(error instanceof Error ? error.message : "Failed to sign out");
    }
  };
}
