import { useState } from "react";
import { Link, useParams } from "react-router";
import { AlertDialog } from "radix-ui";
import {
  BarChart3,
  BedDouble,
  CalendarDays,
  CalendarSync,
  ConciergeBell,
  KeyRound,
  Landmark,
  Plus,
  ReceiptText,
  ShoppingBag,
  Tags,
  TicketPercent,
  Webhook,
} from "lucide-react";
import type { PropertyRoomType } from "../../api/property-hotels.ts";
import { EmptyState } from "../../components/empty-state.tsx";
import { LoadFailed } from "../../components/load-failed.tsx";
import { Loading } from "../../components/loading.tsx";
import { AlertDialogContent } from "../../components/ui/alert-dialog.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { formatMoney } from "../../lib/format.ts";
import { useTranslation } from "../../lib/i18n.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { HotelForm } from "./hotel-form.tsx";
import { HotelStaffSection } from "./hotel-staff-section.tsx";
import { PhotoManager } from "./photo-manager.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { RoomTypeDialog } from "./room-type-dialog.tsx";
import { useDeleteRoomType, usePropertyHotel, useUpdateHotel } from "./use-property-hotels.ts";

/** /admin/hotels/:hotelId: the hotel's details, room types and photos, with links to its other pages. */
export function HotelEditPage() {
  const { t } = useTranslation();
  const hotelId = Number(useParams().hotelId);
  const hotel = usePropertyHotel(hotelId);
  const update = useUpdateHotel(hotelId);
  const [editing, setEditing] = useState<PropertyRoomType | null | "new">(null);
  useDocumentTitle(hotel.data?.name ?? t("Hotel"));

  if (hotel.isPending) {
    return (
      <div className="mx-auto max-w-5xl px-4 py-10">
        <Loading rows={6} rowClassName="h-16 w-full" />
      </div>
    );
  }
  if (hotel.isError) {
    return (
      <div className="mx-auto max-w-5xl px-4 py-10">
        <LoadFailed
          layout="page"
          title={t("Could not load this hotel")}
          error={hotel.error}
          onRetry={() => void hotel.refetch()}
          retrying={hotel.isFetching}
        />
      </div>
    );
  }
  const h = hotel.data;
  const links = [
    { to: `/admin/hotels/${h.id}/calendar`, label: t("Rates and availability"), icon: CalendarDays },
    { to: `/admin/hotels/${h.id}/rate-plans`, label: t("Rate plans & policies"), icon: Tags },
    { to: `/admin/hotels/${h.id}/taxes`, label: t("Taxes and fees"), icon: Landmark },
    { to: `/admin/hotels/${h.id}/extras`, label: t("Extras"), icon: ShoppingBag },
    { to: `/admin/hotels/${h.id}/front-desk`, label: t("Front desk"), icon: ConciergeBell },
    { to: `/admin/hotels/${h.id}/reports`, label: t("Reports"), icon: BarChart3 },
    { to: `/admin/hotels/${h.id}/invoices`, label: t("Invoices"), icon: ReceiptText },
    { to: `/admin/hotels/${h.id}/promotions`, label: t("Promo codes"), icon: TicketPercent },
    { to: `/admin/webhooks?hotel=${h.id}`, label: t("Webhooks"), icon: Webhook },
    { to: `/admin/hotels/${h.id}/channel-keys`, label: t("Channel API keys"), icon: KeyRound },
    { to: `/admin/hotels/${h.id}/calendar-imports`, label: t("Imported calendars"), icon: CalendarSync },
  ];
  return (
    <div className="mx-auto max-w-5xl space-y-8 px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <PageHeader
        title={h.name}
        description={
          <>
            {h.city}, {h.country} ·{" "}
            {h.hidden ? <Badge tone="warning">{t("Hidden")}</Badge> : <Badge tone="success">{t("Visible to travellers")}</Badge>}
          </>
        }
        back={{ to: "/admin/hotels", label: t("Hotels") }}
      />
      <nav aria-label={t("Hotel pages")}>
        <ul className="flex flex-wrap gap-2">
          {links.map((link) => (
            <li key={link.to}>
              <Button asChild variant="secondary" size="sm">
                <Link to={link.to}>
                  <link.icon aria-hidden="true" className="text-brand-700" />
                  {link.label}
                </Link>
              </Button>
            </li>
          ))}
        </ul>
      </nav>

      <section aria-labelledby="rooms-heading" className="space-y-4">
        <div className="flex items-center justify-between gap-4">
          <h2 id="rooms-heading" className="text-xl font-semibold text-slate-900">
            {t("Room types")}
          </h2>
          <Button onClick={() => setEditing("new")}>
            <Plus aria-hidden="true" />
            {t("Add room type")}
          </Button>
        </div>
        {h.roomTypes.length === 0 ? (
          <EmptyState icon={BedDouble} title={t("No room types yet")}>
            {t("Add a room type so travellers can book this hotel.")}
          </EmptyState>
        ) : (
          <ul className="space-y-3" aria-label={t("Room types")}>
            {h.roomTypes.map((room) => (
              <li key={room.id}>
                <Card className="space-y-4 p-4">
                  <div className="flex flex-wrap items-start justify-between gap-3">
                    <div>
                      <h3 className="font-semibold text-slate-900">
                        {room.name} {room.closed ? <Badge tone="warning">{t("Closed")}</Badge> : null}
                      </h3>
                      <p className="text-sm text-slate-600">
                        {t("{{price}} per night", { price: formatMoney(room.priceCents) })} ·{" "}
                        {t("{{count, number}} rooms", { count: room.totalRooms })} · {t("sleeps {{guests}}", { guests: room.maxGuests })} ·{" "}
                        {room.bedType} · {room.sizeM2} m²
                        {room.upcomingBookings > 0
                          ? ` · ${t("{{count, number}} upcoming bookings", { count: room.upcomingBookings })}`
                          : ""}
                      </p>
                    </div>
                    <div className="flex gap-2">
                      <Button
                        variant="secondary"
                        size="sm"
                        onClick={() => setEditing(room)}
                        aria-label={t("Edit {{name}}", { name: room.name })}
                      >
                        {t("Edit")}
                      </Button>
                      <DeleteRoomTypeButton hotelId={h.id} room={room} />
                    </div>
                  </div>
                  <details>
                    <summary className="cursor-pointer text-sm font-medium text-brand-700">
                      {t("Photos of {{name}} ({{number}})", { name: room.name, number: room.images.length })}
                    </summary>
                    <div className="mt-3">
                      <PhotoManager owner={{ hotelId: h.id, roomTypeId: room.id }} photos={room.images} label={room.name} />
                    </div>
                  </details>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="photos-heading" className="space-y-4">
        <h2 id="photos-heading" className="text-xl font-semibold text-slate-900">
          {t("Hotel photos")}
        </h2>
        <PhotoManager owner={{ hotelId: h.id }} photos={h.images} label={h.name} />
      </section>

      <section aria-labelledby="details-heading" className="space-y-4">
        <h2 id="details-heading" className="text-xl font-semibold text-slate-900">
          {t("Details")}
        </h2>
        <HotelForm
          key={h.id}
          hotel={h}
          submitLabel={t("Save hotel")}
          pending={update.isPending}
          onSubmit={(input) => update.mutate(input)}
        />
      </section>

      <HotelStaffSection hotelId={h.id} />

      {editing !== null ? (
        <RoomTypeDialog
          key={editing === "new" ? "new" : editing.id}
          hotelId={h.id}
          room={editing === "new" ? null : editing}
          open
          onOpenChange={(open) => (open ? undefined : setEditing(null))}
        />
      ) : null}
    </div>
  );
}

function DeleteRoomTypeButton({ hotelId, room }: { hotelId: number; room: PropertyRoomType }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const remove = useDeleteRoomType(hotelId);
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => (remove.isPending ? undefined : setOpen(next))}>
      <AlertDialog.Trigger asChild>
        <Button variant="secondary" size="sm" aria-label={t("Delete {{name}}", { name: room.name })}>
          {t("Delete")}
        </Button>
      </AlertDialog.Trigger>
      {open ? (
        <AlertDialogContent
          title={t("Delete {{name}}?", { name: room.name })}
          description={
            room.upcomingBookings > 0 ? (
              <p>
                {t(
                  "{{name}} has {{count, number}} upcoming bookings, so it cannot be deleted. Close it instead (Edit, then Closed): it stops selling and the bookings stand.",
                  { name: room.name, count: room.upcomingBookings },
                )}
              </p>
            ) : (
              <p>
                {t(
                  "The room type and its photos are removed for good. A room type with past bookings cannot be deleted: close it instead.",
                )}
              </p>
            )
          }
          actions={
            <>
              <AlertDialog.Cancel asChild>
                <Button variant="secondary" disabled={remove.isPending}>
                  {t("Cancel")}
                </Button>
              </AlertDialog.Cancel>
              <Button
                variant="destructive"
                disabled={remove.isPending || room.upcomingBookings > 0}
                aria-busy={remove.isPending || undefined}
                onClick={() => remove.mutate({ roomTypeId: room.id, name: room.name }, { onSettled: () => setOpen(false) })}
              >
                {t("Delete")}
              </Button>
            </>
          }
        />
      ) : null}
    </AlertDialog.Root>
  );
}
