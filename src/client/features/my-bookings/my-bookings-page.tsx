import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "../../lib/i18n.ts";
import { Link, useSearchParams } from "react-router";
import { Tabs } from "radix-ui";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { CalendarX2, CreditCard, Luggage, RefreshCw } from "lucide-react";
import type { BookingView } from "../../../shared/booking.ts";
import { isIsoDate, todayLocal } from "../../../shared/dates.ts";
import { LoadFailed } from "../../components/load-failed.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { TabsList, TabsTrigger } from "../../components/ui/tabs.tsx";
import { abandonMyHold, bookingKeys } from "../../api/bookings.ts";
import { cn } from "../../lib/cn.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { BookingCard } from "./booking-card.tsx";
import { BookingFilterBar } from "./booking-filter-bar.tsx";
import { useMyBookings, type BookingFilters } from "./use-my-bookings.ts";
import { errorText } from "../../lib/error-text.ts";

type BookingGroups = { awaiting: BookingView[]; upcoming: BookingView[]; past: BookingView[]; cancelled: BookingView[] };

/**
 * Unpaid holds stand apart (they are not bookings yet); cancelled bookings have their own tab;
 * Upcoming holds stays not yet ended (and not marked completed by the server), Past the rest.
 */
function groupBookings(bookings: BookingView[], today: string): BookingGroups {
  const groups: BookingGroups = { awaiting: [], upcoming: [], past: [], cancelled: [] };
  for (const booking of bookings) {
    if (booking.awaitingPayment) groups.awaiting.push(booking);
    else if (booking.status === "cancelled") groups.cancelled.push(booking);
    else if (booking.checkOut > today && booking.status !== "completed") groups.upcoming.push(booking);
    else groups.past.push(booking);
  }
  return groups;
}

function readFilters(params: URLSearchParams): BookingFilters {
  const from = params.get("checkInFrom") ?? "";
  const to = params.get("checkOutTo") ?? "";
  return { checkInFrom: isIsoDate(from) ? from : "", checkOutTo: isIsoDate(to) ? to : "" };
}

function EmptyState({ title, hint, filtered }: { title: string; hint: string; filtered: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-500">
        {filtered ? <CalendarX2 aria-hidden="true" className="size-6" /> : <Luggage aria-hidden="true" className="size-6" />}
      </span>
      <h2 className="mt-4 text-lg font-semibold text-slate-900">{title}</h2>
      <p className="mt-1 max-w-sm text-sm text-slate-600">
        {filtered ? t("No bookings match these dates. Try other dates or clear the filter.") : hint}
      </p>
      <Button asChild className="mt-5">
        <Link to="/">{t("Search hotels")}</Link>
      </Button>
    </div>
  );
}

