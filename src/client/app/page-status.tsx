import { Spinner } from "../components/ui/spinner.tsx";

/** The whole-page loading state, announced politely to screen readers. */
export function PageLoading() {
  return (
    <div role="status" className="flex min-h-[50vh] items-center justify-center gap-3 text-slate-600">
      <Spinner className="size-5 text-brand-700" />
      <span>Loading...</span>
    </div>
  );
}
