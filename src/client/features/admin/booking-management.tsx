import { useEffect, useId, useRef, useState } from "react";
import { CalendarX2 } from "lucide-react";
import { toast } from "sonner";
import type { BookingStatus } from "../../../shared/booking.ts";
import type { AdminBookingView, DashboardStats } from "../../api/admin-bookings.ts";
import { EmptyState } from "../../components/empty-state.tsx";
import { LoadFailed } from "../../components/load-failed.tsx";
import { Loading } from "../../components/loading.tsx";
import { Badge, type BadgeTone } from "../../components/ui/badge.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { NativeSelect } from "../../components/ui/native-select.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { formatCount, formatDateRange, formatMoney } from "../../lib/format.ts";
import { errorText } from "../../lib/error-text.ts";
import { type TFunction, useTranslation } from "../../lib/i18n.ts";
import { useDebouncedValue } from "../../lib/use-debounced-value.ts";
import { useMediaQuery } from "../../lib/use-media-query.ts";
import { Pager } from "../../components/pager.tsx";
import { RefundBookingDialog } from "./refund-booking-dialog.tsx";
import {
  BOOKINGS_PAGE_SIZE,
  useAdminBookings,
  useSetBookingStatus,
  type AdminBookingFilters,
  type BookingSort,
  type BookingSourceFilter,
  type BookingStatusFilter,
  type SettableStatus,
} from "./use-admin-bookings.ts";

export const STATUS_FILTERS: BookingStatusFilter[] = ["all", "pending", "confirmed", "cancelled", "completed"];
export const SOURCE_FILTERS: BookingSourceFilter[] = ["all", "website", "phone", "channel", "calendar", "partner"];

/** Where a booking came from, in words; one literal per value so the catalogue check sees each. */
function sourceLabel(t: TFunction, source: string): string {
  switch (source) {
    case "all":
      return t("All sources");
    case "website":
      return t("Website");
    case "phone":
      return t("Phone");
    case "channel":
      return t("Channel API");
    case "calendar":
      return t("Imported calendar");
    case "partner":
      return t("Partner");
    default:
      return source;
  }
}

function SourceText({ booking }: { booking: AdminBookingView }) {
  const { t } = useTranslation();
  return (
    <>
      <span className="block text-slate-900">{sourceLabel(t, booking.source)}</span>
      {booking.sourceDetail ? <span className="block text-xs text-slate-600">{booking.sourceDetail}</span> : null}
    </>
  );
}

export const SORTS: BookingSort[] = ["created_desc", "created_asc", "check_in_asc", "check_in_desc", "total_desc", "total_asc"];

/** A booking status as shown to the admin; one literal per value so the catalogue check sees each. */
function statusLabel(t: TFunction, status: BookingStatusFilter): string {
  switch (status) {
    case "all":
      return t("All statuses");
    case "pending":
      return t("Pending");
    case "confirmed":
      return t("Confirmed");
    case "cancelled":
      return t("Cancelled");
    case "completed":
      return t("Completed");
  }
}

function sortLabel(t: TFunction, sort: BookingSort): string {
  switch (sort) {
    case "created_desc":
      return t("Newest first");
    case "created_asc":
      return t("Oldest first");
    case "check_in_asc":
      return t("Check-in, soonest first");
    case "check_in_desc":
      return t("Check-in, latest first");
    case "total_desc":
      return t("Total, highest first");
    case "total_asc":
      return t("Total, lowest first");
  }
}

/** A payment status code as words; an unknown code is shown as it is, underscores as spaces. */
function paymentLabel(t: TFunction, status: string): string {
  switch (status) {
    case "pending":
      return t("pending");
    case "completed":
      return t("completed");
    case "failed":
      return t("failed");
    case "payment_failed":
      return t("payment failed");
    case "expired":
      return t("expired");
    case "pay_at_hotel":
      return t("pay at hotel");
    case "guaranteed":
      return t("card guarantee");
    case "capturing":
    case "capture_pending":
      return t("charging fee");
    case "captured":
      return t("fee charged");
    case "fee_due_at_hotel":
      return t("fee due at hotel");
    case "release_pending":
    case "released":
      return t("guarantee released");
    case "refunding":
      return t("refunding");
    case "refund_pending":
      return t("refund pending");
    case "refunded":
      return t("refunded");
    default:
      return status.replaceAll("_", " ");
  }
}

