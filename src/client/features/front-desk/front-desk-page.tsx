import { useId, useState, type ReactNode } from "react";
import { Link, useParams } from "react-router";
import { AlertDialog } from "radix-ui";
import { BedDouble, PhoneCall, ReceiptText } from "lucide-react";
import type { StayStatus } from "../../../shared/front-desk.ts";
import { partyLabel } from "../../../shared/children.ts";
import { refundText } from "../../../shared/i18n/labels.ts";
import { todayLocal } from "../../../shared/dates.ts";
import type { FrontDeskBooking, PhoneBookingMade } from "../../api/front-desk.ts";
import { EmptyState } from "../../components/empty-state.tsx";
import { LoadFailed } from "../../components/load-failed.tsx";
import { Loading } from "../../components/loading.tsx";
import { AlertDialogContent } from "../../components/ui/alert-dialog.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { formatDate, formatDateRange, formatMoney } from "../../lib/format.ts";
import { CancellationTerms } from "../../components/booking-terms.tsx";
import { PriceBreakdown } from "../../components/price-breakdown.tsx";
import { type TFunction, useTranslation } from "../../lib/i18n.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { PhoneBookingDialog } from "./phone-booking-dialog.tsx";
import { useDeskAction, useFrontDeskDay, useRefreshFrontDesk } from "./use-front-desk.ts";
import { CalendarConflictsPanel } from "../../components/calendar-conflicts-panel.tsx";

type Hold = NonNullable<PhoneBookingMade["hold"]>;

export type FrontDeskPageProps = {
  /** Takes the card for a phone booking's hold (the booking feature's payment step, composed in the router). */
  renderPayment: (props: { hold: Hold; onClose: () => void }) => ReactNode;
};

const STATUS_TONES = { expected: "neutral", checked_in: "success", checked_out: "brand", no_show: "danger" } as const;

function stayStatusLabel(status: StayStatus, t: TFunction): string {
  switch (status) {
    case "expected":
      return t("Expected");
    case "checked_in":
      return t("Checked in");
    case "checked_out":
      return t("Checked out");
    case "no_show":
      return t("No-show");
  }
}

/** One hotel's day: arrivals, guests in house and departures, with check-in, check-out, no-show and phone bookings. */
export function FrontDeskPage({ renderPayment }: FrontDeskPageProps) {
  const { t } = useTranslation();
  const hotelId = Number(useParams().hotelId);
  const today = todayLocal();
  const [date, setDate] = useState(today);
  const [phoneOpen, setPhoneOpen] = useState(false);
  const [hold, setHold] = useState<Hold | null>(null);
  const day = useFrontDeskDay(hotelId, date);
  const refreshDesk = useRefreshFrontDesk();
  const dateId = useId();
  const hotelName = day.data?.hotel.name;
  useDocumentTitle(hotelName ? t("Front desk · {{hotel}}", { hotel: hotelName }) : t("Front desk"));

  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">{t("Front desk")}</h1>
          <p className="text-sm text-slate-600">{hotelName ?? "\u00a0"}</p>
        </div>
        <div className="flex flex-wrap items-end gap-3">
          <div className="space-y-1.5">
            <Label htmlFor={dateId}>{t("Date")}</Label>
            <Input id={dateId} type="date" value={date} onChange={(e) => setDate(e.target.value || today)} />
          </div>
          <Button asChild variant="secondary">
            <Link to={`/admin/hotels/${hotelId}/invoices`}>
              <ReceiptText aria-hidden="true" className="size-4" />
              {t("Invoices")}
            </Link>
          </Button>
          <Button onClick={() => setPhoneOpen(true)}>
            <PhoneCall aria-hidden="true" className="size-4" />
            {t("Phone booking")}
          </Button>
        </div>
      </div>
      <CalendarConflictsPanel hotelId={hotelId} />
      {day.isPending ? (
        <Loading rows={6} />
      ) : day.isError && !day.data ? (
        <LoadFailed
          title={t("Failed to load the front desk")}
          error={day.error}
          onRetry={() => void day.refetch()}
          retrying={day.isFetching}
        />
      ) : (
        <div className="grid gap-6 lg:grid-cols-3" aria-busy={day.isFetching || undefined}>
          <DeskList
            title={t("Arrivals")}
            empty={t("No arrivals on this day.")}
            hotelId={hotelId}
            today={today}
            bookings={day.data.arrivals}
          />
          <DeskList title={t("In house")} empty={t("No guests in house.")} hotelId={hotelId} today={today} bookings={day.data.inHouse} />
          <DeskList
            title={t("Departures")}
            empty={t("No departures on this day.")}
            hotelId={hotelId}
            today={today}
            bookings={day.data.departures}
          />
        </div>
      )}
      {phoneOpen ? (
        <PhoneBookingDialog
          hotelId={hotelId}
          today={today}
          onClose={() => setPhoneOpen(false)}
          onCardHold={(made) => {
            setPhoneOpen(false);
            setHold(made);
          }}
        />
      ) : null}
      {hold
        ? renderPayment({
            hold,
            onClose: () => {
              setHold(null);
              void refreshDesk();
            },
          })
        : null}
    </div>
  );
}

