import type { ReactNode } from "react";
import { PageHeader } from "../../components/page-header.tsx";
import { useTranslation } from "../../lib/i18n.ts";

type AdminPageHeaderProps = {
  title: string;
  description?: ReactNode;
  /** Buttons shown beside the title on wide screens and below it on phones. */
  actions?: ReactNode;
  /** Sub-pages lead back to the dashboard; the dashboard itself has no back link. */
  backLink?: boolean;
};

/** The back office's page heading, leading back to the admin dashboard. */
export function AdminPageHeader({ title, description, actions, backLink = true }: AdminPageHeaderProps) {
  const { t } = useTranslation();
  return (
    <PageHeader
      title={title}
      description={description}
      actions={actions}
      back={backLink ? { to: "/admin", label: t("Admin Dashboard") } : undefined}
    />
  );
}
