import { createContext, useCallback, useContext, useEffect, useMemo, type ReactNode } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { SessionUser } from "../../shared/auth.ts";
import { accountKeys, meQueryOptions } from "../api/account.ts";

interface AuthContextValue {
  user: SessionUser | null;
  loading: boolean;
  /** Re-reads /api/me; resolves once the new answer (or failure) is in. */
  refresh: () => Promise<void>;
  /** Ends the session, forgets the previous user's cached data and re-reads /api/me; throws on failure. */
  signOut: () => Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const me = useQuery(meQueryOptions());

  useEffect(() => {
    // Spec section 8: a profile fetch error is only logged; the visitor is treated as signed out.
    if (me.error) console.error("Failed to load the signed-in user", me.error);
  }, [me.error]);

  const refresh = useCallback(async () => {
    await queryClient.refetchQueries({ queryKey: accountKeys.me });
  }, [queryClient]);

  const signOut = useCallback(async () => {
    // Loaded on demand: better-auth's client is only needed on the account pages and here.
    const { authClient } = await import("./auth-client.ts");
    const { error } = await authClient.signOut();
    if (error) throw new Error(error.message ?? "Failed to sign out");
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== accountKeys.me[0] });
    queryClient.setQueryData(accountKeys.me, { user: null });
    await refresh();
  }, [queryClient, refresh]);

  const value = useMemo<AuthContextValue>(
    () => ({ user: me.data?.user ?? null, loading: me.isPending, refresh, signOut }),
    [me.data, me.isPending, refresh, signOut],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (context === null) throw new Error("useAuth must be used within AuthProvider");
  return context;
}
