import { useTranslation } from "../../lib/i18n.ts";
import { Link } from "react-router";
import { Compass } from "lucide-react";
import { Button } from "../../components/ui/button.tsx";
import { useDocumentTitle } from "../../lib/use-document-title.ts";

export function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("Page not found"));
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center px-4 py-20 text-center sm:py-28">
      <span className="flex size-16 items-center justify-center rounded-full bg-brand-50 text-brand-700 ring-1 ring-brand-100">
        <Compass aria-hidden="true" className="size-8" />
      </span>
      <p className="mt-6 text-sm font-semibold tracking-wide text-brand-700">404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900">{t("Page not found")}</h1>
      <p className="mt-3 text-slate-600">{t("The page you are looking for does not exist or has moved.")}</p>
      <Button asChild size="lg" className="mt-8">
        <Link to="/">{t("Return to Home")}</Link>
      </Button>
    </div>
  );
}
