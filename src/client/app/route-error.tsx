import { useEffect } from "react";
import { useTranslation } from "../lib/i18n.ts";
import { useRouteError } from "react-router";
import { TriangleAlert } from "lucide-react";
import { Button } from "../components/ui/button.tsx";
import { useDocumentTitle } from "../lib/use-document-title.ts";

/** Shown inside the layout when a page throws, e.g. when a lazily loaded chunk is gone after a deploy. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  useDocumentTitle(t("Something went wrong"));
  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <div className="mx-auto flex max-w-lg flex-col items-center px-4 py-20 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-red-50 text-red-700 ring-1 ring-red-200">
        <TriangleAlert aria-hidden="true" className="size-7" />
      </span>
      <h1 className="mt-6 text-2xl font-semibold text-slate-900">{t("Something went wrong")}</h1>
      <p className="mt-2 text-slate-600">{t("This page could not be displayed. Reloading usually helps.")}</p>
      <Button className="mt-6" onClick={() => window.location.reload()}>
        {t("Reload page")}
      </Button>
    </div>
  );
}
