import { useTranslation } from "../lib/i18n.ts";
import { Link } from "react-router";
import { BrandLogo } from "../components/brand-logo.tsx";

export function SiteFooter() {
  const { t } = useTranslation();
  // These pages do not exist yet; they are listed as plain text rather than links that lead nowhere.
  const columns = [
    { heading: t("Company"), items: [t("About"), t("Careers")] },
    { heading: t("Support"), items: [t("Help Center")] },
    { heading: t("Legal"), items: [t("Privacy"), t("Terms")] },
  ];
  return (
    <footer className="mt-auto bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[2fr_3fr] lg:px-8">
        <div className="max-w-sm">
          <Link to="/" aria-label={t("Staywise home")} className="inline-block rounded-lg">
            <BrandLogo tone="light" />
          </Link>
          <p className="mt-4 text-sm leading-6 text-slate-300">
            {t("Hotels worldwide at honest prices. Book securely, manage your stays and earn rewards on every night.")}
          </p>
        </div>
        <div className="grid grid-cols-2 gap-8 sm:grid-cols-3">
          {columns.map((column) => (
            <div key={column.heading}>
              <h2 className="text-sm font-semibold text-white">{column.heading}</h2>
              <ul className="mt-3 space-y-2 text-sm text-slate-300">
                {column.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </div>
      <div className="border-t border-slate-800">
        <p className="mx-auto max-w-7xl px-4 py-6 text-sm text-slate-400 sm:px-6 lg:px-8">
          {t("© {{year}} Staywise. All rights reserved.", { year: new Date().getFullYear() })}
        </p>
      </div>
    </footer>
  );
}