function DeskList({
  title,
  empty,
  bookings,
  hotelId,
  today,
}: {
  title: string;
  empty: string;
  bookings: FrontDeskBooking[];
  hotelId: number;
  today: string;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <Card className="p-4">
      <h2 id={headingId} className="mb-3 text-lg font-semibold text-slate-900">
        {title} <span className="text-sm font-normal text-slate-600">({bookings.length})</span>
      </h2>
      {bookings.length === 0 ? (
        <EmptyState icon={BedDouble} title={empty} />
      ) : (
        <ul aria-labelledby={headingId} className="divide-y divide-slate-100">
          {bookings.map((booking) => (
            <li key={booking.id} className="space-y-2 py-3">
              <div className="flex items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">{booking.guestName}</p>
                  <p className="text-sm text-slate-600">
                    {booking.roomType} × {booking.numRooms} ·{" "}
                    {partyLabel(booking.numGuests - booking.numChildren, booking.childAges, booking.numChildren, t)}
                  </p>
                  <p className="text-sm text-slate-600">{formatDateRange(booking.checkIn, booking.checkOut)}</p>
                  <p className="text-xs text-slate-500">
                    {booking.bookingReference} ·{" "}
                    {booking.payAtHotel
                      ? t("Pay at hotel: {{amount}}", { amount: formatMoney(booking.amountDueCents, booking.currency) })
                      : (refundText(t, booking.refundedCents, booking.amountDueCents, (cents) => formatMoney(cents, booking.currency)) ??
                        t("Paid"))}
                    {booking.takenByPhone ? ` · ${t("by phone")}` : ""}
                  </p>
                  {booking.ratePlanName ? <p className="text-xs text-slate-600">{booking.ratePlanName}</p> : null}
                  <CancellationTerms booking={{ ...booking, cancellationPolicy: null }} className="text-xs text-slate-600" />
                  {booking.charges ? (
                    <details className="mt-1 text-sm">
                      <summary className="cursor-pointer text-xs font-medium text-brand-700">{t("Price breakdown")}</summary>
                      <PriceBreakdown charges={booking.charges} className="mt-1 max-w-sm" />
                    </details>
                  ) : null}
                </div>
                <Badge tone={STATUS_TONES[booking.stayStatus]} className="shrink-0 whitespace-nowrap">
                  {stayStatusLabel(booking.stayStatus, t)}
                </Badge>
              </div>
              <DeskActions booking={booking} hotelId={hotelId} today={today} />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function DeskActions({ booking, hotelId, today }: { booking: FrontDeskBooking; hotelId: number; today: string }) {
  const { t } = useTranslation();
  const action = useDeskAction(hotelId);
  const run = (kind: "check-in" | "check-out" | "no-show") =>
    action.mutate({ action: kind, bookingId: booking.id, guestName: booking.guestName });
  const guest = booking.guestName;
  if (booking.stayStatus === "expected" && booking.checkIn <= today) {
    return (
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={() => run("check-in")} disabled={action.isPending} aria-label={t("Check in {{guest}}", { guest })}>
          {t("Check in")}
        </Button>
        <ConfirmButton
          trigger={t("No-show")}
          triggerLabel={t("Mark no-show: {{guest}}", { guest })}
          title={t("Mark {{guest}} as a no-show?", { guest })}
          description={
            booking.noShowFeeCents === null
              ? t("The first night stays charged; the later nights go back on sale, refunded as the hotel's policy allows.")
              : t(
                  "The booking's cancellation policy charges {{amount}} for a no-show; what was paid beyond it is refunded and the later nights go back on sale.",
                  {
                    amount: formatMoney(booking.noShowFeeCents, booking.currency),
                  },
                )
          }
          confirm={t("Mark no-show")}
          onConfirm={() => run("no-show")}
          pending={action.isPending}
        />
      </div>
    );
  }
  if (booking.stayStatus === "checked_in") {
    if (booking.checkOut > today) {
      return (
        <ConfirmButton
          trigger={t("Check out early")}
          triggerLabel={t("Check out early: {{guest}}", { guest })}
          title={t("Check {{guest}} out before {{date}}?", { guest, date: formatDate(booking.checkOut) })}
          description={t(
            "This is an early departure: the unused nights go back on sale and are refunded as the hotel's cancellation policy allows.",
          )}
          confirm={t("Check out")}
          onConfirm={() => run("check-out")}
          pending={action.isPending}
        />
      );
    }
    return (
      <Button
        size="sm"
        variant="secondary"
        onClick={() => run("check-out")}
        disabled={action.isPending}
        aria-label={t("Check out {{guest}}", { guest })}
      >
        {t("Check out")}
      </Button>
    );
  }
  return null;
}

function ConfirmButton(props: {
  trigger: string;
  triggerLabel: string;
  title: string;
  description: string;
  confirm: string;
  onConfirm: () => void;
  pending: boolean;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <AlertDialog.Root open={open} onOpenChange={setOpen}>
      <AlertDialog.Trigger asChild>
        <Button size="sm" variant="secondary" aria-label={props.triggerLabel} disabled={props.pending}>
          {props.trigger}
        </Button>
      </AlertDialog.Trigger>
      {open ? (
        <AlertDialogContent
          title={props.title}
          description={<p>{props.description}</p>}
          actions={
            <>
              <AlertDialog.Cancel asChild>
                <Button variant="secondary">{t("Cancel")}</Button>
              </AlertDialog.Cancel>
              <Button
                variant="destructive"
                onClick={() => {
                  props.onConfirm();
                  setOpen(false);
                }}
              >
                {props.confirm}
              </Button>
            </>
          }
        />
      ) : null}
    </AlertDialog.Root>
  );
}
