import { useTranslation } from "../lib/i18n.ts";
import { Spinner } from "../components/ui/spinner.tsx";

/** The whole-page loading state, announced politely to screen readers. */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex min-h-[50vh] items-center justify-center gap-3 text-slate-600">
      <Spinner className="size-5 text-brand-700" />
      <span>{t("Loading...")}</span>
    </div>
  );
}
