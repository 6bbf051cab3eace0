import { useNavigate } from "react-router";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { HotelForm } from "./hotel-form.tsx";
import { PropertyPageHeader } from "./property-page-header.tsx";
import { useCreateHotel } from "./use-property-hotels.ts";

/** /admin/hotels/new: admins add a hotel; it starts hidden until it has a room type. */
export function NewHotelPage() {
  useDocumentTitle("Add hotel");
  const navigate = useNavigate();
  const create = useCreateHotel();
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <PropertyPageHeader
        title="Add hotel"
        description="Next you add its room types and photos; then untick Hidden to show it to travellers."
        back={{ to: "/admin/hotels", label: "Hotels" }}
      />
      <HotelForm
        submitLabel="Add hotel"
        pending={create.isPending}
        onSubmit={(input) => create.mutate(input, { onSuccess: ({ hotel }) => void navigate(`/admin/hotels/${hotel.id}`) })}
      />
    </div>
  );
}
