import { useEffect } from "react";
import { Link, useSearchParams } from "react-router";
import { Tabs } from "radix-ui";
import { useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { CalendarX2, Luggage, RefreshCw, TriangleAlert } from "lucide-react";
import type { BookingView } from "../../../shared/booking.ts";
import { isIsoDate, todayLocal } from "../../../shared/dates.ts";
import { Button } from "../../components/ui/button.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { TabsList, TabsTrigger } from "../../components/ui/tabs.tsx";
import { cn } from "../../lib/cn.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { BookingCard } from "./booking-card.tsx";
import { BookingFilterBar } from "./booking-filter-bar.tsx";
import { MY_BOOKINGS_KEY, useMyBookings, type BookingFilters } from "./use-my-bookings.ts";

/** Upcoming: the stay has not ended yet (and the server has not marked it completed); everything else is past. */
function splitBookings(bookings: BookingView[], today: string): { upcoming: BookingView[]; past: BookingView[] } {
  const upcoming: BookingView[] = [];
  const past: BookingView[] = [];
  for (const booking of bookings) {
    (booking.checkOut > today && booking.status !== "completed" ? upcoming : past).push(booking);
  }
  return { upcoming, past };
}

function readFilters(params: URLSearchParams): BookingFilters {
  const from = params.get("checkInFrom") ?? "";
  const to = params.get("checkOutTo") ?? "";
  return { checkInFrom: isIsoDate(from) ? from : "", checkOutTo: isIsoDate(to) ? to : "" };
}

function EmptyState({ title, filtered }: { title: string; filtered: boolean }) {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-500">
        {filtered ? <CalendarX2 aria-hidden="true" className="size-6" /> : <Luggage aria-hidden="true" className="size-6" />}
      </span>
      <h2 className="mt-4 text-lg font-semibold text-slate-900">{title}</h2>
      <p className="mt-1 max-w-sm text-sm text-slate-600">
        {filtered ? "No bookings match these dates. Try other dates or clear the filter." : "When you book a stay, it will appear here."}
      </p>
      <Button asChild className="mt-5">
        <Link to="/">Search hotels</Link>
      </Button>
    </div>
  );
}

function BookingListSkeleton() {
  return (
    <div>
      <p role="status" className="sr-only">
        Loading your bookings...
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

function BookingList({ bookings, emptyTitle, filtered, onCancelled }: { bookings: BookingView[]; emptyTitle: string; filtered: boolean; onCancelled: () => void }) {
  if (bookings.length === 0) return <EmptyState title={emptyTitle} filtered={filtered} />;
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

export function MyBookingsPage() {
  useDocumentTitle("My Bookings");
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const filtered = Boolean(filters.checkInFrom || filters.checkOutTo);
  const queryClient = useQueryClient();
  const { data, error, isPending, isError, isFetching, isPlaceholderData, refetch } = useMyBookings(filters);

  useEffect(() => {
    // Spec section 8: a failed read of the bookings shows an error toast titled Error with the server's message.
    if (error) toast.error("Error", { description: error.message });
  }, [error]);

  function changeFilters(next: BookingFilters) {
    const nextParams = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value) nextParams.set(key, value);
      else nextParams.delete(key);
    }
    setParams(nextParams, { replace: true, preventScrollReset: true });
  }

  const { upcoming, past } = splitBookings(data?.bookings ?? [], todayLocal());
  const refreshing = isFetching && !isPending;

  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <div className="flex items-center justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">My Bookings</h1>
        <Button variant="secondary" disabled={refreshing} onClick={() => void refetch()}>
          {refreshing ? <Spinner /> : <RefreshCw aria-hidden="true" />}
          Refresh
        </Button>
      </div>

      <div className="mt-6">
        <BookingFilterBar filters={filters} onChange={changeFilters} />
      </div>

      <div className="mt-6">
        {isPending ? (
          <BookingListSkeleton />
        ) : isError && !data ? (
          <div className="flex flex-col items-center rounded-2xl border border-red-200 bg-white px-6 py-12 text-center">
            <span className="flex size-12 items-center justify-center rounded-full bg-red-50 text-red-700 ring-1 ring-red-200">
              <TriangleAlert aria-hidden="true" className="size-6" />
            </span>
            <h2 className="mt-4 text-lg font-semibold text-slate-900">Your bookings could not be loaded</h2>
            <p className="mt-1 text-sm text-slate-600">{error.message}</p>
            <Button className="mt-5" disabled={isFetching} onClick={() => void refetch()}>
              {isFetching ? <Spinner /> : <RefreshCw aria-hidden="true" />}
              Try again
            </Button>
          </div>
        ) : (
          <Tabs.Root defaultValue="upcoming">
            <TabsList aria-label="Bookings" className="flex w-full sm:inline-flex sm:w-auto">
              <TabsTrigger value="upcoming">Upcoming ({upcoming.length})</TabsTrigger>
              <TabsTrigger value="past">Past ({past.length})</TabsTrigger>
            </TabsList>
            <div className={cn("mt-5 transition-opacity", isPlaceholderData ? "opacity-60" : null)} aria-busy={isPlaceholderData || undefined}>
              <Tabs.Content value="upcoming" className="focus-visible:outline-offset-4">
                <BookingList
                  bookings={upcoming}
                  emptyTitle="No upcoming bookings"
                  filtered={filtered}
                  onCancelled={() => void queryClient.invalidateQueries({ queryKey: MY_BOOKINGS_KEY })}
                />
              </Tabs.Content>
              <Tabs.Content value="past" className="focus-visible:outline-offset-4">
                <BookingList
                  bookings={past}
                  emptyTitle="No past bookings"
                  filtered={filtered}
                  onCancelled={() => void queryClient.invalidateQueries({ queryKey: MY_BOOKINGS_KEY })}
                />
              </Tabs.Content>
            </div>
          </Tabs.Root>
        )}
      </div>
    </div>
  );
}