/** "Refunded $340.00" or "Partly refunded: $120.00 of $340.00" (decision 023), in the reader's language. */
function refundText(t: TFunction, booking: AdminBookingView): string | null {
  if (booking.refundedCents <= 0) return null;
  const refunded = formatMoney(booking.refundedCents, booking.currency);
  if (booking.refundedCents >= booking.amountDueCents) return t("Refunded {{amount}}", { amount: refunded });
  return t("Partly refunded: {{amount}} of {{total}}", { amount: refunded, total: formatMoney(booking.amountDueCents, booking.currency) });
}

/** "2 adults, 1 child (age 4)"; children booked before ages were asked are counted, not aged. */
function partyText(t: TFunction, booking: AdminBookingView): string {
  const adults = t("{{count}} adults", { count: booking.numAdults });
  if (booking.numChildren === 0) return adults;
  const children = t("{{count}} children", { count: booking.numChildren });
  if (booking.childAges.length !== booking.numChildren) return `${adults}, ${children}`;
  return `${adults}, ${children} (${t("ages {{ages}}", { count: booking.numChildren, ages: booking.childAges.join(", ") })})`;
}

const SETTABLE_STATUSES: SettableStatus[] = ["confirmed", "pending", "cancelled"];

const STATUS_TONE: Record<BookingStatus, BadgeTone> = {
  confirmed: "success",
  pending: "warning",
  cancelled: "danger",
  completed: "neutral",
};

function paymentTone(status: string): BadgeTone {
  if (status === "completed") return "success";
  if (status === "refunded") return "neutral";
  if (status === "failed" || status === "payment_failed") return "danger";
  return "warning";
}

/** The payment's status; a refund also says how much went back ("partly refunded" when not all of it). */
function PaymentBadge({ booking }: { booking: AdminBookingView }) {
  const { t } = useTranslation();
  const status = booking.paymentStatus;
  const refund = refundText(t, booking);
  const partial = status === "refunded" && booking.refundedCents < booking.amountDueCents;
  return (
    <>
      <Badge tone={paymentTone(status)}>{partial ? t("partly refunded") : paymentLabel(t, status)}</Badge>
      {refund ? <span className="mt-1 block text-xs text-slate-600">{refund}</span> : null}
    </>
  );
}

function StatusSelect({ booking }: { booking: AdminBookingView }) {
  const { t } = useTranslation();
  const setStatus = useSetBookingStatus();
  const tone = STATUS_TONE[booking.status];
  return (
    <NativeSelect
      aria-label={t("Status of booking {{reference}}", { reference: booking.bookingReference })}
      value={booking.status}
      disabled={setStatus.isPending}
      wrapperClassName="w-36"
      className={tone === "danger" ? "text-red-800" : tone === "warning" ? "text-amber-800" : undefined}
      onChange={(event) => {
        const status = event.target.value as SettableStatus;
        setStatus.mutate({ id: booking.id, status });
      }}
    >
      {/* 'Completed' is derived from the dates, not set by hand; it is shown but cannot be chosen. */}
      {booking.status === "completed" ? (
        <option value="completed" disabled>
          {statusLabel(t, "completed")}
        </option>
      ) : null}
      {SETTABLE_STATUSES.map((status) => (
        <option key={status} value={status}>
          {statusLabel(t, status)}
        </option>
      ))}
    </NativeSelect>
  );
}

/** The partner booking's state in words; an unknown state is shown as its code. */
function supplierStateLabel(t: TFunction, state: string): string {
  switch (state) {
    case "priced":
      return t("awaiting payment");
    case "booking":
      return t("booking with partner");
    case "unknown":
      return t("partner answer pending");
    case "failed":
      return t("partner refused");
    case "cancelled":
      return t("cancelled with partner");
    default:
      return state;
  }
}