function BookingListSkeleton() {
  const { t } = useTranslation();
  return (
    <div>
      <p role="status" className="sr-only">
        {t("Loading your bookings...")}
      </p>
      <ul aria-hidden="true" className="space-y-4">
        {Array.from({ length: 3 }, (_, i) => (
          <li key={i} className="rounded-2xl border border-slate-200/80 bg-white p-5">
            <div className="flex justify-between gap-4">
              <Skeleton className="h-6 w-1/2" />
              <Skeleton className="h-5 w-20 rounded-full" />
            </div>
            <Skeleton className="mt-2 h-4 w-40" />
            <div className="mt-5 grid gap-3 sm:grid-cols-3">
              <Skeleton className="h-10" />
              <Skeleton className="h-10" />
              <Skeleton className="h-10" />
            </div>
            <div className="mt-5 flex justify-between border-t border-slate-100 pt-4">
              <Skeleton className="h-7 w-28" />
              <Skeleton className="h-10 w-40" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

type BookingListProps = { bookings: BookingView[]; emptyTitle: string; emptyHint: string; filtered: boolean; onCancelled: () => void };

function BookingList({ bookings, emptyTitle, emptyHint, filtered, onCancelled }: BookingListProps) {
  if (bookings.length === 0) return <EmptyState title={emptyTitle} hint={emptyHint} filtered={filtered} />;
  return (
    <ul className="space-y-4">
      {bookings.map((booking) => (
        <li key={booking.id}>
          <BookingCard booking={booking} accessToken={null} onCancelled={onCancelled} />
        </li>
      ))}
    </ul>
  );
}

function AbandonHoldButton({ booking, onAbandoned }: { booking: BookingView; onAbandoned: () => void }) {
  const { t } = useTranslation();
  const abandon = useMutation({
    mutationFn: () => abandonMyHold(booking.id),
    onSuccess() {
      toast.success(t("Booking abandoned"), { description: t("The room is released and nothing was charged.") });
    },
    onError(error) {
      toast.error(t("Error"), { description: errorText(error, t("Something went wrong")) });
    },
    // Refreshed either way: a hold that turned out to be paid moves to Upcoming.
    onSettled: onAbandoned,
  });
  return (
    <Button
      variant="secondary"
      size="sm"
      className="text-red-700 hover:bg-red-50 hover:text-red-800"
      disabled={abandon.isPending}
      aria-busy={abandon.isPending || undefined}
      aria-label={t("Abandon booking {{reference}}", { reference: booking.bookingReference })}
      onClick={() => abandon.mutate()}
    >
      {abandon.isPending ? <Spinner /> : null}
      {t("Abandon")}
    </Button>
  );
}

type RenderPayment = (props: { booking: BookingView; onClose: () => void }) => ReactNode;

/** Unpaid holds: shown as what they are, with a way to finish paying or to let the room go at once. */
function AwaitingPayment({
  holds,
  onPay,
  onChanged,
}: {
  holds: BookingView[];
  onPay: ((booking: BookingView) => void) | null;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  if (holds.length === 0) return null;
  return (
    <section aria-labelledby="awaiting-payment" className="mt-6">
      <h2 id="awaiting-payment" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <CreditCard aria-hidden="true" className="size-5 text-amber-700" />
        {t("Awaiting payment ({{number}})", { number: holds.length })}
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {t("These are not booked yet. Complete the payment to book, or abandon them to release the rooms.")}
      </p>
      <ul className="mt-4 space-y-4">
        {holds.map((booking) => (
          <li key={booking.id}>
            <BookingCard
              booking={booking}
              accessToken={null}
              onCancelled={onChanged}
              holdActions={
                <>
                  <AbandonHoldButton booking={booking} onAbandoned={onChanged} />
                  {onPay ? (
                    <Button
                      size="sm"
                      aria-label={t("Complete payment {{reference}}", { reference: booking.bookingReference })}
                      onClick={() => onPay(booking)}
                    >
                      {t("Complete payment")}
                    </Button>
                  ) : null}
                </>
              }
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

export function MyBookingsPage({ renderPayment }: { renderPayment?: RenderPayment }) {
  const { t } = useTranslation();
  useDocumentTitle(t("My Bookings"));
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const filtered = Boolean(filters.checkInFrom || filters.checkOutTo);
  const queryClient = useQueryClient();
  const { data, error, isPending, isError, isFetching, isPlaceholderData, refetch } = useMyBookings(filters);

  useEffect(() => {
    // Spec section 8: a failed read of the bookings shows an error toast titled Error with the server's message.
    if (error) toast.error(t("Error"), { description: errorText(error, t("Something went wrong")) });
  }, [error, t]);

  function changeFilters(next: BookingFilters) {
    const nextParams = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value) nextParams.set(key, value);
      else nextParams.delete(key);
    }
    setParams(nextParams, { replace: true, preventScrollReset: true });
  }

  const { awaiting, upcoming, past, cancelled } = groupBookings(data?.bookings ?? [], todayLocal());
  const refreshing = isFetching && !isPending;
  const refreshList = () => void queryClient.invalidateQueries({ queryKey: bookingKeys.mine });
  // Kept here, not in the Awaiting payment list: once paid, the hold leaves that list while its dialog still shows the confirmation.
  const [paying, setPaying] = useState<BookingView | null>(null);

  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <div className="flex items-center justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t("My Bookings")}</h1>
        <Button variant="secondary" disabled={refreshing} onClick={() => void refetch()}>
          {refreshing ? <Spinner /> : <RefreshCw aria-hidden="true" />}
          {t("Refresh")}
        </Button>
      </div>

      <div className="mt-6">
        <BookingFilterBar filters={filters} onChange={changeFilters} />
      </div>

      <div className="mt-6">
        {isPending ? (
          <BookingListSkeleton />
        ) : isError && !data ? (
          <LoadFailed
            layout="panel"
            title={t("Your bookings could not be loaded")}
            error={error}
            onRetry={() => void refetch()}
            retrying={isFetching}
          />
        ) : (
          <>
            <AwaitingPayment holds={awaiting} onPay={renderPayment ? setPaying : null} onChanged={refreshList} />
            <Tabs.Root defaultValue="upcoming" className={awaiting.length > 0 ? "mt-8" : undefined}>
              <TabsList aria-label={t("Bookings")} className="flex w-full sm:inline-flex sm:w-auto">
                <TabsTrigger value="upcoming">{t("Upcoming ({{number}})", { number: upcoming.length })}</TabsTrigger>
                <TabsTrigger value="past">{t("Past ({{number}})", { number: past.length })}</TabsTrigger>
                <TabsTrigger value="cancelled">{t("Cancelled ({{number}})", { number: cancelled.length })}</TabsTrigger>
              </TabsList>
              <div
                className={cn("mt-5 transition-opacity", isPlaceholderData ? "opacity-60" : null)}
                aria-busy={isPlaceholderData || undefined}
              >
                {[
                  {
                    value: "upcoming",
                    bookings: upcoming,
                    emptyTitle: t("No upcoming bookings"),
                    emptyHint: t("When you book a stay, it will appear here."),
                  },
                  {
                    value: "past",
                    bookings: past,
                    emptyTitle: t("No past bookings"),
                    emptyHint: t("Stays you have completed will appear here."),
                  },
                  {
                    value: "cancelled",
                    bookings: cancelled,
                    emptyTitle: t("No cancelled bookings"),
                    emptyHint: t("Bookings you cancel will appear here."),
                  },
                ].map((tab) => (
                  <Tabs.Content key={tab.value} value={tab.value} className="focus-visible:outline-offset-4">
                    <BookingList
                      bookings={tab.bookings}
                      emptyTitle={tab.emptyTitle}
                      emptyHint={tab.emptyHint}
                      filtered={filtered}
                      onCancelled={refreshList}
                    />
                  </Tabs.Content>
                ))}
              </div>
            </Tabs.Root>
          </>
        )}
      </div>
      {paying && renderPayment
        ? renderPayment({
            booking: paying,
            onClose: () => {
              setPaying(null);
              refreshList();
            },
          })
        : null}
    </div>
  );
}
