import { useNavigate } from "react-router";
import { useTranslation } from "../../lib/i18n.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { HotelForm } from "./hotel-form.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { useCreateHotel } from "./use-property-hotels.ts";

/** /admin/hotels/new: admins add a hotel; it starts hidden until it has a room type. */
export function NewHotelPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("Add hotel"));
  const navigate = useNavigate();
  const create = useCreateHotel();
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <PageHeader
        title={t("Add hotel")}
        description={t("Next you add its room types and photos; then untick Hidden to show it to travellers.")}
        back={{ to: "/admin/hotels", label: t("Hotels") }}
      />
      <HotelForm
        submitLabel={t("Add hotel")}
        pending={create.isPending}
        onSubmit={(input) => create.mutate(input, { onSuccess: ({ hotel }) => void navigate(`/admin/hotels/${hotel.id}`) })}
      />
    </div>
  );
}