/** Partner bookings: the environment and the partner's booking number, so support can find it there. */
function PartnerLine({ booking }: { booking: AdminBookingView }) {
  const { t } = useTranslation();
  const partner = booking.supplier;
  if (!partner) return null;
  const number = partner.bookingNumber ?? "";
  const detail =
    partner.state === "booked"
      ? t("partner no. {{number}}", { number })
      : [partner.state ? supplierStateLabel(t, partner.state) : "", number && t("no. {{number}}", { number })].filter(Boolean).join(", ");
  return (
    <span className="block text-xs text-slate-600">
      {t("Partner")} · {partner.environment ?? "?"} · {detail}
    </span>
  );
}

function BookingTotal({ booking }: { booking: AdminBookingView }) {
  const { t } = useTranslation();
  return (
    <>
      <span className="font-semibold text-slate-900">{formatMoney(booking.totalPriceCents, booking.currency)}</span>
      {booking.discountCents > 0 ? (
        <span className="block text-xs text-slate-600">
          {t("Paid {{amount}} after points", { amount: formatMoney(booking.amountDueCents, booking.currency) })}
        </span>
      ) : null}
    </>
  );
}

function BookingDates({ booking }: { booking: AdminBookingView }) {
  const { t } = useTranslation();
  return (
    <>
      <span className="block whitespace-nowrap text-slate-900">{formatDateRange(booking.checkIn, booking.checkOut)}</span>
      <span className="block text-xs text-slate-600">
        {t("{{count}} nights", { count: booking.totalNights })} · {t("{{count}} rooms", { count: booking.numRooms })}
      </span>
      <span className="block text-xs text-slate-600">{partyText(t, booking)}</span>
    </>
  );
}

