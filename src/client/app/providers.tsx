import { useState, type ReactNode } from "react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { Toaster } from "sonner";
import { ApiError } from "../lib/api.ts";
import { AuthProvider } from "../lib/auth-provider.tsx";

function shouldRetry(failureCount: number, error: Error): boolean {
  // A 4xx answer will not change by asking again; network and server errors might.
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry },
      mutations: { retry: false },
    },
  });
}

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>{children}</AuthProvider>
      {/* Spec section 9: 5000 ms display, at most 3 visible, F8 focuses the region, swipe to dismiss. */}
      <Toaster position="bottom-right" duration={5000} visibleToasts={3} hotkey={["F8"]} closeButton richColors />
    </QueryClientProvider>
  );
}
