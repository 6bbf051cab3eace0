import { useId, useState } from "react";
import { Link, useParams } from "react-router";
import { toast } from "sonner";
import { BedDouble, ChevronLeft, Copy, Link2, Trash2 } from "lucide-react";
import type { RoomTypeCalendarLink } from "../../api/calendar-links.ts";
import { EmptyState } from "../../components/empty-state.tsx";
import { LoadFailed } from "../../components/load-failed.tsx";
import { Loading } from "../../components/loading.tsx";
import { ConfirmButton } from "../../components/confirm-button.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { formatDateTime } from "../../lib/format.ts";
import { i18next, useTranslation } from "../../lib/i18n.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { useCalendarLinks, useCreateCalendarLink, useRevokeCalendarLink } from "./use-revenue-reports.ts";

/** The address of a new link: shown once, with a copy button (selecting the text is the fallback). */
function NewLink({ url }: { url: string }) {
  const { t } = useTranslation();
  const inputId = useId();
  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(i18next.t("Link copied"));
    } catch {
      (document.getElementById(inputId) as HTMLInputElement | null)?.select();
      toast.error(i18next.t("Could not copy: the link is selected, copy it with your keyboard"));
    }
  }
  return (
    <div className="mt-4 space-y-1.5 rounded-lg border border-brand-200 bg-brand-50 p-3">
      <Label htmlFor={inputId}>{t("New calendar link (shown only now)")}</Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input id={inputId} readOnly value={url} className="font-mono text-xs" onFocus={(event) => event.currentTarget.select()} />
        <Button variant="secondary" onClick={() => void copy()}>
          <Copy aria-hidden="true" />
          {t("Copy")}
        </Button>
      </div>
      <p className="text-xs text-slate-600">
        {t(
          'Paste it into your other calendar as a subscription (an "iCal" or "ICS" address). Anyone with the link sees this room type\'s booking references and dates, no guest names.',
        )}
      </p>
    </div>
  );
}

function RoomTypeLinkCard({ hotelId, room }: { hotelId: number; room: RoomTypeCalendarLink }) {
  const { t } = useTranslation();
  const create = useCreateCalendarLink(hotelId);
  const revoke = useRevokeCalendarLink(hotelId);
  const [url, setUrl] = useState<string | null>(null);

  function makeLink(close?: () => void) {
    create.mutate(room.roomTypeId, {
      onSuccess: (answer) => {
        setUrl(answer.url);
        close?.();
      },
    });
  }

  return (
    <Card className="p-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h2 className="font-semibold text-slate-900">{room.roomType}</h2>
          <p className="mt-1 text-sm text-slate-600">
            {room.link
              ? room.link.createdBy
                ? t("Link live since {{date}}, made by {{person}}.", {
                    date: formatDateTime(room.link.createdAt),
                    person: room.link.createdBy,
                  })
                : t("Link live since {{date}}.", { date: formatDateTime(room.link.createdAt) })
              : t("No calendar link.")}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {room.link ? (
            <>
              <ConfirmButton
                trigger={
                  <>
                    <Link2 aria-hidden="true" />
                    {t("New link")}
                  </>
                }
                title={t("Replace the calendar link?")}
                description={<p>{t("The current link stops working at once; calendars using it must be given the new one.")}</p>}
                confirmLabel={t("Replace link")}
                destructive={false}
                pending={create.isPending}
                onConfirm={makeLink}
              />
              <ConfirmButton
                trigger={
                  <>
                    <Trash2 aria-hidden="true" />
                    {t("Revoke")}
                  </>
                }
                title={t("Revoke the calendar link?")}
                description={<p>{t("Calendars using it stop receiving this room type's bookings. You can make a new link later.")}</p>}
                confirmLabel={t("Revoke link")}
                pending={revoke.isPending}
                onConfirm={(close) =>
                  revoke.mutate(room.roomTypeId, {
                    onSuccess: () => {
                      setUrl(null);
                      close();
                    },
                  })
                }
              />
            </>
          ) : (
            <Button size="sm" disabled={create.isPending} onClick={() => makeLink()}>
              {create.isPending ? <Spinner /> : <Link2 aria-hidden="true" />}
              {t("Create link")}
            </Button>
          )}
        </div>
      </div>
      {url ? <NewLink url={url} /> : null}
    </Card>
  );
}

/** /admin/hotels/:hotelId/ical: a secret iCal link per room type, to show the hotel's Staywise bookings in other calendars. */
export function CalendarLinksPage() {
  const { t } = useTranslation();
  const { hotelId: param } = useParams();
  const hotelId = param !== undefined && /^[1-9]\d{0,9}$/.test(param) ? Number(param) : 0;
  const links = useCalendarLinks(hotelId);
  const hotelName = links.data?.hotel.name;
  useDocumentTitle(hotelName ? t("Calendar links · {{hotel}}", { hotel: hotelName }) : t("Calendar links"));

  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8">
      <header>
        <Link
          to={`/admin/hotels/${hotelId}/reports`}
          className="-ml-2 mb-2 inline-flex h-10 items-center gap-1 rounded-lg px-2 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900"
        >
          <ChevronLeft aria-hidden="true" className="size-4" />
          {t("Revenue report")}
        </Link>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t("Calendar links")}</h1>
        <p className="mt-1 text-sm text-slate-600">{hotelName ?? "\u00a0"}</p>
        <p className="mt-2 max-w-2xl text-slate-600">
          {t(
            "Each room type can have one secret iCal link listing its confirmed stays, for Google Calendar, Outlook or a channel manager. A link is shown once when it is made; make a new one if it is lost (the old one stops working).",
          )}
        </p>
      </header>
      {links.isPending ? (
        <Loading rows={3} rowClassName="h-20 w-full" />
      ) : links.isError ? (
        <LoadFailed
          layout="panel"
          title={t("Failed to load the calendar links")}
          error={links.error}
          retrying={links.isFetching}
          onRetry={() => void links.refetch()}
        />
      ) : links.data.roomTypes.length === 0 ? (
        <EmptyState icon={BedDouble} title={t("No room types")}>
          {t("Add a room type to this hotel to give it a calendar link.")}
        </EmptyState>
      ) : (
        <div className="space-y-4">
          {links.data.roomTypes.map((room) => (
            <RoomTypeLinkCard key={room.roomTypeId} hotelId={hotelId} room={room} />
          ))}
        </div>
      )}
    </div>
  );
}