function BookingTable({ bookings }: { bookings: AdminBookingView[] }) {
  const { t } = useTranslation();
  const th = "px-4 py-3 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase";
  const td = "px-4 py-3 align-top text-sm";
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[60rem]">
        <caption className="sr-only">{t("Bookings")}</caption>
        <thead className="border-b border-slate-200 bg-slate-50">
          <tr>
            <th scope="col" className={th}>
              {t("Reference")}
            </th>
            <th scope="col" className={th}>
              {t("Guest")}
            </th>
            <th scope="col" className={th}>
              {t("Hotel / Room")}
            </th>
            <th scope="col" className={th}>
              {t("Dates")}
            </th>
            <th scope="col" className={th}>
              {t("Total")}
            </th>
            <th scope="col" className={th}>
              {t("Source")}
            </th>
            <th scope="col" className={th}>
              {t("Status")}
            </th>
            <th scope="col" className={th}>
              {t("Payment")}
            </th>
            <th scope="col" className={th}>
              <span className="sr-only">{t("Actions")}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {bookings.map((booking) => (
            <tr key={booking.id} className="hover:bg-slate-50/60">
              <th scope="row" className={`${td} text-left font-mono text-xs font-medium whitespace-nowrap text-slate-800`}>
                {booking.bookingReference}
              </th>
              <td className={td}>
                <span className="block font-medium text-slate-900">{booking.guestName}</span>
                <span className="block whitespace-nowrap text-slate-600">{booking.guestEmail}</span>
              </td>
              <td className={td}>
                <span className="block font-medium text-slate-900">{booking.hotelName}</span>
                <span className="block text-slate-600">{booking.roomType}</span>
                <PartnerLine booking={booking} />
              </td>
              <td className={td}>
                <BookingDates booking={booking} />
              </td>
              <td className={td}>
                <BookingTotal booking={booking} />
              </td>
              <td className={td}>
                <SourceText booking={booking} />
              </td>
              <td className={td}>
                <StatusSelect booking={booking} />
              </td>
              <td className={td}>
                <PaymentBadge booking={booking} />
              </td>
              <td className={`${td} text-right`}>
                {booking.status !== "cancelled" && booking.refundable ? <RefundBookingDialog booking={booking} /> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function BookingCardItem({ booking }: { booking: AdminBookingView }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <li className="p-4">
      <article aria-labelledby={headingId} className="space-y-3">
        <div className="min-w-0">
          <h3 id={headingId} className="font-semibold text-slate-900">
            {booking.guestName}
          </h3>
          <p className="text-sm break-all text-slate-600">{booking.guestEmail}</p>
        </div>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
          <div className="col-span-2">
            <dt className="text-xs text-slate-600">{t("Reference")}</dt>
            <dd className="font-mono text-xs break-all text-slate-800">{booking.bookingReference}</dd>
          </div>
          <div className="col-span-2">
            <dt className="text-xs text-slate-600">{t("Hotel / Room")}</dt>
            <dd className="text-slate-900">
              {booking.hotelName} · <span className="text-slate-600">{booking.roomType}</span>
              <PartnerLine booking={booking} />
            </dd>
          </div>
          <div className="col-span-2">
            <dt className="text-xs text-slate-600">{t("Source")}</dt>
            <dd>
              <SourceText booking={booking} />
            </dd>
          </div>
          <div>
            <dt className="text-xs text-slate-600">{t("Dates")}</dt>
            <dd>
              <BookingDates booking={booking} />
            </dd>
          </div>
          <div>
            <dt className="text-xs text-slate-600">{t("Total")}</dt>
            <dd>
              <BookingTotal booking={booking} />
            </dd>
          </div>
          <div>
            <dt className="text-xs text-slate-600">{t("Payment")}</dt>
            <dd>
              <PaymentBadge booking={booking} />
            </dd>
          </div>
        </dl>
        <div className="flex flex-wrap items-end justify-between gap-2">
          <div>
            <span aria-hidden="true" className="mb-1 block text-xs text-slate-600">
              {t("Status")}
            </span>
            <StatusSelect booking={booking} />
          </div>
          {booking.status !== "cancelled" && booking.refundable ? <RefundBookingDialog booking={booking} /> : null}
        </div>
      </article>
    </li>
  );
}

function BookingsSkeleton() {
  return (
    <div aria-hidden="true" className="divide-y divide-slate-100">
      {Array.from({ length: 5 }, (_, index) => (
        <div key={index} className="flex items-center gap-4 px-4 py-4">
          <Skeleton className="h-4 w-28" />
          <Skeleton className="h-4 flex-1" />
          <Skeleton className="hidden h-4 w-32 md:block" />
          <Skeleton className="h-9 w-28" />
        </div>
      ))}
    </div>
  );
}

function BookingCounts({ counts }: { counts: DashboardStats["bookingCounts"] }) {
  const { t } = useTranslation();
  const items: BookingStatus[] = ["pending", "confirmed", "completed", "cancelled"];
  return (
    <ul aria-label={t("Bookings by status")} className="flex flex-wrap gap-2">
      {items.map((status) => (
        <li key={status}>
          <Badge tone={STATUS_TONE[status]}>
            {statusLabel(t, status)} {formatCount(counts[status])}
          </Badge>
        </li>
      ))}
    </ul>
  );
}

type BookingManagementProps = {
  filters: AdminBookingFilters;
  onFiltersChange: (changes: Partial<AdminBookingFilters>) => void;
  counts: DashboardStats["bookingCounts"] | undefined;
};

/** The all-bookings table: search, status filter, sort, paging, status changes and refunds. */
export function BookingManagement({ filters, onFiltersChange, counts }: BookingManagementProps) {
  const { t } = useTranslation();
  const [searchText, setSearchText] = useState(filters.search);
  const debouncedSearch = useDebouncedValue(searchText.trim(), 300);
  const wide = useMediaQuery("(min-width: 768px)");
  const bookings = useAdminBookings(filters);
  const searchId = useId();
  const statusId = useId();
  const sourceId = useId();
  const sortId = useId();

  const previousDebounced = useRef(debouncedSearch);
  const [urlSearch, setUrlSearch] = useState(filters.search);

  // The URL changed by other means (back, forward, a link): the box follows it. Our own pushes equal the debounced text.
  if (filters.search !== urlSearch) {
    setUrlSearch(filters.search);
    if (filters.search !== debouncedSearch) setSearchText(filters.search);
  }

  useEffect(() => {
    // Only a change of the typed text is pushed, so a stale debounced value never overwrites a back navigation.
    if (debouncedSearch === previousDebounced.current) return;
    previousDebounced.current = debouncedSearch;
    if (debouncedSearch !== filters.search) onFiltersChange({ search: debouncedSearch, page: 1 });
  }, [debouncedSearch, filters.search, onFiltersChange]);

  useEffect(() => {
    // Spec section 8: a failed read of the bookings table shows an error toast titled Error with the server's message.
    if (bookings.error) toast.error(t("Error"), { description: errorText(bookings.error, t("Something went wrong")) });
  }, [bookings.error, t]);

  const filtered = filters.search !== "" || filters.status !== "all" || filters.source !== "all";

  return (
    <section aria-labelledby="booking-management-heading" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="booking-management-heading" className="text-xl font-semibold text-slate-900">
          {t("Booking Management")}
        </h2>
        {counts ? <BookingCounts counts={counts} /> : null}
      </div>

      <Card className="overflow-hidden">
        <div className="grid gap-3 border-b border-slate-200 p-4 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)]">
          <div className="space-y-1.5 sm:col-span-2 lg:col-span-1">
            <Label htmlFor={searchId}>{t("Search bookings")}</Label>
            <Input
              id={searchId}
              type="search"
              placeholder={t("Reference, guest, e-mail or hotel")}
              value={searchText}
              onChange={(event) => setSearchText(event.target.value)}
            />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={statusId}>{t("Status")}</Label>
            <NativeSelect
              id={statusId}
              value={filters.status}
              onChange={(event) => onFiltersChange({ status: event.target.value as BookingStatusFilter, page: 1 })}
            >
              {STATUS_FILTERS.map((status) => (
                <option key={status} value={status}>
                  {statusLabel(t, status)}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={sourceId}>{t("Source")}</Label>
            <NativeSelect
              id={sourceId}
              value={filters.source}
              onChange={(event) => onFiltersChange({ source: event.target.value as BookingSourceFilter, page: 1 })}
            >
              {SOURCE_FILTERS.map((source) => (
                <option key={source} value={source}>
                  {sourceLabel(t, source)}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={sortId}>{t("Sort by")}</Label>
            <NativeSelect
              id={sortId}
              value={filters.sort}
              onChange={(event) => onFiltersChange({ sort: event.target.value as BookingSort, page: 1 })}
            >
              {SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {sortLabel(t, sort)}
                </option>
              ))}
            </NativeSelect>
          </div>
        </div>

        <div aria-busy={bookings.isFetching || undefined}>
          {bookings.isPending ? (
            <Loading>
              <BookingsSkeleton />
            </Loading>
          ) : bookings.isError && !bookings.data ? (
            <LoadFailed
              title={t("Failed to load bookings")}
              error={bookings.error}
              onRetry={() => void bookings.refetch()}
              retrying={bookings.isFetching}
              className="p-4"
            />
          ) : bookings.data.bookings.length === 0 ? (
            <EmptyState icon={CalendarX2} title={t("No bookings found")}>
              {filtered ? t("Try a different search or status.") : t("Bookings appear here as soon as guests make them.")}
            </EmptyState>
          ) : wide ? (
            <BookingTable bookings={bookings.data.bookings} />
          ) : (
            <ul aria-label={t("Bookings")} className="divide-y divide-slate-100">
              {bookings.data.bookings.map((booking) => (
                <BookingCardItem key={booking.id} booking={booking} />
              ))}
            </ul>
          )}
        </div>
      </Card>

      <Pager
        label={t("Booking pages")}
        page={filters.page}
        pageSize={BOOKINGS_PAGE_SIZE}
        total={bookings.data?.total ?? 0}
        noun={t("{{count, number}} bookings", { count: bookings.data?.total ?? 0 })}
        onPageChange={(page) => onFiltersChange({ page })}
      />
    </section>
  );
}
